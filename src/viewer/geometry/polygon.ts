import earcut from 'earcut';
import type { SceneData } from '../../engine/scene';
import { sceneTypeIndex } from '../../engine/scene';

export type Vec3 = [number, number, number];

/**
 * Triangles of a planar polygon. `positions` holds x, y, z (mm) of every vertex triangulated, outline then holes;
 * `indices` are triplets into it, each wound counter-clockwise seen from the side `normal` points to. `normal` is
 * the unit Newell normal of the outline (the zero vector for degenerate input); `area` is in mm².
 */
export interface Triangulation {
  positions: Float32Array;
  indices: Uint32Array;
  normal: Vec3;
  area: number;
}

/** Below this, relative to the square of the polygon's extent, an outline has no area worth drawing. */
const RELATIVE_AREA_EPSILON = 1e-9;
/** An opening lies in its host's plane when every corner is within this much of it (mm)… */
const PLANE_TOLERANCE_MM = 1;
/** …plus this fraction of the host's extent, for large or far-off (georeferenced) hosts. */
const PLANE_RELATIVE_TOLERANCE = 1e-6;
/** A host whose box covers more cells than this is checked against every opening instead of being bucketed. */
const MAX_CELLS_PER_HOST = 4096;

const EMPTY: Triangulation = {
  positions: new Float32Array(0),
  indices: new Uint32Array(0),
  normal: [0, 0, 0],
  area: 0,
};

function emptyTriangulation(): Triangulation {
  return { ...EMPTY, normal: [0, 0, 0] };
}

/**
 * Twice the vector area of a closed ring (Newell's method): its direction is the ring's normal (counter-clockwise
 * seen from it), its length twice the ring's area. Works for any planar ring, convex or not, and for near-planar
 * ones it gives the best-fit normal. Coordinates are taken relative to the first point to keep precision on
 * georeferenced models.
 */
function newell(points: readonly Vec3[]): Vec3 {
  let nx = 0;
  let ny = 0;
  let nz = 0;
  const origin = points[0];
  if (!origin) return [0, 0, 0];
  const count = points.length;
  for (let i = 0; i < count; i++) {
    const a = points[i] as Vec3;
    const b = points[(i + 1) % count] as Vec3;
    const ay = a[1] - origin[1];
    const az = a[2] - origin[2];
    const ax = a[0] - origin[0];
    const by = b[1] - origin[1];
    const bz = b[2] - origin[2];
    const bx = b[0] - origin[0];
    nx += (ay - by) * (az + bz);
    ny += (az - bz) * (ax + bx);
    nz += (ax - bx) * (ay + by);
  }
  return [nx, ny, nz];
}

function length3(v: Vec3): number {
  return Math.hypot(v[0], v[1], v[2]);
}

/** Two unit vectors u, v in the plane of unit normal n with u × v = n, so 2-D counter-clockwise is CCW about n. */
function planeBasis(n: Vec3): { u: Vec3; v: Vec3 } {
  // Start from the world axis least aligned with the normal.
  const ax = Math.abs(n[0]);
  const ay = Math.abs(n[1]);
  const az = Math.abs(n[2]);
  const seed: Vec3 = ax <= ay && ax <= az ? [1, 0, 0] : ay <= az ? [0, 1, 0] : [0, 0, 1];
  // u = seed − (seed·n) n, normalised.
  const dot = seed[0] * n[0] + seed[1] * n[1] + seed[2] * n[2];
  const ux = seed[0] - dot * n[0];
  const uy = seed[1] - dot * n[1];
  const uz = seed[2] - dot * n[2];
  const ul = Math.hypot(ux, uy, uz);
  const u: Vec3 = [ux / ul, uy / ul, uz / ul];
  const v: Vec3 = [n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]];
  return { u, v };
}

function distinctPointCount(points: readonly Vec3[], atLeast: number): number {
  const seen: Vec3[] = [];
  for (const point of points) {
    if (!seen.some((other) => other[0] === point[0] && other[1] === point[1] && other[2] === point[2])) {
      seen.push(point);
      if (seen.length >= atLeast) break;
    }
  }
  return seen.length;
}

function finitePoints(points: readonly Vec3[]): boolean {
  return points.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]) && Number.isFinite(p[2]));
}

function squaredExtent(points: readonly Vec3[]): number {
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (const [x, y, z] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    minZ = Math.min(minZ, z);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
    maxZ = Math.max(maxZ, z);
  }
  return (maxX - minX) ** 2 + (maxY - minY) ** 2 + (maxZ - minZ) ** 2;
}

