/**
 * The physical quantities of analysis result fields and how a value in a file's units becomes canonical: forces in
 * N, moments in N·m (spec section 3), lengths (stations, displacements, coordinates) in mm, rotations in radians,
 * times in s, frequencies in Hz. A text export gives one unit system for the whole file (`CurrUnits`); an Excel
 * export gives each column its own unit in its third row (`KN-m`, `Kip`, `in`, `Radians`, `Sec`, `Cyc/sec`).
 */
import {
  FORCE_UNITS,
  LENGTH_UNITS,
  parseForceUnit,
  parseLengthUnit,
  quantityFactors,
  UnknownUnitError,
  type UnitSystem,
} from '../units';

export const QUANTITIES = [
  'length',
  'force',
  'moment',
  'rotation',
  'ratio',
  'time',
  'frequency',
  'angularFrequency',
  'eigenvalue',
  'count',
] as const;
export type Quantity = (typeof QUANTITIES)[number];

/** The canonical unit of each quantity, as the report and the CLI print it. */
export const CANONICAL_UNIT: Readonly<Record<Quantity, string>> = {
  length: 'mm',
  force: 'N',
  moment: 'N·m',
  rotation: 'rad',
  ratio: '',
  time: 's',
  frequency: 'Hz',
  angularFrequency: 'rad/s',
  eigenvalue: 'rad²/s²',
  count: '',
};

/** Multiplier from the file's unit system to canonical units; rotations and times are the same in every system. */
export function systemFactor(system: UnitSystem, quantity: Quantity): number {
  const factors = quantityFactors(system);
  return quantity === 'length' || quantity === 'force' || quantity === 'moment' ? factors[quantity] : 1;
}

const DIMENSIONLESS = new Set(['TEXT', 'UNITLESS', 'YES/NO', 'NONE']);
const SIMPLE_UNITS: ReadonlyArray<readonly [Quantity, Readonly<Record<string, number>>]> = [
  ['rotation', { RADIANS: 1, RADIAN: 1, RAD: 1, DEGREES: Math.PI / 180, DEG: Math.PI / 180 }],
  ['time', { SEC: 1, S: 1, SECONDS: 1 }],
  ['frequency', { 'CYC/SEC': 1, HZ: 1, '1/SEC': 1 }],
  ['angularFrequency', { 'RAD/SEC': 1, 'RAD/S': 1 }],
  ['eigenvalue', { 'RAD2/SEC2': 1, 'RAD²/SEC²': 1, 'RAD^2/SEC^2': 1 }],
];

/**
 * Why a column's declared unit cannot be used for its quantity ("KN" on a station): the reader refuses the
 * column rather than convert it with a guess.
 */
export class UnitMismatchError extends Error {
  override readonly name = 'UnitMismatchError';
  constructor(
    readonly unit: string,
    readonly quantity: Quantity,
  ) {
    super(
      `"${unit}" is not a unit of ${quantity === 'ratio' || quantity === 'count' ? 'a plain number' : quantity}`,
    );
  }
}

function attempt(read: () => number): number | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof UnknownUnitError) return undefined;
    throw error;
  }
}

/** What a unit written in a CSI export measures, and its multiplier to that quantity's canonical unit. */
export function classifyUnit(text: string): { quantity: Quantity; factor: number } | undefined {
  const key = text.trim().toUpperCase();
  if (DIMENSIONLESS.has(key)) return { quantity: 'ratio', factor: 1 };
  for (const [quantity, table] of SIMPLE_UNITS) {
    const factor = table[key];
    if (factor !== undefined) return { quantity, factor };
  }
  const length = attempt(() => LENGTH_UNITS[parseLengthUnit(key)]);
  if (length !== undefined) return { quantity: 'length', factor: length };
  const force = attempt(() => FORCE_UNITS[parseForceUnit(key)]);
  if (force !== undefined) return { quantity: 'force', factor: force };
  // `KN-m`, `Kip-ft`, `lb-in`, `N-mm`, `Tonf-m`, `Kgf-cm`; some versions write `KN.m` or `KN*m`.
  const parts = key.split(/[-.*·]/);
  if (parts.length === 2) {
    const forcePart = attempt(() => FORCE_UNITS[parseForceUnit(parts[0] as string)]);
    const lengthPart = attempt(() => LENGTH_UNITS[parseLengthUnit(parts[1] as string)]);
    if (forcePart !== undefined && lengthPart !== undefined) {
      return { quantity: 'moment', factor: (forcePart * lengthPart) / 1000 };
    }
  }
  return undefined;
}

/**
 * Multiplier from a column's declared unit (an Excel export's units row) to the canonical unit of `quantity`.
 * Undefined when the column declares none, so the file's unit system applies. Throws {@link UnitMismatchError}
 * when the unit measures another quantity, and UnknownUnitError when it is not a unit we know.
 */
export function declaredFactor(declared: string, quantity: Quantity): number | undefined {
  if (declared.trim() === '') return undefined;
  const unit = classifyUnit(declared);
  if (unit === undefined) throw new UnknownUnitError(declared);
  const plain = (q: Quantity) => q === 'ratio' || q === 'count';
  if (unit.quantity === quantity || (plain(unit.quantity) && plain(quantity))) return unit.factor;
  throw new UnitMismatchError(declared, quantity);
}
