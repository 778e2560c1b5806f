import earcut from 'earcut';
import type { ProfileFamily } from '../../engine/scene';

/**
 * The unit meshes members and glyphs are drawn with, as plain arrays (no Babylon here, so they can be checked on
 * their own). Triangles follow Babylon's winding — clockwise seen from the side the normal points to, which is
 * what `VertexData.ComputeNormals` assumes — so back faces can be culled like those of Babylon's own meshes.
 */
export interface UnitGeometry {
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
}

/** A section outline for a unit mesh: in (y, z), y along axis 2 (depth), z along axis 3 (width). */
export interface UnitSection {
  outline: ReadonlyArray<readonly [number, number]>;
  holes: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
  /** Round sections get smooth normals on their sides. */
  smooth: boolean;
  /** Centroid relative to the box centre, as fractions of depth (y) and width (z). */
  centroid: readonly [number, number];
}

/** Drawn proportions of the unit sections (a W-shape's flanges are about 6 % of its depth, its web 5 % of its width). */
const FLANGE = 0.07;
const WEB = 0.1;
const WALL = 0.08;
const ROUND_SEGMENTS = 12;
const ROD_SEGMENTS = 6;

function polygon(segments: number, radius: number): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (let k = 0; k < segments; k++) {
    const angle = (2 * Math.PI * k) / segments;
    points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
  }
  return points;
}

function square(half: number): Array<[number, number]> {
  return [
    [-half, -half],
    [half, -half],
    [half, half],
    [-half, half],
  ];
}

/** Signed area of a ring in (y, z); positive when counter-clockwise. */
function signedArea(ring: ReadonlyArray<readonly [number, number]>): number {
  let sum = 0;
  for (let k = 0; k < ring.length; k++) {
    const [y0, z0] = ring[k] as readonly [number, number];
    const [y1, z1] = ring[(k + 1) % ring.length] as readonly [number, number];
    sum += y0 * z1 - y1 * z0;
  }
  return sum / 2;
}

/** Area-weighted centroid of an outline minus its holes. */
function centroidOf(
  outline: ReadonlyArray<readonly [number, number]>,
  holes: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
): [number, number] {
  let area = 0;
  let cy = 0;
  let cz = 0;
  const add = (ring: ReadonlyArray<readonly [number, number]>, sign: number): void => {
    const a = Math.abs(signedArea(ring)) * sign;
    let sy = 0;
    let sz = 0;
    let twice = 0;
    for (let k = 0; k < ring.length; k++) {
      const [y0, z0] = ring[k] as readonly [number, number];
      const [y1, z1] = ring[(k + 1) % ring.length] as readonly [number, number];
      const cross = y0 * z1 - y1 * z0;
      twice += cross;
      sy += (y0 + y1) * cross;
      sz += (z0 + z1) * cross;
    }
    // Centroid of the ring is (sy, sz) / (3 · twice); weigh it by its (signed) area.
    area += a;
    cy += (a * sy) / (3 * twice);
    cz += (a * sz) / (3 * twice);
  };
  add(outline, 1);
  for (const hole of holes) add(hole, -1);
  return [cy / area, cz / area];
}

function section(
  outline: Array<[number, number]>,
  holes: Array<Array<[number, number]>> = [],
  smooth = false,
): UnitSection {
  // Outlines counter-clockwise and holes clockwise in (y, z), so the outward side of every edge is to its right.
  if (signedArea(outline) < 0) outline.reverse();
  for (const hole of holes) if (signedArea(hole) > 0) hole.reverse();
  return { outline, holes, smooth, centroid: centroidOf(outline, holes) };
}

/** The unit section of each profile family, and `rod` for cables and links. */
export function unitSection(family: ProfileFamily | 'rod'): UnitSection {
  const h = 0.5;
  switch (family) {
    case 'i':
      return section([
        [-h, -h],
        [-h + FLANGE, -h],
        [-h + FLANGE, -WEB / 2],
        [h - FLANGE, -WEB / 2],
        [h - FLANGE, -h],
        [h, -h],
        [h, h],
        [h - FLANGE, h],
        [h - FLANGE, WEB / 2],
        [-h + FLANGE, WEB / 2],
        [-h + FLANGE, h],
        [-h, h],
      ]);
    case 'channel':
      // Web on the −3 side, flanges reaching towards +3.
      return section([
        [-h, -h],
        [-h, h],
        [-h + FLANGE, h],
        [-h + FLANGE, -h + 2 * WEB],
        [h - FLANGE, -h + 2 * WEB],
        [h - FLANGE, h],
        [h, h],
        [h, -h],
      ]);
    case 'angle':
      // Legs along the bottom (−2) and the left (−3) sides of the box.
      return section([
        [-h, -h],
        [-h, h],
        [-h + 2 * WALL, h],
        [-h + 2 * WALL, -h + 2 * WALL],
        [h, -h + 2 * WALL],
        [h, -h],
      ]);
    case 'tube':
      return section(square(h), [square(h - WALL)]);
    case 'pipe':
      return section(polygon(ROUND_SEGMENTS, h), [polygon(ROUND_SEGMENTS, h - WALL)], true);
    case 'circle':
      return section(polygon(ROUND_SEGMENTS, h), [], true);
    case 'rod':
      return section(polygon(ROD_SEGMENTS, h), [], true);
    case 'rectangle':
    case 'generic':
      return section(square(h));
  }
}

