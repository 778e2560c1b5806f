import { writeE2k } from '../../src/engine/formats/etabs';
import { generateBuilding } from '../../src/engine/testing/building';
import { expectedCounts, presetParameters, PRESETS } from '../../src/engine/testing/presets';
import { defineBenchmark } from '../harness';

export default defineBenchmark({
  name: 'write .e2k',
  setup({ preset, seed }) {
    const model = generateBuilding(presetParameters(preset, seed));
    return {
      baseline: { name: 'JSON.stringify(model)', run: () => JSON.stringify(model) },
      cases: [{ name: 'writeE2k(model)', run: () => writeE2k(model) }],
      note: `${expectedCounts(PRESETS[preset]).elements} elements; the yardstick is serialising the same model with JSON.stringify`,
    };
  },
});
