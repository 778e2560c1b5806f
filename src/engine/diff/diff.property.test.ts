import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashModel } from '../canonical';
import type { Model, ModelCollection } from '../schema';
import { MODEL_COLLECTIONS } from '../schema';
import { forEachRef } from './refs';
import { buildingArbitrary, editedPairArbitrary } from './testing/edits';
import { applyDiff, diffModels, selectChanges } from './index';
import { propertyRuns } from '../testing/propertyRuns';

/** Each run generates and diffs a pair of small buildings: up to about 8 ms. */
const RUNS = propertyRuns(process.env['FC_NUM_RUNS'], { localRuns: 100, msPerRun: 8 });
const EXACT = { lengthTolerance: 0, relativeTolerance: 0 };

const base = buildingArbitrary({ core: true });

/** Every edit but end swaps and reorders: the diff ignores a member's direction on purpose (reorders have their own test). */
const pair = editedPairArbitrary(base, [
  'move',
  'profile',
  'deleteElement',
  'deleteNode',
  'addBeam',
  'relabelElement',
  'relabelNode',
  'load',
  'material',
  'attribute',
]);

/** Every reference of the model points at an object that exists. */
function danglingRefs(model: Model): string[] {
  const ids = new Map<ModelCollection, Set<string>>();
  for (const collection of MODEL_COLLECTIONS)
    ids.set(collection, new Set((model[collection] as { id: string }[]).map((item) => item.id)));
  const dangling: string[] = [];
  for (const collection of MODEL_COLLECTIONS) {
    for (const item of model[collection] as { id: string }[]) {
      forEachRef(collection, item, (target, id) => {
        if (!ids.get(target)?.has(id)) dangling.push(`${collection}:${item.id} → ${target}:${id}`);
      });
    }
  }
  return dangling;
}

describe('diff properties', () => {
  it('diff(a, a) is empty', () => {
    fc.assert(
      fc.property(base, (model) => {
        expect(diffModels(model, model).changes).toEqual([]);
        expect(diffModels(model, structuredClone(model), EXACT).changes).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('a model listed in another order has no changes', () => {
    const moves = fc.array(fc.tuple(fc.constantFrom(...MODEL_COLLECTIONS), fc.nat(), fc.nat()), {
      minLength: 1,
      maxLength: 20,
    });
    fc.assert(
      fc.property(base, moves, (model, reorders) => {
        const reordered = structuredClone(model);
        for (const [collection, from, to] of reorders) {
          const items = reordered[collection] as unknown[];
          if (items.length === 0) continue;
          const [item] = items.splice(from % items.length, 1);
          items.splice(to % items.length, 0, item);
        }
        const diff = diffModels(model, reordered);
        expect(diff.changes).toEqual([]);
        for (const collection of MODEL_COLLECTIONS)
          expect(diff.counts[collection].unchanged).toBe(model[collection].length);
      }),
      { numRuns: RUNS },
    );
  });

  it('applying diff(a, b) with zero tolerance to a gives b', () => {
    fc.assert(
      fc.property(pair, ({ before, after }) => {
        const applied = applyDiff(before, diffModels(before, after, EXACT));
        expect(hashModel(applied)).toBe(hashModel(after));
      }),
      { numRuns: RUNS },
    );
  });

  it('applying diff(a, b) with the default tolerances gives b within tolerance', () => {
    fc.assert(
      fc.property(pair, ({ before, after }) => {
        const applied = applyDiff(before, diffModels(before, after));
        expect(diffModels(applied, after).changes).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('any subset of changes applies without dangling references', () => {
    fc.assert(
      fc.property(pair, fc.infiniteStream(fc.boolean()), ({ before, after }, coin) => {
        expect(danglingRefs(after)).toEqual([]);
        const diff = diffModels(before, after);
        const keys = diff.changes.filter(() => coin.next().value as boolean).map((change) => change.key);
        const taken = selectChanges(diff, { keys });
        for (const key of keys) expect(taken.has(key)).toBe(true);
        expect(danglingRefs(applyDiff(before, diff, { keys }))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
