import type { Point3 } from '../../schema';

export type Vec3 = readonly [number, number, number];

export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const norm = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
export const toVec = (point: Point3): Vec3 => [point.x, point.y, point.z];

export function unit(a: Vec3): Vec3 {
  const length = norm(a);
  return length === 0 ? [0, 0, 0] : scale(a, 1 / length);
}

/** Below this sine between a member and the vertical, CSI tools treat the member as vertical. */
const VERTICAL_SINE = 1e-3;

/**
 * A frame member's local axes as CSI tools (ETABS, SAP2000) define them: 1 from start to end; for a vertical
 * member 2 is +X, otherwise 2 lies in the vertical plane through 1 pointing up; 3 = 1 × 2; then 2 and 3 turn by
 * `angleDegrees` about 1. The section's depth lies along 2.
 */
export interface MemberAxes {
  axis1: Vec3;
  axis2: Vec3;
  axis3: Vec3;
  length: number;
}

export function memberAxes(start: Vec3, end: Vec3, angleDegrees = 0): MemberAxes {
  const along = sub(end, start);
  const length = norm(along);
  const axis1 = unit(along);
  let axis2: Vec3;
  let axis3: Vec3;
  if (Math.hypot(axis1[0], axis1[1]) < VERTICAL_SINE) {
    axis2 = [1, 0, 0];
    axis3 = unit(cross(axis1, axis2));
    axis2 = cross(axis3, axis1);
  } else {
    axis3 = unit(cross(axis1, [0, 0, 1]));
    axis2 = cross(axis3, axis1);
  }
  if (angleDegrees !== 0) {
    const angle = (angleDegrees * Math.PI) / 180;
    const turned = add(scale(axis2, Math.cos(angle)), scale(axis3, Math.sin(angle)));
    axis2 = unit(turned);
    axis3 = cross(axis1, axis2);
  }
  return { axis1, axis2, axis3, length };
}

/**
 * The plane of a polygon: origin at its first vertex, normal by Newell's method (so any simple polygon, convex or
 * not, gets the normal its vertex order implies), x along the first edge that is not degenerate, and the
 * vertices in that plane's 2D coordinates. `warp` is the largest distance of a vertex from the plane (mm).
 */
export interface PolygonFrame {
  origin: Vec3;
  normal: Vec3;
  xAxis: Vec3;
  points2d: [number, number][];
  area: number;
  warp: number;
}

export function polygonFrame(points: readonly Vec3[]): PolygonFrame | undefined {
  const first = points[0];
  if (!first || points.length < 3) return undefined;
  let newell: Vec3 = [0, 0, 0];
  for (let index = 0; index < points.length; index++) {
    const a = points[index] as Vec3;
    const b = points[(index + 1) % points.length] as Vec3;
    newell = add(newell, [
      (a[1] - b[1]) * (a[2] + b[2]),
      (a[2] - b[2]) * (a[0] + b[0]),
      (a[0] - b[0]) * (a[1] + b[1]),
    ]);
  }
  const area = norm(newell) / 2;
  if (!(area > 1e-9)) return undefined;
  const normal = unit(newell);
  let xAxis: Vec3 | undefined;
  for (const point of points.slice(1)) {
    const edge = sub(point, first);
    const inPlane = sub(edge, scale(normal, dot(edge, normal)));
    if (norm(inPlane) > 1e-9) {
      xAxis = unit(inPlane);
      break;
    }
  }
  if (!xAxis) return undefined;
  const yAxis = cross(normal, xAxis);
  let warp = 0;
  const points2d = points.map((point): [number, number] => {
    const relative = sub(point, first);
    warp = Math.max(warp, Math.abs(dot(relative, normal)));
    return [dot(relative, xAxis), dot(relative, yAxis)];
  });
  return { origin: first, normal, xAxis, points2d, area, warp };
}
