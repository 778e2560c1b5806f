import { CellTable } from './cellTable';

/** Cell coordinates stay well inside 32-bit integers; beyond that the cell grows (queries stay exact). */
const MAX_CELL_INDEX = 2 ** 29;

/** The cell size to use for `coordinates` so that no cell index overflows. */
export function safeCellSize(cellSize: number, maxAbsCoordinate: number): number {
  return Math.max(cellSize, maxAbsCoordinate / MAX_CELL_INDEX, 1e-9);
}

function maxAbs(values: ArrayLike<number>, count: number): number {
  let max = 0;
  for (let index = 0; index < count; index++) {
    const value = Math.abs(values[index] as number);
    if (value > max) max = value;
  }
  return max;
}

/**
 * A static 3-D voxel hash of points. Cells are centred on multiples of `cellSize` (cell k covers [k − ½, k + ½)
 * cells): real coordinates are round numbers, and a grid aligned on them would put every node on a cell face.
 * On typed arrays (CSR layout: `order` lists point indices cell by cell). Radius
 * queries up to `cellSize` visit the 27 cells around a point. Built for a million points: one typed-array pass to
 * find cells, one counting sort, no object per point.
 */
export class PointGrid {
  readonly cellSize: number;
  readonly count: number;
  /** Point → cell number. */
  readonly cellOf: Int32Array;
  /** Cell → first position in `order`; `cellStart[cells]` = count. */
  readonly cellStart: Int32Array;
  /** Point indices grouped by cell. */
  readonly order: Int32Array;
  private readonly table: CellTable;
  private readonly inverse: number;

  constructor(
    readonly xs: ArrayLike<number>,
    readonly ys: ArrayLike<number>,
    readonly zs: ArrayLike<number>,
    cellSize: number,
    count: number = xs.length,
  ) {
    this.count = count;
    this.cellSize = safeCellSize(cellSize, Math.max(maxAbs(xs, count), maxAbs(ys, count), maxAbs(zs, count)));
    this.inverse = 1 / this.cellSize;
    const table = new CellTable(count);
    const cellOf = new Int32Array(count);
    const inverse = this.inverse;
    for (let index = 0; index < count; index++) {
      cellOf[index] = table.intern(
        Math.floor((xs[index] as number) * inverse + 0.5),
        Math.floor((ys[index] as number) * inverse + 0.5),
        Math.floor((zs[index] as number) * inverse + 0.5),
      );
    }
    const cells = table.size;
    const cellStart = new Int32Array(cells + 1);
    for (let index = 0; index < count; index++) (cellStart[(cellOf[index] as number) + 1] as number)++;
    for (let cell = 0; cell < cells; cell++)
      cellStart[cell + 1] = (cellStart[cell + 1] as number) + (cellStart[cell] as number);
    const fill = cellStart.slice(0, cells);
    const order = new Int32Array(count);
    for (let index = 0; index < count; index++) {
      const cell = cellOf[index] as number;
      order[fill[cell] as number] = index;
      fill[cell] = (fill[cell] as number) + 1;
    }
    this.table = table;
    this.cellOf = cellOf;
    this.cellStart = cellStart;
    this.order = order;
  }

  get cellCount(): number {
    return this.table.size;
  }

