/**
 * The printed form of CSI tables (SAP2000 `File > Print Tables` to a text file): a banner line with the program,
 * then each table as a `Table:  Element Forces - Frames` line, a row of field names, a row of units, and the data
 * in columns padded with spaces:
 *
 *     SAP2000 v16.1.1    5/1/14 0:27:24
 *
 *     Table:  Element Forces - Frames
 *
 *            Frame     Station  OutputCase    CaseType           P          V2 …   FrameElem ElemStation
 *                            m                                  KN          KN …                       m
 *
 *                1     0.00000        DEAD   LinStatic   -1921.004      -5.911 …         1-1     0.00000
 *
 * Names, units and values are right-aligned under each other, so a value belongs to the column whose header it
 * ends under — which keeps a case name with a space in it (`DEAD LOAD`) whole and an empty cell empty. A table
 * too wide for the page is printed in parts (`…, Part 2 of 2`), each with the key columns again; the parts are
 * joined row by row. It is the Excel export's layout in text, so it is read as a workbook (read.ts).
 */
import { ParseError } from '../formats/parseError';
import type { CellValue, RawSheet, RawWorkbook } from '../formats/xlsx/sheets';
import { classifyUnit } from './quantities';

const FORMAT = 'results';
const TITLE = /^\s*Table:\s*"?(.*?)"?\s*$/i;
const PART = /^(.*?),\s*Part\s+(\d+)\s+of\s+(\d+)$/i;
const BANNER = /^\s*(SAP2000|ETABS|CSiBridge|SAFE|CSiCol|CSiPlant)\s+v?(\d[\w.]*)/i;

interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Blank-separated tokens of a line with where each starts and ends (form feeds and tabs are blanks). */
function tokens(line: string): Token[] {
  const found: Token[] = [];
  const isBlank = (code: number) => code === 32 || code === 9 || code === 12 || code === 13 || code === 160;
  let index = 0;
  while (index < line.length) {
    while (index < line.length && isBlank(line.charCodeAt(index))) index++;
    const start = index;
    while (index < line.length && !isBlank(line.charCodeAt(index))) index++;
    if (index > start) found.push({ text: line.slice(start, index), start, end: index });
  }
  return found;
}

/** A row of units (`m`, `KN`, `KN-m`, `Radians`, blank under text fields) rather than data. */
function isUnitsRow(cells: readonly Token[]): boolean {
  return (
    cells.length > 0 &&
    cells.every((cell) => classifyUnit(cell.text) !== undefined && Number.isNaN(Number(cell.text)))
  );
}

/** Whether a text export is in this form: a `Table:` line whose first row is names apart, not `Field=value` pairs. */
export function isCsiPrintedTables(text: string): boolean {
  const lines = text.slice(0, 64 * 1024).split(/\r\n|\r|\n/);
  const first = lines.findIndex((line) => TITLE.test(line));
  if (first < 0) return false;
  const next = lines.slice(first + 1).find((line) => line.trim() !== '');
  return next !== undefined && !next.includes('=') && !next.includes(',') && tokens(next).length >= 2;
}

function sameNames(names: readonly Token[], cells: readonly Token[]): boolean {
  return cells.length === names.length && cells.every((cell, at) => cell.text === names[at]?.text);
}

/** One table being read: its header, where each column ends, and its rows of cells. */
interface Printed {
  readonly title: string;
  readonly line: number;
  names: Token[];
  units: string[];
  readonly rows: string[][];
  /** What the next line is: the names, the units (or already data), or data. */
  phase: 'names' | 'units' | 'data';
}

/**
 * The cells of a data row: each value goes to the column under whose header it ends (a name `Station` ending at
 * column 24 takes the value ending there); values of one column are joined with the blanks between them.
 */
function cellsOf(table: Printed, line: string, lineNumber: number): string[] {
  const ends = table.names.map((name) => name.end);
  const cells = ends.map(() => '');
  const firstOf = ends.map(() => -1);
  const lastOf = ends.map(() => -1);
  let column = 0;
  for (const token of tokens(line)) {
    while (column < ends.length && token.end > (ends[column] as number)) column++;
    if (column === ends.length) {
      throw new ParseError(
        FORMAT,
        lineNumber,
        `table "${table.title}": the value "${token.text}" is not under any column of the header (line ${table.line})`,
      );
    }
    if (firstOf[column] === -1) firstOf[column] = token.start;
    lastOf[column] = token.end;
  }
  for (let index = 0; index < ends.length; index++) {
    if (firstOf[index] !== -1) cells[index] = line.slice(firstOf[index], lastOf[index]);
  }
  return cells;
}

