// @vitest-environment node
import { writeHex } from './colors';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { Scene } from '@babylonjs/core/scene';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateBuilding } from '../../engine/testing/building';
import { expectedCounts, presetParameters, PRESETS } from '../../engine/testing/presets';
import type { SceneData } from '../../engine/scene';
import { SCENE_ELEMENT_TYPES, toSceneData } from '../../engine/scene';
import { THEMES } from '../themes';
import type { ChangeStatus, ElementFilter } from '../types';
import { ModelScene, statusIndex } from './modelScene';
import { frameProfile, sceneOf } from './testScenes';
import { computeVisibility, NO_RULES } from './visibility';

let building: SceneData;
const scenes: Scene[] = [];

beforeAll(() => {
  building = toSceneData(generateBuilding(presetParameters('1k')));
});

afterEach(() => {
  for (const scene of scenes.splice(0)) scene.getEngine().dispose();
  vi.restoreAllMocks();
});

function build(data: SceneData, theme = THEMES.light): ModelScene {
  const scene = new Scene(new NullEngine());
  scene.useRightHandedSystem = true;
  scenes.push(scene);
  return new ModelScene(scene, data, { theme });
}

/** Element indices of a type. */
function ofType(data: SceneData, type: string): number[] {
  const typeIndex = SCENE_ELEMENT_TYPES.indexOf(type as (typeof SCENE_ELEMENT_TYPES)[number]);
  return data.elements.types.flatMap((t, element) => (t === typeIndex ? [element] : []));
}

function triangleArea(corners: Float32Array, t: number): number {
  const at = t * 9;
  const ax = (corners[at + 3] as number) - (corners[at] as number);
  const ay = (corners[at + 4] as number) - (corners[at + 1] as number);
  const az = (corners[at + 5] as number) - (corners[at + 2] as number);
  const bx = (corners[at + 6] as number) - (corners[at] as number);
  const by = (corners[at + 7] as number) - (corners[at + 1] as number);
  const bz = (corners[at + 8] as number) - (corners[at + 2] as number);
  return Math.hypot(ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx) / 2;
}

