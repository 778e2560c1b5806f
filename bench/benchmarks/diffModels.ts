import diff from 'microdiff';
import { canonicalJson } from '../../src/engine/canonical';
import type { DiffHints } from '../../src/engine/diff';
import { diffModels } from '../../src/engine/diff';
import type { Element, Model, ModelCollection, Node } from '../../src/engine/schema';
import { isFrameElement, MODEL_COLLECTIONS } from '../../src/engine/schema';
import { sha256Hex } from '../../src/server/modules/versions/manifest';
import { generateBuilding } from '../../src/engine/testing/building';
import { presetParameters } from '../../src/engine/testing/presets';
import { createRandom } from '../../src/engine/testing/random';
import { defineBenchmark } from '../harness';

/** One object in a hundred changes. */
const SHARE = 0.01;

/**
 * Edits 1 % of the elements of `model` in place, the way a revision does: a quarter get another section, a quarter
 * are deleted (with their loads), a quarter are new members between existing nodes, and for the last quarter a
 * node on them moves 25 mm (so those members move without their own objects changing). Returns how many of each.
 */
function reviseOnePercent(model: Model, seed: number): Record<string, number> {
  const random = createRandom(seed);
  const elements = model.elements;
  const quarter = Math.max(1, Math.round((elements.length * SHARE) / 4));
  const pickIndex = () => Math.floor(random.next() * elements.length);
  let swapped = 0;
  for (let done = 0; done < quarter;) {
    const element = elements[pickIndex()] as Element;
    if (!isFrameElement(element)) continue;
    element.profileId = element.profileId === 'BEAM-LONG' ? 'BEAM-SHORT' : 'BEAM-LONG';
    done++;
    swapped++;
  }
  const moved = new Set<string>();
  const nodes = new Map(model.nodes.map((node) => [node.id, node] as const));
  for (let done = 0; done < quarter; done++) {
    const element = elements[pickIndex()] as Element;
    const nodeId = isFrameElement(element)
      ? element.startNodeId
      : 'nodeIds' in element
        ? element.nodeIds[0]
        : undefined;
    const node = nodeId === undefined ? undefined : (nodes.get(nodeId) as Node | undefined);
    if (!node || moved.has(node.id)) continue;
    node.z += 25;
    moved.add(node.id);
  }
  const removed = new Set<string>();
  while (removed.size < quarter) removed.add((elements[pickIndex()] as Element).id);
  model.elements = elements.filter((element) => !removed.has(element.id));
  model.loads = model.loads.filter((load) => !('elementId' in load) || !removed.has(load.elementId));
  const nodeList = model.nodes;
  const source = model.source;
  for (let added = 0; added < quarter; added++) {
    const start = nodeList[Math.floor(random.next() * nodeList.length)] as Node;
    const end = nodeList[Math.floor(random.next() * nodeList.length)] as Node;
    model.elements.push({
      id: `NEW${added}`,
      source,
      name: `NEW${added}`,
      type: 'Brace',
      startNodeId: start.id,
      endNodeId: end.id,
      profileId: 'BRACE-SHS',
      attributes: {},
    });
  }
  return { swapped, movedNodes: moved.size, removed: removed.size, added: quarter };
}

/** Per collection, SHA-256 of each object's canonical JSON, in model order: what a version's manifest stores. */
function storedHashes(model: Model): Partial<Record<ModelCollection, string[]>> {
  const hashes: Partial<Record<ModelCollection, string[]>> = {};
  for (const collection of MODEL_COLLECTIONS) {
    hashes[collection] = (model[collection] as readonly unknown[]).map((item) =>
      sha256Hex(canonicalJson(item)),
    );
  }
  return hashes;
}

/**
 * diffModels on the synthetic building against a copy with 1 % of its elements revised (issue #7: 100k in
 * ≤ 100 ms, 1M in ≤ 1 s). Both models are generated separately, so no object is shared between them and every
 * comparison is real. The yardstick is microdiff, a general deep-diff library, on the very same two models.
 */
export default defineBenchmark({
  name: 'diff models',
  setup({ preset, seed, log }) {
    log('generating the building twice');
    const before = generateBuilding(presetParameters(preset, seed));
    const after = generateBuilding(presetParameters(preset, seed));
    const edits = reviseOnePercent(after, seed + 1);
    const first = diffModels(before, after);
    const objects = (model: Model) => model.nodes.length + model.elements.length + model.loads.length;
    log(`diff found ${first.changes.length} changes`);
    // Untimed, like the models themselves: the server computes these hashes once, at upload, and keeps them in
    // each version's manifest; diffing two stored versions only reads them.
    log('hashing every object of both models (SHA-256 of canonical JSON, as the server does at upload)');
    const hints: DiffHints = { before: storedHashes(before), after: storedHashes(after) };
    const hinted = diffModels(before, after, undefined, hints);
    if (JSON.stringify(hinted) !== JSON.stringify(first))
      throw new Error('the diff with stored hashes differs');
    log('the diff with stored hashes is the same as without');
    return {
      baseline: { name: 'microdiff(before, after)', run: () => diff(before, after) },
      cases: [
        { name: 'diffModels(before, after)', run: () => diffModels(before, after) },
        { name: 'diffModels with stored hashes', run: () => diffModels(before, after, undefined, hints) },
      ],
      note:
        `${before.elements.length} elements, ${objects(before)} nodes+elements+loads; 1 % revised ` +
        `(${edits.swapped} section swaps, ${edits.movedNodes} nodes moved 25 mm, ${edits.removed} deleted, ${edits.added} added); ` +
        `diffModels found ${first.changes.length} changes (${first.counts.elements.modified} elements modified). ` +
        'Baseline: microdiff on the same two model objects. "With stored hashes" is the server\'s case (two stored ' +
        'versions): it is given the SHA-256 of every object, computed untimed in setup as the server does at upload, ' +
        'and skips objects whose hashes are equal; the plain case compares every object.',
    };
  },
});
