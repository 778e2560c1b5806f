/**
 * An open-addressing hash table from integer 3-D cell coordinates (ix, iy, iz) to a dense cell number 0…n−1, on
 * typed arrays. The point and box grids of this folder use it to turn "which voxel" into a CSR row without a
 * Map entry or a string per cell: §2.5 of the repair research measured string-keyed Maps about 10× slower.
 * It grows as cells are added (load ≤ ½), so a caller can size it by a guess: a table sized for the worst case
 * (every box entry its own cell) is several times too big at 1M members, and its random probes miss the cache.
 */
export class CellTable {
  private mask: number;
  /** Slot → cell number + 1 (0 = empty). */
  private slots: Int32Array;
  /** Cell number → its coordinates, 3 per cell (read only the first 3 × size). */
  coords: Int32Array;
  size = 0;

  constructor(expectedCells: number) {
    let capacity = 16;
    while (capacity < expectedCells * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.slots = new Int32Array(capacity);
    this.coords = new Int32Array(Math.max(1, expectedCells) * 3);
  }

  private static hash(ix: number, iy: number, iz: number): number {
    // Odd multipliers mix the three lanes, then murmur3's finaliser spreads them into the low bits the mask keeps
    // (grid coordinates are multiples of a bay, so the raw products share their low bits).
    let h = Math.imul(ix, 0x9e3779b1) ^ Math.imul(iy, 0x85ebca77) ^ Math.imul(iz, 0xc2b2ae3d);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
  }

  /** The cell number of (ix, iy, iz), or −1. */
  find(ix: number, iy: number, iz: number): number {
    let slot = CellTable.hash(ix, iy, iz) & this.mask;
    const slots = this.slots;
    const coords = this.coords;
    for (;;) {
      const entry = slots[slot] as number;
      if (entry === 0) return -1;
      const base = (entry - 1) * 3;
      if (coords[base] === ix && coords[base + 1] === iy && coords[base + 2] === iz) return entry - 1;
      slot = (slot + 1) & this.mask;
    }
  }

  /** The cell number of (ix, iy, iz), adding the cell when it is new. */
  intern(ix: number, iy: number, iz: number): number {
    let slot = CellTable.hash(ix, iy, iz) & this.mask;
    const slots = this.slots;
    const coords = this.coords;
    for (;;) {
      const entry = slots[slot] as number;
      if (entry === 0) {
        const cell = this.size++;
        if (cell * 3 + 3 > coords.length) {
          const grown = new Int32Array(coords.length * 2);
          grown.set(coords);
          this.coords = grown;
        }
        const base = cell * 3;
        this.coords[base] = ix;
        this.coords[base + 1] = iy;
        this.coords[base + 2] = iz;
        slots[slot] = cell + 1;
        if (this.size * 2 > slots.length) this.grow();
        return cell;
      }
      const base = (entry - 1) * 3;
      if (coords[base] === ix && coords[base + 1] === iy && coords[base + 2] === iz) return entry - 1;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Doubles the slot array and re-inserts every cell (cell numbers do not change). */
  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    const coords = this.coords;
    for (let cell = 0; cell < this.size; cell++) {
      const base = cell * 3;
      let slot =
        CellTable.hash(coords[base] as number, coords[base + 1] as number, coords[base + 2] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = cell + 1;
    }
    this.slots = slots;
    this.mask = mask;
  }
}
