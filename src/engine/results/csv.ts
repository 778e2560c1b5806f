/**
 * The delimited text forms of a CSI table export. With titles, as `Export tables to CSV` writes them: each table a
 * `TABLE:  "Joint Reactions"` line, a row of field names, sometimes a row of units, then the data:
 *
 *     TABLE:  "Joint Reactions"
 *     Story,Point,Unique Name,OutputCase,CaseType,StepType,F1,F2,F3,M1,M2,M3
 *     Base,P1,101,D,Linear Static,,0,0,100,0,0,0
 *
 * Without a title, as the CSI API's GetTableForDisplayCSVFile writes one table (its separator chosen by the
 * script) or as a grid copied from a table window is pasted (tab-separated): the field names first, and the table
 * is known by them (`resultTableOfFields`). The separator is the comma, semicolon or tab the field names are split
 * by. It is the Excel export's layout in text, so it is read as tables laid out like its sheets (read.ts). Fields
 * are quoted as RFC 4180 does (`"1.2D+1.6L, wind"`, `""` for a quote).
 */
import { titleOfLine } from '../formats/xlsx/csiExport';
import { resultTableOfFields } from './catalogue';
import { classifyUnit } from './quantities';
import type { ResultSheet } from './reading';

const TABLE_LINE = /^\s*TABLE:\s*"?(.*?)"?\s*$/i;
const END_LINE = /^\s*END TABLE DATA\s*$/i;
const SEPARATORS = [',', ';', '\t'] as const;
type Separator = (typeof SEPARATORS)[number];
/** How far into a file its form is judged. */
const SNIFF_CHARACTERS = 64 * 1024;

/** One line's cells (quotes removed, blanks around them trimmed); a quoted cell may hold the separator. */
export function csvCells(line: string, separator: Separator = ','): string[] {
  // Most lines quote nothing: a split, not a character at a time.
  if (!line.includes('"')) return line.split(separator).map((cell) => cell.trim());
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
    } else if (char === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** The separator a row of field names is split by: the one it holds most of (a comma when none). */
function separatorOf(line: string): Separator {
  let best: Separator = ',';
  let most = 0;
  for (const separator of SEPARATORS) {
    const count = line.split(separator).length - 1;
    if (count > most) {
      best = separator;
      most = count;
    }
  }
  return best;
}

const isFieldValueRow = (line: string) => /^\s*[^\s=,;"]+=/.test(line);

/** The first lines of a text that are not blank. */
function firstLines(text: string): string[] {
  return text
    .slice(0, SNIFF_CHARACTERS)
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
}

/**
 * Whether a text export is in a delimited form: its first table's field names are a comma, semicolon or tab list
 * (not `Field=value` pairs), or, with no `TABLE:` line at all, its first line is a list of the field names of a
 * result table.
 */
export function isCsiCsv(text: string): boolean {
  const lines = firstLines(text);
  const first = lines.findIndex((line) => TABLE_LINE.test(line));
  if (first >= 0) {
    const next = lines[first + 1];
    return next !== undefined && !isFieldValueRow(next) && csvCells(next, separatorOf(next)).length > 1;
  }
  return untitledTable(lines[0]) !== undefined;
}

/** The table a first line of field names is, and their separator, for a file without a `TABLE:` line. */
function untitledTable(line: string | undefined): { title: string; separator: Separator } | undefined {
  if (line === undefined || isFieldValueRow(line)) return undefined;
  const separator = separatorOf(line);
  const names = csvCells(line, separator);
  if (names.length < 3) return undefined;
  const title = resultTableOfFields(names);
  return title === undefined ? undefined : { title, separator };
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

  *cells(text: string, separator: Separator): Generator<string[]> {
    for (let line = 0; line < this.count; line++) {
      yield csvCells(text.slice(this.spans[line * 2], this.spans[line * 2 + 1]), separator);
    }
  }
}

/**
 * The tables of a delimited export, laid out like the Excel export's sheets (title, field names, units, data). A
 * file without a units row gets an empty one; a file without a title, the table its field names say. Data lines
 * are found here and split into cells only as they are read, so a million-row export never holds a million
 * arrays of cells.
 */
export function csvTables(text: string): ResultSheet[] {
  const tables: ResultSheet[] = [];
  interface Open {
    name: string;
    title: string | undefined;
    namedByFields?: true;
    separator: Separator;
    names?: string[];
    units?: string[];
    data: LineSpans;
  }
  let current: Open | undefined;
  const sniffed = firstLines(text);
  const untitled = sniffed.some((line) => TABLE_LINE.test(line)) ? undefined : untitledTable(sniffed[0]);
  if (untitled) {
    const name = untitled.title.slice(0, 31);
    current = {
      name,
      title: untitled.title,
      namedByFields: true,
      separator: untitled.separator,
      data: new LineSpans(),
    };
  }
  const close = () => {
    // A table without a name is no table, as a sheet without a title is none.
    if (current?.title === undefined) return;
    const { name, title, names = [], units = [], data, separator } = current;
    tables.push({
      name,
      title,
      names,
      units,
      dataRows: data.count,
      rows: () => data.cells(text, separator),
      ...(current.namedByFields ? { namedByFields: true } : {}),
    });
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
      current = {
        name: name.slice(0, 31),
        title: titleOfLine(`TABLE:  ${name}`),
        separator: ',',
        data: new LineSpans(),
      };
      continue;
    }
    if (current === undefined || line.trim() === '' || END_LINE.test(line)) continue;
    if (current.names === undefined) {
      if (!current.namedByFields) current.separator = separatorOf(line);
      current.names = csvCells(line, current.separator);
      continue;
    }
    if (current.units === undefined) {
      const cells = csvCells(line, current.separator);
      current.units = isUnitsRow(cells) ? cells : [];
      if (current.units.length > 0) continue;
    }
    current.data.push(start, lineEnd);
  }
  close();
  return tables;
}