/** Joins the parts of a table printed in parts: part 2's row i carries on part 1's row i with its new columns. */
function joinParts(parts: readonly Printed[]): Printed {
  const [first, ...rest] = parts as [Printed, ...Printed[]];
  const names = [...first.names];
  const units = [...first.units];
  const rows = first.rows.map((row) => [...row]);
  for (const part of rest) {
    if (part.rows.length !== first.rows.length) {
      throw new ParseError(
        FORMAT,
        part.line,
        `table "${first.title}" is printed in parts with ${first.rows.length} and ${part.rows.length} rows: they cannot be joined`,
      );
    }
    const known = new Map(names.map((name, index) => [name.text, index]));
    const added = part.names.flatMap((name, index) => (known.has(name.text) ? [] : [index]));
    // The key columns each part repeats must agree row by row, or the rows are not the same rows.
    const shared = part.names.flatMap((name, index) => {
      const at = known.get(name.text);
      return at === undefined ? [] : [[at, index] as const];
    });
    part.rows.forEach((row, rowIndex) => {
      const mismatch = shared.find(([at, index]) => (rows[rowIndex] as string[])[at] !== row[index]);
      if (mismatch) {
        throw new ParseError(
          FORMAT,
          part.line,
          `table "${first.title}" is printed in parts whose row ${rowIndex + 1} differs in ${part.names[mismatch[1]]?.text}: they cannot be joined`,
        );
      }
    });
    for (const index of added) {
      names.push(part.names[index] as Token);
      units.push(part.units[index] ?? '');
    }
    part.rows.forEach((row, rowIndex) => {
      const target = rows[rowIndex] as string[];
      for (const index of added) target.push(row[index] ?? '');
    });
  }
  return { ...first, names, units, rows };
}

function sheetOf(table: Printed): RawSheet {
  const rows: CellValue[][] = [
    [`TABLE:  ${table.title}`],
    table.names.map((name) => name.text),
    table.units,
    ...table.rows,
  ];
  return { name: table.title.slice(0, 31), rows, rowElements: rows.length };
}

/**
 * The tables of a printed export as sheets laid out like the Excel export's: title, field names, units, data; the
 * banner's program and version become a PROGRAM CONTROL sheet. Throws ParseError (with the line) on a value that
 * lines up under no column, or parts of one table that do not have the same rows.
 */
export function printedWorkbook(text: string): RawWorkbook {
  const lines = text.split(/\r\n|\r|\n/);
  const tables: Printed[] = [];
  let program: { name: string; version: string } | undefined;
  let current: Printed | undefined;
  lines.forEach((raw, index) => {
    const lineNumber = index + 1;
    const line = raw.replace(/\f/g, ' ');
    if (line.trim() === '') return;
    const title = TITLE.exec(line);
    if (title) {
      const name = (title[1] as string).trim();
      current = {
        title: name,
        line: lineNumber,
        names: [],
        units: [],
        rows: [],
        phase: 'names',
      };
      // A page break may print the title again: the rows carry on in the table already begun.
      const begun = tables.find((table) => table.title === name);
      if (begun) begun.phase = 'names';
      else tables.push(current);
      current = begun ?? current;
      return;
    }
    if (current === undefined) {
      const banner = BANNER.exec(line);
      if (banner && program === undefined)
        program = { name: banner[1] as string, version: banner[2] as string };
      return;
    }
    const cells = tokens(line);
    if (current.phase === 'names') {
      if (current.names.length > 0 && !sameNames(current.names, cells)) {
        throw new ParseError(
          FORMAT,
          lineNumber,
          `table "${current.title}" is printed again with other columns than on line ${current.line}`,
        );
      }
      current.names = cells;
      current.phase = 'units';
      return;
    }
    // A page break prints the header (and its units) again.
    if (sameNames(current.names, cells)) {
      current.phase = 'units';
      return;
    }
    if (current.phase === 'units') {
      current.phase = 'data';
      if (isUnitsRow(cells)) {
        const table = current;
        if (table.units.length === 0) table.units = cellsOf(table, line, lineNumber);
        return;
      }
    }
    current.rows.push(cellsOf(current, line, lineNumber));
  });

  const byTitle = new Map<string, Printed[]>();
  for (const table of tables) {
    const part = PART.exec(table.title);
    const title = part ? (part[1] as string) : table.title;
    const list = byTitle.get(title.toUpperCase()) ?? [];
    list.push(part ? { ...table, title } : table);
    byTitle.set(title.toUpperCase(), list);
  }
  const sheets: RawSheet[] = [];
  if (program) {
    sheets.push({
      name: 'PROGRAM CONTROL',
      rows: [['TABLE:  PROGRAM CONTROL'], ['ProgramName', 'Version'], [], [program.name, program.version]],
      rowElements: 4,
    });
  }
  for (const parts of byTitle.values())
    sheets.push(sheetOf(parts.length === 1 ? (parts[0] as Printed) : joinParts(parts)));
  return { sheets, sheet: (name) => sheets.find((sheet) => sheet.name === name) };
}
