import type { SceneData } from '../../engine/scene';
import { SCENE_ELEMENT_TYPES, sceneTypeIndex } from '../../engine/scene';
import type { ElementType } from '../../engine/schema';
import type { Triangulation, Vec3 } from '../geometry/polygon';
import { assignOpenings, triangulatePolygon } from '../geometry/polygon';
import { cardinalPointOffset, memberAxes } from '../geometry/memberFrame';
import { unitSection } from '../geometry/unitGeometry';

/** Pick radius of a single-node element (grounded link, isolated footing) drawn without a size, mm. */
export const DEFAULT_POINT_RADIUS_MM = 300;
/** Pick radius of a GeoElement polyline, or of a member or area edge given no radius, mm. */
export const DEFAULT_LINE_RADIUS_MM = 50;

/**
 * What can be hit of each element, in flat typed arrays (no object per element, so a million members cost a few
 * arrays): capsules (a segment and the element's radius; a sphere is a capsule of zero length) and triangles.
 * Coordinates are stored as float32 relative to `origin`, the centre of the model's nodes, so that
 * georeferenced models keep millimetre precision.
 */
export interface ElementShapes {
  elementCount: number;
  origin: Vec3;
  /** Capsule radius per element, mm. */
  radii: Float32Array;
  /** Element e's capsules are capsules[6k … 6k+5] for k in capsuleOffsets[e] … capsuleOffsets[e+1]: a then b. */
  capsuleOffsets: Uint32Array;
  capsules: Float32Array;
  /** Element e's triangles are triangles[9k … 9k+8] for k in triangleOffsets[e] … triangleOffsets[e+1]. */
  triangleOffsets: Uint32Array;
  triangles: Float32Array;
  /**
   * Bounding box of element e at boxes[6e … 6e+5] (min xyz, max xyz, relative to origin, padded for float32
   * rounding); min > max for an element that cannot be hit (an opening, an element without nodes).
   */
  boxes: Float32Array;
}

/** How an element is hit; decided in the counting pass, used in the filling pass. */
const NOT_HIT = 0;
/** Capsules along its nodes (one node: a sphere). */
const POLYLINE = 1;
/** One capsule between its two nodes, moved off the node line by its cardinal point. */
const FRAME = 2;
/** Its three nodes as a triangle. */
const TRIANGLE = 3;
/** Its four nodes as two triangles split along the diagonal from the first node. */
const QUAD = 4;
/** Triangles from earcut (openings cut, or more than four corners, or not convex). */
const POLYGON = 5;

/**
 * Shapes of every element of `data`. `radii` per element, mm: the capsule radius of members (0 or less takes a
 * default). Areas (Floor, Wall, Area, polygon Foundations and Components) are their triangles with openings cut
 * out; Openings are not hit (a ray passes through them); members and links are capsules, frames shifted by their
 * cardinal point; single-node elements spheres; GeoElements and areas that have no area are polylines.
 */