/** Accumulates vertices and triangles. */
class GeometryWriter {
  readonly positions: number[] = [];
  readonly normals: number[] = [];
  readonly indices: number[] = [];

  vertex(x: number, y: number, z: number, nx: number, ny: number, nz: number): number {
    this.positions.push(x, y, z);
    this.normals.push(nx, ny, nz);
    return this.positions.length / 3 - 1;
  }

  /** A triangle that faces the way its vertices' normals point (clockwise seen from there, Babylon's winding). */
  triangle(a: number, b: number, c: number): void {
    const p = this.positions;
    const n = this.normals;
    const abx = (p[b * 3] as number) - (p[a * 3] as number);
    const aby = (p[b * 3 + 1] as number) - (p[a * 3 + 1] as number);
    const abz = (p[b * 3 + 2] as number) - (p[a * 3 + 2] as number);
    const acx = (p[c * 3] as number) - (p[a * 3] as number);
    const acy = (p[c * 3 + 1] as number) - (p[a * 3 + 1] as number);
    const acz = (p[c * 3 + 2] as number) - (p[a * 3 + 2] as number);
    const cx = aby * acz - abz * acy;
    const cy = abz * acx - abx * acz;
    const cz = abx * acy - aby * acx;
    const facing =
      cx * ((n[a * 3] as number) + (n[b * 3] as number) + (n[c * 3] as number)) +
      cy * ((n[a * 3 + 1] as number) + (n[b * 3 + 1] as number) + (n[c * 3 + 1] as number)) +
      cz * ((n[a * 3 + 2] as number) + (n[b * 3 + 2] as number) + (n[c * 3 + 2] as number));
    // Counter-clockwise about the normal (facing > 0) is the wrong way round for Babylon: swap.
    if (facing > 0) this.indices.push(a, c, b);
    else this.indices.push(a, b, c);
  }

  build(): UnitGeometry {
    return {
      positions: new Float32Array(this.positions),
      normals: new Float32Array(this.normals),
      indices: new Uint32Array(this.indices),
    };
  }
}

/** A section swept along local x from 0 to 1: side faces for every edge and both end caps. */
export function extrudeSection(unit: UnitSection): UnitGeometry {
  const writer = new GeometryWriter();
  const rings = [unit.outline, ...unit.holes];
  for (const [ringIndex, ring] of rings.entries()) {
    const inward = ringIndex > 0 ? -1 : 1;
    const count = ring.length;
    for (let k = 0; k < count; k++) {
      const [y0, z0] = ring[k] as readonly [number, number];
      const [y1, z1] = ring[(k + 1) % count] as readonly [number, number];
      // Outline counter-clockwise, holes clockwise: the solid is to the left of each edge, outside to its right.
      let ny0: number;
      let nz0: number;
      let ny1: number;
      let nz1: number;
      if (unit.smooth) {
        // Radial normals, pointing away from the solid (into the hole for a pipe's inner wall).
        const r0 = Math.hypot(y0, z0) || 1;
        const r1 = Math.hypot(y1, z1) || 1;
        ny0 = (inward * y0) / r0;
        nz0 = (inward * z0) / r0;
        ny1 = (inward * y1) / r1;
        nz1 = (inward * z1) / r1;
      } else {
        const length = Math.hypot(y1 - y0, z1 - z0) || 1;
        ny0 = ny1 = (z1 - z0) / length;
        nz0 = nz1 = -(y1 - y0) / length;
      }
      const a = writer.vertex(0, y0, z0, 0, ny0, nz0);
      const b = writer.vertex(0, y1, z1, 0, ny1, nz1);
      const c = writer.vertex(1, y1, z1, 0, ny1, nz1);
      const d = writer.vertex(1, y0, z0, 0, ny0, nz0);
      writer.triangle(a, b, c);
      writer.triangle(a, c, d);
    }
  }
  // End caps: the section triangulated once, at x = 0 facing −x and at x = 1 facing +x.
  const flat: number[] = [];
  const holeStarts: number[] = [];
  for (const [ringIndex, ring] of rings.entries()) {
    if (ringIndex > 0) holeStarts.push(flat.length / 2);
    for (const [y, z] of ring) flat.push(y, z);
  }
  const triangles = earcut(flat, holeStarts.length > 0 ? holeStarts : null, 2);
  for (const [x, nx] of [
    [0, -1],
    [1, 1],
  ] as const) {
    const base = writer.positions.length / 3;
    for (let k = 0; k < flat.length; k += 2)
      writer.vertex(x, flat[k] as number, flat[k + 1] as number, nx, 0, 0);
    for (let t = 0; t < triangles.length; t += 3) {
      writer.triangle(
        base + (triangles[t] as number),
        base + (triangles[t + 1] as number),
        base + (triangles[t + 2] as number),
      );
    }
  }
  return writer.build();
}

