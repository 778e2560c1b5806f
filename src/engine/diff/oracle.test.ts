import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../testing/building';
import type { Element, FrameElement, LinearLoad, Model, Node } from '../schema';
import { isFrameElement } from '../schema';
import { diffModels } from './index';
import type { Change, ModifiedChange } from './types';

/** A 2-storey, 2 × 2-bay steel frame: small enough to reason about every object an edit touches. */
function building(): Model {
  return generateBuilding({
    storeys: 2,
    baysX: 2,
    baysY: 2,
    braceEvery: 0,
    coreBaysX: 0,
    coreBaysY: 0,
    seed: 7,
  });
}

function frames(model: Model): FrameElement[] {
  return model.elements.filter(isFrameElement);
}

function node(model: Model, id: string): Node {
  const found = model.nodes.find((item) => item.id === id);
  if (!found) throw new Error(`no node ${id}`);
  return found;
}

function element(model: Model, id: string): Element {
  const found = model.elements.find((item) => item.id === id);
  if (!found) throw new Error(`no element ${id}`);
  return found;
}

function firstBeam(model: Model): FrameElement {
  const beam = frames(model).find((item) => item.type === 'Beam');
  if (!beam) throw new Error('no beam');
  return beam;
}

function keys(changes: readonly Change[]): string[] {
  return changes.map((change) => `${change.kind} ${change.key}`).sort();
}

function modified(changes: readonly Change[], key: string): ModifiedChange {
  const change = changes.find((item) => item.key === key);
  if (!change || change.kind !== 'modified') throw new Error(`${key} is not modified`);
  return change;
}

/** Elements placed on `nodeId` (a member end or a floor corner): what a node move drags along. */
function elementsAt(model: Model, nodeId: string): string[] {
  return model.elements
    .filter((item) =>
      isFrameElement(item)
        ? item.startNodeId === nodeId || item.endNodeId === nodeId
        : 'nodeIds' in item && item.nodeIds.includes(nodeId),
    )
    .map((item) => item.id);
}

