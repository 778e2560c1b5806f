/**
 * IFC products whose geometry is the only faithful source → glTF binary (GLB) for the viewer's context layer.
 *
 * The reader takes attributes, not tessellated geometry; where it could only approximate a product (a member with
 * only a faceted body gets the principal axis of its vertices) or had to drop it (a slab outlined with parametric
 * arcs), it says so in the report with the product's id. `contextGeometryIds(report)` collects those ids;
 * `extractContextGlb(bytes, ids)` tessellates just those products with web-ifc and encodes them as GLB: one mesh
 * per product named by its GlobalId, positions in metres and Y-up (glTF's convention, which the viewer turns Z-up
 * millimetres), one grey material.
 *
 * web-ifc's meshes: with the linear scaling factor applied, every placed geometry's `flatTransformation` (column
 * major 4×4) takes its vertices (x, y, z, nx, ny, nz interleaved, float32) to metres in web-ifc's Y-up frame, IFC
 * (x, y, z) → (x, z, −y). That is glTF's frame already, so the transformation is applied as is. The model is opened
 * with COORDINATE_TO_ORIGIN off, as the reader does, so the meshes sit where the model's nodes are.
 */
import type { FlatMesh, IfcAPI } from 'web-ifc';
import { ParseError } from '../parseError';
import { reportItemIds, type TranslationReport } from '../report';
import type { GlbMesh } from './glb';
import { encodeGlb } from './glb';
import { ifcApi } from './ifcApi';
import { IFC_FORMAT } from './readStep';

/** Feature elements that cut other elements: drawing them solid would show a void as a block. */
const SUBTRACTIONS = new Set(['IFCOPENINGELEMENT', 'IFCOPENINGSTANDARDCASE', 'IFCVOIDINGFEATURE']);

/**
 * The ids of the products the reader approximated or dropped: report items with severity `approximated` or
 * `dropped`, an `id`, and an IFC class as subject (`IfcSlab`, `IfcBeam`; not `Profile` or `Physical elements`,
 * which are summaries). Ids are GlobalIds, or `<IfcClass>#<express id>` / `<GlobalId>#<express id>` when a
 * product has none or repeats one; `extractContextGlb` understands all three.
 */
export function contextGeometryIds(report: TranslationReport): Set<string> {
  const ids = new Set<string>();
  for (const item of report.items) {
    if (item.severity === 'warning' || !/^Ifc[A-Z]/.test(item.subject)) continue;
    if (item.id) ids.add(item.id);
    // The item that counts the products past the report's cap: its ids are known in the process that read.
    else if (item.count !== undefined) for (const id of reportItemIds(item)) ids.add(id);
  }
  return ids;
}

/** GlobalId or express id of every IfcElement in the file (not IfcSpace, IfcAnnotation and such). */
function productsOf(api: IfcAPI, modelId: number): Array<{ expressId: number; globalId: string }> {
  const products: Array<{ expressId: number; globalId: string }> = [];
  for (const type of api.GetIfcEntityList(modelId)) {
    if (!api.IsIfcElement(type) || SUBTRACTIONS.has(api.GetNameFromTypeCode(type).toUpperCase())) continue;
    const lines = api.GetLineIDsWithType(modelId, type);
    for (let index = 0; index < lines.size(); index++) {
      const expressId = lines.get(index);
      const first: unknown = api.GetRawLineData(modelId, expressId).arguments[0];
      const value = (first as { value?: unknown } | null)?.value;
      products.push({ expressId, globalId: typeof value === 'string' ? value : '' });
    }
  }
  return products;
}

/** Which products to tessellate: all of them without `ids`, else those whose GlobalId or `#<express id>` is asked. */
function selected(
  products: ReadonlyArray<{ expressId: number; globalId: string }>,
  ids: ReadonlySet<string> | undefined,
): Map<number, string> {
  const byExpress = new Set<number>();
  if (ids) {
    for (const id of ids) {
      const match = /#(\d+)$/.exec(id);
      if (match) byExpress.add(Number(match[1]));
    }
  }
  const chosen = new Map<number, string>();
  for (const { expressId, globalId } of products) {
    if (!ids || ids.has(globalId) || byExpress.has(expressId)) {
      chosen.set(expressId, globalId || `#${expressId}`);
    }
  }
  return chosen;
}

