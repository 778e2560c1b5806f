import type { ModelCollection } from '../schema';
import type { DiffOptions, PropertyChange, PropertyGroup } from './types';

type Loose = Record<string, unknown>;

function head(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? path : path.slice(0, dot);
}

/** Which group a changed property belongs to (design.md: Geometry, Name, Profile, Material, Loads…, Attributes). */
export function groupOf(collection: ModelCollection, path: string): PropertyGroup {
  const first = head(path);
  if (first === 'name' || first === 'id') return 'Name';
  if (first === 'attributes' || first === 'source') return 'Attributes';
  switch (collection) {
    case 'nodes':
      if (first === 'restraint' || first === 'springPropertyId') return 'Supports';
      return first === 'x' || first === 'y' || first === 'z' ? 'Geometry' : 'Attributes';
    case 'levels':
      return first === 'elevation' || first === 'height' ? 'Geometry' : 'Attributes';
    case 'grids':
      return first === 'geometry' ? 'Geometry' : 'Attributes';
    case 'elements':
      if (first === 'profileId') return 'Profile';
      if (first === 'materialId') return 'Material';
      if (first === 'releases') return 'Releases';
      if (first === 'points' || first === 'nodeIds') return 'Geometry';
      return 'Attributes';
    case 'profiles':
      if (first === 'materialId') return 'Material';
      return first === 'section' ||
        first === 'properties' ||
        first === 'thickness' ||
        first === 'kind' ||
        first === 'use' ||
        first === 'behaviour'
        ? 'Profile'
        : 'Attributes';
    case 'materials':
      return 'Material';
    case 'loads':
    case 'loadPatterns':
    case 'loadCases':
    case 'loadCombinations':
      return 'Loads';
    default:
      return 'Attributes';
  }
}

/** Paths whose numbers are lengths (mm), compared with the absolute length tolerance. */
export function isLengthPath(collection: ModelCollection, path: string): boolean {
  const first = head(path);
  switch (collection) {
    case 'nodes':
      return first === 'x' || first === 'y' || first === 'z';
    case 'levels':
      return first === 'elevation' || first === 'height';
    case 'grids':
      return first === 'geometry';
    case 'elements':
      return first === 'endOffsets' || first === 'insertionOffsets' || first === 'points';
    case 'profiles':
      return (first === 'section' && path !== 'section.shape') || first === 'thickness';
    default:
      return false;
  }
}

/** Equality within tolerance: numbers by `lengthTolerance` (absolute) or `relativeTolerance`; the rest exactly. */
export function nearlyEqual(a: unknown, b: unknown, length: boolean, options: DiffOptions): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
    const difference = Math.abs(a - b);
    if (length) return difference <= options.lengthTolerance;
    return difference <= options.relativeTolerance * Math.max(Math.abs(a), Math.abs(b));
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const right = b as unknown[];
    if (a.length !== right.length) return false;
    return a.every((value, index) => nearlyEqual(value, right[index], length, options));
  }
  const left = a as Loose;
  const right = b as Loose;
  for (const key of keysOf(left, right)) {
    if (!nearlyEqual(left[key], right[key], length, options)) return false;
  }
  return true;
}

function isPlainObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The defined keys of either object, each once, sorted (so changes list in a stable order). */
function keysOf(left: Loose, right: Loose): string[] {
  const keys = new Set<string>();
  for (const key of Object.keys(left)) if (left[key] !== undefined) keys.add(key);
  for (const key of Object.keys(right)) if (right[key] !== undefined) keys.add(key);
  return [...keys].sort();
}

/**
 * The property changes between two objects of one collection, beyond tolerance. Nested objects are walked to their
 * leaves ('releases.i.m3'); arrays compare whole; attribute bags compare per key ('attributes.FOO'). `skip` names
 * top-level keys the caller compares itself (ids, node references compared by position).
 */
export function compareProperties(
  collection: ModelCollection,
  before: unknown,
  after: unknown,
  options: DiffOptions,
  skip: ReadonlySet<string>,
  out: PropertyChange[],
): void {
  walk(collection, before as Loose, after as Loose, '', options, skip, out);
}

function walk(
  collection: ModelCollection,
  before: Loose,
  after: Loose,
  prefix: string,
  options: DiffOptions,
  skip: ReadonlySet<string>,
  out: PropertyChange[],
): void {
  for (const key of keysOf(before, after)) {
    if (prefix === '' && skip.has(key)) continue;
    const path = prefix === '' ? key : `${prefix}.${key}`;
    const left = before[key];
    const right = after[key];
    const isAttributes = prefix === '' && key === 'attributes';
    if (isPlainObject(left) && isPlainObject(right) && (isAttributes || prefix !== 'attributes')) {
      // Attribute values are compared whole under their own key: they are source data, not our structure.
      if (isAttributes) {
        for (const attribute of keysOf(left, right)) {
          const leftValue = left[attribute];
          const rightValue = right[attribute];
          if (!nearlyEqual(leftValue, rightValue, false, options)) {
            out.push({
              path: `attributes.${attribute}`,
              group: 'Attributes',
              before: leftValue,
              after: rightValue,
            });
          }
        }
        continue;
      }
      walk(collection, left, right, path, options, skip, out);
      continue;
    }
    if (!nearlyEqual(left, right, isLengthPath(collection, path), options)) {
      out.push({ path, group: groupOf(collection, path), before: left, after: right });
    }
  }
}
