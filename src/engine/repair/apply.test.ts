import { describe, expect, it } from 'vitest';
import type { FrameElement, LinearLoad, Model, PointLoad } from '../schema';
import { ModelSchema } from '../schema';
import { applyEdits, derivedId } from './apply';
import { distributedLoad, FIXED, handModel, member, node } from './handModel';

function frameOf(model: Model, id: string): FrameElement {
  const found = model.elements.find((element) => element.id === id);
  if (!found || !('startNodeId' in found) || found.type === 'Link' || found.type === 'Cable')
    throw new Error(`no member ${id}`);
  return found as FrameElement;
}

function pointLoad(id: string, nodeId: string): PointLoad {
  return {
    id,
    source: { tool: 'etabs' },
    name: id,
    attributes: {},
    type: 'PointLoad',
    nodeId,
    patternId: 'DEAD',
    coordinateSystem: 'Global',
    fx: 0,
    fy: 0,
    fz: -1000,
    mx: 0,
    my: 0,
    mz: 0,
  };
}

/** Column C1 (1 → 2), beam B1 (2 → 3, 6 m), node 4 at the beam's third point, 2b 0.4 mm from 2. */
function frame(): Model {
  return handModel(
    [
      node('1', 0, 0, 0, { restraint: FIXED }),
      node('2', 0, 0, 3000),
      node('3', 6000, 0, 3000),
      node('4', 2000, 0, 3000),
      node('2b', 0.4, 0, 3000),
      node('5', 2000, 3000, 3000),
    ],
    [member('C1', 'Column', '1', '2'), member('B1', 'Beam', '2b', '3'), member('B2', 'Beam', '4', '5')],
    {
      groups: [
        {
          id: 'G',
          source: { tool: 'etabs' },
          name: 'G',
          attributes: {},
          type: 'Group',
          members: [
            { kind: 'element', id: 'B1' },
            { kind: 'node', id: '2b' },
          ],
        },
      ],
    },
  );
}

