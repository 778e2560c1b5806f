import type { FidelityConcept } from './report';

/**
 * Every concept a translator declares a capability for, in the order the docs list them, with the fidelity
 * concept a report item or a certificate difference about it names. Keyed here once so the pages generated from
 * the declarations (docs/supported-elements.md, docs/translator-pairs.md) and the reports speak of the same thing.
 */
export const CAPABILITY_CONCEPTS = {
  Level: 'level',
  Node: 'node',
  Grid: 'grid',
  Beam: 'element',
  Column: 'element',
  Brace: 'element',
  Floor: 'element',
  Wall: 'element',
  Area: 'element',
  Opening: 'element',
  Cable: 'element',
  Link: 'link',
  Component: 'element',
  Foundation: 'element',
  GeoElement: 'element',
  Material: 'material',
  Profile: 'section',
  'Section modifiers': 'modifier',
  'Member modifiers': 'modifier',
  Orientation: 'localAxis',
  'Cardinal point': 'cardinalPoint',
  'End offsets': 'offset',
  'Rigid zones': 'rigidZone',
  'Insertion offsets': 'offset',
  Releases: 'release',
  Restraint: 'restraint',
  Springs: 'spring',
  Diaphragm: 'diaphragm',
  LinkProperty: 'link',
  LoadPattern: 'pattern',
  LoadCase: 'case',
  'Modal case': 'case',
  'Response spectrum case': 'case',
  Function: 'function',
  LoadCombination: 'combination',
  PointLoad: 'load',
  LinearLoad: 'load',
  AreaLoad: 'load',
  Group: 'group',
  Results: 'results',
} as const satisfies Record<string, FidelityConcept>;

export type CapabilityConcept = keyof typeof CAPABILITY_CONCEPTS;

/** The concepts in docs order. */
export const CAPABILITY_CONCEPT_NAMES = Object.keys(CAPABILITY_CONCEPTS) as CapabilityConcept[];

/** The fidelity concept a capability is about: the one its report items and certificate differences name. */
export function fidelityOf(concept: CapabilityConcept): FidelityConcept {
  return CAPABILITY_CONCEPTS[concept];
}
