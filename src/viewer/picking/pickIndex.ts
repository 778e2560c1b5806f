import type { SceneData } from '../../engine/scene';
import type { Vec3 } from '../geometry/polygon';
import type { ElementShapes } from './elementShapes';
import { buildBvh } from './bvh';
import { buildElementShapes, rayElement } from './elementShapes';

export interface PickHit {
  element: number;
  /** Distance from the ray's origin to the hit, mm (the direction is normalised first). */
  distance: number;
}

export interface PickIndex {
  /**
   * The nearest visible element a ray hits (origin and direction in model mm; the direction need not be unit),
   * or null. Hits behind the origin do not count; equal distances go to the lower element index.
   */
  raycast(origin: Vec3, direction: Vec3, isVisible: (element: number) => boolean): PickHit | null;
  readonly elementCount: number;
}

/**
 * Distance at which a ray enters box n of `boxes` (0 when it starts inside), or Infinity when it misses or enters
 * beyond `limit`. Slab test with the inverse direction; NaN from 0 × ∞ (a ray in a slab's plane) is ignored.
 */
function rayBox(
  boxes: Float32Array,
  n: number,
  ox: number,
  oy: number,
  oz: number,
  ix: number,
  iy: number,
  iz: number,
  limit: number,
): number {
  const b = n * 6;
  let near = 0;
  let far = limit;
  let t1 = ((boxes[b] as number) - ox) * ix;
  let t2 = ((boxes[b + 3] as number) - ox) * ix;
  if (t1 > t2) {
    const swap = t1;
    t1 = t2;
    t2 = swap;
  }
  if (t1 > near) near = t1;
  if (t2 < far) far = t2;
  t1 = ((boxes[b + 1] as number) - oy) * iy;
  t2 = ((boxes[b + 4] as number) - oy) * iy;
  if (t1 > t2) {
    const swap = t1;
    t1 = t2;
    t2 = swap;
  }
  if (t1 > near) near = t1;
  if (t2 < far) far = t2;
  t1 = ((boxes[b + 2] as number) - oz) * iz;
  t2 = ((boxes[b + 5] as number) - oz) * iz;
  if (t1 > t2) {
    const swap = t1;
    t1 = t2;
    t2 = swap;
  }
  if (t1 > near) near = t1;
  if (t2 < far) far = t2;
  return near <= far ? near : Infinity;
}

/** A ray in the shapes' relative coordinates with a unit direction, or null for a zero or non-finite one. */
export function relativeRay(
  shapes: ElementShapes,
  origin: Vec3,
  direction: Vec3,
): { ox: number; oy: number; oz: number; dx: number; dy: number; dz: number } | null {
  const length = Math.hypot(direction[0], direction[1], direction[2]);
  if (!(length > 0) || !Number.isFinite(length)) return null;
  if (!Number.isFinite(origin[0]) || !Number.isFinite(origin[1]) || !Number.isFinite(origin[2])) return null;
  return {
    ox: origin[0] - shapes.origin[0],
    oy: origin[1] - shapes.origin[1],
    oz: origin[2] - shapes.origin[2],
    dx: direction[0] / length,
    dy: direction[1] / length,
    dz: direction[2] / length,
  };
}

/** radii: per element, mm, the pick radius of a member (half its drawn section's larger dimension); areas use their triangles. */
export function createPickIndex(data: SceneData, radii: Float32Array): PickIndex {
  const built = buildElementShapes(data, radii);
  const { nodeBoxes, nodeFirst, nodeCounts, order, depth } = buildBvh(built.boxes, built.elementCount);
  // Element boxes are only needed to build the tree: let them go (a quarter of the index for a million members).
  const shapes: ElementShapes = { ...built, boxes: new Float32Array(0) };
  const hasNodes = order.length > 0;
  // One pending far child per level at most.
  const stackNodes = new Int32Array(depth + 2);
  const stackNear = new Float64Array(depth + 2);

  return {
    elementCount: shapes.elementCount,
    raycast(origin, direction, isVisible) {
      const ray = relativeRay(shapes, origin, direction);
      if (!ray || !hasNodes) return null;
      const { ox, oy, oz, dx, dy, dz } = ray;
      const ix = 1 / dx;
      const iy = 1 / dy;
      const iz = 1 / dz;
      let best = Infinity;
      let bestElement = -1;
      let top = 0;
      let node = 0;
      if (rayBox(nodeBoxes, 0, ox, oy, oz, ix, iy, iz, best) === Infinity) return null;
      for (;;) {
        const count = nodeCounts[node] as number;
        if (count > 0) {
          const first = nodeFirst[node] as number;
          for (let k = first; k < first + count; k++) {
            const element = order[k] as number;
            const t = rayElement(shapes, element, ox, oy, oz, dx, dy, dz);
            // Ties (members meeting at a node share an end sphere) go to the lower index, as in brute force.
            if ((t < best || (t === best && element < bestElement)) && isVisible(element)) {
              best = t;
              bestElement = element;
            }
          }
        } else {
          // Visit the nearer child first; keep the other for later with its entry distance.
          const left = nodeFirst[node] as number;
          const nearLeft = rayBox(nodeBoxes, left, ox, oy, oz, ix, iy, iz, best);
          const nearRight = rayBox(nodeBoxes, left + 1, ox, oy, oz, ix, iy, iz, best);
          if (nearLeft !== Infinity || nearRight !== Infinity) {
            const leftFirst = nearLeft <= nearRight;
            const near = leftFirst ? left : left + 1;
            const farNear = leftFirst ? nearRight : nearLeft;
            if (farNear !== Infinity) {
              stackNodes[top] = leftFirst ? left + 1 : left;
              stackNear[top] = farNear;
              top++;
            }
            node = near;
            continue;
          }
        }
        // Pop the next pending child still nearer than the best hit.
        let next = -1;
        while (top > 0) {
          top--;
          if ((stackNear[top] as number) <= best) {
            next = stackNodes[top] as number;
            break;
          }
        }
        if (next < 0) break;
        node = next;
      }
      return bestElement >= 0 ? { element: bestElement, distance: best } : null;
    },
  };
}
