import { compareModels } from '../../src/engine/fidelity';
import type { Model } from '../../src/engine/schema';
import { isFrameElement } from '../../src/engine/schema';
import { generateBuilding } from '../../src/engine/testing/building';
import { presetParameters } from '../../src/engine/testing/presets';
import { defineBenchmark } from '../harness';

/**
 * A few edits of the kind a translator makes: one beam's releases dropped, one section's flange changed, one node
 * moved 5 mm, one load lost. Returns what was done, for the note.
 */
function editFew(model: Model): string {
  const beam = model.elements.find((element) => element.type === 'Beam' && element.releases !== undefined);
  if (beam && isFrameElement(beam)) delete beam.releases;
  const profile = model.profiles.find(
    (candidate) => candidate.kind === 'frame' && candidate.section.shape === 'i',
  );
  if (profile?.kind === 'frame' && profile.section.shape === 'i') profile.section.flangeThickness += 1;
  const node = model.nodes[Math.floor(model.nodes.length / 2)];
  if (node) node.x += 5;
  model.loads.pop();
  return `releases dropped on ${beam?.id}, ${profile?.name} flange +1 mm, node ${node?.id} moved 5 mm, one load lost`;
}

/**
 * compareModels on two separately generated copies of the building, one with a few edits (issue #20: 100k in
 * ≤ 2 s). The yardstick is a plain deep equality of the same two models through JSON.stringify, which walks every
 * value of both once and compares nothing by meaning.
 */
export default defineBenchmark({
  name: 'fidelity',
  setup({ preset, seed, log }) {
    log('generating the building twice');
    const before = generateBuilding(presetParameters(preset, seed));
    const after = generateBuilding(presetParameters(preset, seed));
    const edits = editFew(after);
    const first = compareModels(before, after);
    const concepts = [...new Set(first.differences.map((difference) => difference.concept))].join(', ');
    log(`the oracle found ${first.differences.length} differences (${concepts})`);
    return {
      baseline: {
        name: 'JSON.stringify(before) === JSON.stringify(after)',
        run: () => JSON.stringify(before) === JSON.stringify(after),
      },
      cases: [{ name: 'compareModels(before, after)', run: () => compareModels(before, after) }],
      note:
        `${before.elements.length} elements, ${before.nodes.length} nodes, ${before.loads.length} loads; ${edits}; ` +
        `the oracle found ${first.differences.length} differences (${concepts}). Baseline: a JSON deep-equal of the ` +
        'same two models.',
    };
  },
});
