import type { EndReleaseName } from '../schema';
import type { FidelityConcept, FidelityKind } from './types';

/** Kinds as a certificate prints them (plural, engineering words). */
export const KIND_WORDS: Readonly<Record<FidelityKind, string>> = {
  nodes: 'nodes',
  beams: 'beams',
  columns: 'columns',
  braces: 'braces',
  cables: 'cables',
  walls: 'walls',
  floors: 'floors',
  areas: 'other areas',
  openings: 'openings',
  links: 'links',
  components: 'other components',
  foundations: 'foundations',
  geometry: 'reference geometry',
  sections: 'sections',
  materials: 'materials',
  linkProperties: 'link properties',
  springProperties: 'spring properties',
  loadPatterns: 'load patterns',
  loadCases: 'load cases',
  functions: 'functions',
  loadCombinations: 'load combinations',
  pointLoads: 'point loads',
  lineLoads: 'line loads',
  areaLoads: 'area loads',
  groups: 'groups',
  levels: 'levels',
  grids: 'grid lines',
  diaphragms: 'diaphragms',
};

/** Concepts as headings of a certificate. */
export const CONCEPT_WORDS: Readonly<Record<FidelityConcept, string>> = {
  node: 'node positions',
  restraint: 'restraints',
  spring: 'springs',
  element: 'elements (position and type)',
  endOrder: 'end order (i and j swapped)',
  section: 'sections',
  material: 'materials',
  release: 'end releases',
  offset: 'end offsets',
  rigidZone: 'rigid zone factors',
  cardinalPoint: 'cardinal points',
  localAxis: 'local axes',
  modifier: 'stiffness modifiers',
  load: 'loads',
  pattern: 'load patterns',
  case: 'load cases',
  function: 'functions',
  combination: 'load combinations',
  group: 'groups',
  level: 'levels',
  diaphragm: 'diaphragms',
  grid: 'grid lines',
  link: 'links',
  results: 'analysis results',
};

/** Concepts as aspects of a kind ("beams: positions, sections, … identical"). */
export const ASPECT_WORDS: Readonly<Record<FidelityConcept, string>> = {
  ...CONCEPT_WORDS,
  node: 'positions',
  element: 'positions',
  endOrder: 'end order',
  pattern: 'definitions',
  case: 'definitions',
  function: 'definitions',
  combination: 'definitions',
  level: 'elevations',
  grid: 'positions',
  load: 'values',
  group: 'members',
};

/** Kinds that are definitions: their one aspect is the definition itself. */
const DEFINITION_KINDS: ReadonlySet<FidelityKind> = new Set([
  'sections',
  'materials',
  'linkProperties',
  'springProperties',
  'diaphragms',
]);

/** An aspect of a kind in words: 'sections' of beams, but the 'definitions' of the sections themselves. */
export function aspectWords(kind: FidelityKind, concept: FidelityConcept): string {
  return DEFINITION_KINDS.has(kind) ? 'definitions' : ASPECT_WORDS[concept];
}

export const RELEASE_WORDS: Readonly<Record<EndReleaseName, string>> = {
  p: 'axial force P',
  v2: 'shear V2',
  v3: 'shear V3',
  t: 'torsion T',
  m2: 'moment M2',
  m3: 'moment M3',
};

/** A number as people read it: six significant digits, no float noise, no exponent for building sizes. */
export function formatValue(value: number): string {
  if (value === 0 || Object.is(value, -0)) return '0';
  return String(Number(value.toPrecision(6)));
}

/** `flangeThickness` → `flange thickness`; `i33` stays `I33`. */
export function fieldWords(field: string): string {
  if (/^[a-z]\d+$/.test(field)) return field.toUpperCase();
  return field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** A value of any kind in a message: numbers without noise, absent as 'none'. */
export function describeValue(value: unknown, unit = ''): string {
  if (value === undefined || value === null) return 'none';
  if (typeof value === 'number') return `${formatValue(value)}${unit ? ` ${unit}` : ''}`;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}

/** `3 beams` / `1 beam`: counts with the kind's word, singular when one. */
export function countOf(count: number, plural: string): string {
  if (count !== 1) return `${count.toLocaleString('en-US')} ${plural}`;
  const singular = plural.endsWith('ies')
    ? `${plural.slice(0, -3)}y`
    : plural.endsWith('axes')
      ? `${plural.slice(0, -4)}axis`
      : plural.endsWith('s')
        ? plural.slice(0, -1)
        : plural;
  return `1 ${singular}`;
}
