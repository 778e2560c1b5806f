import { describe, expect, it } from 'vitest';
import type { SceneData } from '../engine/scene';
import { orthoViewOf } from './orthoViews';
import { sceneOf } from './scene/testScenes';

/**
 * Two storeys of a one-bay frame on grids A–B (x = 0, 6 m) and 1–2 (y = 0, 8 m): columns at the four corners
 * between 0, 3 m and 6 m, beams around each floor, and one beam off to the side at 3 m.
 */
function twoStoreys(): SceneData {
  const nodes: Array<[number, number, number]> = [];
  for (const z of [0, 3000, 6000])
    for (const [x, y] of [
      [0, 0],
      [6000, 0],
      [6000, 8000],
      [0, 8000],
    ] as const)
      nodes.push([x, y, z]);
  nodes.push([20_000, 0, 3000], [26_000, 0, 3000]);
  const at = (storey: number, corner: number) => storey * 4 + corner;
  const elements = [];
  for (let storey = 0; storey < 2; storey++)
    for (let corner = 0; corner < 4; corner++)
      elements.push({
        id: `C${corner}@${storey + 1}`,
        type: 'Column' as const,
        nodes: [at(storey, corner), at(storey + 1, corner)],
      });
  for (let storey = 1; storey <= 2; storey++)
    for (let corner = 0; corner < 4; corner++)
      elements.push({
        id: `B${corner}@${storey}`,
        type: 'Beam' as const,
        nodes: [at(storey, corner), at(storey, (corner + 1) % 4)],
      });
  elements.push({ id: 'Far', type: 'Beam' as const, nodes: [12, 13] });
  return sceneOf(nodes, elements, {
    levels: [
      { id: 'L0', name: 'Base', elevation: 0 },
      { id: 'L1', name: 'Level 1', elevation: 3000 },
      { id: 'L2', name: 'Roof', elevation: 6000 },
    ],
    grids: [
      { id: 'gA', label: 'A', system: 'G', start: [0, -2000], end: [0, 10_000] },
      { id: 'gB', label: 'B', system: 'G', start: [6000, 10_000], end: [6000, -2000] },
      { id: 'g1', label: '1', system: 'G', start: [28_000, 0], end: [-2000, 0] },
    ],
  });
}

const idsIn = (data: SceneData, members: Uint8Array) =>
  data.elements.ids.filter((_, element) => members[element] === 1).sort();

describe('orthoViewOf', () => {
  const data = twoStoreys();

  it('plans a level from above with what touches it: its beams and the columns below and above', () => {
    const view = orthoViewOf(data, { kind: 'plan', levelId: 'L1' });
    expect(view?.kind).toBe('plan');
    expect(view?.axes).toEqual({ right: [1, 0, 0], up: [0, 1, 0], forward: [0, 0, -1] });
    expect(idsIn(data, view?.members ?? new Uint8Array())).toEqual(
      [
        ...['B0@1', 'B1@1', 'B2@1', 'B3@1'],
        ...['C0@1', 'C1@1', 'C2@1', 'C3@1', 'C0@2', 'C1@2', 'C2@2', 'C3@2'],
        'Far',
      ].sort(),
    );
    // Fitted on what it shows: the far beam widens the plan to 26 m.
    expect(view?.box).toEqual({ min: [0, 0, 0], max: [26_000, 8000, 6000] });
  });

  it('plans the roof without the storey below it, and takes a slab a few centimetres off its level', () => {
    const roof = orthoViewOf(data, { kind: 'plan', levelId: 'L2' });
    expect(idsIn(data, roof?.members ?? new Uint8Array())).toEqual(
      ['B0@2', 'B1@2', 'B2@2', 'B3@2', 'C0@2', 'C1@2', 'C2@2', 'C3@2'].sort(),
    );
    const shifted = orthoViewOf(data, { kind: 'plan', levelId: 'L2' }, 0);
    expect(shifted?.members).toEqual(roof?.members);
    const low = orthoViewOf(
      { ...data, levels: [{ id: 'x', name: 'x', elevation: 6080 }] },
      {
        kind: 'plan',
        levelId: 'x',
      },
    );
    expect(idsIn(data, low?.members ?? new Uint8Array())).toContain('B0@2');
  });

  it('draws an elevation square to its grid line, reading toward +X or +Y whichever way the line was given', () => {
    const alongY = orthoViewOf(data, { kind: 'elevation', gridId: 'gB' });
    // Line B runs along Y (given from +Y to −Y): seen from +X, looking −X, with +Y to the right.
    expect(alongY?.axes.right[0]).toBeCloseTo(0);
    expect(alongY?.axes.right[1]).toBeCloseTo(1);
    expect(alongY?.axes.up).toEqual([0, 0, 1]);
    expect(alongY?.axes.forward[0]).toBeCloseTo(-1);
    expect(alongY?.axes.forward[1]).toBeCloseTo(0);
    // Only what lies in the plane x = 6 m: two columns per storey and the beam between them per floor.
    expect(idsIn(data, alongY?.members ?? new Uint8Array())).toEqual(
      ['B1@1', 'B1@2', 'C1@1', 'C1@2', 'C2@1', 'C2@2'].sort(),
    );
    expect(alongY?.box).toEqual({ min: [6000, 0, 0], max: [6000, 8000, 6000] });

    const alongX = orthoViewOf(data, { kind: 'elevation', gridId: 'g1' });
    // Line 1 runs along X (given from +X to −X): seen from −Y, looking +Y, with +X to the right.
    expect(alongX?.axes.right[0]).toBeCloseTo(1);
    expect(alongX?.axes.forward[1]).toBeCloseTo(1);
    expect(idsIn(data, alongX?.members ?? new Uint8Array())).toEqual(
      ['B0@1', 'B0@2', 'C0@1', 'C0@2', 'C1@1', 'C1@2', 'Far'].sort(),
    );
  });

  it('marks where the other grid lines cross the line of an elevation, in order along it', () => {
    expect(orthoViewOf(data, { kind: 'elevation', gridId: 'g1' })?.crossings).toEqual([
      { label: 'B', point: [6000, 0] },
      { label: 'A', point: [0, 0] },
    ]);
    // A and B are parallel: the elevation on A crosses only line 1, and a plan marks none.
    expect(orthoViewOf(data, { kind: 'elevation', gridId: 'gA' })?.crossings).toEqual([
      { label: '1', point: [0, 0] },
    ]);
    expect(orthoViewOf(data, { kind: 'plan', levelId: 'L1' })?.crossings).toEqual([]);
  });

  it('frames the whole model when nothing is on the level, and knows no unknown level or grid', () => {
    const empty = orthoViewOf(
      { ...data, levels: [{ id: 'sky', name: 'Sky', elevation: 90_000 }] },
      { kind: 'plan', levelId: 'sky' },
    );
    expect(empty?.members.every((member) => member === 0)).toBe(true);
    expect(empty?.box).toEqual({ min: [0, 0, 0], max: [26_000, 8000, 6000] });
    expect(orthoViewOf(data, { kind: 'plan', levelId: 'nope' })).toBeNull();
    expect(orthoViewOf(data, { kind: 'elevation', gridId: 'nope' })).toBeNull();
  });
});
