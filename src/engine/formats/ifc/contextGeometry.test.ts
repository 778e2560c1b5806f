import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { LoadAssetContainerAsync } from '@babylonjs/core/Loading/sceneLoader';
import { TransformNode } from '@babylonjs/core/Meshes/transformNode';
import { Scene } from '@babylonjs/core/scene';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Model } from '../../schema';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../../testing/fixtures';
import type { ReadResult } from '../types';
import { contextGeometryIds, extractContextGlb } from './contextGeometry';
import { readIfc } from './read';

const TEKLA = 'web-ifc__ISSUE_021_Mini_Project.ifc';

interface GltfJson {
  asset: { version: string };
  nodes: Array<{ name: string; mesh: number; translation: number[] }>;
  meshes: Array<{ name: string; primitives: Array<{ attributes: Record<string, number>; indices: number }> }>;
  accessors: Array<{
    bufferView: number;
    componentType: number;
    count: number;
    type: string;
    min?: number[];
    max?: number[];
  }>;
  bufferViews: Array<{ byteOffset: number; byteLength: number }>;
  buffers: Array<{ byteLength: number }>;
}

/** Splits a GLB into its JSON and binary chunks, checking the container as a strict loader would. */
function parseGlb(glb: Uint8Array): { json: GltfJson; bin: Uint8Array } {
  const data = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  expect(data.getUint32(0, true)).toBe(0x46546c67);
  expect(data.getUint32(4, true)).toBe(2);
  expect(data.getUint32(8, true)).toBe(glb.byteLength);
  const jsonLength = data.getUint32(12, true);
  expect(data.getUint32(16, true)).toBe(0x4e4f534a);
  expect(jsonLength % 4).toBe(0);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as GltfJson;
  const binStart = 20 + jsonLength;
  const binLength = data.getUint32(binStart, true);
  expect(data.getUint32(binStart + 4, true)).toBe(0x004e4942);
  expect(binStart + 8 + binLength).toBe(glb.byteLength);
  return { json, bin: glb.subarray(binStart + 8, binStart + 8 + binLength) };
}

/** Loads a GLB the way the viewer does (Y-up metres under a root turned Z-up and scaled to mm); world box in mm. */
async function loadLikeViewer(glb: Uint8Array): Promise<{
  meshNames: string[];
  boxes: Map<string, { min: number[]; max: number[] }>;
  dispose: () => void;
}> {
  await import('@babylonjs/loaders/glTF/2.0');
  const engine = new NullEngine({
    renderWidth: 64,
    renderHeight: 64,
    textureSize: 64,
    deterministicLockstep: false,
    lockstepMaxSteps: 1,
  });
  const scene = new Scene(engine);
  scene.useRightHandedSystem = true;
  const container = await LoadAssetContainerAsync(glb, scene, { pluginExtension: '.glb' });
  container.addAllToScene();
  const root = new TransformNode('context', scene);
  root.rotation.x = Math.PI / 2;
  root.scaling.setAll(1000);
  for (const node of [...container.meshes, ...container.transformNodes]) {
    if (!node.parent) node.parent = root;
  }
  root.computeWorldMatrix(true);
  const boxes = new Map<string, { min: number[]; max: number[] }>();
  const meshNames: string[] = [];
  for (const mesh of container.meshes) {
    if (mesh.getTotalVertices() === 0) continue;
    // A glTF node with one primitive loads as one Babylon mesh named after the node: the product's GlobalId.
    const name = mesh.name;
    meshNames.push(name);
    let node: typeof mesh.parent = mesh;
    const chain = [];
    while (node) {
      chain.unshift(node);
      node = node.parent;
    }
    for (const link of chain) link.computeWorldMatrix(true);
    mesh.refreshBoundingInfo({});
    const box = mesh.getBoundingInfo().boundingBox;
    boxes.set(name, { min: box.minimumWorld.asArray(), max: box.maximumWorld.asArray() });
  }
  return {
    meshNames,
    boxes,
    dispose: () => {
      scene.dispose();
      engine.dispose();
    },
  };
}