describe('ModelScene on the generated 1k building', () => {
  it('draws one instance per member and one polygon per floor and wall, in a few draw calls', () => {
    const model = build(building);
    const expected = expectedCounts(PRESETS['1k']);
    expect(model.shownCounts()).toEqual({
      Column: expected.columns,
      Beam: expected.beams,
      Brace: expected.braces,
      Floor: expected.floors,
      Wall: expected.walls,
    });
    expect(model.glyphCounts().restraints).toBe(expected.restraints);
    expect(model.drawCalls()).toBeGreaterThan(3);
    expect(model.drawCalls()).toBeLessThanOrEqual(50);
  });

  it("colours elements by type in the theme's colours, and again when the theme changes", () => {
    const model = build(building);
    const column = ofType(building, 'Column')[0] as number;
    const floor = ofType(building, 'Floor')[0] as number;
    expect(model.colorOf(column)).toBe(THEMES.light.elements.column);
    expect(model.colorOf(floor)).toBe(THEMES.light.elements.floor);
    model.setTheme(THEMES.dark);
    expect(model.colorOf(column)).toBe(THEMES.dark.elements.column);
    expect(model.colorOf(floor)).toBe(THEMES.dark.elements.floor);
  });

  it('colours a diff by status, unchanged elements in the ghost grey, and back by type when cleared', () => {
    const model = build(building);
    const [added, removed, modified, unchanged] = ofType(building, 'Beam') as [
      number,
      number,
      number,
      number,
    ];
    const wall = ofType(building, 'Wall')[0] as number;
    const statuses = new Int8Array(building.elements.ids.length).fill(statusIndex('unchanged'));
    const wanted: Array<[number, ChangeStatus]> = [
      [added, 'added'],
      [removed, 'removed'],
      [modified, 'modified'],
      [wall, 'added'],
    ];
    for (const [element, status] of wanted) statuses[element] = statusIndex(status);
    model.setStatuses(statuses);
    for (const theme of [THEMES.light, THEMES.white, THEMES.dark]) {
      model.setTheme(theme);
      for (const [element, status] of wanted) expect(model.colorOf(element)).toBe(theme.change[status]);
      expect(model.colorOf(unchanged)).toBe(theme.change.unchanged);
    }
    model.setStatuses(null);
    expect(model.colorOf(added)).toBe(THEMES.dark.elements.beam);
    expect(model.colorOf(wall)).toBe(THEMES.dark.elements.wall);
  });

  it('colours members by a result over their type colours, ghosts the rest, and gives the colours back', () => {
    const model = build(building);
    const [coloured, other] = ofType(building, 'Beam') as [number, number];
    const rgb = new Float32Array(building.elements.ids.length * 3).fill(Number.NaN);
    writeHex('#b2182b', rgb, coloured * 3);
    model.setCustomColors(rgb);
    expect(model.colorOf(coloured)).toBe('#b2182b');
    expect(model.colorOf(other)).toBe(THEMES.light.change.unchanged);
    // The selection still shows over a result's colour.
    model.setSelection([coloured]);
    expect(model.colorOf(coloured)).toBe(THEMES.light.selection);
    model.setSelection([]);
    model.setCustomColors(null);
    expect(model.colorOf(coloured)).toBe(THEMES.light.elements.beam);
  });

  it('shows the selection in the selection colour and restores the previous colour after', () => {
    const model = build(building);
    const [first, second] = ofType(building, 'Column') as [number, number];
    model.setSelection([first, second]);
    expect(model.colorOf(first)).toBe(THEMES.light.selection);
    model.setSelection([second]);
    expect(model.colorOf(first)).toBe(THEMES.light.elements.column);
    expect(model.colorOf(second)).toBe(THEMES.light.selection);
    expect(model.selectedElements).toEqual([second]);
  });

  it('turns the depth of a column rotated by 90° from global X to global Y', () => {
    const model = build(building);
    const columns = ofType(building, 'Column');
    const straight = columns.find((element) => building.elements.angles[element] === 0) as number;
    const turned = columns.find((element) => building.elements.angles[element] === 90) as number;
    const depthOf = (element: number) => {
      const placed = model.memberMatrix(element);
      expect(placed?.batch).toBe('i');
      return Array.from(placed?.matrix.subarray(4, 7) ?? []);
    };
    const depth = building.profiles[building.elements.profiles[straight] as number]?.depth as number;
    const [sx, sy, sz] = depthOf(straight) as [number, number, number];
    expect(sx).toBeCloseTo(depth, 3);
    expect(Math.abs(sy) + Math.abs(sz)).toBeLessThan(1e-3);
    const [tx, ty, tz] = depthOf(turned) as [number, number, number];
    expect(Math.abs(tx) + Math.abs(tz)).toBeLessThan(1e-3);
    expect(Math.abs(ty)).toBeCloseTo(
      building.profiles[building.elements.profiles[turned] as number]?.depth as number,
      3,
    );
  });

  it('hangs beams with cardinal point 8 under the line between their nodes', () => {
    const model = build(building);
    const beam = ofType(building, 'Beam').find((element) => building.elements.cardinalPoints[element] === 8);
    expect(beam).toBeDefined();
    const element = beam as number;
    const node = building.elements.nodeIndices[building.elements.nodeOffsets[element] as number] as number;
    const nodeZ = building.nodes.xyz[node * 3 + 2] as number;
    const depth = building.profiles[building.elements.profiles[element] as number]?.depth as number;
    const matrix = model.memberMatrix(element)?.matrix as Float32Array;
    // The translation is the section's centre at end i: half the depth under the node.
    expect(matrix[14]).toBeCloseTo(nodeZ - depth / 2, 2);
  });

  it('hides what the rules hide by zeroing instances and collapsing polygons, and shows them unchanged again', () => {
    const model = build(building);
    const visible = new Uint8Array(building.elements.ids.length);
    const beam = ofType(building, 'Beam')[0] as number;
    const before = model.memberMatrix(beam)?.matrix;
    const floor = ofType(building, 'Floor')[0] as number;
    const floorBefore = model.areaTriangles(floor);

    computeVisibility(
      building,
      { ...NO_RULES, filter: filterOf({ types: ['Column', 'Floor'] }) },
      model.reach,
      visible,
    );
    model.setVisibility(visible);
    const expected = expectedCounts(PRESETS['1k']);
    expect(model.shownCounts()).toEqual({ Column: expected.columns, Floor: expected.floors });
    expect(model.colorOf(beam)).toBeNull();
    expect(Array.from(model.memberMatrix(beam)?.matrix.subarray(0, 11) ?? [])).toEqual(new Array(11).fill(0));

    computeVisibility(building, { ...NO_RULES, filter: filterOf({ types: ['Beam'] }) }, model.reach, visible);
    model.setVisibility(visible);
    expect(model.shownCounts()).toEqual({ Beam: expected.beams });
    expect(model.areaTriangles(floor)?.every((value, k, all) => value === all[k % 3])).toBe(true);

    computeVisibility(building, NO_RULES, model.reach, visible);
    model.setVisibility(visible);
    expect(model.memberMatrix(beam)?.matrix).toEqual(before);
    expect(model.areaTriangles(floor)).toEqual(floorBefore);
    expect(model.colorOf(beam)).toBe(THEMES.light.elements.beam);
  });

  it('shows only the nodes and restraints of what is shown', () => {
    const model = build(building);
    const allNodes = model.shownNodeCount();
    const visible = new Uint8Array(building.elements.ids.length);
    const top = building.levels.findIndex((level) => level.id === 'Story5');
    computeVisibility(building, { ...NO_RULES, level: top }, model.reach, visible);
    model.setVisibility(visible);
    const perLevel = (PRESETS['1k'].baysX + 1) * (PRESETS['1k'].baysY + 1);
    // The top storey's columns reach down one level: its nodes and the ones below.
    expect(model.shownNodeCount()).toBe(2 * perLevel);
    expect(allNodes).toBe(6 * perLevel);
    expect(model.glyphCounts().restraints).toBe(0);
  });

  it('recolours and hides without rebuilding any mesh or buffer', () => {
    const model = build(building);
    const meshes = model.meshes();
    const setBuffer = vi.spyOn(Mesh.prototype, 'thinInstanceSetBuffer');
    const setVertices = vi.spyOn(Mesh.prototype, 'setVerticesData');
    const partialUpdate = vi.spyOn(Mesh.prototype, 'thinInstancePartialBufferUpdate');
    const elements = building.elements.ids.length;
    const some = Array.from({ length: Math.ceil(elements / 100) }, (_, k) => k * 100);
    model.updateStatuses(
      some,
      some.map(() => statusIndex('modified')),
    );
    model.setSelection(some.slice(0, 3));
    model.setTheme(THEMES.white);
    const visible = new Uint8Array(elements).fill(1);
    visible[some[0] as number] = 0;
    model.setVisibility(visible);
    expect(setBuffer).not.toHaveBeenCalled();
    expect(setVertices).not.toHaveBeenCalled();
    expect(partialUpdate).toHaveBeenCalled();
    expect(model.meshes()).toEqual(meshes);
    expect(model.colorOf(some[1] as number)).toBe(THEMES.white.selection);
    expect(model.colorOf(some[5] as number)).toBe(THEMES.white.change.modified);
  });

  it('switches glyph layers on and off, one draw call each', () => {
    const model = build(building);
    const calls = model.drawCalls();
    model.setLayerVisible('loads', true);
    expect(model.drawCalls()).toBe(calls + 1);
    model.setLayerVisible('restraints', false);
    model.setLayerVisible('nodes', false);
    expect(model.drawCalls()).toBe(calls - 1);
  });
});