export function buildElementShapes(data: SceneData, radii: Float32Array): ElementShapes {
  const { types, nodeOffsets, nodeIndices, profiles, angles, cardinalPoints } = data.elements;
  const xyz = data.nodes.xyz;
  const elementCount = types.length;

  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (let i = 0; i + 2 < xyz.length; i += 3) {
    const x = xyz[i] as number;
    const y = xyz[i + 1] as number;
    const z = xyz[i + 2] as number;
    if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z))) continue;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  const origin: Vec3 = minX <= maxX ? [(minX + maxX) / 2, (minY + maxY) / 2, (minZ + maxZ) / 2] : [0, 0, 0];
  const extent = minX <= maxX ? Math.max(maxX - minX, maxY - minY, maxZ - minZ) : 0;
  // Float32 keeps ~7 digits: pad boxes by more than the rounding of coordinates of this size.
  const pad = 1 + extent * 1e-6;

  const opening = sceneTypeIndex('Opening');
  const geo = sceneTypeIndex('GeoElement');
  const isArea = typeFlags(['Floor', 'Wall', 'Area', 'Foundation', 'Component']);
  const isFrame = typeFlags(['Beam', 'Column', 'Brace']);

  // Openings of each host, as a linked list through `nextOpening` (no array per host).
  const hosts = assignOpenings(data);
  const firstOpening = new Int32Array(elementCount).fill(-1);
  const nextOpening = new Int32Array(elementCount).fill(-1);
  for (let element = elementCount - 1; element >= 0; element--) {
    const host = hosts[element] as number;
    if (host >= 0) {
      nextOpening[element] = firstOpening[host] as number;
      firstOpening[host] = element;
    }
  }

  const shapeRadii = new Float32Array(elementCount);
  const kinds = new Uint8Array(elementCount);
  const capsuleOffsets = new Uint32Array(elementCount + 1);
  const triangleOffsets = new Uint32Array(elementCount + 1);
  // The few areas earcut triangulates, kept from the counting pass to the filling one.
  const polygons = new Map<number, Triangulation>();
  const ringOf = (element: number): Vec3[] => {
    const ring: Vec3[] = [];
    for (let k = nodeOffsets[element] as number; k < (nodeOffsets[element + 1] as number); k++) {
      const node = nodeIndices[k] as number;
      ring.push([xyz[node * 3] as number, xyz[node * 3 + 1] as number, xyz[node * 3 + 2] as number]);
    }
    return ring;
  };
  /** How an area element is hit and how many triangles that takes; POLYLINE when it has no area. */
  const areaKind = (element: number, start: number, count: number): { kind: number; triangles: number } => {
    if (count <= 4 && firstOpening[element] === -1) {
      const a = nodeIndices[start] as number;
      const b = nodeIndices[start + 1] as number;
      const c = nodeIndices[start + 2] as number;
      if (count === 3) {
        return hasArea(xyz, a, b, c) ? { kind: TRIANGLE, triangles: 1 } : { kind: POLYLINE, triangles: 0 };
      }
      if (convexQuad(xyz, a, b, c, nodeIndices[start + 3] as number)) return { kind: QUAD, triangles: 2 };
    }
    const holes: Vec3[][] = [];
    for (let o = firstOpening[element] as number; o !== -1; o = nextOpening[o] as number)
      holes.push(ringOf(o));
    const triangulation = triangulatePolygon(ringOf(element), holes);
    if (triangulation.indices.length === 0) return { kind: POLYLINE, triangles: 0 };
    polygons.set(element, triangulation);
    return { kind: POLYGON, triangles: triangulation.indices.length / 3 };
  };

  // Counting pass: each element's kind, radius, and how many capsules and triangles it needs.
  let capsuleCount = 0;
  let triangleCount = 0;
  for (let element = 0; element < elementCount; element++) {
    const type = types[element] as number;
    const start = nodeOffsets[element] as number;
    const nodeCount = (nodeOffsets[element + 1] as number) - start;
    const given = radii[element] ?? 0;
    let kind = NOT_HIT;
    let radius = 0;
    if (type !== opening && nodeCount > 0 && allFinite(xyz, nodeIndices, start, start + nodeCount)) {
      if (type !== geo && nodeCount === 1) {
        kind = POLYLINE;
        radius = given > 0 ? given : DEFAULT_POINT_RADIUS_MM;
      } else if (type !== geo && isArea[type] === 1 && nodeCount >= 3) {
        const area = areaKind(element, start, nodeCount);
        kind = area.kind;
        triangleCount += area.triangles;
      } else if (isFrame[type] === 1 && nodeCount === 2) {
        kind = FRAME;
      } else {
        kind = POLYLINE;
      }
      if (kind === FRAME || (kind === POLYLINE && radius === 0)) {
        radius = given > 0 ? given : DEFAULT_LINE_RADIUS_MM;
      }
      if (kind === FRAME || kind === POLYLINE) capsuleCount += Math.max(1, nodeCount - 1);
    }
    kinds[element] = kind;
    shapeRadii[element] = radius;
  }

  // Filling pass, into arrays of the exact size.
  const capsules = new Float32Array(capsuleCount * 6);
  const triangles = new Float32Array(triangleCount * 9);
  const boxes = new Float32Array(elementCount * 6);
  let capsuleAt = 0;
  let triangleAt = 0;
  // Box of the element being filled, in model coordinates.
  let bMinX = 0;
  let bMinY = 0;
  let bMinZ = 0;
  let bMaxX = 0;
  let bMaxY = 0;
  let bMaxZ = 0;
  const include = (x: number, y: number, z: number, r: number): void => {
    if (x - r < bMinX) bMinX = x - r;
    if (y - r < bMinY) bMinY = y - r;
    if (z - r < bMinZ) bMinZ = z - r;
    if (x + r > bMaxX) bMaxX = x + r;
    if (y + r > bMaxY) bMaxY = y + r;
    if (z + r > bMaxZ) bMaxZ = z + r;
  };
  const addCapsule = (
    ax: number,
    ay: number,
    az: number,
    bx: number,
    by: number,
    bz: number,
    r: number,
  ): void => {
    const at = capsuleAt * 6;
    capsules[at] = ax - origin[0];
    capsules[at + 1] = ay - origin[1];
    capsules[at + 2] = az - origin[2];
    capsules[at + 3] = bx - origin[0];
    capsules[at + 4] = by - origin[1];
    capsules[at + 5] = bz - origin[2];
    capsuleAt++;
    include(ax, ay, az, r);
    include(bx, by, bz, r);
  };
  let vertexAt = 0;
  const addVertex = (x: number, y: number, z: number): void => {
    triangles[vertexAt] = x - origin[0];
    triangles[vertexAt + 1] = y - origin[1];
    triangles[vertexAt + 2] = z - origin[2];
    vertexAt += 3;
    include(x, y, z, 0);
  };
  const axes = new Float64Array(9);
  const shift = new Float64Array(2);
  const profileCentroids = data.profiles.map((profile) => unitSection(profile.family).centroid);
  const addNodeVertex = (node: number): void =>
    addVertex(xyz[node * 3] as number, xyz[node * 3 + 1] as number, xyz[node * 3 + 2] as number);

  for (let element = 0; element < elementCount; element++) {
    bMinX = bMinY = bMinZ = Infinity;
    bMaxX = bMaxY = bMaxZ = -Infinity;
    const kind = kinds[element] as number;
    const start = nodeOffsets[element] as number;
    const end = nodeOffsets[element + 1] as number;
    const radius = shapeRadii[element] as number;
    if (kind === POLYLINE) {
      for (let k = start; k === start || k + 1 < end; k++) {
        // One node: a sphere, the capsule from the node to itself.
        const a = (nodeIndices[k] as number) * 3;
        const b = (nodeIndices[Math.min(k + 1, end - 1)] as number) * 3;
        addCapsule(
          xyz[a] as number,
          xyz[a + 1] as number,
          xyz[a + 2] as number,
          xyz[b] as number,
          xyz[b + 1] as number,
          xyz[b + 2] as number,
          radius,
        );
      }
    } else if (kind === FRAME) {
      const a = (nodeIndices[start] as number) * 3;
      const b = (nodeIndices[start + 1] as number) * 3;
      const ax = xyz[a] as number;
      const ay = xyz[a + 1] as number;
      const az = xyz[a + 2] as number;
      const bx = xyz[b] as number;
      const by = xyz[b + 1] as number;
      const bz = xyz[b + 2] as number;
      const profile = data.profiles[profiles[element] as number];
      const cardinalPoint = cardinalPoints[element] ?? 10;
      let x = 0;
      let y = 0;
      let z = 0;
      // The same placement as the drawn member (geometry/memberFrame.ts); most members sit on the node line.
      const centroid = profileCentroids[profiles[element] as number];
      const offCentre =
        cardinalPoint >= 1 && cardinalPoint <= 9
          ? cardinalPoint !== 5
          : centroid !== undefined && (centroid[0] !== 0 || centroid[1] !== 0);
      if (
        profile &&
        centroid &&
        offCentre &&
        memberAxes(ax, ay, az, bx, by, bz, angles[element] ?? 0, axes) > 0
      ) {
        cardinalPointOffset(cardinalPoint, profile.depth, profile.width, centroid[0], centroid[1], shift);
        const along2 = shift[0] as number;
        const along3 = shift[1] as number;
        x = along2 * (axes[3] as number) + along3 * (axes[6] as number);
        y = along2 * (axes[4] as number) + along3 * (axes[7] as number);
        z = along2 * (axes[5] as number) + along3 * (axes[8] as number);
      }
      addCapsule(ax + x, ay + y, az + z, bx + x, by + y, bz + z, radius);
    } else if (kind === TRIANGLE || kind === QUAD) {
      const a = nodeIndices[start] as number;
      const c = nodeIndices[start + 2] as number;
      addNodeVertex(a);
      addNodeVertex(nodeIndices[start + 1] as number);
      addNodeVertex(c);
      triangleAt++;
      if (kind === QUAD) {
        addNodeVertex(a);
        addNodeVertex(c);
        addNodeVertex(nodeIndices[start + 3] as number);
        triangleAt++;
      }
    } else if (kind === POLYGON) {
      const { positions, indices } = polygons.get(element) as Triangulation;
      for (const i of indices) {
        addVertex(positions[i * 3] as number, positions[i * 3 + 1] as number, positions[i * 3 + 2] as number);
      }
      triangleAt += indices.length / 3;
    }
    capsuleOffsets[element + 1] = capsuleAt;
    triangleOffsets[element + 1] = triangleAt;
    const box = element * 6;
    if (bMinX <= bMaxX) {
      boxes[box] = bMinX - origin[0] - pad;
      boxes[box + 1] = bMinY - origin[1] - pad;
      boxes[box + 2] = bMinZ - origin[2] - pad;
      boxes[box + 3] = bMaxX - origin[0] + pad;
      boxes[box + 4] = bMaxY - origin[1] + pad;
      boxes[box + 5] = bMaxZ - origin[2] + pad;
    } else {
      boxes.fill(Infinity, box, box + 3);
      boxes.fill(-Infinity, box + 3, box + 6);
    }
  }

  return {
    elementCount,
    origin,
    radii: shapeRadii,
    capsuleOffsets,
    capsules,
    triangleOffsets,
    triangles,
    boxes,
  };
}

