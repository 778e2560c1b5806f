/**
 * Where a linear member's drawn section sits: its local axes after CSI's conventions, the offset of the section
 * for a cardinal point, and the instance matrix that places a unit mesh there. Pure arithmetic on numbers so it
 * can be tested without Babylon and run a million times without allocating.
 *
 * CSI conventions (SAP2000/ETABS Analysis Reference, "Frame local coordinate system" and "Insertion points"):
 * - axis 1 runs from end i to end j;
 * - a member is vertical when the sine of the angle between axis 1 and global Z is below 10⁻³; its axis 2 is then
 *   global +X; otherwise axis 2 lies in the vertical plane through axis 1 and points up (+Z sense);
 * - axis 3 = axis 1 × axis 2 (right-handed);
 * - the orientation angle turns axes 2 and 3 about axis 1, counter-clockwise when axis 1 points at the viewer;
 * - cardinal points 1–9 are the corners, edge midpoints and centre of the section's box seen in the 2–3 plane with
 *   axis 2 up and axis 3 to the right (1 bottom left … 9 top right), 10 the centroid, 11 the shear centre.
 *
 * The unit mesh runs along local x from 0 to 1, with its section's box centred on the x axis: local y is axis 2
 * (the depth), local z is axis 3 (the width), both from −0.5 to 0.5.
 */

/** The sine below which CSI calls a member vertical. */
const VERTICAL_SINE = 1e-3;
const DEGREES = Math.PI / 180;

/**
 * Axes 1, 2, 3 of a member from i to j, as unit vectors in `out` (9 numbers: e1, e2, e3), and its length.
 * Returns 0 and leaves `out` untouched for a member of zero (or not finite) length.
 */
export function memberAxes(
  ix: number,
  iy: number,
  iz: number,
  jx: number,
  jy: number,
  jz: number,
  angleDegrees: number,
  out: Float64Array,
): number {
  const dx = jx - ix;
  const dy = jy - iy;
  const dz = jz - iz;
  const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (!(length > 0) || !Number.isFinite(length)) return 0;
  const e1x = dx / length;
  const e1y = dy / length;
  const e1z = dz / length;
  // sin(angle to Z) = length of the horizontal part of the unit axis.
  const horizontal = Math.sqrt(e1x * e1x + e1y * e1y);
  let e2x: number;
  let e2y: number;
  let e2z: number;
  if (horizontal < VERTICAL_SINE) {
    e2x = 1;
    e2y = 0;
    e2z = 0;
  } else {
    // Z minus its part along axis 1, normalised: in the vertical plane through axis 1, pointing up.
    e2x = -e1z * e1x;
    e2y = -e1z * e1y;
    e2z = 1 - e1z * e1z;
    const norm = Math.sqrt(e2x * e2x + e2y * e2y + e2z * e2z);
    e2x /= norm;
    e2y /= norm;
    e2z /= norm;
  }
  let e3x = e1y * e2z - e1z * e2y;
  let e3y = e1z * e2x - e1x * e2z;
  let e3z = e1x * e2y - e1y * e2x;
  if (angleDegrees !== 0 && Number.isFinite(angleDegrees)) {
    const cos = Math.cos(angleDegrees * DEGREES);
    const sin = Math.sin(angleDegrees * DEGREES);
    const r2x = cos * e2x + sin * e3x;
    const r2y = cos * e2y + sin * e3y;
    const r2z = cos * e2z + sin * e3z;
    e3x = -sin * e2x + cos * e3x;
    e3y = -sin * e2y + cos * e3y;
    e3z = -sin * e2z + cos * e3z;
    e2x = r2x;
    e2y = r2y;
    e2z = r2z;
  }
  out[0] = e1x;
  out[1] = e1y;
  out[2] = e1z;
  out[3] = e2x;
  out[4] = e2y;
  out[5] = e2z;
  out[6] = e3x;
  out[7] = e3y;
  out[8] = e3z;
  return length;
}

/**
 * Where the centre of the section's box lies relative to the member line, along axes 2 and 3 (mm), for a cardinal
 * point. `centroid2`/`centroid3` are the centroid's position relative to the box centre as fractions of depth and
 * width (0 for doubly symmetric sections); cardinal points 10 and 11 use it (the shear centre is drawn at the
 * centroid). Unknown cardinal points are taken as 10.
 */
