import { PointGrid } from '../spatial';
import { UnionFind } from './unionFind';

/** What C01 needs to keep a merge from crossing a level datum (see Topology). */
export interface LevelBands {
  levelOf: Int32Array;
  levelsBelow: Int32Array;
  levelsAtOrBelow: Int32Array;
}

/**
 * Whether nodes a and b may be merged: not when both have a level and the levels differ, and not when a level
 * elevation lies strictly between them (one just below a storey, one just above: ETABS never merges those).
 */
export function sameDatum(bands: LevelBands, zs: ArrayLike<number>, a: number, b: number): boolean {
  const levelA = bands.levelOf[a] as number;
  const levelB = bands.levelOf[b] as number;
  if (levelA >= 0 && levelB >= 0 && levelA !== levelB) return false;
  const [low, high] = (zs[a] as number) <= (zs[b] as number) ? [a, b] : [b, a];
  return (bands.levelsAtOrBelow[low] as number) >= (bands.levelsBelow[high] as number);
}

/**
 * Single-linkage clustering of points within `tolerance` (A1 of the research): a voxel hash with cells of
 * `tolerance`, every pair within it united, never across a level datum. Connected components do not depend on the
 * order of the points, so the classes are order-invariant without sorting ids.
 */
export function clusterPoints(
  xs: Float64Array,
  ys: Float64Array,
  zs: Float64Array,
  tolerance: number,
  bands?: LevelBands,
  keepApart?: (a: number, b: number) => boolean,
): UnionFind {
  const count = xs.length;
  const unionFind = new UnionFind(count);
  // Cells of 4 × tolerance: most points are then far from every face and need no neighbour lookup.
  const grid = new PointGrid(xs, ys, zs, 4 * tolerance, count);
  grid.forEachPairWithin(tolerance, (a, b) => {
    if (bands && !sameDatum(bands, zs, a, b)) return;
    if (keepApart?.(a, b)) return;
    unionFind.union(a, b);
  });
  return unionFind;
}

/**
 * The classes of size ≥ 2 of a union-find over `count` items, as CSR (members in index order). One counting pass,
 * no array per class.
 */
export function multiMemberClasses(
  unionFind: UnionFind,
  count: number,
): { roots: Int32Array; start: Int32Array; members: Int32Array } {
  const size = new Int32Array(count);
  const root = new Int32Array(count);
  for (let index = 0; index < count; index++) {
    const r = unionFind.find(index);
    root[index] = r;
    size[r] = (size[r] as number) + 1;
  }
  const slot = new Int32Array(count).fill(-1);
  const roots: number[] = [];
  let total = 0;
  for (let index = 0; index < count; index++) {
    if (root[index] === index && (size[index] as number) >= 2) {
      slot[index] = roots.length;
      roots.push(index);
      total += size[index] as number;
    }
  }
  const start = new Int32Array(roots.length + 1);
  for (let k = 0; k < roots.length; k++)
    start[k + 1] = (start[k] as number) + (size[roots[k] as number] as number);
  const fill = start.slice(0, roots.length);
  const members = new Int32Array(total);
  for (let index = 0; index < count; index++) {
    const k = slot[root[index] as number] as number;
    if (k < 0) continue;
    members[fill[k] as number] = index;
    fill[k] = (fill[k] as number) + 1;
  }
  return { roots: Int32Array.from(roots), start, members };
}
