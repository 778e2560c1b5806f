// @vitest-environment node
import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { PointerEventTypes, PointerInfo } from '@babylonjs/core/Events/pointerEvents';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../engine/testing/building';
import { expectedCounts, presetParameters, PRESETS } from '../engine/testing/presets';
import type { SceneData } from '../engine/scene';
import { toSceneData } from '../engine/scene';
import { frameProfile, sceneOf } from './scene/testScenes';
import { createViewerTestApi } from './testApi';
import { THEMES } from './themes';
import type { ElementFilter, ViewerEvents } from './types';
import { BabylonViewer, type BabylonViewerOptions } from './Viewer';

let building: SceneData;
const viewers: BabylonViewer[] = [];

beforeAll(() => {
  building = toSceneData(generateBuilding(presetParameters('1k')));
});

afterEach(() => {
  for (const viewer of viewers.splice(0)) {
    const engine = viewer.engine;
    viewer.dispose();
    engine.dispose();
  }
});

/** A 4 m column and a 6 m beam on its top, seen from the front: two members to point at. */
async function showColumnAndBeamFromTheFront(viewer: BabylonViewer): Promise<void> {
  await viewer.load(
    sceneOf(
      [
        [0, 0, 0],
        [0, 0, 4000],
        [6000, 0, 4000],
      ],
      [
        { id: 'column', type: 'Column', nodes: [0, 1], profile: 0 },
        { id: 'beam', type: 'Beam', nodes: [1, 2], profile: 0 },
      ],
      { profiles: [frameProfile('HEB300', 'i', 300, 300)] },
    ),
  );
  viewer.setView('front');
  viewer.renderNow();
}

function newViewer(options: BabylonViewerOptions = {}): BabylonViewer {
  const viewer = new BabylonViewer(
    new NullEngine({
      renderWidth: 800,
      renderHeight: 600,
      textureSize: 512,
      deterministicLockstep: false,
      lockstepMaxSteps: 1,
    }),
    options,
  );
  viewers.push(viewer);
  return viewer;
}

function filterOf(partial: Partial<ElementFilter>): ElementFilter {
  return { types: null, levels: null, profiles: null, materials: null, search: '', ...partial };
}

const expected = expectedCounts(PRESETS['1k']);

