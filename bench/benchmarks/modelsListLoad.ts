import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { putPaymentMethodOnFile } from '../../src/server/modules/billing/billingTesting';
import { uploadAndWait } from '../../src/server/testing/uploads';
import { defineBenchmark, type BenchCase } from '../harness';
import { startBenchServers } from '../serverBench';

/**
 * GET /api/models as the models page asks it (images, versions and reports) for a user with 100 models, each with
 * a version or three, under 10 concurrent clients (in a worker thread): 1,000 requests a run. The baseline is GET /health through the
 * same clients, so the ratio is what the list itself costs over an empty answer. Every run logs its requests per
 * second and its p50/p99 latency (issue #22's target: ≥ 300 req/s at p99 < 150 ms on PostgreSQL).
 */
const MODELS = 100;
const CONCURRENCY = 10;
const REQUESTS = 1000;

function tinyE2k(label: number, version: number): Uint8Array {
  const text = [
    '$ PROGRAM INFORMATION',
    '  PROGRAM  "ETABS"  VERSION "20.2.0"',
    '$ CONTROLS',
    '  UNITS  "KIP"  "FT"  "F"',
    '$ STORIES - IN SEQUENCE FROM TOP',
    '  STORY "Story1"  HEIGHT 12',
    '  STORY "Base"  ELEV 0',
    '$ MATERIAL PROPERTIES',
    '  MATERIAL  "A992Fy50"  TYPE "Steel"  WEIGHTPERVOLUME 0.49',
    '$ FRAME SECTIONS',
    '  FRAMESECTION  "W14X90"  MATERIAL "A992Fy50"  SHAPE "Steel I/Wide Flange"  D 14 B 14.5 TF 0.71 TW 0.44',
    '$ POINT COORDINATES',
    `  POINT "1"  0 0`,
    `  POINT "2"  ${20 + label} 0`,
    `  POINT "3"  ${20 + label} ${version * 10}`,
    '$ LINE CONNECTIVITIES',
    '  LINE  "C1"  COLUMN  "1"  "1"  1',
    '  LINE  "C2"  COLUMN  "2"  "2"  1',
    '  LINE  "B1"  BEAM  "1"  "2"  0',
    '  LINE  "B2"  BEAM  "2"  "3"  0',
    '$ LINE ASSIGNS',
    '  LINEASSIGN  "C1"  "Story1"  SECTION "W14X90"',
    '  LINEASSIGN  "C2"  "Story1"  SECTION "W14X90"',
    '  LINEASSIGN  "B1"  "Story1"  SECTION "W14X90"',
    '  LINEASSIGN  "B2"  "Story1"  SECTION "W14X90"',
    '$ END OF MODEL FILE',
    '',
  ].join('\n');
  return new TextEncoder().encode(text);
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** The clients, in a worker thread so that their side of each request does not share the server's event loop. */
const clientWorker = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, requests, concurrency } = workerData;
let sent = 0;
const latencies = [];
async function client() {
  while (sent < requests) {
    sent += 1;
    const begun = performance.now();
    const response = await fetch(url, { headers: { authorization: token } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(url + ' answered ' + response.status);
    latencies.push(performance.now() - begun);
  }
}
const started = performance.now();
Promise.all(Array.from({ length: concurrency }, client)).then(
  () => parentPort.postMessage({ latencies, ms: performance.now() - started }),
  (error) => parentPort.postMessage({ error: String(error) }),
);
`;

/** REQUESTS GETs of `url` through CONCURRENCY clients, each sending its next request when the last answered. */
async function load(url: string, token: string, log: (message: string) => void, label: string) {
  const answer = await new Promise<{ latencies: number[]; ms: number }>((resolve, reject) => {
    const worker = new Worker(clientWorker, {
      eval: true,
      workerData: { url, token, requests: REQUESTS, concurrency: CONCURRENCY },
    });
    worker.once('message', (message: { latencies: number[]; ms: number } | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
  const latencies = [...answer.latencies].sort((a, b) => a - b);
  log(
    `${label}: ${(REQUESTS / (answer.ms / 1000)).toFixed(0)} req/s, p50 ${percentile(latencies, 0.5).toFixed(1)} ` +
      `ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms (${CONCURRENCY} concurrent)`,
  );
  return latencies.length;
}

export default defineBenchmark({
  name: `GET /api/models, ${MODELS} models, ${CONCURRENCY} concurrent`,
  async setup({ log }) {
    const servers = await startBenchServers(log);
    const cases: BenchCase[] = [];
    let baseline: BenchCase | undefined;
    for (const bench of servers) {
      await putPaymentMethodOnFile(bench.server.db, bench.organizationId);
      log(`${bench.label}: making ${MODELS} models`);
      // One real upload; the other models get copies of its version row (same manifest, report and counts), so
      // the list reads what real versions hold without 100 translations in the setup.
      const first = await uploadAndWait(bench.server, bench.token, tinyE2k(0, 1), {
        fileName: 'model.e2k',
        organizationId: bench.organizationId,
        name: 'Model 1',
      });
      for (let index = 1; index < MODELS; index++) {
        const created = await fetch(`${bench.server.url}/api/models`, {
          method: 'POST',
          headers: { authorization: bench.token, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Model ${index + 1}`, organizationId: bench.organizationId }),
        });
        if (created.status !== 201) throw new Error(`POST /api/models answered ${created.status}`);
        const model = (await created.json()) as { _id: string };
        // Every fifth model has three versions, as a live project list does.
        for (let number = 1; number <= (index % 5 === 0 ? 3 : 1); number++) {
          await bench.server.db.query(
            `INSERT INTO versions (id, model_id, number, author_id, created_at, message, origin, source_blob,
                                   manifest, model_hash, counts, report)
             SELECT $1, $2, $3, author_id, now(), message, origin, source_blob, manifest, model_hash, counts, report
               FROM versions WHERE id = $4`,
            [randomUUID(), model._id, number, first.versionId],
          );
        }
      }
      const listUrl = `${bench.server.url}/api/models?getImages=true&getVersions=true&getReports=true`;
      const healthUrl = `${bench.server.url}/health`;
      baseline ??= {
        name: `${bench.label}: GET /health ×${REQUESTS}`,
        run: () => load(healthUrl, bench.token, log, `${bench.label} /health`),
      };
      cases.push({
        name: `${bench.label}: GET /api/models ×${REQUESTS}`,
        run: () => load(listUrl, bench.token, log, `${bench.label} /api/models`),
      });
    }
    return {
      ...(baseline ? { baseline } : {}),
      cases,
      note:
        `${MODELS} models (20 with three versions) of one user; the models page's query (images, versions, ` +
        `reports); ${CONCURRENCY} clients in a worker thread, keep-alive; req/s and p50/p99 per run are in the log`,
      async teardown() {
        for (const bench of servers) await bench.server.close();
      },
    };
  },
});
