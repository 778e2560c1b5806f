import type { Capability, Translator } from '../types';
import { writeGussetWorkbook } from './gusset';
import { readXlsx } from './read';
import { utf8Encode } from './utf8';
import { hasZipSignature } from './zipGuard';

export { readXlsx, workbookKind } from './read';
export { writeGussetWorkbook, readGussetWorkbook, GUSSET_TABLES } from './gusset';
export { readRawWorkbook, summarizeSheets } from './sheets';
export type { SheetSummary, RawWorkbook } from './sheets';
export { openGuardedZip, DEFAULT_ZIP_LIMITS } from './zipGuard';

const GUSSET = 'Gusset workbook: every field, one sheet per table';
const SAP = 'SAP2000 table export: as the .s2k translator';

/**
 * What the Excel translator maps, over the concept list of the ETABS translator. A Gusset workbook carries the
 * whole canonical model; a SAP2000/ETABS table export is read through the SAP2000 translator, so its limits are
 * that translator's.
 */
export const XLSX_CAPABILITIES: readonly Capability[] = [
  { concept: 'Level', read: 'full', write: 'full', note: `Levels sheet. ${SAP}: none` },
  { concept: 'Node', read: 'full', write: 'full', note: 'Nodes sheet, coordinates in the model unit' },
  { concept: 'Grid', read: 'full', write: 'full', note: 'Grids sheet' },
  { concept: 'Beam', read: 'full', write: 'full', note: `Beams sheet. ${SAP}` },
  { concept: 'Column', read: 'full', write: 'full', note: 'Columns sheet' },
  { concept: 'Brace', read: 'full', write: 'full', note: 'Braces sheet' },
  { concept: 'Floor', read: 'full', write: 'full', note: 'Floors sheet, vertices as a JSON list' },
  { concept: 'Wall', read: 'full', write: 'full', note: 'Walls sheet' },
  { concept: 'Area', read: 'full', write: 'full', note: 'Areas sheet' },
  { concept: 'Opening', read: 'full', write: 'full', note: 'Openings sheet' },
  { concept: 'Cable', read: 'full', write: 'full', note: 'Cables sheet' },
  { concept: 'Link', read: 'full', write: 'full', note: 'Links sheet' },
  { concept: 'Component', read: 'full', write: 'full', note: 'Components sheet' },
  { concept: 'Foundation', read: 'full', write: 'full', note: `Foundations sheet. ${SAP}: none` },
  { concept: 'GeoElement', read: 'full', write: 'full', note: 'Geo Elements sheet, points as JSON in mm' },
  { concept: 'Material', read: 'full', write: 'full', note: 'Materials sheet, SI units' },
  { concept: 'Profile', read: 'full', write: 'full', note: `Sections sheet. ${SAP}: partial` },
  { concept: 'Section modifiers', read: 'full', write: 'full', note: 'Sections sheet, modifiers.* columns' },
  {
    concept: 'Member modifiers',
    read: 'full',
    write: 'full',
    note: 'modifiers.* columns of frames and areas',
  },
  { concept: 'Orientation', read: 'full', write: 'full' },
  { concept: 'Cardinal point', read: 'full', write: 'full' },
  { concept: 'End offsets', read: 'full', write: 'full' },
  { concept: 'Rigid zones', read: 'full', write: 'full' },
  { concept: 'Insertion offsets', read: 'full', write: 'full' },
  { concept: 'Releases', read: 'full', write: 'full', note: 'Releases sheet, one row per released member' },
  {
    concept: 'Restraint',
    read: 'full',
    write: 'full',
    note: 'Restraints sheet, one row per restrained node',
  },
  { concept: 'Springs', read: 'full', write: 'full', note: 'Spring Properties sheet' },
  { concept: 'Diaphragm', read: 'full', write: 'full', note: 'Diaphragms sheet' },
  { concept: 'LinkProperty', read: 'full', write: 'full', note: 'Link Properties sheet' },
  { concept: 'LoadPattern', read: 'full', write: 'full' },
  { concept: 'LoadCase', read: 'full', write: 'full', note: `${GUSSET}. ${SAP}: partial` },
  { concept: 'Modal case', read: 'full', write: 'full', note: 'Load Cases sheet, modal.* columns' },
  {
    concept: 'Response spectrum case',
    read: 'full',
    write: 'full',
    note: 'Load Cases sheet, responseSpectrum.* columns',
  },
  { concept: 'Function', read: 'full', write: 'full', note: 'Model sheet' },
  { concept: 'LoadCombination', read: 'full', write: 'full', note: 'items as a JSON list' },
  { concept: 'PointLoad', read: 'full', write: 'full' },
  { concept: 'LinearLoad', read: 'full', write: 'full' },
  { concept: 'AreaLoad', read: 'full', write: 'full' },
  { concept: 'Group', read: 'full', write: 'full', note: 'members as a JSON list' },
  {
    concept: 'Results',
    read: 'full',
    write: 'full',
    note: 'Member Forces, Joint Reactions and Joint Displacements sheets (Gusset workbook only)',
  },
];

const WORKBOOK_PART = utf8Encode('xl/workbook.xml');
const WORKSHEET_PART = utf8Encode('xl/worksheets/');

function includes(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let at = 0; at + needle.length <= haystack.length; at++) {
    for (let index = 0; index < needle.length; index++) {
      if (haystack[at + index] !== needle[index]) continue outer;
    }
    return true;
  }
  return false;
}

/**
 * A zip whose first 64 KiB name an Excel part. Which kind of workbook it is needs the whole file, so that is
 * decided by `read`; a zip that is something else (an ifcZIP) is left to its own translator.
 */
export function detectXlsx(head: Uint8Array): boolean {
  return hasZipSignature(head) && (includes(head, WORKBOOK_PART) || includes(head, WORKSHEET_PART));
}

export const xlsxTranslator: Translator = {
  id: 'xlsx',
  platform: 'Excel',
  title: 'Excel workbook (.xlsx)',
  extensions: ['.xlsx'],
  capabilities: XLSX_CAPABILITIES,
  detect: detectXlsx,
  read: async (bytes) => readXlsx(bytes),
  write: async (model) => writeGussetWorkbook(model),
};