/** 1 at the SCENE_ELEMENT_TYPES index of each of `names`. */
function typeFlags(names: readonly ElementType[]): Uint8Array {
  const flags = new Uint8Array(SCENE_ELEMENT_TYPES.length);
  for (const name of names) flags[sceneTypeIndex(name)] = 1;
  return flags;
}

function allFinite(
  xyz: readonly number[],
  nodeIndices: readonly number[],
  start: number,
  end: number,
): boolean {
  for (let k = start; k < end; k++) {
    const node = nodeIndices[k] as number;
    if (
      !Number.isFinite(xyz[node * 3]) ||
      !Number.isFinite(xyz[node * 3 + 1]) ||
      !Number.isFinite(xyz[node * 3 + 2])
    ) {
      return false;
    }
  }
  return true;
}

/** The cross product (b − a) × (c − a) of nodes a, b, c into out[at … at+2], the larger squared edge at at+3. */
function turn(xyz: readonly number[], a: number, b: number, c: number, out: Float64Array, at: number): void {
  const ax = xyz[a * 3] as number;
  const ay = xyz[a * 3 + 1] as number;
  const az = xyz[a * 3 + 2] as number;
  const ux = (xyz[b * 3] as number) - ax;
  const uy = (xyz[b * 3 + 1] as number) - ay;
  const uz = (xyz[b * 3 + 2] as number) - az;
  const vx = (xyz[c * 3] as number) - ax;
  const vy = (xyz[c * 3 + 1] as number) - ay;
  const vz = (xyz[c * 3 + 2] as number) - az;
  out[at] = uy * vz - uz * vy;
  out[at + 1] = uz * vx - ux * vz;
  out[at + 2] = ux * vy - uy * vx;
  out[at + 3] = Math.max(ux * ux + uy * uy + uz * uz, vx * vx + vy * vy + vz * vz);
}

