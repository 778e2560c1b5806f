import type { Material, Profile } from '../schema';
import { describeValue, fieldWords, formatValue } from './words';

/** One field that differs, with the words for it ("flange thickness 12 mm before, 14 mm after"). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  words: string;
}

/** Compares numbers within a relative tolerance, with a tiny absolute floor for values near zero. */
export interface Tolerances {
  /** mm: positions, offsets, elevations. */
  position: number;
  relative: number;
}

const ABSOLUTE_FLOOR = 1e-9;

export function close(a: number, b: number, relative: number): boolean {
  return a === b || Math.abs(a - b) <= relative * Math.max(Math.abs(a), Math.abs(b)) + ABSOLUTE_FLOOR;
}

export function closeOptional(a: number | undefined, b: number | undefined, relative: number): boolean {
  if (a === undefined || b === undefined) return a === b;
  return close(a, b, relative);
}

/** Lengths in mm: equal within the position tolerance's share, or relatively (long members convert with noise). */
export function closeLength(a: number, b: number, tolerances: Tolerances): boolean {
  return close(a, b, tolerances.relative) || Math.abs(a - b) <= tolerances.position * 1e-3;
}

export function sameWord(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

function change(field: string, before: unknown, after: unknown, label: string, unit = ''): FieldChange {
  return {
    field,
    before,
    after,
    words: `${label} ${describeValue(before, unit)} before, ${describeValue(after, unit)} after`,
  };
}

/** The tools' words for the same analysis, by their letters alone (ETABS 'Linear Static', SAP 'LinStatic'). */
const CASE_TYPE_SYNONYMS: ReadonlyMap<string, string> = new Map([
  ['linearstatic', 'linstatic'],
  ['static', 'linstatic'],
  ['modaleigen', 'linmodal'],
  ['modal', 'linmodal'],
  ['eigen', 'linmodal'],
  // SAP2000 says LinModal for both; the method (eigen or Ritz) is compared with the case's modal definition.
  ['modalritz', 'linmodal'],
  ['ritz', 'linmodal'],
  ['responsespectrum', 'linrespspec'],
  ['nonlinearstatic', 'nonstatic'],
  ['lineardirectintegrationhistory', 'lindirhist'],
  ['linearmodalhistory', 'linmodhist'],
  ['nonlineardirectintegrationhistory', 'nondirhist'],
  ['nonlinearmodalhistoryfna', 'nonmodhist'],
  ['nonlinearmodalhistory', 'nonmodhist'],
  ['buckling', 'linbuckling'],
]);

/** Whether two analysis case types name the same analysis, whatever the tool's spelling. */
export function sameCaseType(a: string, b: string): boolean {
  const key = (type: string) => {
    const letters = type.toLowerCase().replace(/[^a-z0-9]/g, '');
    return CASE_TYPE_SYNONYMS.get(letters) ?? letters;
  };
  return key(a) === key(b);
}

const FRAME_PROPERTIES = ['area', 'i22', 'i33', 'j', 'as2', 'as3'] as const;
const PROPERTY_UNITS: Readonly<Record<(typeof FRAME_PROPERTIES)[number], string>> = {
  area: 'mm²',
  i22: 'mm⁴',
  i33: 'mm⁴',
  j: 'mm⁴',
  as2: 'mm²',
  as3: 'mm²',
};

/**
 * What differs between two sections, names and materials aside: the shape and each dimension, or the stated
 * properties of a general section; a shell's use, behaviour and thickness.
 */
export function profileChanges(before: Profile, after: Profile, relative: number): FieldChange[] {
  if (before.kind !== after.kind) {
    return [change('kind', before.kind, after.kind, 'section kind')];
  }
  const changes: FieldChange[] = [];
  if (before.kind === 'shell' && after.kind === 'shell') {
    if (before.use !== after.use) changes.push(change('use', before.use, after.use, 'use'));
    if (!sameWord(before.behaviour, after.behaviour))
      changes.push(change('behaviour', before.behaviour, after.behaviour, 'behaviour'));
    if (!closeOptional(before.thickness, after.thickness, relative))
      changes.push(change('thickness', before.thickness, after.thickness, 'thickness', 'mm'));
    return changes;
  }
  if (before.kind !== 'frame' || after.kind !== 'frame') return changes;
  const b = before.section;
  const a = after.section;
  if (b.shape !== a.shape) return [change('section.shape', b.shape, a.shape, 'shape')];
  if (b.shape === 'library' && a.shape === 'library') {
    if (normalizedDesignation(b.designation) !== normalizedDesignation(a.designation))
      changes.push(change('section.designation', b.designation, a.designation, 'designation'));
    return changes;
  }
  if (b.shape === 'general') {
    for (const key of FRAME_PROPERTIES) {
      const x = before.properties?.[key];
      const y = after.properties?.[key];
      if (!closeOptional(x, y, relative))
        changes.push(change(`properties.${key}`, x, y, fieldWords(key), PROPERTY_UNITS[key]));
    }
    return changes;
  }
  const bStated = dimensionsOf(b);
  const aStated = dimensionsOf(a);
  const bDimensions = withBottomFlange(bStated, aStated);
  const aDimensions = withBottomFlange(aStated, bStated);
  for (const key of new Set([...Object.keys(bDimensions), ...Object.keys(aDimensions)])) {
    const x = bDimensions[key];
    const y = aDimensions[key];
    if (!closeOptional(x, y, relative)) changes.push(change(`section.${key}`, x, y, fieldWords(key), 'mm'));
  }
  return changes;
}

function normalizedDesignation(designation: string): string {
  return designation.replace(/\s+/g, '').toUpperCase();
}

/** A parametric shape's dimensions, with an I-section's bottom flange equal to the top one when not stated. */
function dimensionsOf(
  section: Extract<Profile, { kind: 'frame' }>['section'],
): Record<string, number | undefined> {
  const dimensions: Record<string, number | undefined> = {};
  for (const [key, value] of Object.entries(section)) if (typeof value === 'number') dimensions[key] = value;
  return dimensions;
}

/** An I-section's bottom flange is its top flange unless stated; compared only when either side states it. */
function withBottomFlange(
  dimensions: Record<string, number | undefined>,
  other: Record<string, number | undefined>,
): Record<string, number | undefined> {
  const filled = { ...dimensions };
  for (const [bottom, top] of [
    ['bottomFlangeWidth', 'flangeWidth'],
    ['bottomFlangeThickness', 'flangeThickness'],
  ] as const) {
    if (filled[bottom] === undefined && other[bottom] !== undefined) filled[bottom] = filled[top];
  }
  return filled;
}

const STANDARD_GRAVITY = 9.80665;

/**
 * What differs between two materials an engineer checks: kind, E, ν, G, unit weight and mass density, fy, fu,
 * fc. G follows from E and ν, and unit weight from mass density, when a tool states only one of them.
 */
export function materialChanges(before: Material, after: Material, relative: number): FieldChange[] {
  const changes: FieldChange[] = [];
  if (before.kind !== after.kind) changes.push(change('kind', before.kind, after.kind, 'kind'));
  const stress = (field: keyof Material, label: string, x: number | undefined, y: number | undefined) => {
    if (!closeOptional(x, y, relative))
      changes.push({
        field,
        before: x,
        after: y,
        words: `${label} ${describeMegapascals(x)} before, ${describeMegapascals(y)} after`,
      });
  };
  stress('elasticModulus', 'E', before.elasticModulus, after.elasticModulus);
  if (!closeOptional(before.poissonRatio, after.poissonRatio, relative))
    changes.push(change('poissonRatio', before.poissonRatio, after.poissonRatio, 'Poisson ratio ν'));
  stress('shearModulus', 'G', shearModulus(before), shearModulus(after));
  const bWeight = unitWeight(before);
  const aWeight = unitWeight(after);
  if (!closeOptional(bWeight, aWeight, relative))
    changes.push({
      field: 'unitWeight',
      before: bWeight,
      after: aWeight,
      words: `unit weight ${describeScaled(bWeight, 1e3, 'kN/m³')} before, ${describeScaled(aWeight, 1e3, 'kN/m³')} after`,
    });
  const bDensity = massDensity(before);
  const aDensity = massDensity(after);
  if (!closeOptional(bDensity, aDensity, relative))
    changes.push(change('massDensity', bDensity, aDensity, 'mass density', 'kg/m³'));
  stress('fy', 'fy', before.fy, after.fy);
  stress('fu', 'fu', before.fu, after.fu);
  stress('fc', "f'c", before.fc, after.fc);
  return changes;
}

function shearModulus(material: Material): number | undefined {
  if (material.shearModulus !== undefined) return material.shearModulus;
  if (material.elasticModulus === undefined || material.poissonRatio === undefined) return undefined;
  return material.elasticModulus / (2 * (1 + material.poissonRatio));
}

function unitWeight(material: Material): number | undefined {
  return (
    material.unitWeight ??
    (material.massDensity === undefined ? undefined : material.massDensity * STANDARD_GRAVITY)
  );
}

function massDensity(material: Material): number | undefined {
  return (
    material.massDensity ??
    (material.unitWeight === undefined ? undefined : material.unitWeight / STANDARD_GRAVITY)
  );
}

function describeMegapascals(value: number | undefined): string {
  return describeScaled(value, 1e6, 'MPa');
}

export function describeScaled(value: number | undefined, scale: number, unit: string): string {
  return value === undefined ? 'none' : `${formatValue(value / scale)} ${unit}`;
}

/**
 * Every leaf that differs between two JSON-like values (definitions the oracle knows only generically: further
 * fields of a load case, functions, grids), numbers within `isClose`.
 */
export function deepChanges(
  before: unknown,
  after: unknown,
  path: string,
  isClose: (a: number, b: number) => boolean,
  changes: FieldChange[] = [],
): FieldChange[] {
  if (typeof before === 'number' && typeof after === 'number') {
    if (!isClose(before, after)) changes.push(change(path, before, after, fieldWords(path)));
    return changes;
  }
  const bothObjects =
    typeof before === 'object' && before !== null && typeof after === 'object' && after !== null;
  if (bothObjects && Array.isArray(before) === Array.isArray(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) {
      deepChanges(
        (before as Record<string, unknown>)[key],
        (after as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
        isClose,
        changes,
      );
    }
    return changes;
  }
  if (before !== after) changes.push(change(path, before, after, fieldWords(path)));
  return changes;
}
