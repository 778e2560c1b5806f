import type { Capability, Translator } from '../types';
import { readE2k } from './read';
import { writeE2k } from './write';

export { readE2k } from './read';
export { writeE2k } from './write';
export { parseE2kNumber, formatE2kNumber, scanE2k } from './tokenizer';

/** What the ETABS translator maps, as data (docs/supported-elements.md is generated from it). */
export const ETABS_CAPABILITIES: readonly Capability[] = [
  {
    concept: 'Level',
    read: 'full',
    write: 'full',
    note: 'STORY heights from the top; base ELEV; MASTERSTORY, SIMILARTO',
  },
  {
    concept: 'Node',
    read: 'full',
    write: 'full',
    note: 'plan point × story, with point dz offsets; only points a story uses',
  },
  {
    concept: 'Grid',
    read: 'full',
    write: 'full',
    note: 'GRID (X/Y ordinates) and GENGRID (general lines); grid systems kept as text',
  },
  { concept: 'Beam', read: 'full', write: 'full' },
  {
    concept: 'Column',
    read: 'full',
    write: 'full',
    note: 'multi-storey columns through the LINE story drop',
  },
  { concept: 'Brace', read: 'full', write: 'full' },
  { concept: 'Floor', read: 'full', write: 'full', note: 'AREA … FLOOR with per-vertex story drops' },
  { concept: 'Wall', read: 'full', write: 'full', note: 'AREA … PANEL' },
  { concept: 'Area', read: 'full', write: 'full', note: 'AREA … AREA (null/other areas)' },
  { concept: 'Opening', read: 'full', write: 'full', note: 'areas assigned OPENING "Yes"' },
  { concept: 'Cable', read: 'none', write: 'none' },
  { concept: 'Link', read: 'none', write: 'none', note: 'link objects are kept as text' },
  { concept: 'Component', read: 'none', write: 'none' },
  { concept: 'Foundation', read: 'none', write: 'none' },
  { concept: 'GeoElement', read: 'none', write: 'none' },
  {
    concept: 'Material',
    read: 'full',
    write: 'full',
    note: 'type, grade, E, U, A, G (derived for isotropic materials, else G12), unit weight and mass (WEIGHTPERVOLUME, MASSPERVOLUME; 9.x W, M), Fy, Fu, fc; other keys as attributes',
  },
  {
    concept: 'Profile',
    read: 'partial',
    write: 'partial',
    note: 'concrete rectangle/circle, steel I, tube, pipe, library shapes by name, General sections with AREA, AS2, AS3, I33, I22, TORSION (also written for other shapes that state them); other shapes by name with their keys as attributes; shell use (slab, deck, wall) and thickness',
  },
  {
    concept: 'Section modifiers',
    read: 'full',
    write: 'full',
    note: 'FRAMESECTION AMOD … WMOD, SHELLPROP F11MOD … WMOD',
  },
  {
    concept: 'Member modifiers',
    read: 'full',
    write: 'full',
    note: 'LINEASSIGN PROPMODA … PROPMODW, AREAASSIGN PROPMODF11 … PROPMODW (keys as other e2k tools spell them; no fixture has them)',
  },
  { concept: 'Orientation', read: 'full', write: 'full', note: 'ANG' },
  { concept: 'Cardinal point', read: 'full', write: 'full', note: 'CARDINALPT' },
  { concept: 'End offsets', read: 'full', write: 'full', note: 'LENGTHOFFI/J' },
  { concept: 'Rigid zones', read: 'full', write: 'full', note: 'RIGIDZONE' },
  { concept: 'Insertion offsets', read: 'full', write: 'full', note: 'OFFSETX/Y/Z I/J' },
  {
    concept: 'Releases',
    read: 'partial',
    write: 'full',
    note: 'RELEASE DOF lists and "PINNED" (M2 and M3 at both ends, written back as PINNED); partial fixity (…FIX keys) and unknown release words kept for ETABS only',
  },
  { concept: 'Restraint', read: 'full', write: 'full' },
  {
    concept: 'Springs',
    read: 'full',
    write: 'full',
    note: 'POINTSPRING UX…RZ, assigned by name with SPRINGPROP (one property for many points)',
  },
  {
    concept: 'Diaphragm',
    read: 'full',
    write: 'full',
    note: 'rigid/semi-rigid; point and area DIAPH assignments',
  },
  {
    concept: 'LinkProperty',
    read: 'partial',
    write: 'partial',
    note: 'type; DOFs and stiffnesses kept as attributes',
  },
  { concept: 'LoadPattern', read: 'full', write: 'full', note: '9.x STATIC LOADS and 20+ LOAD PATTERNS' },
  {
    concept: 'LoadCase',
    read: 'partial',
    write: 'partial',
    note: '20+ LOAD CASES: type in ETABS words and pattern scale factors; other parameters (nonlinear, staged) kept for ETABS; none in the 9.x dialect',
  },
  {
    concept: 'Modal case',
    read: 'full',
    write: 'partial',
    note: 'TYPE "Modal - Eigen"/"Modal - Ritz", MAXMODES … EIGENTOL, Ritz ACCEL/LINK/LOADPAT; Ritz cycles and target participation (SAP2000) are not written',
  },
  {
    concept: 'Response spectrum case',
    read: 'full',
    write: 'partial',
    note: 'MODALCASE, ACCEL U1/U2/U3 with FUNC, SF and ANG, damping, MODALCOMBO, DIRCOMBO, eccentricity; a spectrum load in a named coordinate system is not written',
  },
  {
    concept: 'Function',
    read: 'full',
    write: 'partial',
    note: '$ FUNCTIONS: user spectra and time histories (TIMEVAL); code-defined spectra of other tools, and every function in the 9.x dialect, are not written',
  },
  { concept: 'LoadCombination', read: 'full', write: 'full' },
  { concept: 'PointLoad', read: 'partial', write: 'full', note: 'TYPE "FORCE"; other types kept as text' },
  {
    concept: 'LinearLoad',
    read: 'partial',
    write: 'full',
    note: 'UNIF/TRAP/POINT forces and moments at relative distances; a blank DIR read as gravity; other types kept as text',
  },
  {
    concept: 'AreaLoad',
    read: 'partial',
    write: 'full',
    note: 'UNIFF, in global directions or DIR "3" (a SAP2000 surface pressure); other types kept as text',
  },
  { concept: 'Group', read: 'full', write: 'full', note: 'POINT/LINE/AREA members' },
  { concept: 'Results', read: 'none', write: 'none' },
];

export const etabsTranslator: Translator = {
  id: 'e2k',
  platform: 'Etabs',
  title: 'ETABS text model (.e2k, .$et)',
  extensions: ['.e2k', '.$et'],
  capabilities: ETABS_CAPABILITIES,
  read: async (bytes, options) => readE2k(bytes, options?.limits ? { limits: options.limits } : {}),
  write: async (model) => writeE2k(model),
};