const scratch = new Float64Array(4 * 4);

/** Whether triangle a, b, c of nodes has an area (is not a sliver of its own size). */
function hasArea(xyz: readonly number[], a: number, b: number, c: number): boolean {
  turn(xyz, a, b, c, scratch, 0);
  const size = scratch[3] as number;
  return Math.hypot(scratch[0] as number, scratch[1] as number, scratch[2] as number) > 1e-9 * size;
}

/**
 * Whether quad a, b, c, d of nodes is convex and near enough planar that the diagonal a–c splits it into two
 * triangles inside it: every corner turns the same way as the quad's normal, none nearly straight or folded.
 */
function convexQuad(xyz: readonly number[], a: number, b: number, c: number, d: number): boolean {
  turn(xyz, d, a, b, scratch, 0);
  turn(xyz, a, b, c, scratch, 4);
  turn(xyz, b, c, d, scratch, 8);
  turn(xyz, c, d, a, scratch, 12);
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let k = 0; k < 16; k += 4) {
    nx += scratch[k] as number;
    ny += scratch[k + 1] as number;
    nz += scratch[k + 2] as number;
  }
  const length = Math.hypot(nx, ny, nz);
  if (!(length > 0)) return false;
  for (let k = 0; k < 16; k += 4) {
    const along =
      ((scratch[k] as number) * nx + (scratch[k + 1] as number) * ny + (scratch[k + 2] as number) * nz) /
      length;
    if (!(along > 1e-6 * length)) return false;
  }
  return true;
}

/** Entry distance (≥ 0) of a ray (unit direction) into a sphere; Infinity when it misses or starts inside. */
function raySphere(
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  cx: number,
  cy: number,
  cz: number,
  r: number,
): number {
  const px = ox - cx;
  const py = oy - cy;
  const pz = oz - cz;
  const b = px * dx + py * dy + pz * dz;
  const c = px * px + py * py + pz * pz - r * r;
  const h = b * b - c;
  if (h < 0) return Infinity;
  const t = -b - Math.sqrt(h);
  return t >= 0 ? t : Infinity;
}

