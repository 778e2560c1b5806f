/**
 * A member's deformed shape from its end joints' displacements and rotations (issue #25): the cubic through the
 * displaced ends whose slope at each end is the joint's rotation (Hermite interpolation, as an elastic member
 * bends). At an end whose bending is released, or where the joint has no rotation, the slope is the chord's, so a
 * pinned beam is never drawn as if it were fixed to the column. Pure arithmetic; displacement along the span from
 * loads on the member is not in joint results and is not drawn.
 */

export type Vec3 = readonly [number, number, number];

export interface DeformedMember {
  /** The ends, mm. */
  readonly i: Vec3;
  readonly j: Vec3;
  /** The end joints' translations, mm. */
  readonly ui: Vec3;
  readonly uj: Vec3;
  /** The end joints' rotations, rad; null where the joint has none or the member's bending is released there. */
  readonly ri: Vec3 | null;
  readonly rj: Vec3 | null;
}

/**
 * Appends `pieces` line segments (two points of 3 numbers each) along the member: `base` the undeformed points,
 * `offset` each point's displacement at a scale of 1, so a drawing at scale `s` is base + s × offset.
 */
export function appendDeformedMember(
  member: DeformedMember,
  pieces: number,
  base: number[],
  offset: number[],
): void {
  const { i, j, ui, uj } = member;
  const axis = [j[0] - i[0], j[1] - i[1], j[2] - i[2]] as const;
  const length = Math.hypot(axis[0], axis[1], axis[2]);
  if (!(length > 0)) return;
  const e = [axis[0] / length, axis[1] / length, axis[2] / length] as const;
  const chord = [uj[0] - ui[0], uj[1] - ui[1], uj[2] - ui[2]] as const;
  // Derivative of the displacement along the member, per unit of ξ (0 at i, 1 at j): L (θ × e), or the chord.
  const slope = (rotation: Vec3 | null): Vec3 =>
    rotation === null
      ? chord
      : [
          length * (rotation[1] * e[2] - rotation[2] * e[1]),
          length * (rotation[2] * e[0] - rotation[0] * e[2]),
          length * (rotation[0] * e[1] - rotation[1] * e[0]),
        ];
  const si = slope(member.ri);
  const sj = slope(member.rj);
  const point = (t: number, into: number[]) => {
    into.push(i[0] + axis[0] * t, i[1] + axis[1] * t, i[2] + axis[2] * t);
  };
  const displaced = (t: number, into: number[]) => {
    const t2 = t * t;
    const t3 = t2 * t;
    const h1 = 1 - 3 * t2 + 2 * t3;
    const h2 = t - 2 * t2 + t3;
    const h3 = 3 * t2 - 2 * t3;
    const h4 = t3 - t2;
    into.push(
      h1 * ui[0] + h2 * si[0] + h3 * uj[0] + h4 * sj[0],
      h1 * ui[1] + h2 * si[1] + h3 * uj[1] + h4 * sj[1],
      h1 * ui[2] + h2 * si[2] + h3 * uj[2] + h4 * sj[2],
    );
  };
  for (let piece = 0; piece < pieces; piece++) {
    const from = piece / pieces;
    const to = (piece + 1) / pieces;
    point(from, base);
    point(to, base);
    displaced(from, offset);
    displaced(to, offset);
  }
}