describe.skipIf(!fixturesPresent)(`IFC context geometry${FIXTURES_SKIP_NOTE}`, () => {
  let bytes: Uint8Array;
  let read: ReadResult;
  beforeAll(async () => {
    bytes = readFixture('ifc', TEKLA);
    read = await readIfc(bytes);
  }, 60_000);

  const droppedSlabs = (): Set<string> =>
    new Set(
      read.report.items
        .filter((item) => item.severity === 'dropped' && item.subject === 'IfcSlab' && item.id)
        .map((item) => item.id ?? ''),
    );

  it('takes the ids of the products the reader approximated or dropped from its report', () => {
    const ids = contextGeometryIds(read.report);
    // The Tekla project's 20 arc-outlined slabs (dropped) and 127 brep-only members (approximated axes).
    expect(droppedSlabs().size).toBe(20);
    for (const id of droppedSlabs()) expect(ids).toContain(id);
    expect(ids.size).toBe(20 + 109 + 18);
    // Summaries without an id (profiles known only by name) are not products.
    expect([...ids].every((id) => id.length > 0)).toBe(true);
  });

  it('turns the 20 slabs the reader dropped into 20 named meshes in a valid GLB', async () => {
    const slabs = droppedSlabs();
    const result = await extractContextGlb(bytes, slabs);
    expect(result?.elements).toBe(20);
    const { json, bin } = parseGlb(result?.glb ?? new Uint8Array());
    expect(json.asset.version).toBe('2.0');
    expect(json.meshes).toHaveLength(20);
    expect(new Set(json.meshes.map((mesh) => mesh.name))).toEqual(slabs);
    expect(json.buffers[0]?.byteLength).toBeLessThanOrEqual(bin.length);
    for (const mesh of json.meshes) {
      const primitive = mesh.primitives[0];
      const position = json.accessors[primitive?.attributes['POSITION'] ?? -1];
      const normal = json.accessors[primitive?.attributes['NORMAL'] ?? -1];
      const indices = json.accessors[primitive?.indices ?? -1];
      expect(position?.min).toHaveLength(3);
      expect(position?.max).toHaveLength(3);
      expect(normal?.count).toBe(position?.count);
      // Accessor counts must match the bytes their views hold, or a loader reads past the buffer.
      expect(json.bufferViews[position?.bufferView ?? -1]?.byteLength).toBe((position?.count ?? 0) * 12);
      expect(json.bufferViews[indices?.bufferView ?? -1]?.byteLength).toBe((indices?.count ?? 0) * 4);
      expect((indices?.count ?? 0) % 3).toBe(0);
      expect(indices?.count).toBeGreaterThan(0);
      // Every index points at an existing vertex.
      const view = json.bufferViews[indices?.bufferView ?? -1];
      const values = new Uint32Array(
        bin.slice(view?.byteOffset ?? 0, (view?.byteOffset ?? 0) + (view?.byteLength ?? 0)).buffer,
      );
      expect(Math.max(...values)).toBeLessThan(position?.count ?? 0);
    }
  }, 60_000);

  it('places the meshes where the model is: Babylon loads them and their boxes match the read slabs in mm', async () => {
    // The 4 slabs the reader did read have analytical outlines in the model (one face of each plate). Their
    // tessellation, loaded as the viewer loads it, must be the box that outline spans, thickened on one axis:
    // a swapped axis, a mirrored sign or a metre/millimetre slip moves the box by far more than 5 mm.
    const floors = read.model.elements.filter((element) => element.type === 'Floor');
    expect(floors).toHaveLength(4);
    const nodes = new Map(read.model.nodes.map((node) => [node.id, node]));
    const result = await extractContextGlb(bytes, new Set(floors.map((floor) => floor.id)));
    expect(result?.elements).toBe(4);
    const loaded = await loadLikeViewer(result?.glb ?? new Uint8Array());
    try {
      expect(new Set(loaded.meshNames)).toEqual(new Set(floors.map((floor) => floor.id)));
      for (const floor of floors) {
        const outline = nodesOf(floor, nodes).map((node) => [node.x, node.y, node.z]);
        expect(outline.length).toBeGreaterThanOrEqual(3);
        const box = loaded.boxes.get(floor.id);
        expect(box, floor.id).toBeDefined();
        let spanned = 0;
        for (const axis of [0, 1, 2]) {
          const low = Math.min(...outline.map((point) => point[axis] ?? NaN));
          const high = Math.max(...outline.map((point) => point[axis] ?? NaN));
          const boxLow = box?.min[axis] ?? NaN;
          const boxHigh = box?.max[axis] ?? NaN;
          if (Math.abs(low - boxLow) < 5 && Math.abs(high - boxHigh) < 5) {
            spanned++;
          } else {
            // The thickness axis: the outline is flat and lies on one face of the box.
            expect(high - low, `${floor.id} axis ${axis}`).toBeLessThan(5);
            expect(
              Math.min(Math.abs(low - boxLow), Math.abs(low - boxHigh)),
              `${floor.id} axis ${axis}`,
            ).toBeLessThan(5);
          }
        }
        expect(spanned, floor.id).toBeGreaterThanOrEqual(2);
      }
    } finally {
      loaded.dispose();
    }
  }, 60_000);

  it('loads the dropped slabs in Babylon as 20 meshes inside the model extent', async () => {
    const result = await extractContextGlb(bytes, droppedSlabs());
    const loaded = await loadLikeViewer(result?.glb ?? new Uint8Array());
    try {
      expect(loaded.meshNames).toHaveLength(20);
      expect(loaded.boxes.size).toBe(20);
      const xs = read.model.nodes.map((node) => node.x);
      const ys = read.model.nodes.map((node) => node.y);
      const zs = read.model.nodes.map((node) => node.z);
      // Mis-scaled (m vs mm) or mis-oriented (Y-up left as Z) meshes would land far outside the members' extent.
      const margin = 1000;
      for (const [name, box] of loaded.boxes) {
        expect(box.min[0], name).toBeGreaterThan(Math.min(...xs) - margin);
        expect(box.max[0], name).toBeLessThan(Math.max(...xs) + margin);
        expect(box.min[1], name).toBeGreaterThan(Math.min(...ys) - margin);
        expect(box.max[1], name).toBeLessThan(Math.max(...ys) + margin);
        expect(box.min[2], name).toBeGreaterThan(Math.min(...zs) - margin);
        expect(box.max[2], name).toBeLessThan(Math.max(...zs) + margin);
      }
    } finally {
      loaded.dispose();
    }
  }, 60_000);

  it('answers null when nothing is asked for or nothing asked for exists', async () => {
    expect(await extractContextGlb(bytes, new Set())).toBeNull();
    expect(await extractContextGlb(bytes, new Set(['not-a-global-id']))).toBeNull();
  });
});

function nodesOf(
  floor: Model['elements'][number],
  nodes: Map<string, Model['nodes'][number]>,
): Array<{ x: number; y: number; z: number }> {
  if (!('nodeIds' in floor)) return [];
  return floor.nodeIds.flatMap((id) => {
    const node = nodes.get(id);
    return node ? [node] : [];
  });
}