/**
 * Entry distance of a ray (unit direction, relative coordinates) into capsule k of `capsules` with radius r: the
 * nearest entry into its cylindrical body or either end sphere. Worked on the components perpendicular to the
 * axis, which keeps precision for rays from far away.
 */
export function rayCapsule(
  capsules: Float32Array,
  k: number,
  r: number,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
): number {
  const ax = capsules[k * 6] as number;
  const ay = capsules[k * 6 + 1] as number;
  const az = capsules[k * 6 + 2] as number;
  const bx = capsules[k * 6 + 3] as number;
  const by = capsules[k * 6 + 4] as number;
  const bz = capsules[k * 6 + 5] as number;
  let best = raySphere(ox, oy, oz, dx, dy, dz, ax, ay, az, r);
  const length = Math.hypot(bx - ax, by - ay, bz - az);
  if (length === 0) return best;
  best = Math.min(best, raySphere(ox, oy, oz, dx, dy, dz, bx, by, bz, r));
  const ux = (bx - ax) / length;
  const uy = (by - ay) / length;
  const uz = (bz - az) / length;
  const px = ox - ax;
  const py = oy - ay;
  const pz = oz - az;
  const along = px * ux + py * uy + pz * uz;
  const dAlong = dx * ux + dy * uy + dz * uz;
  // Perpendicular parts of the origin's offset (w) and of the direction (v): |w + t v| = r on the body.
  const wx = px - along * ux;
  const wy = py - along * uy;
  const wz = pz - along * uz;
  const vx = dx - dAlong * ux;
  const vy = dy - dAlong * uy;
  const vz = dz - dAlong * uz;
  const a = vx * vx + vy * vy + vz * vz;
  if (a < 1e-12) return best; // along the axis: it enters through an end sphere
  const b = wx * vx + wy * vy + wz * vz;
  const c = wx * wx + wy * wy + wz * wz - r * r;
  const h = b * b - a * c;
  if (h < 0) return best;
  const t = (-b - Math.sqrt(h)) / a;
  if (t < 0 || t >= best) return best;
  const at = along + t * dAlong;
  return at >= 0 && at <= length ? t : best;
}

/** Distance (≥ 0) along a ray (unit direction) to triangle k of `triangles`, either side; Infinity on a miss. */
export function rayTriangle(
  triangles: Float32Array,
  k: number,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
): number {
  const i = k * 9;
  const ax = triangles[i] as number;
  const ay = triangles[i + 1] as number;
  const az = triangles[i + 2] as number;
  const e1x = (triangles[i + 3] as number) - ax;
  const e1y = (triangles[i + 4] as number) - ay;
  const e1z = (triangles[i + 5] as number) - az;
  const e2x = (triangles[i + 6] as number) - ax;
  const e2y = (triangles[i + 7] as number) - ay;
  const e2z = (triangles[i + 8] as number) - az;
  // Möller–Trumbore.
  const px = dy * e2z - dz * e2y;
  const py = dz * e2x - dx * e2z;
  const pz = dx * e2y - dy * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (det === 0) return Infinity;
  const inverse = 1 / det;
  const sx = ox - ax;
  const sy = oy - ay;
  const sz = oz - az;
  const u = (sx * px + sy * py + sz * pz) * inverse;
  if (u < 0 || u > 1) return Infinity;
  const qx = sy * e1z - sz * e1y;
  const qy = sz * e1x - sx * e1z;
  const qz = sx * e1y - sy * e1x;
  const v = (dx * qx + dy * qy + dz * qz) * inverse;
  if (v < 0 || u + v > 1) return Infinity;
  const t = (e2x * qx + e2y * qy + e2z * qz) * inverse;
  return t >= 0 ? t : Infinity;
}

/** Nearest distance at which a ray (unit direction, coordinates relative to shapes.origin) hits an element. */
export function rayElement(
  shapes: ElementShapes,
  element: number,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
): number {
  let best = Infinity;
  const radius = shapes.radii[element] as number;
  const capsuleEnd = shapes.capsuleOffsets[element + 1] as number;
  for (let k = shapes.capsuleOffsets[element] as number; k < capsuleEnd; k++) {
    const t = rayCapsule(shapes.capsules, k, radius, ox, oy, oz, dx, dy, dz);
    if (t < best) best = t;
  }
  const triangleEnd = shapes.triangleOffsets[element + 1] as number;
  for (let k = shapes.triangleOffsets[element] as number; k < triangleEnd; k++) {
    const t = rayTriangle(shapes.triangles, k, ox, oy, oz, dx, dy, dz);
    if (t < best) best = t;
  }
  return best;
}