describe('ModelScene areas', () => {
  // A 10 × 8 m floor with a 2 × 3 m opening, and a floor below it without one.
  const floorWithOpening = sceneOf(
    [
      [0, 0, 3000],
      [10000, 0, 3000],
      [10000, 8000, 3000],
      [0, 8000, 3000],
      [4000, 2000, 3000],
      [6000, 2000, 3000],
      [6000, 5000, 3000],
      [4000, 5000, 3000],
      [0, 0, 0],
      [10000, 0, 0],
      [10000, 8000, 0],
      [0, 8000, 0],
    ],
    [
      { id: 'F1', type: 'Floor', nodes: [0, 1, 2, 3] },
      { id: 'O1', type: 'Opening', nodes: [4, 5, 6, 7] },
      { id: 'F0', type: 'Floor', nodes: [8, 9, 10, 11] },
    ],
  );

  it('cuts openings out of floors: the drawn area is the outline less the opening', () => {
    const model = build(floorWithOpening);
    const corners = model.areaTriangles(0) as Float32Array;
    let area = 0;
    for (let t = 0; t < corners.length / 9; t++) {
      area += triangleArea(corners, t);
      const cx =
        ((corners[t * 9] as number) + (corners[t * 9 + 3] as number) + (corners[t * 9 + 6] as number)) / 3;
      const cy =
        ((corners[t * 9 + 1] as number) + (corners[t * 9 + 4] as number) + (corners[t * 9 + 7] as number)) /
        3;
      const inHole = cx > 4000 && cx < 6000 && cy > 2000 && cy < 5000;
      expect(inHole).toBe(false);
    }
    expect(area).toBeCloseTo(80e6 - 6e6, -2);
    // The floor below keeps its whole area; the opening itself is not drawn.
    const below = model.areaTriangles(2) as Float32Array;
    let belowArea = 0;
    for (let t = 0; t < below.length / 9; t++) belowArea += triangleArea(below, t);
    expect(belowArea).toBeCloseTo(80e6, -2);
    expect(model.shownCounts()).toEqual({ Floor: 2 });
  });

  it('draws members without a profile, cables and links at default sizes', () => {
    const model = build(
      sceneOf(
        [
          [0, 0, 0],
          [5000, 0, 0],
          [0, 5000, 0],
          [0, 0, 5000],
        ],
        [
          { id: 'B', type: 'Beam', nodes: [0, 1] },
          { id: 'C', type: 'Cable', nodes: [0, 2] },
          { id: 'L', type: 'Link', nodes: [0, 3] },
          { id: 'G', type: 'Link', nodes: [3] },
          { id: 'P', type: 'Brace', nodes: [1, 3], profile: 0 },
        ],
        { profiles: [frameProfile('CHS', 'pipe', 300, 300)] },
      ),
    );
    expect(model.memberMatrix(0)?.batch).toBe('generic');
    expect(model.memberMatrix(1)?.batch).toBe('rod');
    expect(model.memberMatrix(2)?.batch).toBe('rod');
    expect(model.memberMatrix(3)).toBeNull();
    expect(model.memberMatrix(4)?.batch).toBe('pipe');
    expect(model.shownCounts()).toEqual({ Beam: 1, Cable: 1, Link: 1, Brace: 1 });
    expect(model.pickRadii[4]).toBe(150);
  });

  it("draws an elevation's crossing grids upright in place of the plan grids, and a plan's grids at its level", () => {
    const model = build(building);
    const named = (name: string) => model.meshes().find((mesh) => mesh.name === name);
    const top = model.bounds.max[2];
    model.setElevationGrids([
      { label: '1', point: [0, 0] },
      { label: '2', point: [6000, 0] },
    ]);
    const upright = named('elevation grids');
    expect(upright?.isEnabled()).toBe(true);
    expect(named('grids')?.isEnabled()).toBe(false);
    // Two vertical lines through the whole height.
    const positions = upright?.getVerticesData('position') ?? [];
    expect(positions).toHaveLength(12);
    expect(positions[0]).toBe(positions[3]);
    expect(positions[5]).toBeGreaterThan(top);
    // Grids switched off stay off in an elevation too.
    model.setLayerVisible('grids', false);
    expect(named('elevation grids')?.isEnabled()).toBe(false);
    model.setLayerVisible('grids', true);
    model.setElevationGrids(null);
    expect(named('elevation grids')).toBeUndefined();
    expect(named('grids')?.isEnabled()).toBe(true);
    model.setGridElevation(7000);
    const lowest = Math.min(...building.levels.map(({ elevation }) => elevation));
    expect(named('grids')?.position.z).toBe(7000 - lowest);
  });
});

function filterOf(partial: Partial<ElementFilter>): ElementFilter {
  return { types: null, levels: null, profiles: null, materials: null, search: '', ...partial };
}
