import { generateBuilding } from '../../src/engine/testing/building';
import { presetParameters } from '../../src/engine/testing/presets';
import { uploadAndWait } from '../../src/server/testing/uploads';
import { probeHealthDuring } from '../../src/server/testing/healthProbe';
import { createLargeModelScenario } from '../../src/server/testing/largeModelScenario';
import type { TestServer } from '../../src/server/testing/testServer';
import { defineBenchmark, type BenchCase } from '../harness';
import { startBenchServers } from '../serverBench';
import { REVIEW_DIFF_CACHE_KIND } from '../../src/server/modules/reviews/service';

/** The slowest GET /health answer and the fewest answers seen in any run of a case. */
interface Stall {
  maxLatencyMs: number;
  fewestAnswers: number;
}

/**
 * Heavy requests on a model with history (src/server/testing/largeModelScenario.ts), each timed from request to
 * answer while GET /health is asked again and again: the figure that matters is the slowest /health answer (how
 * long one request held the server's event loop), printed under the table. Merge preview and review read
 * compute every run (the review's diff cache is emptied first); the diff is served from its cache; the upload
 * makes a new model of the generated building (translated in a worker, stored by the main thread).
 */
export default defineBenchmark({
  name: 'main thread free',
  async setup({ preset, seed, log }) {
    const servers = await startBenchServers(log);
    const stalls = new Map<string, Stall>();
    const cases: BenchCase[] = [];
    let elementCount = 0;
    for (const bench of servers) {
      log(`${bench.label}: uploading three versions and a review`);
      const scenario = await createLargeModelScenario(
        bench.server,
        { token: bench.token, organizationId: bench.organizationId },
        presetParameters(preset, seed),
      );
      elementCount = scenario.elementCount;
      const reviewId = await scenario.newReview();
      const { modelId } = scenario;
      const base = new TextEncoder().encode(JSON.stringify(generateBuilding(presetParameters(preset, seed))));
      let uploads = 0;
      const diffPath = `/api/models/${modelId}/data/diff?from=${scenario.v1}&to=${scenario.v3}`;
      for (
        let asked = 0;
        (await bench.server.request('GET', diffPath, { token: bench.token })).status !== 200;
      ) {
        if (++asked > 6000) throw new Error('the diff job never finished');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const timed = (name: string, send: (server: TestServer) => Promise<Response>): BenchCase => ({
        name: `${bench.label}: ${name}`,
        run: async () => {
          const probe = await probeHealthDuring(bench.server.url, async () => {
            const response = await send(bench.server);
            const body = await response.arrayBuffer();
            if (!response.ok) throw new Error(`${name} answered ${response.status}`);
            return body.byteLength;
          });
          const key = `${bench.label}: ${name}`;
          const seen = stalls.get(key);
          stalls.set(key, {
            maxLatencyMs: Math.max(seen?.maxLatencyMs ?? 0, probe.maxLatencyMs),
            fewestAnswers: Math.min(seen?.fewestAnswers ?? Infinity, probe.answers),
          });
          return probe.result;
        },
      });
      const headers = { authorization: bench.token, 'content-type': 'application/json' };
      cases.push(
        timed('merge preview', (server) =>
          fetch(`${server.url}/api/models/${modelId}/merge/preview`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ targetId: modelId, targetVersion: scenario.v2 }),
          }),
        ),
        timed('review read (diff computed)', async (server) => {
          await clearReviewCache(server);
          return fetch(`${server.url}/api/models/${modelId}/reviews/${reviewId}`, { headers });
        }),
        timed('diff served from the cache', (server) => fetch(`${server.url}${diffPath}`, { headers })),
        timed('upload, new model (until the job is done)', async (server) => {
          await uploadAndWait(
            server,
            bench.token,
            base,
            { fileName: 'building.json', organizationId: bench.organizationId, name: `Upload ${++uploads}` },
            600_000,
          );
          return new Response('{}');
        }),
      );
    }
    return {
      cases,
      note: () =>
        `${elementCount} elements. Slowest GET /health during a run (fewest answers in a run):\n` +
        [...stalls]
          .map(([name, stall]) => `  ${name}: ${stall.maxLatencyMs.toFixed(0)} ms (${stall.fewestAnswers})`)
          .join('\n'),
      async teardown() {
        for (const bench of servers) await bench.server.close();
      },
    };
  },
});

async function clearReviewCache(server: TestServer): Promise<void> {
  const { rm } = await import('node:fs/promises');
  const { join } = await import('node:path');
  await rm(join(server.config.uploads.blobDir, 'derived', REVIEW_DIFF_CACHE_KIND), {
    recursive: true,
    force: true,
  });
}
