/**
 * Asks GET /health again and again while `operation` runs, one request at a time, in this process (the server's):
 * when the server's event loop is blocked no answer can arrive, so the count of answers proves that the main
 * thread stayed free, whatever the machine's speed, and the slowest answer is how long it was held at most.
 */
export async function probeHealthDuring<T>(
  baseUrl: string,
  operation: () => Promise<T>,
): Promise<{ result: T; answers: number; maxLatencyMs: number; operationMs: number }> {
  let finished = false;
  let answers = 0;
  let maxLatencyMs = 0;
  const started = performance.now();
  const probing = (async () => {
    while (!finished) {
      const asked = performance.now();
      const response = await fetch(`${baseUrl}/health`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /health answered ${response.status}`);
      maxLatencyMs = Math.max(maxLatencyMs, performance.now() - asked);
      // Answers that came back after the operation ended do not count: they prove nothing about it.
      if (!finished) answers++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  try {
    const result = await operation();
    return { result, answers, maxLatencyMs, operationMs: performance.now() - started };
  } finally {
    finished = true;
    await probing;
  }
}
