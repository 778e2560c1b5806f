import type { Capability, Translator } from '../types';
import { readSap2000 } from './read';
import { writeSap2000 } from './write';

export { readSap2000 } from './read';
export { writeSap2000 } from './write';
export { parseCsiTables, writeCsiTables } from './tables';

/** What the SAP2000 translator maps, as data (docs/supported-elements.md is generated from it). */
export const SAP2000_CAPABILITIES: readonly Capability[] = [
  {
    concept: 'Level',
    read: 'none',
    write: 'none',
    note: 'SAP2000 has no stories; joints carry absolute elevations',
  },
  {
    concept: 'Node',
    read: 'full',
    write: 'full',
    note: 'JOINT COORDINATES (GLOBAL Cartesian; cylindrical/spherical and GlobalX/Y/Z converted), SAFE OBJECT GEOMETRY - POINT COORDINATES',
  },
  {
    concept: 'Grid',
    read: 'partial',
    write: 'partial',
    note: 'X/Y GRID LINES; Z and cylindrical lines kept as rows',
  },
  {
    concept: 'Beam',
    read: 'partial',
    write: 'full',
    note: 'CONNECTIVITY - FRAME; beam/column/brace inferred from geometry unless a GUSSET_* group says otherwise',
  },
  { concept: 'Column', read: 'partial', write: 'full', note: 'vertical frames' },
  { concept: 'Brace', read: 'partial', write: 'full', note: 'inclined frames' },
  { concept: 'Area', read: 'full', write: 'full', note: 'CONNECTIVITY - AREA, any number of joints' },
  { concept: 'Floor', read: 'partial', write: 'partial', note: 'written as areas in group GUSSET_FLOOR' },
  { concept: 'Wall', read: 'partial', write: 'partial', note: 'written as areas in group GUSSET_WALL' },
  {
    concept: 'Opening',
    read: 'partial',
    write: 'partial',
    note: 'SAP has none: areas in group GUSSET_OPENING',
  },
  { concept: 'Cable', read: 'full', write: 'full', note: 'CONNECTIVITY - CABLE, CABLE SECTION ASSIGNMENTS' },
  {
    concept: 'Link',
    read: 'full',
    write: 'full',
    note: 'CONNECTIVITY - LINK (one- and two-joint), LINK PROPERTY ASSIGNMENTS',
  },
  {
    concept: 'Component',
    read: 'partial',
    write: 'partial',
    note: 'solids (CONNECTIVITY - SOLID) and tendons: joints only, their properties kept as rows',
  },
  { concept: 'Foundation', read: 'none', write: 'none' },
  { concept: 'GeoElement', read: 'none', write: 'none' },
  {
    concept: 'Material',
    read: 'full',
    write: 'full',
    note: 'MATERIAL PROPERTIES 01/02/03A/03B: type, grade, E, G, U, A, unit weight and mass, Fy, Fu, Fc',
  },
  {
    concept: 'Profile',
    read: 'partial',
    write: 'partial',
    note: 'rectangle, circle, pipe, box, I and file sections; other shapes with their properties (A, I, J, As); area sections with thickness, and their use (slab, deck, wall) in a GussetUse field; cable sections',
  },
  {
    concept: 'Section modifiers',
    read: 'full',
    write: 'full',
    note: 'FRAME SECTION PROPERTIES 01 - GENERAL AMod … WMod; AREA SECTION PROPERTIES F11Mod … WMod',
  },
  {
    concept: 'Member modifiers',
    read: 'full',
    write: 'full',
    note: 'FRAME PROPERTY MODIFIERS, AREA STIFFNESS MODIFIERS',
  },
  {
    concept: 'Orientation',
    read: 'full',
    write: 'full',
    note: 'FRAME LOCAL AXES ASSIGNMENTS 1 - TYPICAL Angle; the local axis angle of areas is not written',
  },
  { concept: 'Cardinal point', read: 'full', write: 'full', note: 'FRAME INSERTION POINT ASSIGNMENTS' },
  { concept: 'End offsets', read: 'full', write: 'full', note: 'FRAME OFFSET ALONG LENGTH ASSIGNMENTS' },
  {
    concept: 'Rigid zones',
    read: 'full',
    write: 'full',
    note: 'FRAME OFFSET ALONG LENGTH ASSIGNMENTS RigidFact',
  },
  {
    concept: 'Insertion offsets',
    read: 'full',
    write: 'full',
    note: 'FRAME INSERTION POINT ASSIGNMENTS, in GLOBAL',
  },
  { concept: 'Releases', read: 'full', write: 'full', note: 'FRAME RELEASE ASSIGNMENTS 1 - GENERAL' },
  { concept: 'Restraint', read: 'full', write: 'full', note: 'JOINT RESTRAINT ASSIGNMENTS' },
  {
    concept: 'Springs',
    read: 'partial',
    write: 'partial',
    note: 'JOINT SPRING ASSIGNMENTS 1 - UNCOUPLED, one property per joint (a property shared by several joints is written per joint); springs in local axes read as global',
  },
  {
    concept: 'Diaphragm',
    read: 'full',
    write: 'partial',
    note: 'diaphragm constraints on joints; written always rigid, an area diaphragm as a constraint on its joints',
  },
  {
    concept: 'LinkProperty',
    read: 'partial',
    write: 'partial',
    note: 'type and linear stiffness per DOF; nonlinear parameters kept as rows',
  },
  { concept: 'LoadPattern', read: 'full', write: 'full' },
  {
    concept: 'LoadCase',
    read: 'partial',
    write: 'partial',
    note: 'type and pattern scale factors of static cases; other case tables (nonlinear, time history…) kept as rows',
  },
  {
    concept: 'Modal case',
    read: 'full',
    write: 'full',
    note: 'CASE - MODAL 1 - GENERAL (Eigen, Ritz), CASE - MODAL 3 - LOAD ASSIGNMENTS - RITZ',
  },
  {
    concept: 'Response spectrum case',
    read: 'full',
    write: 'full',
    note: 'CASE - RESPONSE SPECTRUM 1 - GENERAL and 2 - LOAD ASSIGNMENTS; scale factors through the length unit',
  },
  {
    concept: 'Function',
    read: 'full',
    write: 'partial',
    note: 'FUNCTION - RESPONSE SPECTRUM - USER, - TIME HISTORY - USER, code-defined spectra as one row of parameters; code-defined spectra of other tools are not written',
  },
  {
    concept: 'LoadCombination',
    read: 'full',
    write: 'full',
    note: 'COMBINATION DEFINITIONS, SAFE LOAD COMBINATIONS',
  },
  { concept: 'PointLoad', read: 'full', write: 'full', note: 'JOINT LOADS - FORCE, SAFE point loads' },
  {
    concept: 'LinearLoad',
    read: 'full',
    write: 'full',
    note: 'FRAME LOADS - DISTRIBUTED and - POINT, forces and moments',
  },
  {
    concept: 'AreaLoad',
    read: 'partial',
    write: 'full',
    note: 'AREA LOADS - UNIFORM; - SURFACE PRESSURE on the top or bottom face, as a load along the local 3 axis; - UNIFORM TO FRAME read as a uniform load on the area; edge pressures and other area load tables kept as rows',
  },
  { concept: 'Group', read: 'full', write: 'full', note: 'joint and object members' },
  { concept: 'Results', read: 'none', write: 'none' },
];

export const sap2000Translator: Translator = {
  id: 's2k',
  platform: 'SAP',
  title: 'SAP2000 / CSiBridge / SAFE table text (.s2k, .$2k, .b2k, .f2k)',
  extensions: ['.s2k', '.$2k', '.b2k', '.f2k'],
  capabilities: SAP2000_CAPABILITIES,
  read: async (bytes, options) => readSap2000(bytes, options?.limits ? { limits: options.limits } : {}),
  write: async (model) => writeSap2000(model),
};
