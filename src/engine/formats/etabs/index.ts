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
  { concept: 'Orientation', read: 'full', write: 'full', note: 'ANG' },
  { concept: 'Cardinal point', read: 'full', write: 'full', note: 'CARDINALPT' },
  {
    concept: 'End offsets and rigid zones',
    read: 'full',
    write: 'full',
    note: 'LENGTHOFFI/J, RIGIDZONE, OFFSETX/Y/Z I/J',
  },
  {
    concept: 'Releases',
    read: 'full',
    write: 'full',
    note: 'RELEASE flags; named presets such as "PINNED" kept as attributes',
  },
  { concept: 'Restraint', read: 'full', write: 'full' },
  { concept: 'Springs', read: 'full', write: 'full', note: 'POINTSPRING UX…RZ and SPRINGPROP assignments' },
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
    note: 'type and pattern scale factors; modal/spectrum parameters as attributes',
  },
  { concept: 'LoadCombination', read: 'full', write: 'full' },
  { concept: 'PointLoad', read: 'partial', write: 'full', note: 'TYPE "FORCE"; other types kept as text' },
  {
    concept: 'LinearLoad',
    read: 'partial',
    write: 'full',
    note: 'UNIF/TRAP/POINT forces and moments at relative distances; a blank DIR read as gravity; other types kept as text',
  },
  { concept: 'AreaLoad', read: 'partial', write: 'full', note: 'UNIFF; other types kept as text' },
  { concept: 'Group', read: 'full', write: 'full', note: 'POINT/LINE/AREA members' },
  { concept: 'Results', read: 'none', write: 'none' },
];

export const etabsTranslator: Translator = {
  id: 'e2k',
  platform: 'Etabs',
  title: 'ETABS text model (.e2k, .$et)',
  extensions: ['.e2k', '.$et'],
  capabilities: ETABS_CAPABILITIES,
  read: async (bytes) => readE2k(bytes),
  write: async (model) => writeE2k(model),
};
