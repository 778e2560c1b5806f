import { CellTable } from './cellTable';
import { safeCellSize } from './pointGrid';

/** A box spanning more cells than this is kept in a short "oversize" list and tested against everything. */
const MAX_CELLS_PER_BOX = 4096;

/**
 * A static 3-D voxel grid of axis-aligned boxes (member AABBs inflated by a tolerance), on typed arrays. Each box
 * is listed in every cell it overlaps (CSR layout). Candidate queries by box, and every overlapping pair once.
 * Choose `cellSize` near the typical box length (e.g. the median member length): a box then spans a few cells.
 * Cells are centred on multiples of `cellSize`, as in PointGrid: member ends sit on round coordinates, and with
 * faces there every box inflated by a tolerance would straddle a face on each axis (12 cells instead of 2 for a
 * beam on a 6 m grid, twice the pairs to test).
 */
export class BoxGrid {
  readonly count: number;
  readonly cellSize: number;
  private readonly inverse: number;
  private readonly table: CellTable;
  private readonly cellStart: Int32Array;
  private readonly entries: Int32Array;
  /** Boxes spanning too many cells, tested against every query. */
  private readonly oversize: Int32Array;
  private readonly isOversize: Uint8Array;
  private readonly stamp: Int32Array;
  private query = 0;

  /** `boxes`: 6 numbers per box, minX, minY, minZ, maxX, maxY, maxZ. */
  constructor(
    readonly boxes: Float64Array,
    cellSize: number,
  ) {
    const count = boxes.length / 6;
    this.count = count;
    let extent = 0;
    for (let index = 0; index < boxes.length; index++)
      extent = Math.max(extent, Math.abs(boxes[index] as number));
    this.cellSize = safeCellSize(cellSize, extent);
    const inverse = (this.inverse = 1 / this.cellSize);
    const isOversize = new Uint8Array(count);
    const oversize: number[] = [];
    let total = 0;
    for (let box = 0; box < count; box++) {
      const cells = this.span(box);
      if (cells > MAX_CELLS_PER_BOX) {
        isOversize[box] = 1;
        oversize.push(box);
      } else total += cells;
    }
    // About one cell per box is typical; the table grows if there are more.
    const table = new CellTable(Math.min(total, count));
    const cellOfEntry = new Int32Array(total);
    let entry = 0;
    for (let box = 0; box < count; box++) {
      if (isOversize[box]) continue;
      const base = box * 6;
      const x0 = Math.floor((boxes[base] as number) * inverse + 0.5);
      const y0 = Math.floor((boxes[base + 1] as number) * inverse + 0.5);
      const z0 = Math.floor((boxes[base + 2] as number) * inverse + 0.5);
      const x1 = Math.floor((boxes[base + 3] as number) * inverse + 0.5);
      const y1 = Math.floor((boxes[base + 4] as number) * inverse + 0.5);
      const z1 = Math.floor((boxes[base + 5] as number) * inverse + 0.5);
      for (let ix = x0; ix <= x1; ix++)
        for (let iy = y0; iy <= y1; iy++)
          for (let iz = z0; iz <= z1; iz++) cellOfEntry[entry++] = table.intern(ix, iy, iz);
    }
    const cells = table.size;
    const cellStart = new Int32Array(cells + 1);
    for (let index = 0; index < total; index++) (cellStart[(cellOfEntry[index] as number) + 1] as number)++;
    for (let cell = 0; cell < cells; cell++)
      cellStart[cell + 1] = (cellStart[cell + 1] as number) + (cellStart[cell] as number);
    const fill = cellStart.slice(0, cells);
    const entries = new Int32Array(total);
    entry = 0;
    for (let box = 0; box < count; box++) {
      if (isOversize[box]) continue;
      const cellsOfBox = this.span(box);
      for (let k = 0; k < cellsOfBox; k++) {
        const cell = cellOfEntry[entry++] as number;
        entries[fill[cell] as number] = box;
        fill[cell] = (fill[cell] as number) + 1;
      }
    }
    this.table = table;
    this.cellStart = cellStart;
    this.entries = entries;
    this.oversize = Int32Array.from(oversize);
    this.isOversize = isOversize;
    this.stamp = new Int32Array(count);
  }

  /** How many cells box `box` overlaps. */
  private span(box: number): number {
    const boxes = this.boxes;
    const inverse = this.inverse;
    const base = box * 6;
    const nx =
      Math.floor((boxes[base + 3] as number) * inverse + 0.5) -
      Math.floor((boxes[base] as number) * inverse + 0.5) +
      1;
    const ny =
      Math.floor((boxes[base + 4] as number) * inverse + 0.5) -
      Math.floor((boxes[base + 1] as number) * inverse + 0.5) +
      1;
    const nz =
      Math.floor((boxes[base + 5] as number) * inverse + 0.5) -
      Math.floor((boxes[base + 2] as number) * inverse + 0.5) +
      1;
    return nx * ny * nz;
  }

