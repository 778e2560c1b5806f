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

/**
 * Decimals of an elevation per display unit, as drawings write levels: millimetres to the millimetre, metres
 * to three places (+3.250 m), feet to three (a third of a millimetre).
 */
const ELEVATION_DECIMALS: Readonly<Record<DisplayUnit, number>> = { mm: 0, cm: 1, m: 3, ft: 3, in: 2 };

/**
 * A level's elevation (mm) in the model's display units, signed as drawings mark levels: '+3.250 m',
 * '-1.500 m', and '±0.000 m' for the datum (also for a value that rounds to it).
 */
export function formatElevation(valueMm: number, unit: DisplayUnit): string {
  const decimals = ELEVATION_DECIMALS[unit];
  const value = Number(mmToDisplay(valueMm, unit).toFixed(decimals));
  const digits = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Math.abs(value));
  const sign = value > 0 ? '+' : value < 0 ? '-' : '±';
  return `${sign}${digits} ${unit}`;
}