export function cardinalPointOffset(
  cardinalPoint: number,
  depth: number,
  width: number,
  centroid2: number,
  centroid3: number,
  out: Float64Array,
): void {
  if (Number.isInteger(cardinalPoint) && cardinalPoint >= 1 && cardinalPoint <= 9) {
    const row = Math.floor((cardinalPoint - 1) / 3); // 0 bottom, 1 middle, 2 top (along axis 2)
    const column = (cardinalPoint - 1) % 3; // 0 left, 1 centre, 2 right (along axis 3)
    // The line passes through the cardinal point, so the box centre is the opposite way from it.
    out[0] = -((row - 1) * depth) / 2;
    out[1] = -((column - 1) * width) / 2;
    return;
  }
  out[0] = -centroid2 * depth;
  out[1] = -centroid3 * width;
}

/** A member as the scene has it: its ends, orientation and drawn section. */
export interface MemberPlacement {
  ix: number;
  iy: number;
  iz: number;
  jx: number;
  jy: number;
  jz: number;
  angle: number;
  cardinalPoint: number;
  depth: number;
  width: number;
  centroid2: number;
  centroid3: number;
}

const axes = new Float64Array(9);
const offset = new Float64Array(2);

/**
 * Writes the instance matrix of a member (Babylon's row-major layout: rows are the images of local x, y, z, then
 * the translation) into `out` at `at`: it scales the unit mesh to (length, depth, width), turns it onto axes 1, 2, 3
 * and moves the section box for the cardinal point. Returns false (and writes nothing) for a zero-length member.
 */
export function writeMemberMatrix(out: Float32Array, at: number, member: MemberPlacement): boolean {
  const length = memberAxes(
    member.ix,
    member.iy,
    member.iz,
    member.jx,
    member.jy,
    member.jz,
    member.angle,
    axes,
  );
  if (length === 0) return false;
  const { depth, width } = member;
  cardinalPointOffset(member.cardinalPoint, depth, width, member.centroid2, member.centroid3, offset);
  const o2 = offset[0] as number;
  const o3 = offset[1] as number;
  const e1x = axes[0] as number;
  const e1y = axes[1] as number;
  const e1z = axes[2] as number;
  const e2x = axes[3] as number;
  const e2y = axes[4] as number;
  const e2z = axes[5] as number;
  const e3x = axes[6] as number;
  const e3y = axes[7] as number;
  const e3z = axes[8] as number;
  out[at] = e1x * length;
  out[at + 1] = e1y * length;
  out[at + 2] = e1z * length;
  out[at + 3] = 0;
  out[at + 4] = e2x * depth;
  out[at + 5] = e2y * depth;
  out[at + 6] = e2z * depth;
  out[at + 7] = 0;
  out[at + 8] = e3x * width;
  out[at + 9] = e3y * width;
  out[at + 10] = e3z * width;
  out[at + 11] = 0;
  out[at + 12] = member.ix + o2 * e2x + o3 * e3x;
  out[at + 13] = member.iy + o2 * e2y + o3 * e3y;
  out[at + 14] = member.iz + o2 * e2z + o3 * e3z;
  out[at + 15] = 1;
  return true;
}

/**
 * A matrix that draws a unit glyph pointing along +x (from x = −1 to its tip at x = 0) with its tip at (px, py,
 * pz), pointing along the unit direction (dx, dy, dz), `length` long and `size` across.
 */
export function writeArrowMatrix(
  out: Float32Array,
  at: number,
  px: number,
  py: number,
  pz: number,
  dx: number,
  dy: number,
  dz: number,
  length: number,
  size: number,
): void {
  // Any unit vector across the direction: the global axis least aligned with it, made perpendicular.
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  const az = Math.abs(dz);
  let sx = 0;
  let sy = 0;
  let sz = 0;
  if (ax <= ay && ax <= az) sx = 1;
  else if (ay <= az) sy = 1;
  else sz = 1;
  const dot = sx * dx + sy * dy + sz * dz;
  let ux = sx - dot * dx;
  let uy = sy - dot * dy;
  let uz = sz - dot * dz;
  const norm = Math.sqrt(ux * ux + uy * uy + uz * uz) || 1;
  ux /= norm;
  uy /= norm;
  uz /= norm;
  const vx = dy * uz - dz * uy;
  const vy = dz * ux - dx * uz;
  const vz = dx * uy - dy * ux;
  out[at] = dx * length;
  out[at + 1] = dy * length;
  out[at + 2] = dz * length;
  out[at + 3] = 0;
  out[at + 4] = ux * size;
  out[at + 5] = uy * size;
  out[at + 6] = uz * size;
  out[at + 7] = 0;
  out[at + 8] = vx * size;
  out[at + 9] = vy * size;
  out[at + 10] = vz * size;
  out[at + 11] = 0;
  out[at + 12] = px;
  out[at + 13] = py;
  out[at + 14] = pz;
  out[at + 15] = 1;
}
