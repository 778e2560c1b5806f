import { describe, expect, it } from 'vitest';
import { appendDiagram, diagramPlane } from './forceDiagram';

/** The points of a flat list, rounded to 0.001 mm. */
function points(flat: readonly number[]): number[][] {
  const out: number[][] = [];
  for (let k = 0; k < flat.length; k += 3)
    out.push(flat.slice(k, k + 3).map((value) => Math.round(value * 1000) / 1000 + 0));
  return out;
}

describe('force diagrams along members', () => {
  it('draws a sagging M3 of a beam below it, on the tension side, at its stations', () => {
    const out = { lines: [] as number[], triangles: [] as number[] };
    // A 6 m beam along X: axis 2 is up; 0.01 mm of ordinate per N·m.
    appendDiagram(
      [0, 0, 3000],
      [6000, 0, 3000],
      0,
      { stations: [0, 3000, 6000], max: [-40_000, 25_000, -40_000], min: [-40_000, 25_000, -40_000] },
      'm3',
      0.01,
      out,
    );
    const drawn = points(out.lines);
    // Ordinate at midspan: from the axis down 250 mm; at the supports the hogging −40 kN·m goes up 400 mm.
    expect(drawn).toContainEqual([3000, 0, 2750]);
    expect(drawn).toContainEqual([0, 0, 3400]);
    expect(drawn).toContainEqual([6000, 0, 3400]);
    // Three ordinates and two segments of curve, two points each; one envelope line only.
    expect(drawn).toHaveLength((3 + 2) * 2);
    // Two triangles per segment fill between the axis and the curve.
    expect(points(out.triangles)).toHaveLength(2 * 2 * 3);
  });

  it('draws both lines of an envelope, and nothing for a member of no length', () => {
    const out = { lines: [] as number[], triangles: [] as number[] };
    appendDiagram(
      [0, 0, 0],
      [0, 0, 3000],
      0,
      { stations: [0, 3000], max: [10, 20], min: [-10, -5] },
      'p',
      1,
      out,
    );
    // A column: axis 2 is global X; P is drawn along +2.
    expect(points(out.lines)).toContainEqual([20, 0, 3000]);
    expect(points(out.lines)).toContainEqual([-5, 0, 3000]);
    const none = { lines: [] as number[], triangles: [] as number[] };
    appendDiagram([1, 1, 1], [1, 1, 1], 0, { stations: [0], max: [1], min: [1] }, 'm3', 1, none);
    expect(none.lines).toEqual([]);
  });

  it('draws each component in its own plane', () => {
    expect(diagramPlane('m3')).toEqual({ axis: 2, sign: -1 });
    expect(diagramPlane('v2')).toEqual({ axis: 2, sign: 1 });
    expect(diagramPlane('m2')).toEqual({ axis: 3, sign: -1 });
    expect(diagramPlane('v3')).toEqual({ axis: 3, sign: 1 });
  });
});
