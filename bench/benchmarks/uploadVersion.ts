import { readFileSync } from 'node:fs';
import { uploadAndWait } from '../../src/server/testing/uploads';
import { versionStore } from '../../src/server/modules/versions/repository';
import { cachedBuilding } from '../generator/cache';
import { defineBenchmark, type BenchCase } from '../harness';
import { startBenchServers, variantOf } from '../serverBench';

/**
 * POST /api/v2/uploads of the synthetic building until GET /api/v2/uploads/{jobId} says done: the file streamed
 * to the blob store, translated in a worker thread, split into content-addressed objects and stored with its
 * version in one transaction. Each run uploads a variant whose every object differs (another source version),
 * so every run stores all its objects, like a first upload.
 */
export default defineBenchmark({
  name: 'upload → version ready',
  async setup({ preset, seed, log }) {
    const { files, counts, generated } = cachedBuilding(preset, seed);
    log(generated ? 'generated the building files' : 'building files from the cache');
    const e2k = readFileSync(files.e2k, 'latin1');
    const json = readFileSync(files.json, 'utf8');
    const servers = await startBenchServers(log);
    const cases: BenchCase[] = [];
    for (const bench of servers) {
      let run = 0;
      cases.push({
        name: `${bench.label}: new model from .e2k`,
        run: async () => {
          const bytes = variantOf(e2k, 'VERSION "20.2.0"', run++);
          return uploadAndWait(bench.server, bench.token, bytes, {
            fileName: 'building.e2k',
            organizationId: bench.organizationId,
            name: `e2k ${run}`,
          });
        },
      });
      let jsonRun = 0;
      cases.push({
        name: `${bench.label}: new model from .json`,
        run: async () => {
          const bytes = variantOf(json, '"version":"20.2.0"', 100 + jsonRun++);
          return uploadAndWait(bench.server, bench.token, bytes, {
            fileName: 'building.json',
            organizationId: bench.organizationId,
            name: `json ${jsonRun}`,
          });
        },
      });
    }
    return {
      cases,
      note:
        `${counts.elements} elements, ${counts.nodes} nodes; e2k ${(e2k.length / 1e6).toFixed(0)} MB, json ` +
        `${(json.length / 1e6).toFixed(0)} MB; HTTP upload to job done (polled every 50 ms), every object new`,
      async teardown() {
        for (const bench of servers) {
          log(`${bench.label}: ${await versionStore.objectCount(bench.server.db)} model_objects rows`);
          await bench.server.close();
        }
      },
    };
  },
});
