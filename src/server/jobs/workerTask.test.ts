import { describe, expect, it } from 'vitest';
import { attachLongArrays, detachLongArrays, runTask, SLICE_LENGTH } from './workerTask';

const echoEntry = new URL('../testing/echoTask.ts', import.meta.url);

describe('long arrays cross between threads in slices', () => {
  it('takes out every array longer than a slice, through nested objects, and puts it back', () => {
    const long = Array.from({ length: SLICE_LENGTH + 1 }, (_, index) => index);
    const short = [1, 2, 3];
    const value = { a: long, b: { c: long, d: short, e: 'text', f: null }, g: [long] };
    const detached = detachLongArrays(value);
    expect(detached.arrays).toEqual([long, long]);
    const { a, b, g } = detached.value as typeof value;
    // The placeholders are what crosses: small, whatever the arrays' length.
    expect(JSON.stringify({ a, b }).length).toBeLessThan(200);
    // An array inside a short array is not looked into (the model tasks have none).
    expect(g).toBe(value.g);
    expect(attachLongArrays(structuredClone(detached.value), detached.arrays)).toEqual(value);
  });

  it('a request and an answer of several slices arrive whole and in order, in a worker thread', async () => {
    const bodies = Array.from({ length: SLICE_LENGTH * 3 + 17 }, (_, index) => `body ${index}`);
    const manifest = { collections: { beams: bodies.map((body, index) => [String(index), body]) } };
    const answer = await runTask<
      { payload: unknown },
      { echoed: typeof manifest & { bodies: string[] }; lengths: number[] }
    >(echoEntry, { payload: { ...manifest, bodies } }, { failure: (message) => new Error(message) });
    expect(answer.lengths).toEqual([bodies.length, bodies.length]);
    expect(answer.echoed.bodies).toEqual(bodies);
    expect(answer.echoed.collections.beams).toEqual(manifest.collections.beams);
  }, 60_000);

  it('an error in the worker rejects with its message', async () => {
    await expect(
      runTask(
        echoEntry,
        { fail: 'the engine threw', payload: Array.from({ length: SLICE_LENGTH * 2 }, () => 'x') },
        { failure: (message) => new Error(`failed: ${message}`) },
      ),
    ).rejects.toThrow('failed: the engine threw');
  }, 60_000);
});
