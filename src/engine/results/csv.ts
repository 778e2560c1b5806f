/**
 * The comma-separated form of a CSI table export: each table a `TABLE:  "Joint Reactions"` line, a row of field
 * names, sometimes a row of units, then the data:
 *
 *     TABLE:  "Joint Reactions"
 *     Story,Point,Unique Name,OutputCase,CaseType,StepType,F1,F2,F3,M1,M2,M3
 *     Base,P1,101,D,Linear Static,,0,0,100,0,0,0
 *
 * It is the Excel export's layout in text, so it is read as tables laid out like its sheets (read.ts). Fields
 * are quoted as RFC 4180 does (`"1.2D+1.6L, wind"`, `""` for a quote).
 */
import { tableTitle as sheetTitle } from '../formats/xlsx/csiExport';
import { classifyUnit } from './quantities';
import type { ResultSheet } from './reading';

const TABLE_LINE = /^\s*TABLE:\s*"?(.*?)"?\s*$/i;
const END_LINE = /^\s*END TABLE DATA\s*$/i;

/** The table name as the Excel reader gives a sheet's title. */
function tableTitle(titleCell: string): string | undefined {
  return sheetTitle({ name: '', rows: [[titleCell]], rowElements: 1 });
}

/** One CSV line's cells (quotes removed); a quoted cell may hold commas. */
export function csvCells(line: string): string[] {
  // Most lines quote nothing: a split, not a character at a time.
  if (!line.includes('"')) return line.split(',').map((cell) => cell.trim());
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

/** Where one CSV table's data lines are, to parse them only as they are read. */
class LineSpans {
  private spans = new Int32Array(256);
  count = 0;

  push(start: number, end: number): void {
    if (this.count * 2 + 2 > this.spans.length) {
      const wider = new Int32Array(this.spans.length * 2);
      wider.set(this.spans);
      this.spans = wider;
    }
    this.spans[this.count * 2] = start;
    this.spans[this.count * 2 + 1] = end;
    this.count++;
  }

  *cells(text: string): Generator<string[]> {
    for (let line = 0; line < this.count; line++) {
      yield csvCells(text.slice(this.spans[line * 2], this.spans[line * 2 + 1]));
    }
  }
}

/**
 * The tables of a CSV export, laid out like the Excel export's sheets (title, field names, units, data). A file
 * without a units row gets an empty one. Data lines are found here and split into cells only as they are read,
 * so a million-row export never holds a million arrays of cells.
 */
export function csvTables(text: string): ResultSheet[] {
  const tables: ResultSheet[] = [];
  let current:
    | { name: string; title: string | undefined; names?: string[]; units?: string[]; data: LineSpans }
    | undefined;
  const close = () => {
    // A table without a name is no table, as a sheet without a title is none.
    if (current?.title === undefined) return;
    const { name, title, names = [], units = [], data } = current;
    tables.push({ name, title, names, units, dataRows: data.count, rows: () => data.cells(text) });
  };
  let position = 0;
  while (position < text.length) {
    let end = text.indexOf('\n', position);
    if (end === -1) end = text.length;
    const start = position;
    position = end + 1;
    const lineEnd = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    const line = text.slice(start, lineEnd);
    const title = TABLE_LINE.exec(line);
    if (title) {
      close();
      const name = title[1] as string;
      current = { name: name.slice(0, 31), title: tableTitle(`TABLE:  ${name}`), data: new LineSpans() };
      continue;
    }
    if (current === undefined || line.trim() === '' || END_LINE.test(line)) continue;
    if (current.names === undefined) {
      current.names = csvCells(line);
      continue;
    }
    if (current.units === undefined) {
      const cells = csvCells(line);
      current.units = isUnitsRow(cells) ? cells : [];
      if (current.units.length > 0) continue;
    }
    current.data.push(start, lineEnd);
  }
  close();
  return tables;
}