/** Planar polygon (any orientation in 3-D: floors, walls, sloped areas) with holes, triangulated with earcut after projecting onto its plane (Newell normal). Positions are the 3-D points (outline then holes). `area` = outline area − holes. Degenerate input (fewer than 3 distinct points, zero area) gives an empty triangulation, never a throw. */
export function triangulatePolygon(
  outline: readonly Vec3[],
  holes: readonly (readonly Vec3[])[],
): Triangulation {
  if (outline.length < 3 || !finitePoints(outline) || distinctPointCount(outline, 3) < 3) {
    return emptyTriangulation();
  }
  const vectorArea = newell(outline);
  const twiceArea = length3(vectorArea);
  if (!(twiceArea > RELATIVE_AREA_EPSILON * squaredExtent(outline))) return emptyTriangulation();
  const normal: Vec3 = [vectorArea[0] / twiceArea, vectorArea[1] / twiceArea, vectorArea[2] / twiceArea];

  // Holes that cannot cut anything (too few points, not finite, no area) are left out of the positions too.
  const usedHoles = holes.filter(
    (hole) =>
      hole.length >= 3 &&
      finitePoints(hole) &&
      distinctPointCount(hole, 3) >= 3 &&
      length3(newell(hole)) > RELATIVE_AREA_EPSILON * squaredExtent(hole),
  );
  let holeArea = 0;
  for (const hole of usedHoles) {
    // The hole's area in the outline's plane, whichever way it winds.
    const h = newell(hole);
    holeArea += Math.abs(h[0] * normal[0] + h[1] * normal[1] + h[2] * normal[2]) / 2;
  }

  const vertexCount = outline.length + usedHoles.reduce((sum, hole) => sum + hole.length, 0);
  const positions = new Float32Array(vertexCount * 3);
  const flat = new Float64Array(vertexCount * 2);
  const holeStarts: number[] = [];
  const { u, v } = planeBasis(normal);
  const origin = outline[0] as Vec3;
  let vertex = 0;
  const add = (ring: readonly Vec3[]): void => {
    for (const point of ring) {
      positions[vertex * 3] = point[0];
      positions[vertex * 3 + 1] = point[1];
      positions[vertex * 3 + 2] = point[2];
      const dx = point[0] - origin[0];
      const dy = point[1] - origin[1];
      const dz = point[2] - origin[2];
      flat[vertex * 2] = dx * u[0] + dy * u[1] + dz * u[2];
      flat[vertex * 2 + 1] = dx * v[0] + dy * v[1] + dz * v[2];
      vertex++;
    }
  };
  add(outline);
  for (const hole of usedHoles) {
    holeStarts.push(vertex);
    add(hole);
  }

  const triangles = earcut(flat, holeStarts.length > 0 ? holeStarts : null, 2);
  const indices = new Uint32Array(triangles.length);
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t] as number;
    let b = triangles[t + 1] as number;
    let c = triangles[t + 2] as number;
    // u × v = normal, so a positive 2-D cross product is counter-clockwise about the normal.
    const ax = flat[a * 2] as number;
    const ay = flat[a * 2 + 1] as number;
    const cross =
      ((flat[b * 2] as number) - ax) * ((flat[c * 2 + 1] as number) - ay) -
      ((flat[b * 2 + 1] as number) - ay) * ((flat[c * 2] as number) - ax);
    if (cross < 0) [b, c] = [c, b];
    indices[t] = a;
    indices[t + 1] = b;
    indices[t + 2] = c;
  }
  return { positions, indices, normal, area: Math.max(0, twiceArea / 2 - holeArea) };
}

/** The outline of element `element` as points. */
function elementPoints(data: SceneData, element: number): Vec3[] {
  const { nodeOffsets, nodeIndices } = data.elements;
  const xyz = data.nodes.xyz;
  const points: Vec3[] = [];
  const end = nodeOffsets[element + 1] as number;
  for (let k = nodeOffsets[element] as number; k < end; k++) {
    const node = nodeIndices[k] as number;
    points.push([xyz[node * 3] as number, xyz[node * 3 + 1] as number, xyz[node * 3 + 2] as number]);
  }
  return points;
}

/** The area centroid of a planar ring (the mean of its corners when it has no area). */
function ringCentroid(points: readonly Vec3[]): Vec3 {
  const normal = newell(points);
  const origin = points[0] as Vec3;
  let weight = 0;
  let cx = 0;
  let cy = 0;
  let cz = 0;
  for (let i = 1; i + 1 < points.length; i++) {
    const b = points[i] as Vec3;
    const c = points[i + 1] as Vec3;
    const e1: Vec3 = [b[0] - origin[0], b[1] - origin[1], b[2] - origin[2]];
    const e2: Vec3 = [c[0] - origin[0], c[1] - origin[1], c[2] - origin[2]];
    // Signed area of the fan triangle along the ring's normal, so concave rings weigh right.
    const w =
      (e1[1] * e2[2] - e1[2] * e2[1]) * normal[0] +
      (e1[2] * e2[0] - e1[0] * e2[2]) * normal[1] +
      (e1[0] * e2[1] - e1[1] * e2[0]) * normal[2];
    weight += w;
    cx += (w * (e1[0] + e2[0])) / 3;
    cy += (w * (e1[1] + e2[1])) / 3;
    cz += (w * (e1[2] + e2[2])) / 3;
  }
  if (weight > 0) return [origin[0] + cx / weight, origin[1] + cy / weight, origin[2] + cz / weight];
  let mx = 0;
  let my = 0;
  let mz = 0;
  for (const [x, y, z] of points) {
    mx += x;
    my += y;
    mz += z;
  }
  return [mx / points.length, my / points.length, mz / points.length];
}

