/**
 * SAP2000 / ETABS "export tables to Excel" workbooks: one sheet per database table, row 1 `TABLE:  Joint
 * Coordinates`, row 2 the field names, row 3 their units, data from row 4 (../shared/docs/formats.md §2.4).
 *
 * They hold exactly the tables of a `.s2k` file, so we turn each sheet back into that text, one row per line
 * (`TABLE:  "JOINT COORDINATES"` then `Joint=1   CoordSys=GLOBAL …`), and hand it to the SAP2000 reader: one
 * SAP mapping in the product, not two. Its errors are traced back to the sheet and row they came from.
 */
import { isParseError, ParseError } from '../parseError';
import type { ReportItem } from '../report';
import { readSap2000 } from '../sap2000';
import type { ReadResult } from '../types';
import type { CellValue, RawSheet, RawWorkbook } from './sheets';
import { XLSX_FORMAT_ID } from './gusset';
import { utf8Encode } from './utf8';

const TITLE = /^\s*TABLE:\s*(.+?)\s*$/;

/** The table a `TABLE:` title line names (upper case), or undefined for any other text. */
export function titleOfLine(line: string): string | undefined {
  const match = TITLE.exec(line);
  return match ? (match[1] as string).replace(/^"|"$/g, '').toUpperCase() : undefined;
}

/** The table a sheet holds, from its `TABLE:` title (upper case), or undefined for any other sheet. */
export function tableTitle(sheet: RawSheet): string | undefined {
  const first = sheet.rows[0]?.[0];
  return typeof first === 'string' ? titleOfLine(first) : undefined;
}

/** Whether the workbook is a CSI table export: at least one sheet titled `TABLE: …`, one of them PROGRAM CONTROL. */
export function isCsiTableWorkbook(workbook: RawWorkbook): boolean {
  return workbook.sheets.some((sheet) => tableTitle(sheet) !== undefined);
}

function cellText(cell: CellValue): string | undefined {
  if (cell === null || cell === undefined) return undefined;
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  return String(cell);
}

const VALID_FIELD = /^[^\s="$;][^\s="]*$/;

function needsQuotes(value: string): boolean {
  return value === '' || /[\s,]/.test(value) || value.startsWith('"');
}

/** Line breaks and other control characters would break the one-row-per-line text: they become spaces. */
function withoutControls(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    out += text.charCodeAt(index) < 32 ? ' ' : (text[index] as string);
  }
  return out;
}

interface Origin {
  sheet: string;
  row: number;
}

/** Reads a SAP2000 (or ETABS) table export through the SAP2000 reader. Throws only `ParseError`. */
export function readCsiTableWorkbook(workbook: RawWorkbook): ReadResult {
  const lines: string[] = [];
  const origins: Array<Origin | undefined> = [];
  const items: ReportItem[] = [];
  const push = (line: string, origin?: Origin): void => {
    lines.push(line);
    origins.push(origin);
  };
  for (const sheet of workbook.sheets) {
    const title = tableTitle(sheet);
    if (title === undefined) {
      if (sheet.rowElements > 0) {
        items.push({
          severity: 'dropped',
          subject: sheet.name,
          reason: 'the sheet has no "TABLE:" title row and is not read',
        });
      }
      continue;
    }
    if (title.includes('"')) {
      throw new ParseError(
        XLSX_FORMAT_ID,
        0,
        `sheet "${sheet.name}": the table title contains a double quote`,
      );
    }
    const fields = (sheet.rows[1] ?? []).map((cell) => {
      const name = cellText(cell)?.trim();
      return name !== undefined && VALID_FIELD.test(name) ? name : undefined;
    });
    (sheet.rows[1] ?? []).forEach((cell, column) => {
      if (cell !== null && cell !== undefined && fields[column] === undefined) {
        items.push({
          severity: 'dropped',
          subject: sheet.name,
          reason: `column ${column + 1} ("${String(cell)}") is not a field name and is not read`,
        });
      }
    });
    push(`TABLE:  "${title}"`);
    for (let row = 3; row < sheet.rows.length; row++) {
      const cells = sheet.rows[row];
      if (!cells) continue;
      const pairs: string[] = [];
      cells.forEach((cell, column) => {
        const field = fields[column];
        const text = cellText(cell);
        if (field === undefined || text === undefined) return;
        let value = withoutControls(text);
        if (value.includes('"')) value = value.replace(/"/g, "'");
        pairs.push(needsQuotes(value) ? `${field}="${value}"` : `${field}=${value}`);
      });
      if (pairs.length > 0) push(`   ${pairs.join('   ')}`, { sheet: sheet.name, row });
    }
    push(' ');
  }
  if (lines.length === 0) {
    throw new ParseError(XLSX_FORMAT_ID, 0, 'the workbook has no sheet titled "TABLE: …"');
  }
  push('END TABLE DATA');
  const text = `${lines.join('\n')}\n`;

  let result: ReadResult;
  try {
    result = readSap2000(utf8Encode(text));
  } catch (error) {
    if (!isParseError(error)) throw error;
    const origin = error.line > 0 ? origins[error.line - 1] : undefined;
    const message = error.message.replace(/^[^:]+: (line \d+: )?/, '');
    throw new ParseError(
      XLSX_FORMAT_ID,
      0,
      origin
        ? `sheet "${origin.sheet}", row ${origin.row + 1}: ${message}`
        : `SAP2000 table export: ${message}`,
    );
  }
  const relocated = result.report.items.map((item) => {
    const origin = item.line !== undefined ? origins[item.line - 1] : undefined;
    if (!origin) {
      const { line: _, ...rest } = item;
      return rest;
    }
    const { line: _, ...rest } = item;
    return { ...rest, reason: `sheet "${origin.sheet}", row ${origin.row + 1}: ${item.reason}` };
  });
  return {
    model: result.model,
    report: { ...result.report, format: XLSX_FORMAT_ID, items: [...items, ...relocated] },
  };
}
