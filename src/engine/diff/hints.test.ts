import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../testing/building';
import { canonicalJson } from '../canonical';
import { readE2k } from '../formats/etabs/read';
import type { FrameElement, Model, ModelCollection } from '../schema';
import { isFrameElement, MODEL_COLLECTIONS } from '../schema';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../testing/fixtures';
import type { DiffHints, DiffOptions } from './index';
import { diffModels } from './index';
import { buildingArbitrary, editedPairArbitrary } from './testing/edits';

// Each run generates, stores and diffs a building twice (about 25 ms): equivalence needs hundreds of runs, not the
// 2,000 the fuzzers use, so CI's FC_NUM_RUNS is capped here.
const RUNS = Math.min(Number(process.env['FC_NUM_RUNS'] ?? 100), 300);
const EXACT: Partial<DiffOptions> = { lengthTolerance: 0, relativeTolerance: 0 };

/** Per collection, SHA-256 of each object's canonical JSON: what a version manifest stores. */
function hashesOf(model: Model): Record<ModelCollection, string[]> {
  const hashes = {} as Record<ModelCollection, string[]>;
  for (const collection of MODEL_COLLECTIONS) {
    hashes[collection] = (model[collection] as readonly unknown[]).map((item) =>
      createHash('sha256').update(canonicalJson(item)).digest('hex'),
    );
  }
  return hashes;
}

/** The model as the server rebuilds it from its stored objects: each object parsed from its canonical JSON. */
function stored(model: Model): Model {
  const copy = { ...model } as Record<string, unknown>;
  for (const collection of MODEL_COLLECTIONS) {
    const bodies = (model[collection] as readonly unknown[]).map((item) => canonicalJson(item));
    copy[collection] = JSON.parse(`[${bodies.join(',')}]`) as unknown;
  }
  return copy as unknown as Model;
}

function hints(before: Model, after: Model): DiffHints {
  return { before: hashesOf(before), after: hashesOf(after) };
}

const base = buildingArbitrary({ pinnedReleases: true });

/** Edits, including those the fast path must not get wrong: moved nodes, relabels, end swaps and reorders. */
const pair = editedPairArbitrary(base, [
  'move',
  'profile',
  'swapEnds',
  'reorder',
  'deleteElement',
  'addBeam',
  'relabelElement',
  'relabelNode',
  'attribute',
]);

