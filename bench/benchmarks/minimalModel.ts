import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { minimalModelResponse } from '../../src/contract/http/versions';
import { uploadAndWait } from '../../src/server/testing/uploads';
import { cachedBuilding } from '../generator/cache';
import { defineBenchmark, type BenchCase } from '../harness';
import { startBenchServers } from '../serverBench';

/**
 * GET /api/models/{id}/data/versions/{versionId}/minimal of the synthetic building, timed until the client has
 * parsed the JSON: from the per-version cache the upload job writes, and rebuilt from the stored objects (the
 * manifest read, node and element bodies fetched by hash and parsed once, the viewer's shape built and sent).
 */
export default defineBenchmark({
  name: 'GET minimal',
  async setup({ preset, seed, log }) {
    const { files, counts } = cachedBuilding(preset, seed);
    const bytes = new Uint8Array(readFileSync(files.e2k));
    const servers = await startBenchServers(log);
    const cases: BenchCase[] = [];
    for (const bench of servers) {
      log(`${bench.label}: uploading the building`);
      const job = await uploadAndWait(bench.server, bench.token, bytes, {
        fileName: 'building.e2k',
        organizationId: bench.organizationId,
        name: 'Building',
      });
      const url = `${bench.server.url}/api/models/${job.modelId}/data/versions/${job.versionId}/minimal`;
      const first = minimalModelResponse.parse(
        await (await fetch(url, { headers: { authorization: bench.token } })).json(),
      );
      if (first.elements.length !== counts.elements) {
        throw new Error(`minimal has ${first.elements.length} elements, expected ${counts.elements}`);
      }
      const get = async (query = '') => {
        const response = await fetch(`${url}${query}`, { headers: { authorization: bench.token } });
        if (response.status !== 200) throw new Error(`GET minimal answered ${response.status}`);
        return JSON.parse(await response.text()) as unknown;
      };
      const cacheFile = join(
        bench.server.config.uploads.blobDir,
        'derived',
        'minimal',
        `${job.versionId}.json`,
      );
      cases.push(
        { name: `${bench.label}: GET minimal (cached by the upload)`, run: () => get() },
        {
          name: `${bench.label}: GET minimal rebuilt from the stored objects`,
          run: () => {
            rmSync(cacheFile);
            return get();
          },
        },
        { name: `${bench.label}: GET minimal?keys=levelId (never cached)`, run: () => get('?keys=levelId') },
      );
    }
    return {
      cases,
      note: `${counts.elements} elements, ${counts.nodes} nodes; HTTP round trip on 127.0.0.1 including the client's JSON.parse`,
      async teardown() {
        for (const bench of servers) await bench.server.close();
      },
    };
  },
});
