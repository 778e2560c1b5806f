/**
 * The comma-separated form of a CSI table export: each table a `TABLE:  "Joint Reactions"` line, a row of field
 * names, sometimes a row of units, then the data:
 *
 *     TABLE:  "Joint Reactions"
 *     Story,Point,Unique Name,OutputCase,CaseType,StepType,F1,F2,F3,M1,M2,M3
 *     Base,P1,101,D,Linear Static,,0,0,100,0,0,0
 *
 * It is the Excel export's layout in text, so it is read as a workbook of one sheet per table (read.ts). Fields
 * are quoted as RFC 4180 does (`"1.2D+1.6L, wind"`, `""` for a quote).
 */
import type { CellValue, RawSheet, RawWorkbook } from '../formats/xlsx/sheets';
import { classifyUnit } from './quantities';

const TABLE_LINE = /^\s*TABLE:\s*"?(.*?)"?\s*$/i;

/** One CSV line's cells (quotes removed); a quoted cell may hold commas. */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** Whether a text export is in this form: its first table's first row is a comma list, not `Field=value` pairs. */
export function isCsiCsv(text: string): boolean {
  const lines = text.slice(0, 64 * 1024).split(/\r?\n/);
  const first = lines.findIndex((line) => TABLE_LINE.test(line));
  if (first < 0) return false;
  const next = lines.slice(first + 1).find((line) => line.trim() !== '');
  return next !== undefined && next.includes(',') && !/^\s*[^\s=,"]+=/.test(next);
}

/** A row of units (`m, kN, kN-m`, empty for text fields) rather than data: every filled cell is a unit. */
function isUnitsRow(cells: readonly string[]): boolean {
  const filled = cells.filter((cell) => cell !== '');
  return (
    filled.length > 0 &&
    filled.every((cell) => {
      const unit = classifyUnit(cell);
      return unit !== undefined && Number.isNaN(Number(cell));
    })
  );
}

/** The tables of a CSV export as sheets laid out like the Excel export's: title, field names, units, data. */
export function csvWorkbook(text: string): RawWorkbook {
  const sheets: RawSheet[] = [];
  let rows: CellValue[][] | undefined;
  let expectUnits = false;
  const lines = text.split(/\r?\n/);
  for (const line of lines) {
    const title = TABLE_LINE.exec(line);
    if (title) {
      rows = [[`TABLE:  ${title[1] as string}`]];
      sheets.push({ name: (title[1] as string).slice(0, 31), rows, rowElements: 0 });
      expectUnits = false;
      continue;
    }
    if (rows === undefined || line.trim() === '' || /^\s*END TABLE DATA\s*$/i.test(line)) continue;
    const cells = csvCells(line);
    if (rows.length === 1) {
      rows.push(cells);
      expectUnits = true;
      continue;
    }
    if (expectUnits) {
      expectUnits = false;
      // The Excel layout always has a units row: a file without one gets an empty one.
      rows.push(isUnitsRow(cells) ? cells : []);
      if (isUnitsRow(cells)) continue;
    }
    rows.push(cells);
  }
  return { sheets, sheet: (name) => sheets.find((sheet) => sheet.name === name) };
}
