import type { RepairTolerancesWire } from '../../contract/http/repair';

export type ToleranceName = keyof RepairTolerancesWire;

/** The form's fields in the order it shows them; lengths in the model's display units, angles in degrees. */
export const TOLERANCE_FIELDS: readonly { name: ToleranceName; label: string; angle: boolean }[] = [
  { name: 'merge', label: 'Merge distance', angle: false },
  { name: 'near', label: 'Near-miss distance', angle: false },
  { name: 'snap', label: 'Snap distance', angle: false },
  { name: 'minLength', label: 'Shortest member', angle: false },
  { name: 'gapMax', label: 'Longest gap to close', angle: false },
  { name: 'angle', label: 'Parallel angle', angle: true },
  { name: 'classAngle', label: 'Column/beam angle', angle: true },
];

/** What the contract accepts (repairTolerancesSchema): positive, at most 45° for angles. */
const maxOf = (name: ToleranceName) => (name === 'angle' || name === 'classAngle' ? 45 : 1e6);

export const toleranceMessages = {
  invalid: 'Tolerances must be positive numbers (angles at most 45°).',
} as const;

/**
 * The tolerances the user typed, as numbers for the query: an empty field means the model's own value. Null
 * when one of them is not a number the server would take.
 */
export function parseTolerances(
  texts: Partial<Record<ToleranceName, string>>,
): Partial<RepairTolerancesWire> | null {
  const out: Partial<RepairTolerancesWire> = {};
  for (const [name, text] of Object.entries(texts) as [ToleranceName, string | undefined][]) {
    const trimmed = text?.trim() ?? '';
    if (trimmed === '') continue;
    const value = Number(trimmed);
    if (!Number.isFinite(value) || value <= 0 || value > maxOf(name)) return null;
    out[name] = value;
  }
  return out;
}
