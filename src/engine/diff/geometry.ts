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
  const direct = count === 1 ? [0] : null;
  if (direct) return { order: direct, deviation: distance(before[0] as Point3, after[0] as Point3) };
  let best: Alignment = { order: [], deviation: Infinity };
  // Members: as given or reversed. Polygons: every start vertex, both windings. Polygons are small (≈4 points).
  const starts = polygon ? count : 1;
  for (let start = 0; start < starts; start++) {
    for (const forward of [true, false]) {
      const order: number[] = [];
      let deviation = 0;
      for (let k = 0; k < count && deviation < best.deviation; k++) {
        // Reversed members run count-1…0; reversed polygons wind backwards from `start`.
        const index = forward ? (start + k) % count : (start - k + count + (polygon ? 0 : count - 1)) % count;
        order.push(index);
        deviation = Math.max(deviation, distance(before[k] as Point3, after[index] as Point3));
      }
      if (order.length === count && deviation < best.deviation) best = { order, deviation };
      if (best.deviation === 0) return best;
    }
  }
  return best;
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
