import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoxGrid, CellTable, PointGrid } from './index';

const RUNS = Math.min(Number(process.env['FC_NUM_RUNS'] ?? 50), 300);

/** Points on a coarse lattice (round coordinates, like real models) plus jitter, so near pairs and cell faces abound. */
const pointsArbitrary = fc.array(
  fc.record({
    x: fc.integer({ min: -20, max: 20 }),
    y: fc.integer({ min: -20, max: 20 }),
    z: fc.integer({ min: -5, max: 5 }),
    jitter: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
  }),
  { minLength: 1, maxLength: 300 },
);

describe('PointGrid', () => {
  it('finds exactly the pairs within the radius, each once, for any cell size ≥ radius', () => {
    fc.assert(
      fc.property(
        pointsArbitrary,
        fc.constantFrom(1, 2, 2.5, 4, 8),
        fc.constantFrom(0.5, 1, 2),
        (points, factor, spacing) => {
          const radius = 1;
          const xs = Float64Array.from(points, (p) => p.x * spacing + p.jitter);
          const ys = Float64Array.from(points, (p) => p.y * spacing);
          const zs = Float64Array.from(points, (p) => p.z * spacing - p.jitter / 2);
          const grid = new PointGrid(xs, ys, zs, radius * factor);
          const found: string[] = [];
          grid.forEachPairWithin(radius, (a, b) => found.push(a < b ? `${a},${b}` : `${b},${a}`));
          const expected: string[] = [];
          for (let a = 0; a < points.length; a++)
            for (let b = a + 1; b < points.length; b++) {
              const d = Math.hypot(xs[a]! - xs[b]!, ys[a]! - ys[b]!, zs[a]! - zs[b]!);
              if (d <= radius) expected.push(`${a},${b}`);
            }
          expect(found.sort()).toEqual(expected.sort());
          // Radius queries agree too.
          const a = 0;
          const near: number[] = [];
          grid.forEachWithin(xs[a]!, ys[a]!, zs[a]!, radius, (j) => near.push(j));
          const expectedNear = points
            .map((_, j) => j)
            .filter((j) => Math.hypot(xs[a]! - xs[j]!, ys[a]! - ys[j]!, zs[a]! - zs[j]!) <= radius);
          expect(near.sort((p, q) => p - q)).toEqual(expectedNear);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('BoxGrid', () => {
  it('finds exactly the overlapping box pairs once, and every box overlapping a query', () => {
    const box = fc.record({
      x: fc.double({ min: -50, max: 50, noNaN: true }),
      y: fc.double({ min: -50, max: 50, noNaN: true }),
      z: fc.double({ min: -10, max: 10, noNaN: true }),
      w: fc.double({ min: 0, max: 30, noNaN: true }),
      h: fc.double({ min: 0, max: 30, noNaN: true }),
      d: fc.double({ min: 0, max: 8, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(box, { minLength: 1, maxLength: 150 }),
        fc.constantFrom(0.5, 3, 10, 40),
        (list, cell) => {
          const boxes = new Float64Array(list.length * 6);
          list.forEach((b, k) => boxes.set([b.x, b.y, b.z, b.x + b.w, b.y + b.h, b.z + b.d], k * 6));
          const overlaps = (a: number, b: number) =>
            boxes[a * 6]! <= boxes[b * 6 + 3]! &&
            boxes[b * 6]! <= boxes[a * 6 + 3]! &&
            boxes[a * 6 + 1]! <= boxes[b * 6 + 4]! &&
            boxes[b * 6 + 1]! <= boxes[a * 6 + 4]! &&
            boxes[a * 6 + 2]! <= boxes[b * 6 + 5]! &&
            boxes[b * 6 + 2]! <= boxes[a * 6 + 5]!;
          const grid = new BoxGrid(boxes, cell);
          const found: string[] = [];
          grid.forEachOverlappingPair((a, b) => found.push(a < b ? `${a},${b}` : `${b},${a}`));
          const expected: string[] = [];
          for (let a = 0; a < list.length; a++)
            for (let b = a + 1; b < list.length; b++) if (overlaps(a, b)) expected.push(`${a},${b}`);
          expect(found.sort()).toEqual(expected.sort());
          const hits: number[] = [];
          grid.forEachOverlapping(boxes[0]!, boxes[1]!, boxes[2]!, boxes[3]!, boxes[4]!, boxes[5]!, (k) =>
            hits.push(k),
          );
          expect(hits.sort((p, q) => p - q)).toEqual(list.map((_, k) => k).filter((k) => overlaps(0, k)));
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('CellTable', () => {
  it('keeps every cell number through growth from a too-small size guess', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: -40, max: 40 }),
            fc.integer({ min: -40, max: 40 }),
            fc.integer({ min: -3, max: 3 }),
          ),
          {
            maxLength: 2000,
          },
        ),
        (cells) => {
          const table = new CellTable(1);
          const numbers = new Map<string, number>();
          for (const [x, y, z] of cells) {
            const key = `${x},${y},${z}`;
            const cell = table.intern(x, y, z);
            expect(cell).toBe(numbers.get(key) ?? numbers.size);
            numbers.set(key, cell);
          }
          expect(table.size).toBe(numbers.size);
          for (const [key, cell] of numbers) {
            const [x, y, z] = key.split(',').map(Number) as [number, number, number];
            expect(table.find(x, y, z)).toBe(cell);
            expect(Array.from(table.coords.subarray(cell * 3, cell * 3 + 3))).toEqual([x, y, z]);
          }
          expect(table.find(1000, 1000, 1000)).toBe(-1);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
