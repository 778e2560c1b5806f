/**
 * The force/length/temperature systems CSI files declare (ETABS `$ CONTROLS` `UNITS "KGF" "M" "C"`, SAP
 * PROGRAM CONTROL `CurrUnits="Kip, in, F"`) and the factors that take their numbers to canonical units
 * (mm, N, N·m, Pa…; see schema/common.ts).
 */

/** Newtons per unit. TON and TONF are the metric tonne-force CSI programs use (1000 kgf). */
export const FORCE_UNITS = {
  N: 1,
  KN: 1000,
  MN: 1e6,
  KGF: 9.80665,
  TONF: 9806.65,
  TON: 9806.65,
  LB: 4.4482216152605,
  KIP: 4448.2216152605,
} as const;
export type ForceUnit = keyof typeof FORCE_UNITS;

/** Millimetres per unit. */
export const LENGTH_UNITS = {
  MM: 1,
  CM: 10,
  M: 1000,
  IN: 25.4,
  FT: 304.8,
} as const;
export type LengthUnit = keyof typeof LENGTH_UNITS;

export const TEMPERATURE_UNITS = ['C', 'F'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

export interface UnitSystem {
  force: ForceUnit;
  length: LengthUnit;
  temperature: TemperatureUnit;
}

export class UnknownUnitError extends Error {
  override readonly name = 'UnknownUnitError';
  constructor(readonly unit: string) {
    super(`Unknown unit "${unit}"`);
  }
}

/** Case-insensitive: the tools write `KGF`, `Kgf`, `kN`, `lb`. Also accepts `LBF`, `KIPS`, `KGF`, `TONNE`. */
export function parseForceUnit(text: string): ForceUnit {
  const key = text.trim().toUpperCase();
  const alias: Record<string, ForceUnit> = {
    LBF: 'LB',
    LBS: 'LB',
    KIPS: 'KIP',
    KGF: 'KGF',
    TONNE: 'TONF',
    T: 'TONF',
  };
  const resolved = alias[key] ?? key;
  if (Object.hasOwn(FORCE_UNITS, resolved)) return resolved as ForceUnit;
  throw new UnknownUnitError(text);
}

export function parseLengthUnit(text: string): LengthUnit {
  const key = text.trim().toUpperCase();
  const alias: Record<string, LengthUnit> = {
    INCH: 'IN',
    INCHES: 'IN',
    FEET: 'FT',
    FOOT: 'FT',
    METER: 'M',
    METRE: 'M',
  };
  const resolved = alias[key] ?? key;
  if (Object.hasOwn(LENGTH_UNITS, resolved)) return resolved as LengthUnit;
  throw new UnknownUnitError(text);
}

export function parseTemperatureUnit(text: string): TemperatureUnit {
  const key = text.trim().toUpperCase();
  if (key === 'C' || key === 'F') return key;
  throw new UnknownUnitError(text);
}

/** Parses a SAP2000/CSiBridge/SAFE `CurrUnits` value such as `Kip, in, F` or `KN, mm, C`. */
export function parseCsiUnits(text: string): UnitSystem {
  const parts = text.split(',').map((part) => part.trim());
  const [force, length, temperature] = parts;
  if (force === undefined || length === undefined || parts.length > 3) throw new UnknownUnitError(text);
  return {
    force: parseForceUnit(force),
    length: parseLengthUnit(length),
    temperature: temperature === undefined || temperature === '' ? 'C' : parseTemperatureUnit(temperature),
  };
}

/** Multipliers from a unit system's numbers to canonical ones. Divide to go back. */
export interface QuantityFactors {
  /** → mm */
  length: number;
  /** → mm² */
  area: number;
  /** → mm⁴ */
  inertia: number;
  /** → N */
  force: number;
  /** → N·m */
  moment: number;
  /** force per length → N/m */
  lineLoad: number;
  /** moment per length → N·m/m */
  lineMoment: number;
  /** force per area → Pa */
  pressure: number;
  /** force per volume → N/m³ */
  unitWeight: number;
  /** mass per volume (mass = force·s²/length) → kg/m³ */
  massDensity: number;
  /** force per length → N/m */
  translationalStiffness: number;
  /** moment per radian → N·m/rad */
  rotationalStiffness: number;
  /** per degree → per °C */
  thermalCoefficient: number;
}

export function quantityFactors(system: UnitSystem): QuantityFactors {
  const newtons = FORCE_UNITS[system.force];
  const millimetres = LENGTH_UNITS[system.length];
  const metres = millimetres / 1000;
  return {
    length: millimetres,
    area: millimetres * millimetres,
    inertia: millimetres ** 4,
    force: newtons,
    moment: newtons * metres,
    lineLoad: newtons / metres,
    lineMoment: newtons,
    pressure: newtons / (metres * metres),
    unitWeight: newtons / metres ** 3,
    massDensity: newtons / metres ** 4,
    translationalStiffness: newtons / metres,
    rotationalStiffness: newtons * metres,
    thermalCoefficient: system.temperature === 'F' ? 1.8 : 1,
  };
}

/** A temperature in the system's scale → °C. */
export function temperatureToCelsius(value: number, unit: TemperatureUnit): number {
  return unit === 'F' ? (value - 32) / 1.8 : value;
}

export function celsiusToTemperature(value: number, unit: TemperatureUnit): number {
  return unit === 'F' ? value * 1.8 + 32 : value;
}