describe('diffModels with stored hashes', () => {
  it('gives the same diff as without them, for models rebuilt from stored objects (default and zero tolerance)', () => {
    fc.assert(
      fc.property(pair, ({ before, after }) => {
        const left = stored(before);
        const right = stored(after);
        const given = hints(left, right);
        for (const options of [undefined, EXACT]) {
          expect(diffModels(left, right, options, given)).toEqual(diffModels(left, right, options));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('gives the same diff as without them, for models as translated (unrounded numbers)', () => {
    fc.assert(
      fc.property(pair, ({ before, after }) => {
        expect(diffModels(before, after, undefined, hints(before, after))).toEqual(diffModels(before, after));
      }),
      { numRuns: RUNS },
    );
  });

  it('reports the members on a moved node as Geometry changes, and an i/j swap as no change', () => {
    const before = generateBuilding({
      storeys: 2,
      baysX: 2,
      baysY: 2,
      braceEvery: 0,
      coreBaysX: 0,
      coreBaysY: 0,
      seed: 3,
    });
    const after = structuredClone(before);
    const moved = after.nodes[after.nodes.length - 1];
    if (!moved) throw new Error('no node');
    moved.z += 25;
    const flipped = after.elements
      .filter(isFrameElement)
      .find((frame) => frame.startNodeId !== moved.id && frame.endNodeId !== moved.id);
    if (!flipped) throw new Error('no member away from the moved node');
    [flipped.startNodeId, flipped.endNodeId] = [flipped.endNodeId, flipped.startNodeId];

    const diff = diffModels(before, after, undefined, hints(before, after));
    const onMoved = after.elements
      .filter((item) =>
        isFrameElement(item)
          ? item.startNodeId === moved.id || item.endNodeId === moved.id
          : 'nodeIds' in item && item.nodeIds.includes(moved.id),
      )
      .map((item) => `elements:${item.id}`);
    expect(onMoved.length).toBeGreaterThan(0);
    const elementChanges = diff.changes.filter((change) => change.collection === 'elements');
    expect(elementChanges.map((change) => change.key).sort()).toEqual([...onMoved].sort());
    for (const change of elementChanges)
      expect(change.kind === 'modified' && change.groups).toEqual(['Geometry']);
    expect(diff.changes.some((change) => change.key === `elements:${flipped.id}`)).toBe(false);
    expect(diff).toEqual(diffModels(before, after));
  });

  it('takes equal hashes as unchanged without comparing the objects', () => {
    // Hashes that claim every element unchanged: the section swap is then not seen, which shows the hashes
    // decided, while the members on the moved node (true node hashes) still move.
    const before = generateBuilding({
      storeys: 2,
      baysX: 2,
      baysY: 2,
      braceEvery: 0,
      coreBaysX: 0,
      coreBaysY: 0,
      seed: 5,
    });
    const after = structuredClone(before);
    const frames = after.elements.filter(isFrameElement);
    const swapped = frames[0] as FrameElement;
    swapped.profileId = swapped.profileId === 'BEAM-LONG' ? 'BEAM-SHORT' : 'BEAM-LONG';
    const moved = after.nodes.find(
      (node) => node.id === (frames[frames.length - 1] as FrameElement).endNodeId,
    );
    if (!moved) throw new Error('no node');
    moved.x += 40;
    const given = hints(before, after);
    const claimed: DiffHints = {
      before: { ...given.before, elements: before.elements.map(() => 'same') },
      after: { ...given.after, elements: after.elements.map(() => 'same') },
    };
    const honest = diffModels(before, after, undefined, given);
    expect(honest.changes.some((change) => change.key === `elements:${swapped.id}`)).toBe(true);
    const trusting = diffModels(before, after, undefined, claimed);
    expect(trusting.changes.some((change) => change.key === `elements:${swapped.id}`)).toBe(false);
    expect(
      trusting.changes.some(
        (change) => change.key === `elements:${(frames[frames.length - 1] as FrameElement).id}`,
      ),
    ).toBe(true);
  });

  it('ignores hashes that do not line up with the collection', () => {
    const before = generateBuilding({
      storeys: 1,
      baysX: 2,
      baysY: 1,
      braceEvery: 0,
      coreBaysX: 0,
      coreBaysY: 0,
      seed: 9,
    });
    const after = structuredClone(before);
    const frame = after.elements.find(isFrameElement) as FrameElement;
    frame.profileId = frame.profileId === 'BEAM-LONG' ? 'BEAM-SHORT' : 'BEAM-LONG';
    const short: DiffHints = {
      before: { elements: before.elements.slice(1).map(() => 'same') },
      after: { elements: after.elements.slice(1).map(() => 'same') },
    };
    expect(diffModels(before, after, undefined, short)).toEqual(diffModels(before, after));
    expect(diffModels(before, after).changes.map((change) => change.key)).toContain(`elements:${frame.id}`);
  });
});

describe.skipIf(!fixturesPresent)(
  `diffModels with stored hashes on the fixture pair${FIXTURES_SKIP_NOTE}`,
  () => {
    it('gives the same diff as without them for Ejemplo → EjemploNew', () => {
      const before = readE2k(readFixture('e2k', 'RDC_PERFORM__Ejemplo.e2k')).model;
      const after = readE2k(readFixture('e2k', 'RDC_PERFORM__EjemploNew.e2k')).model;
      const plain = diffModels(before, after);
      expect(plain.changes.length).toBeGreaterThan(0);
      expect(diffModels(before, after, undefined, hints(before, after))).toEqual(plain);
      const left = stored(before);
      const right = stored(after);
      expect(diffModels(left, right, EXACT, hints(left, right))).toEqual(diffModels(left, right, EXACT));
    });
  },
);