/** A square pyramid with its apex at the origin and its base at z = −1 (side 1): the restraint glyph. */
export function pyramidGeometry(): UnitGeometry {
  const writer = new GeometryWriter();
  const base: Array<[number, number]> = square(0.5);
  for (let k = 0; k < 4; k++) {
    const [x0, y0] = base[k] as [number, number];
    const [x1, y1] = base[(k + 1) % 4] as [number, number];
    // Face normal: (edge) × (apex − edge start), normalised, pointing away from the axis.
    const ex = x1 - x0;
    const ey = y1 - y0;
    const ax = -x0;
    const ay = -y0;
    const az = 1;
    let nx = ey * az;
    let ny = -ex * az;
    let nz = ex * ay - ey * ax;
    if (nx * (x0 + x1) + ny * (y0 + y1) < 0) {
      nx = -nx;
      ny = -ny;
      nz = -nz;
    }
    const length = Math.hypot(nx, ny, nz);
    const a = writer.vertex(0, 0, 0, nx / length, ny / length, nz / length);
    const b = writer.vertex(x0, y0, -1, nx / length, ny / length, nz / length);
    const c = writer.vertex(x1, y1, -1, nx / length, ny / length, nz / length);
    writer.triangle(a, b, c);
  }
  const corners = base.map(([x, y]) => writer.vertex(x, y, -1, 0, 0, -1));
  writer.triangle(corners[0] as number, corners[1] as number, corners[2] as number);
  writer.triangle(corners[0] as number, corners[2] as number, corners[3] as number);
  return writer.build();
}

/** An octahedron of diameter 1 centred on the origin: the release glyph. */
export function octahedronGeometry(): UnitGeometry {
  const writer = new GeometryWriter();
  const h = 0.5;
  for (const sx of [-1, 1]) {
    for (const sy of [-1, 1]) {
      for (const sz of [-1, 1]) {
        const n = 1 / Math.sqrt(3);
        const a = writer.vertex(sx * h, 0, 0, sx * n, sy * n, sz * n);
        const b = writer.vertex(0, sy * h, 0, sx * n, sy * n, sz * n);
        const c = writer.vertex(0, 0, sz * h, sx * n, sy * n, sz * n);
        writer.triangle(a, b, c);
      }
    }
  }
  return writer.build();
}

/**
 * An arrow along +x with its tip at the origin and its tail at x = −1, 1 across at the head: the load glyph.
 * A hexagonal shaft (0.3 across) and a hexagonal cone (the last 0.35 of its length).
 */
export function arrowGeometry(): UnitGeometry {
  const writer = new GeometryWriter();
  const segments = 6;
  const head = 0.35;
  const shaft = 0.15;
  const ring = polygon(segments, 1);
  for (let k = 0; k < segments; k++) {
    const [y0, z0] = ring[k] as [number, number];
    const [y1, z1] = ring[(k + 1) % segments] as [number, number];
    // Shaft side.
    const a = writer.vertex(-1, y0 * shaft, z0 * shaft, 0, y0, z0);
    const b = writer.vertex(-1, y1 * shaft, z1 * shaft, 0, y1, z1);
    const c = writer.vertex(-head, y1 * shaft, z1 * shaft, 0, y1, z1);
    const d = writer.vertex(-head, y0 * shaft, z0 * shaft, 0, y0, z0);
    writer.triangle(a, b, c);
    writer.triangle(a, c, d);
    // Cone side: normals lean forward.
    const slope = 0.5 / head;
    const nl = Math.hypot(1, slope);
    const tip = writer.vertex(0, 0, 0, slope / nl, ((y0 + y1) / 2) * (1 / nl), ((z0 + z1) / 2) * (1 / nl));
    const e = writer.vertex(-head, y0 * 0.5, z0 * 0.5, slope / nl, y0 / nl, z0 / nl);
    const f = writer.vertex(-head, y1 * 0.5, z1 * 0.5, slope / nl, y1 / nl, z1 / nl);
    writer.triangle(tip, e, f);
    // Back of the head and end of the shaft, facing −x.
    const g = writer.vertex(-head, y0 * 0.5, z0 * 0.5, -1, 0, 0);
    const i = writer.vertex(-head, y1 * 0.5, z1 * 0.5, -1, 0, 0);
    const centre = writer.vertex(-head, 0, 0, -1, 0, 0);
    writer.triangle(centre, g, i);
    const j = writer.vertex(-1, y0 * shaft, z0 * shaft, -1, 0, 0);
    const l = writer.vertex(-1, y1 * shaft, z1 * shaft, -1, 0, 0);
    const tail = writer.vertex(-1, 0, 0, -1, 0, 0);
    writer.triangle(tail, j, l);
  }
  return writer.build();
}