describe('applyEdits', () => {
  it('mergeNodes rewrites member ends, point loads and groups, deletes the merged node, and leaves the input alone', () => {
    const model = frame();
    model.loads.push(pointLoad('PL', '2b'));
    const snapshot = JSON.stringify(model);
    const next = applyEdits(model, [{ kind: 'mergeNodes', anchorId: '2', nodeIds: ['2b'] }]);
    expect(JSON.stringify(model)).toBe(snapshot);
    expect(next.nodes.map((item) => item.id)).not.toContain('2b');
    expect(frameOf(next, 'B1').startNodeId).toBe('2');
    expect((next.loads[0] as PointLoad).nodeId).toBe('2');
    expect(next.groups[0]?.members).toEqual([
      { kind: 'element', id: 'B1' },
      { kind: 'node', id: '2' },
    ]);
    expect(ModelSchema.safeParse(next).success).toBe(true);
  });

  it('mergeNodes chains: a node merged into a node that is merged later ends on the last anchor', () => {
    const next = applyEdits(frame(), [
      { kind: 'mergeNodes', anchorId: '2b', nodeIds: ['2'] },
      { kind: 'mergeNodes', anchorId: '4', nodeIds: ['2b'] },
    ]);
    expect(frameOf(next, 'C1').endNodeId).toBe('4');
    expect(frameOf(next, 'B1').startNodeId).toBe('4');
  });

  it('splitMember makes segments with parentId, releases at the outer ends and loads split by position', () => {
    const model = frame();
    const beam = frameOf(model, 'B1');
    beam.releases = {
      type: 'Releases',
      i: { p: false, v2: false, v3: false, t: false, m2: true, m3: true },
      j: { p: false, v2: false, v3: false, t: true, m2: true, m3: true },
    };
    beam.endOffsets = { i: 150, j: 200 };
    beam.insertionOffsets = { i: { x: 0, y: 0, z: -100 }, j: { x: 0, y: 0, z: -400 } };
    // 2b → 3 is 5999.6 mm; a uniform load over the whole span and a point load at 4000 mm.
    model.loads.push(distributedLoad('W', 'B1', 0, 1, 10, 10, true));
    model.loads.push({
      ...distributedLoad('P', 'B1', 0, 0, 0, 0),
      distribution: { kind: 'point', relative: false, start: 4000, value: 5000 },
    });
    const t = (2000 - 0.4) / 5999.6;
    const next = applyEdits(model, [
      { kind: 'splitMember', elementId: 'B1', at: [{ nodeId: '4', t }], newIds: ['B1.2'] },
    ]);
    const first = frameOf(next, 'B1');
    const second = frameOf(next, 'B1.2');
    expect([first.startNodeId, first.endNodeId, second.startNodeId, second.endNodeId]).toEqual([
      '2b',
      '4',
      '4',
      '3',
    ]);
    expect(first.attributes['parentId']).toBe('B1');
    expect(second.attributes['parentId']).toBe('B1');
    expect(first.releases?.i.m3).toBe(true);
    expect(first.releases?.j).toEqual({ p: false, v2: false, v3: false, t: false, m2: false, m3: false });
    expect(second.releases?.i).toEqual({ p: false, v2: false, v3: false, t: false, m2: false, m3: false });
    expect(second.releases?.j.t).toBe(true);
    expect(first.endOffsets).toEqual({ i: 150, j: 0 });
    expect(second.endOffsets).toEqual({ i: 0, j: 200 });
    expect(first.insertionOffsets?.j.z).toBeCloseTo(-100 - 300 * t, 6);
    expect(second.insertionOffsets?.i.z).toBeCloseTo(-100 - 300 * t, 6);
    expect(second.insertionOffsets?.j.z).toBe(-400);

    const loads = next.loads.filter((load): load is LinearLoad => load.type === 'LinearLoad');
    const uniform = loads.filter((load) => load.distribution.kind === 'distributed');
    expect(uniform.map((load) => [load.id, load.elementId])).toEqual([
      ['W', 'B1'],
      ['W.2', 'B1.2'],
    ]);
    for (const load of uniform) {
      expect(load.distribution).toMatchObject({
        relative: true,
        start: 0,
        end: 1,
        startValue: 10,
        endValue: 10,
      });
    }
    const point = loads.find((load) => load.distribution.kind === 'point');
    expect(point?.elementId).toBe('B1.2');
    expect(point?.distribution.start).toBeCloseTo(4000 - 1999.6, 6);
    // The group that held B1 now holds both segments.
    expect(next.groups[0]?.members).toContainEqual({ kind: 'element', id: 'B1.2' });
    expect(ModelSchema.safeParse(next).success).toBe(true);
  });

  it('a partial trapezoidal load is cut at the split point with the value there', () => {
    const model = frame();
    model.loads.push(distributedLoad('T', 'B1', 1000, 3000, 0, 20));
    const next = applyEdits(model, [
      { kind: 'splitMember', elementId: 'B1', at: [{ nodeId: '4', t: 0.5 }], newIds: ['B1.2'] },
    ]);
    const pieces = next.loads as LinearLoad[];
    // Split at 2999.8 mm: the first piece runs 1000 → 2999.8, the second 0 → 0.2 on the second segment.
    expect(pieces.map((load) => load.elementId)).toEqual(['B1', 'B1.2']);
    const [a, b] = pieces.map((load) => load.distribution) as Extract<
      LinearLoad['distribution'],
      { kind: 'distributed' }
    >[];
    expect(a?.start).toBe(1000);
    expect(a?.end).toBeCloseTo(2999.8, 6);
    expect(a?.endValue).toBeCloseTo(19.998, 6);
    expect(b?.start).toBe(0);
    expect(b?.end).toBeCloseTo(0.2, 6);
    expect(b?.endValue).toBeCloseTo(20, 9);
  });

  it('deleteElement removes its loads; deleteNode removes the elements on it and point loads on it', () => {
    const model = frame();
    model.loads.push(distributedLoad('W', 'B2', 0, 1, 1, 1, true), pointLoad('PL', '5'));
    const withoutBeam = applyEdits(model, [{ kind: 'deleteElement', elementId: 'B2' }]);
    expect(withoutBeam.elements.map((element) => element.id)).toEqual(['C1', 'B1']);
    expect(withoutBeam.loads.map((load) => load.id)).toEqual(['PL']);
    const withoutNode = applyEdits(model, [{ kind: 'deleteNode', nodeId: '5' }]);
    expect(withoutNode.elements.map((element) => element.id)).toEqual(['C1', 'B1']);
    expect(withoutNode.loads).toEqual([]);
  });

  it('moveNode, addNode, replaceEndNode, setReleases, setEndOffset and setType change exactly their target', () => {
    const model = frame();
    const next = applyEdits(model, [
      { kind: 'moveNode', nodeId: '3', from: { x: 6000, y: 0, z: 3000 }, to: { x: 6000, y: 0, z: 3010 } },
      { kind: 'addNode', node: node('9', 1, 2, 3) },
      { kind: 'replaceEndNode', elementId: 'B2', end: 'j', from: '5', to: '9' },
      {
        kind: 'setReleases',
        elementId: 'B1',
        before: null,
        after: {
          type: 'Releases',
          i: { p: false, v2: false, v3: false, t: false, m2: false, m3: true },
          j: { p: false, v2: false, v3: false, t: false, m2: false, m3: false },
        },
      },
      {
        kind: 'setEndOffset',
        elementId: 'C1',
        before: null,
        after: { i: { x: 0, y: 0, z: 0 }, j: { x: 50, y: 0, z: 0 } },
      },
      { kind: 'setType', elementId: 'B2', from: 'Beam', to: 'Brace' },
    ]);
    expect(next.nodes.find((item) => item.id === '3')?.z).toBe(3010);
    expect(next.nodes.at(-1)?.id).toBe('9');
    const b2 = frameOf(next, 'B2');
    expect(b2.endNodeId).toBe('9');
    expect(b2.type).toBe('Brace');
    expect(b2.profileId).toBe('P1');
    expect(frameOf(next, 'B1').releases?.i.m3).toBe(true);
    expect(frameOf(next, 'C1').insertionOffsets?.j.x).toBe(50);
    expect(model.nodes.find((item) => item.id === '3')?.z).toBe(3000);
    expect(ModelSchema.safeParse(next).success).toBe(true);
  });

  it('derives ETABS-style segment ids before the storey', () => {
    expect(derivedId('B12@L3', 2)).toBe('B12.2@L3');
    expect(derivedId('S7', 3)).toBe('S7.3');
  });
});
