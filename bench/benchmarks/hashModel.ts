import { hashModel } from '../../src/engine/canonical';
import { generateBuilding } from '../../src/engine/testing/building';
import { expectedCounts, presetParameters, PRESETS } from '../../src/engine/testing/presets';
import { defineBenchmark } from '../harness';

export default defineBenchmark({
  name: 'hash model',
  setup({ preset, seed }) {
    const model = generateBuilding(presetParameters(preset, seed));
    return {
      baseline: { name: 'JSON.stringify(model)', run: () => JSON.stringify(model) },
      cases: [{ name: 'hashModel(model)', run: () => hashModel(model) }],
      note: `${expectedCounts(PRESETS[preset]).elements} elements; the yardstick is serialising the same model with JSON.stringify`,
    };
  },
});
