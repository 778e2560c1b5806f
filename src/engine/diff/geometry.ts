import type { Element, Node, Point3 } from '../schema';

/** The node ids that place an element, in order (i then j for members; the polygon for areas), or null. */
export function elementNodeIds(element: Element): readonly string[] | null {
  switch (element.type) {
    case 'Beam':
    case 'Column':
    case 'Brace':
    case 'Cable':
      return [element.startNodeId, element.endNodeId];
    case 'Link':
      return element.endNodeId === undefined
        ? [element.startNodeId]
        : [element.startNodeId, element.endNodeId];
    case 'Area':
    case 'Floor':
    case 'Wall':
    case 'Opening':
    case 'Component':
    case 'Foundation':
      return element.nodeIds;
    case 'GeoElement':
      return null;
  }
}

/** True for elements placed by a polygon (vertex order may rotate or reverse without a change). */
export function isPolygonal(element: Element): boolean {
  return (
    element.type === 'Area' ||
    element.type === 'Floor' ||
    element.type === 'Wall' ||
    element.type === 'Opening' ||
    element.type === 'Foundation'
  );
}

export type NodeLookup = (id: string) => Node | undefined;

/** The element's points through `nodes`, or null when it has none or one is missing. */
export function elementPoints(element: Element, nodes: NodeLookup): Point3[] | null {
  const ids = elementNodeIds(element);
  if (ids === null) return element.type === 'GeoElement' ? element.points : null;
  const points: Point3[] = [];
  for (const id of ids) {
    const node = nodes(id);
    if (!node) return null;
    points.push({ x: node.x, y: node.y, z: node.z });
  }
  return points;
}

export function distance(a: Point3, b: Point3): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

/**
 * How `after` lines up with `before`: `order[k]` is the index in `after` of the point that corresponds to
 * `before[k]`, and `deviation` the largest distance between corresponding points (mm). Direction is ignored for
 * members (CSI flips i/j) and polygons may start at any vertex and wind either way.
 */
export interface Alignment {
  order: number[];
  deviation: number;
}

export function alignPoints(
  before: readonly Point3[],
  after: readonly Point3[],
  polygon: boolean,
): Alignment {
  const count = before.length;
  if (count !== after.length || count === 0) {
    // Different vertex counts: deviation is the farthest any point is from the other set (both ways).
    let deviation = 0;
    for (const [from, to] of [
      [before, after],
      [after, before],
    ] as const) {
      for (const point of from) {
        let nearest = Infinity;
        for (const other of to) nearest = Math.min(nearest, distance(point, other));
        deviation = Math.max(deviation, nearest);
      }
    }
    return { order: [], deviation };
  }
  if (count === 1) return { order: [0], deviation: distance(before[0] as Point3, after[0] as Point3) };
  // Members: as given or reversed. Polygons: every start vertex, both windings. Polygons are small (≈4 points).
  // Each candidate is scored without building its order (the diff aligns every member on a moved node); a
  // candidate only wins when all its points fit better than the best so far, so scoring stops at the first misfit.
  let bestDeviation = Infinity;
  let bestStart = -1;
  let bestForward = true;
  const starts = polygon ? count : 1;
  search: for (let start = 0; start < starts; start++) {
    for (let direction = 0; direction < 2; direction++) {
      const forward = direction === 0;
      let deviation = 0;
      let k = 0;
      for (; k < count && deviation < bestDeviation; k++) {
        deviation = Math.max(
          deviation,
          distance(before[k] as Point3, after[alignedIndex(start, k, count, forward, polygon)] as Point3),
        );
      }
      if (k === count && deviation < bestDeviation) {
        bestDeviation = deviation;
        bestStart = start;
        bestForward = forward;
      }
      if (bestDeviation === 0) break search;
    }
  }
  if (bestStart < 0) return { order: [], deviation: Infinity };
  const order: number[] = [];
  for (let k = 0; k < count; k++) order.push(alignedIndex(bestStart, k, count, bestForward, polygon));
  return { order, deviation: bestDeviation };
}

/** The index in `after` matched with before[k]: reversed members run count-1…0, reversed polygons wind back. */
function alignedIndex(start: number, k: number, count: number, forward: boolean, polygon: boolean): number {
  return forward ? (start + k) % count : (start - k + count + (polygon ? 0 : count - 1)) % count;
}

/** Centroid of a point list (the spatial-hash key of an element). */
export function centroid(points: readonly Point3[]): Point3 {
  let x = 0;
  let y = 0;
  let z = 0;
  for (const point of points) {
    x += point.x;
    y += point.y;
    z += point.z;
  }
  const n = points.length || 1;
  return { x: x / n, y: y / n, z: z / n };
}

/** A frame member's per-end data (i = start, j = end): what turns end for end when a member is drawn the other way. */
export const FRAME_END_FIELDS = ['releases', 'endOffsets', 'insertionOffsets'] as const;

/** Per-end data with its ends swapped. */
export function swapEnds(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const ends = value as { i?: unknown; j?: unknown };
  return { ...ends, i: ends.j, j: ends.i };
}
