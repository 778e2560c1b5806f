import { ParseError } from '../parseError';
import type { ReadResult } from '../types';
import { readCsiTableWorkbook, isCsiTableWorkbook } from './csiExport';
import { isGussetWorkbook, readGussetWorkbook, XLSX_FORMAT_ID } from './gusset';
import type { RawWorkbook } from './sheets';
import { readRawWorkbook } from './sheets';
import type { ZipLimits } from './zipGuard';
import { DEFAULT_ZIP_LIMITS } from './zipGuard';

/** The kinds of workbook Gusset reads, as an engineer would name them. */
export type WorkbookKind = 'gusset' | 'csi-tables';

export function workbookKind(workbook: RawWorkbook): WorkbookKind | undefined {
  if (isGussetWorkbook(workbook)) return 'gusset';
  if (isCsiTableWorkbook(workbook)) return 'csi-tables';
  return undefined;
}

/**
 * Reads a workbook: a Gusset workbook, or a SAP2000/ETABS "export tables to Excel" workbook. Anything else (a
 * hand-made input table, a report) is refused with a message saying which workbooks Gusset reads. Throws only
 * `ParseError`.
 */
export function readXlsx(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ReadResult {
  const workbook = readRawWorkbook(bytes, limits);
  switch (workbookKind(workbook)) {
    case 'gusset':
      return readGussetWorkbook(workbook);
    case 'csi-tables':
      return readCsiTableWorkbook(workbook);
    default: {
      const names = workbook.sheets.map((sheet) => `"${sheet.name}"`);
      const listed = names.length > 6 ? `${names.slice(0, 6).join(', ')} …` : names.join(', ');
      throw new ParseError(
        XLSX_FORMAT_ID,
        0,
        `this workbook (sheets ${listed || 'none'}) is not a model Gusset can read. Gusset reads two kinds of workbook: a Gusset workbook (exported from Gusset: one sheet per table with a Model sheet) and a SAP2000/ETABS table export (File > Export > Tables to Excel, each sheet starting with "TABLE:"). Export the model from your analysis program in one of these forms, or as .e2k/.s2k`,
      );
    }
  }
}
