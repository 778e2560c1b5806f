import { ORIENTATION_TOLERANCE } from './names';

interface Xyz {
  x: number;
  y: number;
  z: number;
}

/**
 * What a SAP frame is, from its geometry alone: vertical → Column, horizontal → Beam, anything else → Brace.
 * SAP2000 itself does not say; a zero-length frame is called a Beam.
 */
export function inferFrameType(start: Xyz, end: Xyz): 'Beam' | 'Column' | 'Brace' {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const dz = end.z - start.z;
  const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (length === 0) return 'Beam';
  const horizontal = Math.sqrt(dx * dx + dy * dy);
  if (horizontal <= ORIENTATION_TOLERANCE * length) return 'Column';
  if (Math.abs(dz) <= ORIENTATION_TOLERANCE * length) return 'Beam';
  return 'Brace';
}