/** Whether the 2-D point (px, py) is inside the ring of `xs`/`ys` (even–odd rule). */
function insideRing(xs: Float64Array, ys: Float64Array, px: number, py: number): boolean {
  let inside = false;
  const count = xs.length;
  for (let i = 0, j = count - 1; i < count; j = i++) {
    const yi = ys[i] as number;
    const yj = ys[j] as number;
    if (yi > py !== yj > py) {
      const xi = xs[i] as number;
      const xj = xs[j] as number;
      if (px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

interface Host {
  normal: Vec3;
  /** normal · p for any p of the plane. */
  offset: number;
  tolerance: number;
  area: number;
}

/** For each element of type Opening, the index of the Floor/Wall/Area element whose plane it lies in (distance ≤ 1 mm + a small relative tolerance) and whose outline contains the opening's centroid; -1 otherwise and for non-openings. Use a spatial bucket (e.g. by level index or plane) so it is ~linear, not openings × areas. */
export function assignOpenings(data: SceneData): Int32Array {
  const { types } = data.elements;
  const elementCount = types.length;
  const result = new Int32Array(elementCount).fill(-1);
  const openingType = sceneTypeIndex('Opening');
  const hostTypes = new Set([sceneTypeIndex('Floor'), sceneTypeIndex('Wall'), sceneTypeIndex('Area')]);

  const openings: number[] = [];
  const hostIndices: number[] = [];
  for (let element = 0; element < elementCount; element++) {
    const type = types[element] as number;
    if (type === openingType) openings.push(element);
    else if (hostTypes.has(type)) hostIndices.push(element);
  }
  if (openings.length === 0 || hostIndices.length === 0) return result;

  // Host planes and boxes (expanded by the plane tolerance), in flat arrays.
  const hostCount = hostIndices.length;
  const hosts: (Host | undefined)[] = new Array<Host | undefined>(hostCount);
  const boxes = new Float64Array(hostCount * 6);
  let extentSum = 0;
  let validHosts = 0;
  for (let h = 0; h < hostCount; h++) {
    const points = elementPoints(data, hostIndices[h] as number);
    if (points.length < 3 || !finitePoints(points)) continue;
    const vectorArea = newell(points);
    const twiceArea = length3(vectorArea);
    const extentSquared = squaredExtent(points);
    if (!(twiceArea > RELATIVE_AREA_EPSILON * extentSquared)) continue;
    const normal: Vec3 = [vectorArea[0] / twiceArea, vectorArea[1] / twiceArea, vectorArea[2] / twiceArea];
    const first = points[0] as Vec3;
    const extent = Math.sqrt(extentSquared);
    const tolerance = PLANE_TOLERANCE_MM + PLANE_RELATIVE_TOLERANCE * extent;
    hosts[h] = {
      normal,
      offset: normal[0] * first[0] + normal[1] * first[1] + normal[2] * first[2],
      tolerance,
      area: twiceArea / 2,
    };
    const box = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
    for (const point of points) {
      for (let axis = 0; axis < 3; axis++) {
        box[axis] = Math.min(box[axis] as number, point[axis] as number);
        box[axis + 3] = Math.max(box[axis + 3] as number, point[axis] as number);
      }
    }
    for (let axis = 0; axis < 3; axis++) {
      boxes[h * 6 + axis] = (box[axis] as number) - tolerance;
      boxes[h * 6 + axis + 3] = (box[axis + 3] as number) + tolerance;
    }
    extentSum += extent;
    validHosts++;
  }
  if (validHosts === 0) return result;

  // A uniform 3-D grid hashed into a fixed table, stored as CSR. Collisions only add candidates, which the
  // exact test below rejects; stacked storeys on the same plan fall in different cells because z is hashed.
  const cellSize = Math.max(extentSum / validHosts, 1);
  const tableSize = 1 << Math.max(4, Math.ceil(Math.log2(validHosts * 2)));
  const mask = tableSize - 1;
  const cellOf = (value: number): number => Math.floor(value / cellSize);
  const hash = (ix: number, iy: number, iz: number): number =>
    (Math.imul(ix, 73856093) ^ Math.imul(iy, 19349663) ^ Math.imul(iz, 83492791)) & mask;
  const oversized: number[] = [];
  const bucketCounts = new Uint32Array(tableSize + 1);
  const visitCells = (h: number, visit: (bucket: number) => void): void => {
    const x0 = cellOf(boxes[h * 6] as number);
    const y0 = cellOf(boxes[h * 6 + 1] as number);
    const z0 = cellOf(boxes[h * 6 + 2] as number);
    const x1 = cellOf(boxes[h * 6 + 3] as number);
    const y1 = cellOf(boxes[h * 6 + 4] as number);
    const z1 = cellOf(boxes[h * 6 + 5] as number);
    for (let ix = x0; ix <= x1; ix++)
      for (let iy = y0; iy <= y1; iy++) for (let iz = z0; iz <= z1; iz++) visit(hash(ix, iy, iz));
  };
  const cellCount = (h: number): number => {
    let count = 1;
    for (let axis = 0; axis < 3; axis++) {
      count *= cellOf(boxes[h * 6 + axis + 3] as number) - cellOf(boxes[h * 6 + axis] as number) + 1;
    }
    return count;
  };
  const bucketed = new Uint8Array(hostCount);
  for (let h = 0; h < hostCount; h++) {
    if (!hosts[h]) continue;
    if (cellCount(h) > MAX_CELLS_PER_HOST) {
      oversized.push(h);
      continue;
    }
    bucketed[h] = 1;
    visitCells(h, (bucket) => {
      bucketCounts[bucket + 1] = (bucketCounts[bucket + 1] as number) + 1;
    });
  }
  for (let b = 0; b < tableSize; b++) {
    bucketCounts[b + 1] = (bucketCounts[b + 1] as number) + (bucketCounts[b] as number);
  }
  const bucketStarts = bucketCounts;
  const bucketHosts = new Uint32Array(bucketStarts[tableSize] as number);
  const fill = bucketStarts.slice(0, tableSize);
  for (let h = 0; h < hostCount; h++) {
    if (!bucketed[h]) continue;
    visitCells(h, (bucket) => {
      bucketHosts[fill[bucket] as number] = h;
      fill[bucket] = (fill[bucket] as number) + 1;
    });
  }

  for (const opening of openings) {
    const points = elementPoints(data, opening);
    if (points.length < 3 || !finitePoints(points)) continue;
    const centroid = ringCentroid(points);
    let best = -1;
    let bestDistance = Infinity;
    let bestArea = Infinity;
    const consider = (h: number): void => {
      const host = hosts[h];
      if (!host) return;
      const box = h * 6;
      for (let axis = 0; axis < 3; axis++) {
        const value = centroid[axis] as number;
        if (value < (boxes[box + axis] as number) || value > (boxes[box + axis + 3] as number)) return;
      }
      const { normal, offset, tolerance } = host;
      let worst = 0;
      for (const point of points) {
        const distance = Math.abs(
          normal[0] * point[0] + normal[1] * point[1] + normal[2] * point[2] - offset,
        );
        if (distance > tolerance) return;
        worst = Math.max(worst, distance);
      }
      // Nearest plane wins; between coplanar hosts (an Area over a Floor) the smaller, more specific one.
      if (worst > bestDistance || (worst === bestDistance && host.area >= bestArea)) return;
      const hostPoints = elementPoints(data, hostIndices[h] as number);
      const { u, v } = planeBasis(normal);
      const xs = new Float64Array(hostPoints.length);
      const ys = new Float64Array(hostPoints.length);
      const origin = hostPoints[0] as Vec3;
      hostPoints.forEach((point, k) => {
        const dx = point[0] - origin[0];
        const dy = point[1] - origin[1];
        const dz = point[2] - origin[2];
        xs[k] = dx * u[0] + dy * u[1] + dz * u[2];
        ys[k] = dx * v[0] + dy * v[1] + dz * v[2];
      });
      const cx = centroid[0] - origin[0];
      const cy = centroid[1] - origin[1];
      const cz = centroid[2] - origin[2];
      if (!insideRing(xs, ys, cx * u[0] + cy * u[1] + cz * u[2], cx * v[0] + cy * v[1] + cz * v[2])) {
        return;
      }
      best = h;
      bestDistance = worst;
      bestArea = host.area;
    };
    const bucket = hash(cellOf(centroid[0]), cellOf(centroid[1]), cellOf(centroid[2]));
    const end = bucketStarts[bucket + 1] as number;
    for (let k = bucketStarts[bucket] as number; k < end; k++) consider(bucketHosts[k] as number);
    for (const h of oversized) consider(h);
    if (best >= 0) result[opening] = hostIndices[best] as number;
  }
  return result;
}
