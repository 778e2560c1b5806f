/**
 * Memory of the server process around large uploads (issue #22): RSS before, its peak while the job runs (worker
 * thread included: it is the same process) and after, once the job is done and a GC has run, plus the slowest
 * /health answer seen meanwhile. Run with the GC exposed so "after" is not just garbage waiting:
 *
 *   node --expose-gc --import tsx bench/uploadMemory.ts [100k]
 *
 * PGlite always, PostgreSQL too when DATABASE_URL is set. Prints one line per upload.
 */
import { writeE2k } from '../src/engine/formats/etabs/write';
import { jobSchema } from '../src/contract/http/jobs';
import { postUpload, waitForJob } from '../src/server/testing/uploads';
import { generateBuilding } from '../src/engine/testing/building';
import { parsePresetName, presetParameters } from '../src/engine/testing/presets';
import { startBenchServers, type BenchServer } from './serverBench';

const mb = (bytes: number) => Math.round(bytes / 1048576);
const gc = (globalThis as { gc?: () => void }).gc;

/** RSS after a few GCs, and the JS heap and buffers in it (what a retention would grow). */
async function settle(): Promise<{ rss: number; text: string }> {
  for (let round = 0; round < 3; round++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const usage = process.memoryUsage();
  return {
    rss: mb(usage.rss),
    text: `${mb(usage.rss)} MB (heap ${mb(usage.heapUsed)} MB, buffers ${mb(usage.arrayBuffers)} MB)`,
  };
}

async function measure(bench: BenchServer, name: string, bytes: Uint8Array): Promise<string> {
  const { server, token, organizationId } = bench;
  const before = await settle();
  let peak = before.rss;
  let maxHealthMs = 0;
  let done = false;
  const sampler = setInterval(() => {
    peak = Math.max(peak, mb(process.memoryUsage().rss));
  }, 20);
  const started = performance.now();
  const accepted = await postUpload(server, token, bytes, { fileName: name, organizationId, name });
  const job = waitForJob(server, token, jobSchema.parse(accepted.body)._id, 600_000, 100).finally(() => {
    done = true;
  });
  while (!done) {
    const asked = performance.now();
    await (await fetch(`${server.url}/health`)).arrayBuffer();
    maxHealthMs = Math.max(maxHealthMs, performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const finished = await job;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  clearInterval(sampler);
  const after = await settle();
  return (
    `${bench.label}: ${name} (${mb(bytes.length)} MB) ${finished.status}${finished.error ? ` (${finished.error})` : ''} ` +
    `in ${seconds} s; RSS before ${before.text}, peak ${peak} MB, after ${after.text}; max /health ${Math.round(maxHealthMs)} ms`
  );
}

async function main(): Promise<void> {
  if (!gc) process.stderr.write('note: run with node --expose-gc for a GC before each "after"\n');
  const preset = parsePresetName(process.argv[2] ?? '100k') ?? '100k';
  const building = writeE2k(generateBuilding(presetParameters(preset))).bytes;
  const duplicates = new TextEncoder().encode(
    `$ File dup.e2k\n$ CONTROLS\n  UNITS  "KN"  "M"  "C"\n$ STORIES - IN SEQUENCE FROM TOP\n  STORY "S1"  HEIGHT 3\n  STORY "BASE"  ELEV 0\n$ POINT COORDINATES\n${'  POINT "1"  0 0\n'.repeat(1_000_000)}$ END OF MODEL FILE\n`,
  );
  const servers = await startBenchServers((message) => process.stderr.write(`${message}\n`));
  try {
    for (const bench of servers) {
      for (const [name, bytes] of [
        [`building-${preset}.e2k`, building],
        ['duplicates.e2k', duplicates],
        [`building-${preset}-again.e2k`, building],
      ] as const) {
        process.stdout.write(`${await measure(bench, name, bytes)}\n`);
      }
    }
  } finally {
    for (const bench of servers) await bench.server.close();
  }
}

await main();
