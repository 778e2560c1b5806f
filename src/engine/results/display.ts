/**
 * Result values as an engineer reads them: kN and kN·m (kip and kip·ft for a model in feet or inches) rather
 * than the canonical N and N·m, to six significant digits.
 */
import { RESULT_TABLES } from './catalogue';
import type { Quantity } from './quantities';

interface DisplayUnit {
  readonly unit: string;
  /** Canonical units per display unit. */
  readonly per: number;
}

const METRIC: Partial<Record<Quantity, DisplayUnit>> = {
  force: { unit: 'kN', per: 1000 },
  moment: { unit: 'kN·m', per: 1000 },
  length: { unit: 'mm', per: 1 },
  rotation: { unit: 'rad', per: 1 },
  time: { unit: 's', per: 1 },
  frequency: { unit: 'Hz', per: 1 },
};

/** 1 kip = 4448.2216152605 N; 1 kip·ft = 1355.8179483314 N·m; 1 in = 25.4 mm. */
const IMPERIAL: Partial<Record<Quantity, DisplayUnit>> = {
  ...METRIC,
  force: { unit: 'kip', per: 4448.2216152605 },
  moment: { unit: 'kip·ft', per: 1355.8179483314 },
  length: { unit: 'in', per: 25.4 },
};

export type ResultUnits = 'metric' | 'imperial';

/** A model drawn in feet or inches reads its results in kip and kip·ft; any other, in kN and kN·m. */
export function resultUnitsOf(displayUnit: string | undefined): ResultUnits {
  return displayUnit === 'ft' || displayUnit === 'in' ? 'imperial' : 'metric';
}

/** The display unit of a quantity ('' for a ratio or count). */
export function resultUnit(quantity: Quantity, units: ResultUnits = 'metric'): string {
  return (units === 'imperial' ? IMPERIAL : METRIC)[quantity]?.unit ?? '';
}

/** A canonical value in display units, as a number. */
export function inResultUnit(value: number, quantity: Quantity, units: ResultUnits = 'metric'): number {
  return value / ((units === 'imperial' ? IMPERIAL : METRIC)[quantity]?.per ?? 1);
}

/** A canonical value in display units with its unit, to `digits` significant digits: `-512.4 kN·m`. */
export function formatResult(
  value: number,
  quantity: Quantity,
  units: ResultUnits = 'metric',
  digits = 6,
): string {
  const shown = Number(inResultUnit(value, quantity, units).toPrecision(digits));
  const number = shown === 0 ? '0' : String(shown);
  const unit = resultUnit(quantity, units);
  return unit === '' ? number : `${number} ${unit}`;
}

const MEMBER_FORCES = RESULT_TABLES.find((spec) => spec.kind === 'frameForces');

/** What a member-force component measures (M3, M2 and T a moment, P, V2 and V3 a force), from the catalogue. */
export function memberForceQuantity(component: string): Quantity {
  const field = MEMBER_FORCES?.fields.find((candidate) => candidate.name === component);
  return field && field.type !== 'text' ? field.type : 'force';
}
