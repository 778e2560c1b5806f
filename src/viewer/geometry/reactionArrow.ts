/**
 * A support reaction as an arrow: from the point `length` mm back along the force up to the joint, so the arrow
 * pushes on the structure where the support does, with two barbs at the joint. Pure arithmetic.
 */

/** Line segments (6 numbers each) of the arrow of `force` (any unit) at `at` (mm), `length` mm long. */
export function appendReactionArrow(
  at: readonly [number, number, number],
  force: readonly [number, number, number],
  length: number,
  out: number[],
): void {
  const size = Math.hypot(force[0], force[1], force[2]);
  if (!(size > 0) || !(length > 0)) return;
  const d = [force[0] / size, force[1] / size, force[2] / size] as const;
  const tail = [at[0] - d[0] * length, at[1] - d[1] * length, at[2] - d[2] * length];
  out.push(tail[0] as number, tail[1] as number, tail[2] as number, at[0], at[1], at[2]);
  // Barbs: back from the tip, out along a direction square to the force.
  const side = Math.abs(d[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0];
  const across = [
    d[1] * (side[2] as number) - d[2] * (side[1] as number),
    d[2] * (side[0] as number) - d[0] * (side[2] as number),
    d[0] * (side[1] as number) - d[1] * (side[0] as number),
  ];
  const norm = Math.hypot(across[0] as number, across[1] as number, across[2] as number);
  const barb = length * 0.2;
  for (const sign of [1, -1]) {
    out.push(
      at[0] - d[0] * barb + ((sign * (across[0] as number)) / norm) * barb * 0.5,
      at[1] - d[1] * barb + ((sign * (across[1] as number)) / norm) * barb * 0.5,
      at[2] - d[2] * barb + ((sign * (across[2] as number)) / norm) * barb * 0.5,
      at[0],
      at[1],
      at[2],
    );
  }
}
