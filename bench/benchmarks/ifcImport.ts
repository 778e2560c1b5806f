import { existsSync, readFileSync } from 'node:fs';
import { ifcApi } from '../../src/engine/formats/ifc/ifcApi';
import { readIfc } from '../../src/engine/formats/ifc/read';
import { fixturePath } from '../../src/engine/testing/fixtures';
import { defineBenchmark } from '../harness';

const FIXTURE = 'web-ifc__ISSUE_021_Mini_Project.ifc';

/**
 * IFC import of the largest shared fixture (Tekla 2019i, IFC2X3, 3.2 MB, 49,044 instances). The baseline is
 * web-ifc on its own: OpenModel, GetAllLines and GetLine of every line, CloseModel — what any reader built on it
 * pays at least to look at the whole file. The case is readIfc of the same bytes to a canonical model and report.
 * Target: readIfc ≤ 1.5 × the baseline. The preset does not apply (a real file is read); without the shared
 * fixtures the benchmark has no cases and says so.
 */
export default defineBenchmark({
  name: 'IFC import',
  async setup({ log }) {
    const path = fixturePath('ifc', FIXTURE);
    if (!existsSync(path)) {
      return { cases: [], note: `skipped: the shared fixture ${FIXTURE} is not at ${path}` };
    }
    const bytes = new Uint8Array(readFileSync(path));
    const api = await ifcApi();
    log(`read ${FIXTURE} (${bytes.length} bytes); web-ifc initialised`);
    return {
      inputBytes: bytes.length,
      baseline: {
        name: 'web-ifc: OpenModel + GetLine of every line',
        run: () => {
          const modelId = api.OpenModel(bytes);
          const ids = api.GetAllLines(modelId);
          let lines = 0;
          for (let index = 0; index < ids.size(); index++) {
            if (api.GetLine(modelId, ids.get(index))) lines++;
          }
          api.CloseModel(modelId);
          return lines;
        },
      },
      cases: [{ name: 'readIfc → canonical model', run: () => readIfc(bytes) }],
      note: `${FIXTURE}, ${(bytes.length / 1e6).toFixed(1)} MB. Baseline: web-ifc parses and decodes every line; readIfc parses, decodes the lines it needs (elements, placements, representations, profiles, materials) and builds the model and report. Target ≤ 1.5× the baseline`,
    };
  },
});
