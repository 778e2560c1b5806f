import fc from 'fast-check';
import { generateBuilding } from '../../testing/building';
import type { FrameElement, Model, ModelCollection } from '../../schema';
import { isFrameElement, noEndReleases } from '../../schema';
import { forEachRef } from '../refs';

/**
 * The edits an engineer (or a re-export) makes to a model, for the diff's property tests. Each test picks the kinds
 * it is about: the round-trip properties leave out end swaps (the diff ignores a member's direction on purpose),
 * the stored-hash equivalence includes them and reorders, which its fast path must not get wrong.
 */
const EDITS = {
  move: fc.record({
    kind: fc.constant('move' as const),
    at: fc.nat(),
    axis: fc.constantFrom('x', 'y', 'z'),
    // Sub-tolerance moves too: their hashes differ while the diff calls them unchanged.
    by: fc.oneof(
      fc.double({ min: -50, max: 50, noNaN: true }),
      fc.double({ min: -0.5, max: 0.5, noNaN: true }),
    ),
  }),
  profile: fc.record({ kind: fc.constant('profile' as const), at: fc.nat() }),
  swapEnds: fc.record({ kind: fc.constant('swapEnds' as const), at: fc.nat() }),
  // Another listing order: near moves are stepped over in the walk down both lists, far ones paired by id later.
  reorder: fc.record({
    kind: fc.constant('reorder' as const),
    collection: fc.constantFrom('nodes' as const, 'elements' as const, 'loads' as const),
    from: fc.nat(),
    to: fc.nat(),
  }),
  deleteElement: fc.record({ kind: fc.constant('deleteElement' as const), at: fc.nat() }),
  deleteNode: fc.record({ kind: fc.constant('deleteNode' as const), at: fc.nat() }),
  addBeam: fc.record({ kind: fc.constant('addBeam' as const), at: fc.nat(), to: fc.nat() }),
  relabelElement: fc.record({ kind: fc.constant('relabelElement' as const), at: fc.nat() }),
  relabelNode: fc.record({ kind: fc.constant('relabelNode' as const), at: fc.nat() }),
  load: fc.record({
    kind: fc.constant('load' as const),
    at: fc.nat(),
    factor: fc.double({ min: 0.5, max: 2, noNaN: true }),
  }),
  material: fc.record({ kind: fc.constant('material' as const), fy: fc.integer({ min: 200, max: 500 }) }),
  attribute: fc.record({
    kind: fc.constant('attribute' as const),
    at: fc.nat(),
    value: fc.string({ maxLength: 4 }),
  }),
};

export type EditKind = keyof typeof EDITS;

/** Distributes over a union of arbitraries: one edit type per kind, so `switch (edit.kind)` narrows. */
type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;
export type Edit = ValueOf<(typeof EDITS)[EditKind]>;

/** Small generated buildings; `pinEvery` gives every n-th frame a one-sided release (so end swaps show). */
export function buildingArbitrary(
  options: { core?: boolean; pinnedReleases?: boolean } = {},
): fc.Arbitrary<Model> {
  return fc
    .record({
      storeys: fc.integer({ min: 1, max: 3 }),
      baysX: fc.integer({ min: 1, max: 3 }),
      baysY: fc.integer({ min: 1, max: 2 }),
      braceEvery: fc.integer({ min: 0, max: 2 }),
      core: options.core ? fc.integer({ min: 0, max: 1 }) : fc.constant(0),
      seed: fc.integer({ min: 1, max: 1_000_000 }),
      pinEvery: options.pinnedReleases ? fc.integer({ min: 2, max: 5 }) : fc.constant(0),
    })
    .map(({ core, pinEvery, ...parameters }) => {
      const model = generateBuilding({ ...parameters, coreBaysX: core, coreBaysY: core });
      if (pinEvery > 0)
        model.elements.filter(isFrameElement).forEach((frame, index) => {
          if (index % pinEvery === 0)
            frame.releases = { type: 'Releases', i: { ...noEndReleases(), m3: true }, j: noEndReleases() };
        });
      return model;
    });
}

/** A model and a copy with up to 8 edits of the given kinds applied. */
export function editedPairArbitrary(
  base: fc.Arbitrary<Model>,
  kinds: readonly EditKind[],
): fc.Arbitrary<{ before: Model; after: Model }> {
  const edit = fc.oneof(...kinds.map((kind) => EDITS[kind] as fc.Arbitrary<Edit>));
  return fc.tuple(base, fc.array(edit, { maxLength: 8 })).map(([model, edits]) => {
    // A JSON copy: models are JSON, and the engine's library has no structuredClone.
    const after = JSON.parse(JSON.stringify(model)) as Model;
    edits.forEach((change, serial) => applyEdit(after, change, serial));
    return { before: model, after };
  });
}

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

export function applyEdit(model: Model, change: Edit, serial: number): void {
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
    case 'swapEnds': {
      // CSI flips member ends: same member, drawn the other way, its end data swapped with it.
      const frame = pick(model.elements.filter(isFrameElement), change.at);
      if (!frame) return;
      [frame.startNodeId, frame.endNodeId] = [frame.endNodeId, frame.startNodeId];
      if (frame.releases) frame.releases = { ...frame.releases, i: frame.releases.j, j: frame.releases.i };
      return;
    }
    case 'reorder': {
      const items = model[change.collection] as unknown[];
      if (items.length === 0) return;
      const [item] = items.splice(change.from % items.length, 1);
      items.splice(change.to % items.length, 0, item);
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