describe('BabylonViewer', () => {
  it('loads a version, draws it and says so with its element count and draw calls', async () => {
    const viewer = newViewer();
    const loaded: Array<ViewerEvents['loaded']> = [];
    viewer.on('loaded', (event) => loaded.push(event));
    await viewer.load(building);
    expect(loaded).toHaveLength(1);
    expect(loaded[0]?.elementCount).toBe(building.elements.ids.length);
    expect(loaded[0]?.drawCalls).toBeGreaterThan(0);
    expect(loaded[0]?.drawCalls).toBeLessThanOrEqual(50);
    const api = createViewerTestApi(viewer);
    expect(api.instanceCounts()).toMatchObject({ Column: expected.columns, Beam: expected.beams });
    expect(api.frameStats().frames).toBeGreaterThan(0);
    expect(api.elementIds()).toEqual(building.elements.ids);
    expect(api.drawCalls()).toBe(loaded[0]?.drawCalls);
  });

  it('filters, isolates ids and levels, and combines them', async () => {
    const viewer = newViewer();
    const api = createViewerTestApi(viewer);
    await viewer.load(building);
    viewer.filter(filterOf({ types: ['Column'] }));
    expect(api.instanceCounts()).toEqual({ Column: expected.columns });
    const columns = building.elements.ids.filter((id) => id.startsWith('C'));
    viewer.isolate(columns.slice(0, 3));
    expect(api.instanceCounts()).toEqual({ Column: 3 });
    viewer.isolate(null);
    viewer.filter(filterOf({}));
    viewer.isolateLevel('Story1');
    const perStorey = expected.elements / PRESETS['1k'].storeys;
    expect(Object.values(api.instanceCounts()).reduce((sum, count) => sum + count, 0)).toBe(perStorey);
    viewer.isolateLevel(null);
    viewer.filter(filterOf({ search: 'C1@Story2' }));
    expect(api.instanceCounts()).toEqual({ Column: 1 });
    expect(api.colorOf('B1@Story2')).toBeNull();
  });

  it('hides elements wholly outside a section box and clips with six planes', async () => {
    const viewer = newViewer();
    const api = createViewerTestApi(viewer);
    await viewer.load(building);
    const base = building.levels.find((level) => level.id === 'Base')?.elevation as number;
    viewer.setSectionBox({ min: [-1e9, -1e9, base - 10], max: [1e9, 1e9, base + 10] });
    // Only the ground storey's columns, braces and core walls reach down to the base; no beam or floor does.
    const counts = api.instanceCounts();
    expect(Object.keys(counts).sort()).toEqual(['Brace', 'Column', 'Wall']);
    expect(counts.Column).toBe(expected.columns / PRESETS['1k'].storeys);
    expect(viewer.scene.clipPlane6?.normal.z).toBe(1);
    viewer.setSectionBox(null);
    expect(viewer.scene.clipPlane).toBeNull();
    expect(api.instanceCounts().Beam).toBe(expected.beams);
  });

  it('selects by id, says so, and colours the selection', async () => {
    const viewer = newViewer();
    const api = createViewerTestApi(viewer);
    await viewer.load(building);
    const changes: Array<ViewerEvents['selectionChanged']> = [];
    viewer.on('selectionChanged', (event) => changes.push(event));
    viewer.select(['C1@Story1', 'no such element']);
    expect(changes.at(-1)?.selected.map(({ id }) => id)).toEqual(['C1@Story1']);
    expect(api.selection()).toEqual(['C1@Story1']);
    expect(api.colorOf('C1@Story1')).toBe(THEMES.light.selection);
    viewer.select(null);
    expect(changes.at(-1)?.selected).toEqual([]);
    expect(api.colorOf('C1@Story1')).toBe(THEMES.light.elements.column);
  });

  it('colours a diff by status per id, and switches themes', async () => {
    const viewer = newViewer();
    const api = createViewerTestApi(viewer);
    await viewer.load(building);
    viewer.showDiff(
      new Map([
        ['C1@Story1', 'added'],
        ['B1@Story1', 'modified'],
      ]),
    );
    expect(api.colorOf('C1@Story1')).toBe(THEMES.light.change.added);
    expect(api.colorOf('B1@Story1')).toBe(THEMES.light.change.modified);
    expect(api.colorOf('C2@Story1')).toBe(THEMES.light.change.unchanged);
    viewer.setTheme('dark');
    expect(api.theme()).toBe('dark');
    expect(api.colorOf('C1@Story1')).toBe(THEMES.dark.change.added);
    expect(viewer.scene.clearColor.toHexString().slice(0, 7).toLowerCase()).toBe(THEMES.dark.background);
    viewer.showDiff(null);
    expect(api.colorOf('C1@Story1')).toBe(THEMES.dark.elements.column);
  });

  it('tells which element the moving pointer is over while hover picking is on, each change once', async () => {
    let clock = 0;
    const viewer = newViewer({ now: () => clock });
    const api = createViewerTestApi(viewer);
    await showColumnAndBeamFromTheFront(viewer);
    const hovered: Array<string | null> = [];
    viewer.on('hoverChanged', ({ hovered: hit }) => hovered.push(hit?.id ?? null));
    const moveTo = (point: { x: number; y: number }) => {
      clock += 100;
      viewer.scene.pointerX = point.x;
      viewer.scene.pointerY = point.y;
      viewer.scene.onPointerObservable.notifyObservers(
        new PointerInfo(PointerEventTypes.POINTERMOVE, {} as never, null),
      );
    };
    const beam = api.screenPositionOf('beam') as { x: number; y: number };
    const column = api.screenPositionOf('column') as { x: number; y: number };
    moveTo(beam);
    expect(hovered).toEqual([]);
    viewer.setHoverPicking(true);
    moveTo(beam);
    moveTo({ x: beam.x + 1, y: beam.y });
    moveTo(column);
    moveTo({ x: 2, y: 2 });
    expect(hovered).toEqual(['beam', 'column', null]);
    // Moves closer together than a pick's interval are not picked.
    moveTo(beam);
    clock -= 90;
    moveTo(column);
    expect(hovered).toEqual(['beam', 'column', null, 'beam']);
    viewer.setHoverPicking(false);
    expect(hovered.at(-1)).toBeNull();
  });

  it('picks the element under a canvas point, and nothing where there is none', async () => {
    const viewer = newViewer();
    const api = createViewerTestApi(viewer);
    await showColumnAndBeamFromTheFront(viewer);
    for (const id of ['column', 'beam']) {
      const point = api.screenPositionOf(id);
      expect(point, id).not.toBeNull();
      expect(viewer.pick(point?.x as number, point?.y as number)?.id).toBe(id);
    }
    expect(viewer.pick(2, 2)).toBeNull();
    // A hidden element cannot be picked.
    viewer.isolate(['beam']);
    const column = viewer.projectToCanvas([0, 0, 2000]) as { x: number; y: number };
    expect(viewer.pick(column.x, column.y)).toBeNull();
  });

  it('fits the model to the view from each standard direction', async () => {
    const viewer = newViewer();
    await viewer.load(building);
    for (const view of ['top', 'front', 'side', 'iso'] as const) {
      viewer.setView(view);
      viewer.renderNow();
      const { min, max } = viewer.modelScene?.bounds as { min: number[]; max: number[] };
      // Every corner of the model's box is on the canvas.
      for (const x of [min[0], max[0]])
        for (const y of [min[1], max[1]])
          for (const z of [min[2], max[2]]) {
            expect(viewer.projectToCanvas([x as number, y as number, z as number]), view).not.toBeNull();
          }
    }
    viewer.setView('top');
    expect(viewer.camera.position.z).toBeGreaterThan(viewer.camera.target.z);
  });

  it('flies to a box: its centre is the target and the box with its margin is on the canvas', async () => {
    let now = 0;
    const viewer = newViewer({ now: () => now });
    const api = createViewerTestApi(viewer);
    await viewer.load(building);
    viewer.zoomToFit();
    const whole = api.camera();
    const ids = building.elements.ids.slice(0, 1);
    const box = api.boundsOf(ids);
    if (!box) throw new Error('the first element has no nodes');
    viewer.fitBox(box, { margin: 0.5, minSize: 2000 });
    // The flight starts with the next frame, from where the camera was.
    expect(api.camera()).toMatchObject({ flying: true, radius: whole.radius });
    now = 150;
    viewer.renderNow();
    const midway = api.camera();
    expect(midway.radius).toBeLessThan(whole.radius);
    now = 10_000;
    viewer.renderNow();
    const { target, radius, flying, mode } = api.camera();
    expect(flying).toBe(false);
    expect(mode).toBe('perspective');
    expect(radius).toBeLessThan(midway.radius);
    target.forEach((value, axis) =>
      expect(value).toBeCloseTo(((box.min[axis] as number) + (box.max[axis] as number)) / 2, 6),
    );
    for (const x of [box.min[0], box.max[0]])
      for (const y of [box.min[1], box.max[1]])
        for (const z of [box.min[2], box.max[2]]) expect(viewer.projectToCanvas([x, y, z])).not.toBeNull();
    // Isolation reads back as set.
    expect(api.isolation()).toBeNull();
    viewer.isolate(ids);
    expect(api.isolation()).toEqual(ids);
    expect(api.boundsOf(['no such element'])).toBeNull();
    expect(api.screenHeightOf('no such element')).toBeNull();
  });

  it('flies to a short beam high in the building: target in its box, at least 5 % of the canvas tall', async () => {
    // A slender tower about 110 m tall.
    const tower = toSceneData(
      generateBuilding({
        storeys: 30,
        baysX: 3,
        baysY: 3,
        braceEvery: 0,
        coreBaysX: 0,
        coreBaysY: 0,
        seed: 1,
      }),
    );
    const viewer = newViewer({ reducedMotion: true });
    const api = createViewerTestApi(viewer);
    await viewer.load(tower);
    const { min, max } = viewer.modelScene?.bounds as { min: number[]; max: number[] };
    expect((max[2] as number) - (min[2] as number)).toBeGreaterThan(100_000);
    // A beam on the roof.
    const beam = tower.elements.ids.find(
      (id) => id.startsWith('B') && api.boundsOf([id])?.min[2] === max[2],
    ) as string;
    expect(beam).toBeDefined();
    expect(api.screenHeightOf(beam)).toBeLessThan(0.05);
    viewer.flyTo([beam]);
    // Reduced motion: a jump, no flight.
    expect(api.camera().flying).toBe(false);
    viewer.renderNow();
    const box = api.boundsOf([beam]) as NonNullable<ReturnType<typeof api.boundsOf>>;
    api.camera().target.forEach((value, axis) => {
      expect(value).toBeGreaterThanOrEqual((box.min[axis] as number) - 1e-6);
      expect(value).toBeLessThanOrEqual((box.max[axis] as number) + 1e-6);
    });
    expect(api.screenHeightOf(beam)).toBeGreaterThanOrEqual(0.05);
    // Unknown ids leave the camera where it is.
    const before = api.camera();
    viewer.flyTo(['no such element']);
    expect(api.camera()).toEqual(before);
  });

  it('zooms with the wheel about the element under the cursor, in steps of the distance', async () => {
    const viewer = newViewer();
    const api = createViewerTestApi(viewer);
    await viewer.load(building);
    const beam = building.elements.ids.find((id) => id.startsWith('B')) ?? '';
    const position = api.screenPositionOf(beam);
    if (!position) throw new Error('the beam is not on screen');
    const hit = viewer.pick(position.x, position.y);
    if (!hit) throw new Error('nothing under the beam centre');
    const wheel = (deltaY: number) => {
      viewer.scene.pointerX = position.x;
      viewer.scene.pointerY = position.y;
      const event = { deltaY, deltaMode: 0, preventDefault: () => undefined } as unknown as WheelEvent;
      viewer.scene.onPointerObservable.notifyObservers(
        new PointerInfo(PointerEventTypes.POINTERWHEEL, event as never, null),
      );
    };
    const start = api.camera().radius;
    wheel(-100);
    expect(api.camera().radius).toBeCloseTo(start * 0.75, 6);
    // The element under the cursor stays under it.
    expect(viewer.pick(position.x, position.y)?.id).toBe(hit.id);
    for (let notch = 0; notch < 6; notch += 1) wheel(-100);
    expect(api.camera().radius).toBeCloseTo(start * Math.pow(0.75, 7), 6);
    expect(viewer.pick(position.x, position.y)?.id).toBe(hit.id);
    for (let notch = 0; notch < 7; notch += 1) wheel(100);
    expect(api.camera().radius).toBeCloseTo(start, 6);
  });

  it('shows the plan of a level through an orthographic camera: north up, fitted, its elements only', async () => {
    const viewer = newViewer();
    const api = createViewerTestApi(viewer);
    await viewer.load(building);
    const level = building.levels.find(({ id }) => id === 'Story2');
    if (!level) throw new Error('no Story2');
    viewer.showPlan(level.id);
    viewer.renderNow();
    expect(api.camera().mode).toBe('orthographic');
    expect(viewer.orthoView).toEqual({ kind: 'plan', levelId: 'Story2' });
    // Only elements that touch the level: beams on it, columns into it; fewer than the whole building.
    const shown = api.instanceCounts();
    const total = Object.values(shown).reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(building.elements.ids.length);
    for (const id of building.elements.ids) {
      if (api.screenPositionOf(id) === null) continue;
      const box = api.boundsOf([id]);
      expect(box && box.min[2] <= level.elevation + 100 && box.max[2] >= level.elevation - 100, id).toBe(
        true,
      );
    }
    // North up, east right.
    const target = api.camera().target;
    const centre = viewer.projectToCanvas(target);
    const east = viewer.projectToCanvas([target[0] + 1000, target[1], target[2]]);
    const north = viewer.projectToCanvas([target[0], target[1] + 1000, target[2]]);
    if (!centre || !east || !north) throw new Error('the plan centre is off the canvas');
    expect(east.x).toBeGreaterThan(centre.x);
    expect(Math.abs(east.y - centre.y)).toBeLessThan(1);
    expect(north.y).toBeLessThan(centre.y);
    // Fitted: the plan's box fills the canvas on its tighter side, all of it on screen.
    const { min, max } = viewer.modelScene?.bounds as { min: number[]; max: number[] };
    const corners = [
      viewer.projectToCanvas([min[0] as number, min[1] as number, level.elevation]),
      viewer.projectToCanvas([max[0] as number, max[1] as number, level.elevation]),
    ];
    if (!corners[0] || !corners[1]) throw new Error('a corner of the plan is off the canvas');
    const across = Math.max(
      Math.abs(corners[1].x - corners[0].x) / 800,
      Math.abs(corners[1].y - corners[0].y) / 600,
    );
    // All but the room kept for grid bubbles (44 px a side) and a small margin.
    expect(across).toBeGreaterThan(0.78);
    // Does not orbit: the angles are locked where the plan put them.
    expect(viewer.camera.lowerAlphaLimit).toBe(viewer.camera.upperAlphaLimit);
    expect(viewer.camera.lowerBetaLimit).toBe(viewer.camera.upperBetaLimit);
    // A left drag pans instead (in 3-D it orbits).
    const leftDrag = () =>
      viewer.camera.movement.input.inputMap.find(
        (entry) => entry.source === 'pointer' && entry.button === 0 && !entry.modifiers,
      )?.interaction;
    expect(leftDrag()).toBe('pan');
    viewer.showPerspective();
    expect(leftDrag()).toBe('rotate');
  });

  it('zooms a plan about the cursor, and leaves it for the 3-D view', async () => {
    const viewer = newViewer();
    const api = createViewerTestApi(viewer);
    await viewer.load(building);
    const iso = { alpha: viewer.camera.alpha, beta: viewer.camera.beta };
    viewer.showPlan('Story1');
    viewer.renderNow();
    const beam = building.elements.ids.find((id) => id.startsWith('B') && api.screenPositionOf(id)) ?? '';
    const position = api.screenPositionOf(beam);
    if (!position) throw new Error('no beam on screen');
    const start = api.camera().radius;
    viewer.scene.pointerX = position.x;
    viewer.scene.pointerY = position.y;
    const event = { deltaY: -300, deltaMode: 0, preventDefault: () => undefined } as unknown as WheelEvent;
    viewer.scene.onPointerObservable.notifyObservers(
      new PointerInfo(PointerEventTypes.POINTERWHEEL, event as never, null),
    );
    viewer.renderNow();
    expect(api.camera().radius).toBeCloseTo(start * Math.pow(0.75, 3), 6);
    // What was under the cursor is still under it (the beam lies between two slabs: compare places, not picks).
    const after = api.screenPositionOf(beam);
    expect(after?.x).toBeCloseTo(position.x, 0);
    expect(after?.y).toBeCloseTo(position.y, 0);
    expect(api.camera().mode).toBe('orthographic');

    viewer.showPerspective();
    viewer.renderNow();
    expect(api.camera().mode).toBe('perspective');
    expect(viewer.orthoView).toBeNull();
    const all = Object.values(api.instanceCounts()).reduce((sum, count) => sum + count, 0);
    expect(all).toBe(building.elements.ids.length);
    expect(viewer.camera.lowerAlphaLimit).toBeNull();
    // Back where the 3-D view looked from before the plan.
    expect(viewer.camera.alpha).toBeCloseTo(iso.alpha, 9);
    expect(viewer.camera.beta).toBeCloseTo(iso.beta, 9);
    // A standard view leaves a plan too.
    viewer.showPlan('Story1');
    viewer.setView('iso');
    expect(api.camera().mode).toBe('perspective');
  });

  it('shows the elevation on a grid line square to it, up on screen being up, with what lies on the line', async () => {
    const viewer = newViewer();
    const api = createViewerTestApi(viewer);
    await viewer.load(building);
    const grid = building.grids.find(({ label }) => label === 'A');
    if (!grid) throw new Error('no grid A');
    viewer.showElevation(grid.id);
    viewer.renderNow();
    expect(api.camera().mode).toBe('orthographic');
    const target = api.camera().target;
    const centre = viewer.projectToCanvas(target);
    const above = viewer.projectToCanvas([target[0], target[1], target[2] + 1000]);
    if (!centre || !above) throw new Error('off the canvas');
    expect(above.y).toBeLessThan(centre.y);
    expect(Math.abs(above.x - centre.x)).toBeLessThan(1);
    // Square to the line: grid A runs along Y, which reads left to right.
    const along = viewer.projectToCanvas([target[0], target[1] + 1000, target[2]]);
    expect(along?.x).toBeGreaterThan(centre.x + 10);
    expect(Math.abs((along?.y ?? 0) - centre.y)).toBeLessThan(1);
    // Grid A is the line x = 0: everything shown lies on it.
    for (const id of building.elements.ids) {
      if (api.screenPositionOf(id) === null) continue;
      const box = api.boundsOf([id]);
      expect(
        box && Math.abs(box.min[0] - grid.start[0]) <= 300 && Math.abs(box.max[0] - grid.start[0]) <= 300,
        id,
      ).toBe(true);
    }
    // An unknown grid leaves the 3-D view.
    viewer.showElevation('no such grid');
    expect(api.camera().mode).toBe('perspective');
  });

  it('draws the deformed shape of the members and area outlines whose joints all have results, swinging unless motion is reduced', async () => {
    // 8 pieces a member, one a side of an area's outline.
    const { nodeOffsets } = building.elements;
    const nodesOf = (element: number) =>
      (nodeOffsets[element + 1] as number) - (nodeOffsets[element] as number);
    const members = building.elements.ids.filter((_, element) => nodesOf(element) === 2).length;
    const edges = building.elements.ids.reduce(
      (sum, _, element) => sum + (nodesOf(element) >= 3 ? nodesOf(element) : 0),
      0,
    );
    const drawn = members * 8 + edges;
    const joints = building.nodes.ids.map((id, node) => ({
      id,
      u: [node % 3, 0, -(node % 5)] as const,
      r: [0, 0.001, Number.NaN] as const,
    }));
    const viewer = newViewer({ now: () => 500 });
    await viewer.load(building);
    viewer.showDeformed(joints, { animate: true });
    expect(edges).toBeGreaterThan(0);
    expect(viewer.deformedShape).toEqual({ segments: drawn, animated: true });
    // A joint the results lack leaves its members out.
    viewer.showDeformed(joints.slice(1), { animate: false });
    expect(viewer.deformedShape.segments).toBeLessThan(drawn);
    expect(viewer.deformedShape.animated).toBe(false);
    viewer.showDeformed(null, { animate: true });
    expect(viewer.deformedShape).toEqual({ segments: 0, animated: false });

    const still = newViewer({ reducedMotion: true });
    await still.load(building);
    still.showDeformed(joints, { animate: true });
    expect(still.deformedShape).toEqual({ segments: drawn, animated: false });
  });

  it('replaces the scene on a new load, keeping filters by id and dropping the diff', async () => {
    const viewer = newViewer();
    const api = createViewerTestApi(viewer);
    await viewer.load(building);
    viewer.filter(filterOf({ types: ['Beam'] }));
    viewer.showDiff(new Map([['B1@Story1', 'added']]));
    await viewer.load(building);
    expect(api.instanceCounts()).toEqual({ Beam: expected.beams });
    expect(api.colorOf('B1@Story1')).toBe(THEMES.light.elements.beam);
    expect(viewer.scene.meshes.filter((mesh) => mesh.name === 'members:i')).toHaveLength(1);
  });

  it('stops drawing while the context is lost and rebuilds when it is back', async () => {
    const viewer = newViewer();
    const api = createViewerTestApi(viewer);
    const events: string[] = [];
    viewer.on('contextLost', () => events.push('lost'));
    viewer.on('contextRestored', () => events.push('restored'));
    await viewer.load(building);
    viewer.select(['C1@Story1']);
    viewer.handleContextLost();
    const frames = api.frameStats().frames;
    viewer.renderNow();
    expect(api.frameStats().frames).toBe(frames);
    viewer.handleContextRestored();
    expect(events).toEqual(['lost', 'restored']);
    expect(api.colorOf('C1@Story1')).toBe(THEMES.light.selection);
    expect(api.instanceCounts().Column).toBe(expected.columns);
  });

  it('removes listeners and disposes once', async () => {
    const viewer = newViewer();
    let calls = 0;
    const off = viewer.on('selectionChanged', () => calls++);
    await viewer.load(building);
    viewer.select(['C1@Story1']);
    off();
    viewer.select(null);
    expect(calls).toBe(1);
    viewer.dispose();
    viewer.dispose();
    expect(viewer.scene.isDisposed).toBe(true);
  });
});