describe('diffModels finds exactly the edits made (synthetic oracle)', () => {
  it('a model compared with an independent copy of itself has no changes', () => {
    const diff = diffModels(building(), building());
    expect(diff.changes).toEqual([]);
    expect(diff.header).toEqual([]);
  });

  it('a node moved 12 mm up is a Geometry change, and the members and floors on it move too', () => {
    const before = building();
    const after = building();
    const moved = after.nodes[10] as Node;
    moved.z += 12;
    const diff = diffModels(before, after);
    const expected = [
      `modified nodes:${moved.id}`,
      ...elementsAt(after, moved.id).map((id) => `modified elements:${id}`),
    ].sort();
    expect(elementsAt(after, moved.id).length).toBeGreaterThan(0);
    expect(keys(diff.changes)).toEqual(expected);
    const nodeChange = modified(diff.changes, `nodes:${moved.id}`);
    expect(nodeChange.changes).toEqual([
      { path: 'z', group: 'Geometry', before: moved.z - 12, after: moved.z, deviation: 12 },
    ]);
    for (const id of elementsAt(after, moved.id)) {
      const change = modified(diff.changes, `elements:${id}`);
      expect(change.groups).toEqual(['Geometry']);
      expect(change.changes[0]?.deviation).toBeCloseTo(12, 9);
    }
  });

  it('a node moved less than the tolerance is not a change; with a tighter tolerance it is', () => {
    const before = building();
    const after = building();
    (after.nodes[10] as Node).x += 0.5;
    expect(diffModels(before, after).changes).toEqual([]);
    expect(diffModels(before, after, { lengthTolerance: 0.1 }).counts.nodes.modified).toBe(1);
  });

  it('a section swap is one Profile change', () => {
    const before = building();
    const after = building();
    const beam = firstBeam(after);
    const other = beam.profileId === 'BEAM-LONG' ? 'BEAM-SHORT' : 'BEAM-LONG';
    const was = beam.profileId;
    beam.profileId = other;
    const diff = diffModels(before, after);
    expect(keys(diff.changes)).toEqual([`modified elements:${beam.id}`]);
    expect(modified(diff.changes, `elements:${beam.id}`).changes).toEqual([
      { path: 'profileId', group: 'Profile', before: was, after: other },
    ]);
  });

  it('a deleted beam and its loads are removed; an added beam is added', () => {
    const before = building();
    const after = building();
    const gone = firstBeam(after);
    const goneLoads = after.loads.filter((load) => 'elementId' in load && load.elementId === gone.id);
    after.elements = after.elements.filter((item) => item !== gone);
    after.loads = after.loads.filter((load) => !goneLoads.includes(load));
    // A new diagonal across the first bay of the top storey, between existing nodes.
    const top = after.levels[0]?.id as string;
    const added: FrameElement = {
      ...gone,
      id: `B900@${top}`,
      name: 'B900',
      startNodeId: `1@${top}`,
      endNodeId: `5@${top}`,
    };
    after.elements.push(added);
    const diff = diffModels(before, after);
    expect(goneLoads.length).toBeGreaterThan(0);
    expect(keys(diff.changes)).toEqual(
      [
        `added elements:${added.id}`,
        `removed elements:${gone.id}`,
        ...goneLoads.map((load) => `removed loads:${load.id}`),
      ].sort(),
    );
    expect(diff.elementCounts['Beam']?.added).toBe(1);
    expect(diff.elementCounts['Beam']?.removed).toBe(1);
  });

  it('a relabelled beam (and its loads) with unchanged geometry is matched by geometry', () => {
    const before = building();
    const after = building();
    const beam = firstBeam(after);
    const oldId = beam.id;
    const story = oldId.slice(oldId.indexOf('@') + 1);
    beam.id = `B777@${story}`;
    beam.name = 'B777';
    const loads = after.loads.filter(
      (load): load is LinearLoad => load.type === 'LinearLoad' && load.elementId === oldId,
    );
    for (const load of loads) {
      load.id = load.id.replace(oldId, beam.id);
      load.elementId = beam.id;
      load.name = 'B777';
    }
    const diff = diffModels(before, after);
    expect(keys(diff.changes)).toEqual(
      [`modified elements:${beam.id}`, ...loads.map((load) => `modified loads:${load.id}`)].sort(),
    );
    const change = modified(diff.changes, `elements:${beam.id}`);
    expect(change.matchedBy).toBe('geometry');
    expect(change.beforeId).toBe(oldId);
    expect(change.changes).toEqual([
      { path: 'name', group: 'Name', before: oldId.split('@')[0], after: 'B777' },
    ]);
    for (const load of loads) expect(modified(diff.changes, `loads:${load.id}`).groups).toEqual(['Name']);
    // Without the fallback the same edit reads as one removal and one addition per object.
    const strict = diffModels(before, after, { geometricMatching: 'off' });
    expect(strict.counts.elements).toMatchObject({ added: 1, removed: 1, modified: 0 });
  });

  it('a relabelled node is matched by position and the members on it do not change', () => {
    const before = building();
    const after = building();
    const target = after.nodes[10] as Node;
    const oldId = target.id;
    const newId = `999@${target.levelId}`;
    target.id = newId;
    for (const frame of frames(after)) {
      if (frame.startNodeId === oldId) frame.startNodeId = newId;
      if (frame.endNodeId === oldId) frame.endNodeId = newId;
    }
    const diff = diffModels(before, after);
    expect(keys(diff.changes)).toEqual([`modified nodes:${newId}`]);
    expect(modified(diff.changes, `nodes:${newId}`)).toMatchObject({
      matchedBy: 'geometry',
      beforeId: oldId,
      groups: ['Name'],
    });
  });

  it('a member drawn the other way (i and j swapped, same end points) is not a change', () => {
    const before = building();
    const after = building();
    const column = frames(after).find((item) => item.type === 'Column') as FrameElement;
    [column.startNodeId, column.endNodeId] = [column.endNodeId, column.startNodeId];
    expect(diffModels(before, after).changes).toEqual([]);
  });

  it('a material change is a Material change of the material', () => {
    const before = building();
    const after = building();
    const steel = after.materials.find((item) => item.id === 'S355');
    if (!steel) throw new Error('no steel');
    steel.fy = 460e6;
    const diff = diffModels(before, after);
    expect(keys(diff.changes)).toEqual(['modified materials:S355']);
    expect(modified(diff.changes, 'materials:S355').changes).toEqual([
      { path: 'fy', group: 'Material', before: 355e6, after: 460e6 },
    ]);
  });

  it('a load value change is a Loads change; a relative change under 1e-4 is not', () => {
    const before = building();
    const after = building();
    const load = after.loads.find((item): item is LinearLoad => item.type === 'LinearLoad') as LinearLoad;
    const distribution = load.distribution;
    if (distribution.kind !== 'distributed') throw new Error('expected a distributed load');
    distribution.startValue *= 1 + 1e-6;
    expect(diffModels(before, after).changes).toEqual([]);
    distribution.startValue *= 1.5;
    const diff = diffModels(before, after);
    expect(keys(diff.changes)).toEqual([`modified loads:${load.id}`]);
    expect(
      modified(diff.changes, `loads:${load.id}`).changes.map((change) => [change.path, change.group]),
    ).toEqual([['distribution.startValue', 'Loads']]);
  });

  it('finds all of these edits together, and nothing else', () => {
    const before = building();
    const after = building();
    const moved = after.nodes[12] as Node;
    moved.y -= 25;
    const beam = firstBeam(after);
    beam.profileId = beam.profileId === 'BEAM-LONG' ? 'BEAM-SHORT' : 'BEAM-LONG';
    const pattern = after.loadPatterns.find((item) => item.id === 'SDL');
    if (!pattern) throw new Error('no SDL');
    pattern.selfWeightMultiplier = 1;
    const diff = diffModels(before, after);
    const onMoved = elementsAt(after, moved.id);
    const expected = new Set([
      `modified nodes:${moved.id}`,
      `modified elements:${beam.id}`,
      'modified loadPatterns:SDL',
      ...onMoved.map((id) => `modified elements:${id}`),
    ]);
    expect(keys(diff.changes)).toEqual([...expected].sort());
    expect(element(after, beam.id)).toBe(modified(diff.changes, `elements:${beam.id}`).object);
    expect(node(before, moved.id).y - node(after, moved.id).y).toBe(25);
  });
});
