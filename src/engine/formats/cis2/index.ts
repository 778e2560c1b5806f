import { ANALYSIS_LOSS_REASONS } from '../analysisLoss';
import type { Capability, Translator } from '../types';
import { CIS2_SCHEMA } from './names';
import { readCis2 } from './read';
import { headerSchemas } from './step';
import { writeCis2 } from './write';
import { CIS2_WRITE_REASONS } from './writeReasons';

export { readCis2 } from './read';
export { writeCis2 } from './write';

/**
 * What the CIS/2 translator maps, as data (docs/supported-elements.md is generated from it); the concepts and their
 * order are ETABS_CAPABILITIES'. CIS/2 is an analysis/steel exchange: no storeys, grids, areas or groups.
 */
export const CIS2_CAPABILITIES: readonly Capability[] = [
  { concept: 'Level', read: 'none', write: 'none', note: 'CIS/2 analysis models have no storeys' },
  {
    concept: 'Node',
    read: 'full',
    write: 'full',
    note: "NODE + CARTESIAN_POINT, through the file's length unit",
  },
  { concept: 'Grid', read: 'none', write: 'none' },
  {
    concept: 'Beam',
    read: 'full',
    write: 'full',
    note: 'ELEMENT_CURVE_SIMPLE/COMPLEX + ELEMENT_NODE_CONNECTIVITY; role from the description, else from geometry',
  },
  { concept: 'Column', read: 'full', write: 'full' },
  { concept: 'Brace', read: 'full', write: 'full' },
  { concept: 'Floor', read: 'none', write: 'none' },
  { concept: 'Wall', read: 'none', write: 'none' },
  { concept: 'Area', read: 'none', write: 'none' },
  { concept: 'Opening', read: 'none', write: 'none' },
  { concept: 'Cable', read: 'none', write: 'none' },
  { concept: 'Link', read: 'none', write: 'none' },
  { concept: 'Component', read: 'none', write: 'none' },
  { concept: 'Foundation', read: 'none', write: 'none' },
  { concept: 'GeoElement', read: 'none', write: 'none' },
  {
    concept: 'Material',
    read: 'partial',
    write: 'partial',
    note: 'MATERIAL_ISOTROPIC with elasticity (E, ν, G), strengths (fy, fu, fc), density and thermal expansion; item names unverified',
  },
  {
    concept: 'Profile',
    read: 'partial',
    write: 'partial',
    note: 'SECTION_PROFILE_I_TYPE, _RECTANGLE, _RECTANGLE_HOLLOW, _CIRCLE, _CIRCLE_HOLLOW by dimensions; channels, angles and other subtypes by name with their dimensions kept; library shapes by name; stated section properties are not written',
  },
  {
    concept: 'Section modifiers',
    read: 'none',
    write: 'none',
    note: ANALYSIS_LOSS_REASONS.modifier('CIS/2'),
  },
  { concept: 'Member modifiers', read: 'none', write: 'none', note: ANALYSIS_LOSS_REASONS.modifier('CIS/2') },
  {
    concept: 'Orientation',
    read: 'partial',
    write: 'full',
    note: 'an angle measure; direction vectors are not read',
  },
  {
    concept: 'Cardinal point',
    read: 'full',
    write: 'full',
    note: 'on the section profile (one per cardinal point used)',
  },
  {
    concept: 'End offsets',
    read: 'none',
    write: 'none',
    note: `ELEMENT_ECCENTRICITY is not read; ${CIS2_WRITE_REASONS.offsets}`,
  },
  { concept: 'Rigid zones', read: 'none', write: 'none', note: CIS2_WRITE_REASONS.offsets },
  { concept: 'Insertion offsets', read: 'none', write: 'none', note: CIS2_WRITE_REASONS.offsets },
  {
    concept: 'Releases',
    read: 'full',
    write: 'full',
    note: 'RELEASE_LOGICAL on the connectivity (name unverified)',
  },
  { concept: 'Restraint', read: 'full', write: 'full', note: 'BOUNDARY_CONDITION_LOGICAL' },
  {
    concept: 'Springs',
    read: 'partial',
    write: 'partial',
    note: 'BOUNDARY_CONDITION_SPRING_LINEAR per spring property (attribute order ours, unverified); a node has one support, so a restrained node on a spring keeps its restraint and the spring is reported',
  },
  { concept: 'Diaphragm', read: 'none', write: 'none' },
  { concept: 'LinkProperty', read: 'none', write: 'none' },
  { concept: 'LoadPattern', read: 'full', write: 'full', note: 'LOAD_CASE' },
  {
    concept: 'LoadCase',
    read: 'partial',
    write: 'partial',
    note: 'each LOAD_CASE is a linear static case; other analysis cases as marked LOAD_COMBINATIONs',
  },
  { concept: 'Modal case', read: 'none', write: 'none', note: ANALYSIS_LOSS_REASONS.case('CIS/2') },
  {
    concept: 'Response spectrum case',
    read: 'none',
    write: 'none',
    note: ANALYSIS_LOSS_REASONS.case('CIS/2'),
  },
  { concept: 'Function', read: 'none', write: 'none', note: ANALYSIS_LOSS_REASONS.function('CIS/2') },
  {
    concept: 'LoadCombination',
    read: 'full',
    write: 'full',
    note: 'LOAD_COMBINATION + LOAD_COMBINATION_OCCURRENCE',
  },
  {
    concept: 'PointLoad',
    read: 'full',
    write: 'full',
    note: 'LOAD_NODE with APPLIED_LOAD_STATIC_FORCE, global axes',
  },
  {
    concept: 'LinearLoad',
    read: 'partial',
    write: 'full',
    note: 'LOAD_ELEMENT_DISTRIBUTED/_CONCENTRATED along one axis; loads on design members (LOAD_MEMBER_*) are not read',
  },
  { concept: 'AreaLoad', read: 'none', write: 'none' },
  { concept: 'Group', read: 'none', write: 'none' },
  { concept: 'Results', read: 'none', write: 'none', note: ANALYSIS_LOSS_REASONS.results('CIS/2') },
];

/** A STEP file whose FILE_SCHEMA names STRUCTURAL_FRAME_SCHEMA, whatever its extension (SDS/2 has written .ifc). */
export function detectCis2(head: Uint8Array): boolean {
  return headerSchemas(head)?.some((schema) => schema.startsWith(CIS2_SCHEMA)) ?? false;
}

export const cis2Translator: Translator = {
  id: 'cis2',
  platform: 'Tekla',
  title: 'CIS/2 (LPM/6) STEP file (.stp)',
  extensions: ['.stp', '.step', '.p21'],
  capabilities: CIS2_CAPABILITIES,
  detect: detectCis2,
  read: async (bytes) => readCis2(bytes),
  write: async (model) => writeCis2(model),
};
