/**
 * A 3-D spatial hash of points (mm): cells of `cellSize`, each holding the indices of the items whose point falls
 * in it. Querying a point visits its cell and the 26 around it, so every item within `cellSize` is found without
 * comparing all pairs. Keys are numbers (no string per point); two cells sharing a key only cost a distance check.
 */
export class SpatialHash {
  private readonly cells = new Map<number, number[]>();
  private readonly inverse: number;
  private readonly seen = new Float64Array(27);

  constructor(cellSize: number) {
    this.inverse = 1 / cellSize;
  }

  private static key(ix: number, iy: number, iz: number): number {
    // Three 17-bit-ish lanes mixed into one safe integer; collisions are harmless (callers check distance).
    return ((ix & 0x1ffff) * 0x20000 + (iy & 0x1ffff)) * 0x4000 + (iz & 0x3fff);
  }

  insert(x: number, y: number, z: number, item: number): void {
    const key = SpatialHash.key(
      Math.floor(x * this.inverse),
      Math.floor(y * this.inverse),
      Math.floor(z * this.inverse),
    );
    const cell = this.cells.get(key);
    if (cell) cell.push(item);
    else this.cells.set(key, [item]);
  }

  /** Calls `visit` with every item in the 27 cells around (x, y, z); items may repeat when keys collide. */
  near(x: number, y: number, z: number, visit: (item: number) => void): void {
    const ix = Math.floor(x * this.inverse);
    const iy = Math.floor(y * this.inverse);
    const iz = Math.floor(z * this.inverse);
    // Keys already visited (lanes wrap, so two of the 27 cells can share one): a fixed scratch list, no Set per query.
    const seen = this.seen;
    let visited = 0;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          const key = SpatialHash.key(ix + dx, iy + dy, iz + dz);
          let repeated = false;
          for (let k = 0; k < visited; k++) {
            if (seen[k] === key) {
              repeated = true;
              break;
            }
          }
          if (repeated) continue;
          seen[visited++] = key;
          const cell = this.cells.get(key);
          if (cell) for (const item of cell) visit(item);
        }
      }
    }
  }
}
