/**
 * A minimal glTF 2.0 binary (GLB) writer for context geometry: one node and one mesh per product, one grey
 * material, float32 positions and normals, uint32 indices. Pure (Uint8Array / DataView), so it runs in the engine.
 */
import { encodeUtf8 } from '../../text/encoding';

/** One product's triangles, in metres, Y-up, relative to `origin` (kept in float64 as the node's translation). */
export interface GlbMesh {
  name: string;
  origin: readonly [number, number, number];
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
}

const GLB_MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a; // 'JSON'
const CHUNK_BIN = 0x004e4942; // 'BIN\0'
const FLOAT = 5126;
const UNSIGNED_INT = 5125;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;
const TRIANGLES = 4;

interface BufferView {
  buffer: 0;
  byteOffset: number;
  byteLength: number;
  target: number;
}

interface Accessor {
  bufferView: number;
  componentType: number;
  count: number;
  type: 'VEC3' | 'SCALAR';
  min?: number[];
  max?: number[];
}

function bounds(positions: Float32Array): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let index = 0; index < positions.length; index += 3) {
    for (let axis = 0; axis < 3; axis++) {
      const value = positions[index + axis] ?? 0;
      if (value < (min[axis] ?? 0)) min[axis] = value;
      if (value > (max[axis] ?? 0)) max[axis] = value;
    }
  }
  return { min, max };
}

const padded = (length: number): number => Math.ceil(length / 4) * 4;

/** Encodes the meshes as one GLB. Every mesh must have at least one triangle. */
export function encodeGlb(meshes: readonly GlbMesh[]): Uint8Array {
  const bufferViews: BufferView[] = [];
  const accessors: Accessor[] = [];
  const parts: Uint8Array[] = [];
  let byteLength = 0;
  const view = (data: Float32Array | Uint32Array, target: number): number => {
    // Every part is 4-byte aligned: float32 and uint32 need it, and both are 4 bytes wide.
    bufferViews.push({ buffer: 0, byteOffset: byteLength, byteLength: data.byteLength, target });
    parts.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    byteLength += data.byteLength;
    return bufferViews.length - 1;
  };
  const gltfMeshes = meshes.map((mesh) => {
    const position = accessors.push({
      bufferView: view(mesh.positions, ARRAY_BUFFER),
      componentType: FLOAT,
      count: mesh.positions.length / 3,
      type: 'VEC3',
      // glTF requires min/max on POSITION accessors; loaders use them for bounding boxes.
      ...bounds(mesh.positions),
    });
    const normal = accessors.push({
      bufferView: view(mesh.normals, ARRAY_BUFFER),
      componentType: FLOAT,
      count: mesh.normals.length / 3,
      type: 'VEC3',
    });
    const indices = accessors.push({
      bufferView: view(mesh.indices, ELEMENT_ARRAY_BUFFER),
      componentType: UNSIGNED_INT,
      count: mesh.indices.length,
      type: 'SCALAR',
    });
    return {
      name: mesh.name,
      primitives: [
        {
          attributes: { POSITION: position - 1, NORMAL: normal - 1 },
          indices: indices - 1,
          material: 0,
          mode: TRIANGLES,
        },
      ],
    };
  });
  const json = {
    asset: { version: '2.0', generator: 'Gusset IFC context geometry' },
    scene: 0,
    scenes: [{ name: 'IFC context geometry', nodes: meshes.map((_, index) => index) }],
    nodes: meshes.map((mesh, index) => ({
      name: mesh.name,
      mesh: index,
      translation: [...mesh.origin],
    })),
    meshes: gltfMeshes,
    materials: [
      {
        name: 'IFC geometry',
        // Grey and matt so it reads as context, not as the model's coloured elements; IFC faces are not always
        // consistently wound, hence double-sided.
        pbrMetallicRoughness: {
          baseColorFactor: [0.62, 0.62, 0.62, 1],
          metallicFactor: 0,
          roughnessFactor: 0.9,
        },
        doubleSided: true,
      },
    ],
    accessors,
    bufferViews,
    buffers: [{ byteLength }],
  };
  const jsonBytes = encodeUtf8(JSON.stringify(json));
  const jsonLength = padded(jsonBytes.length);
  const binLength = padded(byteLength);
  const total = 12 + 8 + jsonLength + 8 + binLength;
  const glb = new Uint8Array(total);
  const data = new DataView(glb.buffer);
  data.setUint32(0, GLB_MAGIC, true);
  data.setUint32(4, 2, true);
  data.setUint32(8, total, true);
  data.setUint32(12, jsonLength, true);
  data.setUint32(16, CHUNK_JSON, true);
  glb.set(jsonBytes, 20);
  // The JSON chunk is padded with spaces, the binary chunk with zeros (glTF 2.0 §4.4.3).
  glb.fill(0x20, 20 + jsonBytes.length, 20 + jsonLength);
  let offset = 20 + jsonLength;
  data.setUint32(offset, binLength, true);
  data.setUint32(offset + 4, CHUNK_BIN, true);
  offset += 8;
  for (const part of parts) {
    glb.set(part, offset);
    offset += part.length;
  }
  return glb;
}