  /**
   * Calls `visit(j, distanceSquared)` for every point j within `radius` (≤ cellSize) of (x, y, z), in no
   * particular order.
   */
  forEachWithin(
    x: number,
    y: number,
    z: number,
    radius: number,
    visit: (j: number, d2: number) => void,
  ): void {
    const { xs, ys, zs, order, cellStart, table } = this;
    const r2 = radius * radius;
    const ix = Math.floor(x * this.inverse + 0.5);
    const iy = Math.floor(y * this.inverse + 0.5);
    const iz = Math.floor(z * this.inverse + 0.5);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          const cell = table.find(ix + dx, iy + dy, iz + dz);
          if (cell < 0) continue;
          const end = cellStart[cell + 1] as number;
          for (let position = cellStart[cell] as number; position < end; position++) {
            const j = order[position] as number;
            const ex = (xs[j] as number) - x;
            const ey = (ys[j] as number) - y;
            const ez = (zs[j] as number) - z;
            const d2 = ex * ex + ey * ey + ez * ez;
            if (d2 <= r2) visit(j, d2);
          }
        }
      }
    }
  }

  /**
   * Calls `visit(a, b, distanceSquared)` once for every unordered pair of points within `radius` (≤ cellSize).
   * With cells at least twice the radius (build the grid so), a point only looks into the neighbour cells on the
   * faces it is within `radius` of, and only "forward" ones (the other side finds the backward pairs): on sparse
   * data that is about half a lookup per point instead of 13 per cell, which is what makes 1M points fast.
   */
  forEachPairWithin(radius: number, visit: (a: number, b: number, d2: number) => void): void {
    // Slack so rounding in the face test can only add a lookup, never miss one.
    const reach = radius * (1 + 1e-9) + 1e-9;
    // A point can then be near one face per axis only.
    if (2 * reach >= this.cellSize) {
      this.forEachPairWithinDense(radius, visit);
      return;
    }
    const { xs, ys, zs, order, cellStart, table, cellOf, cellSize } = this;
    const r2 = radius * radius;
    const coords = table.coords;
    const cells = table.size;
    for (let cell = 0; cell < cells; cell++) this.pairsInCell(cell, r2, visit);
    for (let a = 0; a < this.count; a++) {
      const cell = cellOf[a] as number;
      const ix = coords[cell * 3] as number;
      const iy = coords[cell * 3 + 1] as number;
      const iz = coords[cell * 3 + 2] as number;
      const ax = xs[a] as number;
      const ay = ys[a] as number;
      const az = zs[a] as number;
      const nx = ax - (ix - 0.5) * cellSize <= reach ? -1 : (ix + 0.5) * cellSize - ax <= reach ? 1 : 0;
      const ny = ay - (iy - 0.5) * cellSize <= reach ? -1 : (iy + 0.5) * cellSize - ay <= reach ? 1 : 0;
      const nz = az - (iz - 0.5) * cellSize <= reach ? -1 : (iz + 0.5) * cellSize - az <= reach ? 1 : 0;
      if (nx === 0 && ny === 0 && nz === 0) continue;
      for (let dx = Math.min(0, nx); dx <= Math.max(0, nx); dx++)
        for (let dy = Math.min(0, ny); dy <= Math.max(0, ny); dy++)
          for (let dz = Math.min(0, nz); dz <= Math.max(0, nz); dz++) {
            if (!(dx > 0 || (dx === 0 && (dy > 0 || (dy === 0 && dz > 0))))) continue;
            const other = table.find(ix + dx, iy + dy, iz + dz);
            if (other < 0) continue;
            const otherEnd = cellStart[other + 1] as number;
            for (let q = cellStart[other] as number; q < otherEnd; q++) {
              const b = order[q] as number;
              const ex = (xs[b] as number) - ax;
              const ey = (ys[b] as number) - ay;
              const ez = (zs[b] as number) - az;
              const d2 = ex * ex + ey * ey + ez * ez;
              if (d2 <= r2) visit(a, b, d2);
            }
          }
    }
  }

  /** Every pair of points within one cell closer than sqrt(r2), each once. */
  private pairsInCell(cell: number, r2: number, visit: (a: number, b: number, d2: number) => void): void {
    const { xs, ys, zs, order, cellStart } = this;
    const start = cellStart[cell] as number;
    const end = cellStart[cell + 1] as number;
    for (let p = start; p < end; p++) {
      const a = order[p] as number;
      const ax = xs[a] as number;
      const ay = ys[a] as number;
      const az = zs[a] as number;
      for (let q = p + 1; q < end; q++) {
        const b = order[q] as number;
        const ex = (xs[b] as number) - ax;
        const ey = (ys[b] as number) - ay;
        const ez = (zs[b] as number) - az;
        const d2 = ex * ex + ey * ey + ez * ez;
        if (d2 <= r2) visit(a, b, d2);
      }
    }
  }

  /** forEachPairWithin for cells under twice the radius: each cell against itself and its 13 forward neighbours. */
  private forEachPairWithinDense(radius: number, visit: (a: number, b: number, d2: number) => void): void {
    const { xs, ys, zs, order, cellStart, table } = this;
    const r2 = radius * radius;
    const coords = table.coords;
    const cells = table.size;
    for (let cell = 0; cell < cells; cell++) {
      const start = cellStart[cell] as number;
      const end = cellStart[cell + 1] as number;
      this.pairsInCell(cell, r2, visit);
      const ix = coords[cell * 3] as number;
      const iy = coords[cell * 3 + 1] as number;
      const iz = coords[cell * 3 + 2] as number;
      for (let k = 0; k < FORWARD.length; k += 3) {
        const other = table.find(
          ix + (FORWARD[k] as number),
          iy + (FORWARD[k + 1] as number),
          iz + (FORWARD[k + 2] as number),
        );
        if (other < 0) continue;
        const otherStart = cellStart[other] as number;
        const otherEnd = cellStart[other + 1] as number;
        for (let p = start; p < end; p++) {
          const a = order[p] as number;
          const ax = xs[a] as number;
          const ay = ys[a] as number;
          const az = zs[a] as number;
          for (let q = otherStart; q < otherEnd; q++) {
            const b = order[q] as number;
            const ex = (xs[b] as number) - ax;
            const ey = (ys[b] as number) - ay;
            const ez = (zs[b] as number) - az;
            const d2 = ex * ex + ey * ey + ez * ez;
            if (d2 <= r2) visit(a, b, d2);
          }
        }
      }
    }
  }
}

/** The 13 neighbour offsets lexicographically after (0, 0, 0): with the cell itself, every pair of cells once. */
const FORWARD: Int32Array = (() => {
  const offsets: number[] = [];
  for (let dx = -1; dx <= 1; dx++)
    for (let dy = -1; dy <= 1; dy++)
      for (let dz = -1; dz <= 1; dz++) {
        if (dx > 0 || (dx === 0 && (dy > 0 || (dy === 0 && dz > 0)))) offsets.push(dx, dy, dz);
      }
  return Int32Array.from(offsets);
})();