  private overlaps(
    box: number,
    minX: number,
    minY: number,
    minZ: number,
    maxX: number,
    maxY: number,
    maxZ: number,
  ): boolean {
    const boxes = this.boxes;
    const base = box * 6;
    return (
      (boxes[base] as number) <= maxX &&
      (boxes[base + 3] as number) >= minX &&
      (boxes[base + 1] as number) <= maxY &&
      (boxes[base + 4] as number) >= minY &&
      (boxes[base + 2] as number) <= maxZ &&
      (boxes[base + 5] as number) >= minZ
    );
  }

  /** Calls `visit(box)` once for every box overlapping the query box. */
  forEachOverlapping(
    minX: number,
    minY: number,
    minZ: number,
    maxX: number,
    maxY: number,
    maxZ: number,
    visit: (box: number) => void,
  ): void {
    const stampValue = ++this.query;
    const { stamp, table, cellStart, entries, inverse } = this;
    const x0 = Math.floor(minX * inverse + 0.5);
    const y0 = Math.floor(minY * inverse + 0.5);
    const z0 = Math.floor(minZ * inverse + 0.5);
    const x1 = Math.floor(maxX * inverse + 0.5);
    const y1 = Math.floor(maxY * inverse + 0.5);
    const z1 = Math.floor(maxZ * inverse + 0.5);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1) > MAX_CELLS_PER_BOX) {
      // A huge query: scanning every box is cheaper than every cell.
      for (let box = 0; box < this.count; box++)
        if (this.overlaps(box, minX, minY, minZ, maxX, maxY, maxZ)) visit(box);
      return;
    }
    for (let ix = x0; ix <= x1; ix++)
      for (let iy = y0; iy <= y1; iy++)
        for (let iz = z0; iz <= z1; iz++) {
          const cell = table.find(ix, iy, iz);
          if (cell < 0) continue;
          const end = cellStart[cell + 1] as number;
          for (let position = cellStart[cell] as number; position < end; position++) {
            const box = entries[position] as number;
            if (stamp[box] === stampValue) continue;
            stamp[box] = stampValue;
            if (this.overlaps(box, minX, minY, minZ, maxX, maxY, maxZ)) visit(box);
          }
        }
    for (const box of this.oversize) if (this.overlaps(box, minX, minY, minZ, maxX, maxY, maxZ)) visit(box);
  }

  /**
   * Calls `visit(a, b)` once for every unordered pair of overlapping boxes. A pair sharing several cells is
   * reported only in the cell holding the minimum corner of the two boxes' intersection, so no set is needed.
   */
  forEachOverlappingPair(visit: (a: number, b: number) => void): void {
    const { boxes, table, cellStart, entries, inverse, isOversize } = this;
    const coords = table.coords;
    for (let cell = 0; cell < table.size; cell++) {
      const start = cellStart[cell] as number;
      const end = cellStart[cell + 1] as number;
      const cx = coords[cell * 3] as number;
      const cy = coords[cell * 3 + 1] as number;
      const cz = coords[cell * 3 + 2] as number;
      for (let p = start; p < end; p++) {
        const a = entries[p] as number;
        const ab = a * 6;
        for (let q = p + 1; q < end; q++) {
          const b = entries[q] as number;
          const bb = b * 6;
          const minX = Math.max(boxes[ab] as number, boxes[bb] as number);
          const minY = Math.max(boxes[ab + 1] as number, boxes[bb + 1] as number);
          const minZ = Math.max(boxes[ab + 2] as number, boxes[bb + 2] as number);
          if (
            minX > Math.min(boxes[ab + 3] as number, boxes[bb + 3] as number) ||
            minY > Math.min(boxes[ab + 4] as number, boxes[bb + 4] as number) ||
            minZ > Math.min(boxes[ab + 5] as number, boxes[bb + 5] as number)
          )
            continue;
          if (
            Math.floor(minX * inverse + 0.5) !== cx ||
            Math.floor(minY * inverse + 0.5) !== cy ||
            Math.floor(minZ * inverse + 0.5) !== cz
          )
            continue;
          visit(a, b);
        }
      }
    }
    // Oversize boxes against everything (each oversize pair once).
    for (const a of this.oversize) {
      const base = a * 6;
      for (let b = 0; b < this.count; b++) {
        if (b === a || (isOversize[b] && b < a)) continue;
        if (
          this.overlaps(
            b,
            boxes[base] as number,
            boxes[base + 1] as number,
            boxes[base + 2] as number,
            boxes[base + 3] as number,
            boxes[base + 4] as number,
            boxes[base + 5] as number,
          )
        )
          visit(a, b);
      }
    }
  }
}
