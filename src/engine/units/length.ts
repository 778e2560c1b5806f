import type { DisplayUnit } from '../schema';
import { DISPLAY_UNITS } from '../schema';

/** Spec section 9, verbatim: how many display units one millimetre is. */
export const FROM_MM: Readonly<Record<DisplayUnit, number>> = {
  mm: 1,
  cm: 0.1,
  m: 0.001,
  ft: 1 / 304.8,
  in: 1 / 25.4,
};

/** Spec section 9, verbatim: how many millimetres one display unit is. */
export const TO_MM: Readonly<Record<DisplayUnit, number>> = {
  mm: 1,
  cm: 10,
  m: 1000,
  ft: 304.8,
  in: 25.4,
};

/**
 * The product's message for a unit outside cm, mm, m, ft, in. It duplicates the contract's `invalidUnit`
 * because the engine imports nothing of ours; a test keeps the two equal.
 */
export const INVALID_UNIT_MESSAGE =
  'Invalid unit type. Please provide one of the valid units: cm, mm, m, ft, in.';

export class InvalidUnitError extends Error {
  override readonly name = 'InvalidUnitError';
  constructor() {
    super(INVALID_UNIT_MESSAGE);
  }
}

export function isDisplayUnit(value: unknown): value is DisplayUnit {
  return typeof value === 'string' && (DISPLAY_UNITS as readonly string[]).includes(value);
}

/** Accepts exactly cm, mm, m, ft or in (lower case, as the spec writes them); anything else throws. */
export function parseDisplayUnit(value: unknown): DisplayUnit {
  if (!isDisplayUnit(value)) throw new InvalidUnitError();
  return value;
}

export function mmToDisplay(valueMm: number, unit: DisplayUnit): number {
  return valueMm * FROM_MM[unit];
}

export function displayToMm(value: number, unit: DisplayUnit): number {
  return value * TO_MM[unit];
}