/** One product's placed geometries, transformed to metres Y-up and merged; undefined when it has no triangles. */
function productMesh(api: IfcAPI, modelId: number, name: string, mesh: FlatMesh): GlbMesh | undefined {
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (let g = 0; g < mesh.geometries.size(); g++) {
    const placed = mesh.geometries.get(g);
    const m = placed.flatTransformation;
    const at = (index: number): number => m[index] ?? 0;
    const geometry = api.GetGeometry(modelId, placed.geometryExpressID);
    try {
      const vertices = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
      const triangles = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
      const base = positions.length / 3;
      for (let v = 0; v + 5 < vertices.length; v += 6) {
        const x = vertices[v] ?? 0;
        const y = vertices[v + 1] ?? 0;
        const z = vertices[v + 2] ?? 0;
        positions.push(
          at(0) * x + at(4) * y + at(8) * z + at(12),
          at(1) * x + at(5) * y + at(9) * z + at(13),
          at(2) * x + at(6) * y + at(10) * z + at(14),
        );
        // Normals turn with the linear part; placements are rotations with a uniform unit scale, so
        // renormalising is enough (no inverse transpose needed).
        const nx = vertices[v + 3] ?? 0;
        const ny = vertices[v + 4] ?? 0;
        const nz = vertices[v + 5] ?? 0;
        const tx = at(0) * nx + at(4) * ny + at(8) * nz;
        const ty = at(1) * nx + at(5) * ny + at(9) * nz;
        const tz = at(2) * nx + at(6) * ny + at(10) * nz;
        const size = Math.hypot(tx, ty, tz) || 1;
        normals.push(tx / size, ty / size, tz / size);
      }
      // A mirroring placement turns triangles inside out: keep them facing outwards.
      const determinant =
        at(0) * (at(5) * at(10) - at(9) * at(6)) -
        at(4) * (at(1) * at(10) - at(9) * at(2)) +
        at(8) * (at(1) * at(6) - at(5) * at(2));
      const count = vertices.length / 6;
      for (let t = 0; t + 2 < triangles.length; t += 3) {
        const a = triangles[t] ?? 0;
        const b = triangles[t + 1] ?? 0;
        const c = triangles[t + 2] ?? 0;
        if (a >= count || b >= count || c >= count) continue;
        if (determinant < 0) indices.push(base + a, base + c, base + b);
        else indices.push(base + a, base + b, base + c);
      }
    } finally {
      // Geometries are copied out of web-ifc's heap; free them as we go (a large file holds thousands).
      geometry.delete();
    }
  }
  if (indices.length === 0) return undefined;
  // Vertices relative to the product's lowest corner: float32 keeps millimetres near the origin, and the corner
  // (float64 in the JSON) places it, so georeferenced files kilometres from the origin keep their precision.
  const origin: [number, number, number] = [Infinity, Infinity, Infinity];
  for (let index = 0; index < positions.length; index += 3) {
    for (let axis = 0; axis < 3; axis++) {
      origin[axis] = Math.min(origin[axis] ?? 0, positions[index + axis] ?? 0);
    }
  }
  const relative = new Float32Array(positions.length);
  for (let index = 0; index < positions.length; index++) {
    relative[index] = (positions[index] ?? 0) - (origin[index % 3] ?? 0);
  }
  return {
    name,
    origin,
    positions: relative,
    normals: new Float32Array(normals),
    indices: new Uint32Array(indices),
  };
}

/**
 * Tessellates the products whose ids are in `globalIds` (every IfcElement when omitted) into one GLB. Resolves
 * null when none of them has any triangles (or none is asked for); rejects with ParseError when web-ifc cannot
 * open the file.
 */
export async function extractContextGlb(
  bytes: Uint8Array,
  globalIds?: ReadonlySet<string>,
): Promise<{ glb: Uint8Array; elements: number } | null> {
  if (globalIds?.size === 0) return null;
  const api = await ifcApi();
  try {
    // web-ifc logs every line it cannot decode to the console; the reader has reported them already.
    api.SetLogLevel(6);
  } catch {
    // Older builds have no log level: nothing to silence.
  }
  let modelId: number;
  try {
    modelId = api.OpenModel(bytes, { COORDINATE_TO_ORIGIN: false });
  } catch (error) {
    throw new ParseError(
      IFC_FORMAT,
      0,
      `the file's geometry could not be read (${error instanceof Error ? error.message : 'unknown error'}). Export it again; if it still fails, the file is damaged.`,
    );
  }
  if (typeof modelId !== 'number' || modelId < 0) {
    throw new ParseError(IFC_FORMAT, 0, "the file's geometry could not be read. Export it again.");
  }
  try {
    const meshes: GlbMesh[] = [];
    const chosen = selected(productsOf(api, modelId), globalIds);
    // StreamMeshes owns each FlatMesh (it frees it after the callback); products without a body are not streamed.
    api.StreamMeshes(modelId, [...chosen.keys()], (flat) => {
      let mesh: GlbMesh | undefined;
      try {
        mesh = productMesh(api, modelId, chosen.get(flat.expressID) ?? `#${flat.expressID}`, flat);
      } catch {
        // web-ifc cannot tessellate this product (a damaged or unsupported body): it is left out of the context,
        // which is drawn for reference only; the reader's report already names the product.
        mesh = undefined;
      }
      if (mesh) meshes.push(mesh);
    });
    if (meshes.length === 0) return null;
    return { glb: encodeGlb(meshes), elements: meshes.length };
  } finally {
    try {
      api.CloseModel(modelId);
    } catch {
      // A model web-ifc failed to open fully may fail to close; nothing is left to release.
    }
  }
}
