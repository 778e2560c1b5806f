import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../bench/generator/building';
import { hashModel } from '../canonical';
import type { FrameElement, Model, ModelCollection } from '../schema';
import { isFrameElement, MODEL_COLLECTIONS } from '../schema';
import { forEachRef } from './refs';
import { applyDiff, diffModels, selectChanges } from './index';

const RUNS = Number(process.env['FC_NUM_RUNS'] ?? 100);
const EXACT = { lengthTolerance: 0, relativeTolerance: 0 };

const base = fc
  .record({
    storeys: fc.integer({ min: 1, max: 3 }),
    baysX: fc.integer({ min: 1, max: 3 }),
    baysY: fc.integer({ min: 1, max: 2 }),
    braceEvery: fc.integer({ min: 0, max: 2 }),
    core: fc.integer({ min: 0, max: 1 }),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
  })
  .map(({ core, ...parameters }) => generateBuilding({ ...parameters, coreBaysX: core, coreBaysY: core }));

/** One edit an engineer (or a re-export) makes. Direction swaps are left out: the diff ignores them on purpose. */
const edit = fc.oneof(
  fc.record({
    kind: fc.constant('move' as const),
    at: fc.nat(),
    axis: fc.constantFrom('x', 'y', 'z'),
    by: fc.double({ min: -50, max: 50, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('profile' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('deleteElement' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('deleteNode' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('addBeam' as const), at: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('relabelElement' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('relabelNode' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('load' as const),
    at: fc.nat(),
    factor: fc.double({ min: 0.5, max: 2, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('material' as const), fy: fc.integer({ min: 200, max: 500 }) }),
  fc.record({ kind: fc.constant('attribute' as const), at: fc.nat(), value: fc.string({ maxLength: 4 }) }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function pick<T>(items: readonly T[], at: number): T | undefined {
  return items.length === 0 ? undefined : items[at % items.length];
}

/** Removes an element and everything that refers to it, so the edited model is consistent. */
function dropElement(model: Model, id: string): void {
  model.elements = model.elements.filter((item) => item.id !== id);
  model.loads = model.loads.filter((load) => !('elementId' in load) || load.elementId !== id);
  model.groups = model.groups.map((group) => ({
    ...group,
    members: group.members.filter((member) => member.id !== id),
  }));
}

function renameRefsTo(model: Model, collection: ModelCollection, from: string, to: string): void {
  const swap = (value: string) => (value === from ? to : value);
  if (collection === 'nodes') {
    for (const item of model.elements) {
      if (isFrameElement(item) || item.type === 'Cable') {
        item.startNodeId = swap(item.startNodeId);
        item.endNodeId = swap(item.endNodeId);
      } else if ('nodeIds' in item) item.nodeIds = item.nodeIds.map(swap);
    }
    for (const load of model.loads) if (load.type === 'PointLoad') load.nodeId = swap(load.nodeId);
  } else {
    for (const load of model.loads) if (load.type !== 'PointLoad') load.elementId = swap(load.elementId);
    for (const group of model.groups)
      group.members = group.members.map((member) => ({ ...member, id: swap(member.id) }));
  }
}

function applyEdit(model: Model, change: Edit, serial: number): void {
  switch (change.kind) {
    case 'move': {
      const node = pick(model.nodes, change.at);
      if (node) node[change.axis] += change.by;
      return;
    }
    case 'profile': {
      const frame = pick(model.elements.filter(isFrameElement), change.at);
      if (frame) frame.profileId = frame.profileId === 'BEAM-LONG' ? 'BEAM-SHORT' : 'BEAM-LONG';
      return;
    }
    case 'deleteElement': {
      const item = pick(model.elements, change.at);
      if (item) dropElement(model, item.id);
      return;
    }
    case 'deleteNode': {
      const node = pick(model.nodes, change.at);
      if (!node) return;
      for (const item of [...model.elements]) {
        let refs = false;
        forEachRef('elements', item, (collection, id) => {
          if (collection === 'nodes' && id === node.id) refs = true;
        });
        if (refs) dropElement(model, item.id);
      }
      model.loads = model.loads.filter((load) => load.type !== 'PointLoad' || load.nodeId !== node.id);
      model.nodes = model.nodes.filter((item) => item !== node);
      return;
    }
    case 'addBeam': {
      const start = pick(model.nodes, change.at);
      const end = pick(model.nodes, change.to);
      if (!start || !end || start === end) return;
      const beam: FrameElement = {
        id: `N${serial}@new`,
        source: start.source,
        name: `N${serial}`,
        type: 'Beam',
        startNodeId: start.id,
        endNodeId: end.id,
        profileId: 'BEAM-SHORT',
        attributes: {},
      };
      model.elements.push(beam);
      return;
    }
    case 'relabelElement': {
      const item = pick(model.elements, change.at);
      if (!item) return;
      const from = item.id;
      item.id = `R${serial}${from}`;
      renameRefsTo(model, 'elements', from, item.id);
      return;
    }
    case 'relabelNode': {
      const node = pick(model.nodes, change.at);
      if (!node) return;
      const from = node.id;
      node.id = `R${serial}${from}`;
      renameRefsTo(model, 'nodes', from, node.id);
      return;
    }
    case 'load': {
      const load = pick(model.loads, change.at);
      if (load?.type === 'AreaLoad') load.value *= change.factor;
      if (load?.type === 'PointLoad') load.fx += change.factor;
      return;
    }
    case 'material': {
      const steel = model.materials.find((item) => item.id === 'S355');
      if (steel) steel.fy = change.fy * 1e6;
      return;
    }
    case 'attribute': {
      const item = pick(model.elements, change.at);
      if (item) item.attributes = { ...item.attributes, NOTE: change.value };
      return;
    }
  }
}

const pair = fc.tuple(base, fc.array(edit, { maxLength: 8 })).map(([model, edits]) => {
  const after = structuredClone(model);
  edits.forEach((change, serial) => applyEdit(after, change, serial));
  return { before: model, after };
});

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