/** A GLB of one triangle (1 m a side, Y up): the smallest context geometry a translator could hand over. */
function triangleGlb(): ArrayBuffer {
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  const json = JSON.stringify({
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: 'triangle' }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
    ],
    bufferViews: [{ buffer: 0, byteLength: positions.byteLength }],
    buffers: [{ byteLength: positions.byteLength }],
  });
  const jsonBytes = new TextEncoder().encode(json.padEnd(Math.ceil(json.length / 4) * 4, ' '));
  const binary = new Uint8Array(positions.buffer);
  const total = 12 + 8 + jsonBytes.length + 8 + binary.length;
  const glb = new ArrayBuffer(total);
  const view = new DataView(glb);
  view.setUint32(0, 0x46546c67, true); // 'glTF'
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonBytes.length, true);
  view.setUint32(16, 0x4e4f534a, true); // 'JSON'
  new Uint8Array(glb, 20, jsonBytes.length).set(jsonBytes);
  view.setUint32(20 + jsonBytes.length, binary.length, true);
  view.setUint32(24 + jsonBytes.length, 0x004e4942, true); // 'BIN'
  new Uint8Array(glb, 28 + jsonBytes.length).set(binary);
  return glb;
}

describe('BabylonViewer context geometry', () => {
  it('loads a GLB through the glTF loader, Z up and in millimetres', async () => {
    const viewer = newViewer();
    await viewer.load(building);
    await viewer.loadContextGeometry(triangleGlb(), 'site');
    const triangle = viewer.scene.meshes.find((mesh) => mesh.name === 'triangle');
    expect(triangle).toBeDefined();
    triangle?.computeWorldMatrix(true);
    triangle?.parent?.computeWorldMatrix(true);
    const world = triangle?.getBoundingInfo().boundingBox.maximumWorld;
    // glTF's +Y (1 m) is the model's +Z (1000 mm).
    expect(world?.z).toBeCloseTo(1000, 0);
    expect(world?.x).toBeCloseTo(1000, 0);
  });

  it('reports a file that is not glTF as an error', async () => {
    const viewer = newViewer();
    const errors: string[] = [];
    viewer.on('error', ({ message }) => errors.push(message));
    await expect(
      viewer.loadContextGeometry(new TextEncoder().encode('not a glb').buffer, 'junk'),
    ).rejects.toThrow(/junk/);
    expect(errors).toHaveLength(1);
  });
});
