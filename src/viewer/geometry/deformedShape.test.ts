import { describe, expect, it } from 'vitest';
import { appendDeformedMember, type DeformedMember } from './deformedShape';

/** The drawn points (at scale 1) of a member cut in `pieces`: base + offset, one per piece end. */
function shape(member: DeformedMember, pieces: number): number[][] {
  const base: number[] = [];
  const offset: number[] = [];
  appendDeformedMember(member, pieces, base, offset);
  const points: number[][] = [];
  for (let at = 0; at < base.length; at += 6) {
    points.push([0, 1, 2].map((axis) => (base[at + axis] as number) + (offset[at + axis] as number)));
  }
  points.push(
    [3, 4, 5].map(
      (axis) => (base[base.length - 6 + axis] as number) + (offset[offset.length - 6 + axis] as number),
    ),
  );
  return points;
}

const beam = { i: [0, 0, 3000], j: [6000, 0, 3000] } as const;

describe('a member drawn deformed from its end joints', () => {
  it('moves its ends by the joints’ translations', () => {
    const points = shape({ ...beam, ui: [5, 0, -2], uj: [5, 0, -10], ri: null, rj: null }, 4);
    expect(points[0]).toEqual([5, 0, 2998]);
    expect(points[4]).toEqual([6005, 0, 2990]);
    // Released (or unknown) rotations at both ends: the straight chord between the displaced ends.
    expect(points[2]?.[2]).toBeCloseTo(2994, 9);
  });

  it('bends with the joints’ rotations: a beam whose ends turn the same way is an S, its middle where it was', () => {
    // Rotation about global Y turns a beam along X: +θy gives a downward slope (−Z) along +X.
    const points = shape({ ...beam, ui: [0, 0, 0], uj: [0, 0, 0], ri: [0, 0.001, 0], rj: [0, 0.001, 0] }, 4);
    expect(points[2]?.[2]).toBeCloseTo(3000, 9);
    expect(points[1]?.[2]).toBeLessThan(3000);
    expect(points[3]?.[2]).toBeGreaterThan(3000);
    // Both end slopes L·θ × e = (0, 0, −6) per unit ξ, weighted by the Hermite functions h2 and h4 at ξ = 1/4.
    const quarter = 6000 * 0.001 * (0.25 - 2 * 0.0625 + 0.015625 + (0.015625 - 0.0625));
    expect(3000 - (points[1]?.[2] as number)).toBeCloseTo(quarter, 9);
  });

  it('does not bend at a released end: a pinned end follows the chord, not the column’s rotation', () => {
    const fixed = shape({ ...beam, ui: [0, 0, 0], uj: [0, 0, 0], ri: [0, 0.002, 0], rj: null }, 2);
    const pinned = shape({ ...beam, ui: [0, 0, 0], uj: [0, 0, 0], ri: null, rj: null }, 2);
    expect(fixed[1]?.[2]).not.toBeCloseTo(3000, 3);
    expect(pinned[1]?.[2]).toBe(3000);
  });

  it('draws nothing for a member of no length', () => {
    const base: number[] = [];
    appendDeformedMember(
      { i: [1, 1, 1], j: [1, 1, 1], ui: [0, 0, 0], uj: [0, 0, 0], ri: null, rj: null },
      4,
      base,
      [],
    );
    expect(base).toEqual([]);
  });
});
