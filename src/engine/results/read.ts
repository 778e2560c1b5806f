/**
 * Reads the analysis result tables SAP2000 and ETABS export, in every form they write:
 *
 * - text (`File > Export > … .s2k / tables to text`): `TABLE:  "ELEMENT FORCES - FRAMES"` then one `Field=value`
 *   row per line, in the units of `PROGRAM CONTROL`'s `CurrUnits` (read by the fused fastText.ts, or the general
 *   path here for what it declines);
 * - Excel (`Export tables to Excel`): one sheet per table, row 1 `TABLE:  Element Forces - Beams`, row 2 the field
 *   names, row 3 each column's unit, data from row 4; the same layout as comma-, semicolon- or tab-separated text,
 *   with or without the title line (csv.ts), or printed in padded columns (`File > Print Tables`, printed.ts).
 *
 * Fields are found by name. Values become canonical units (N, N·m, mm, rad, s, Hz) and are stored column-wise
 * (store.ts). What the reader does not take — a result table it does not know yet, a field it does not keep, a
 * row without its element or case, a value that is not a number — is a report item, never a silent loss.
 */
import { parseNumberRange } from '../formats/sap2000/numberRange';
import {
  parseCsiTables,
  type CsiDocument,
  type CsiRowLayout,
  type CsiTable,
} from '../formats/sap2000/tables';
import { decodeCsiText, looksBinary } from '../formats/sap2000/text';
import { tableTitle } from '../formats/xlsx/csiExport';
import { readRawWorkbook, type CellValue, type RawSheet, type RawWorkbook } from '../formats/xlsx/sheets';
import { hasZipSignature } from '../formats/xlsx/zipGuard';
import type { UnitSystem } from '../units';
import {
  fieldKey,
  looksLikeResultTable,
  resultTableSpec,
  type FieldSpec,
  type ResultKind,
  type ResultTableSpec,
} from './catalogue';
import { csvTables, isCsiCsv } from './csv';
import { readResultsTextFast } from './fastText';
import { isCsiPrintedTables, printedWorkbook } from './printed';
import {
  builderFor,
  factorFor,
  fail,
  finish,
  noteUnknown,
  planFor,
  programOf,
  RESULTS_FORMAT,
  startReading,
  unitsOf,
  type KindBuilder,
  type ReadResultsOptions,
  type Reading,
  type ResultSheet,
} from './reading';
import { TextColumnBuilder, type ResultSet } from './store';

export { RESULTS_FORMAT, type ReadResultsOptions } from './reading';

/**
 * A number as CSI programs write it (`-1.234E-03`, `12`, `.5`, a decimal comma `1,5` in some locales), NaN for an
 * empty value, undefined when the text is not a number at all.
 */
export function parseResultNumber(text: string): number | undefined {
  return parseNumberRange(text, 0, text.length);
}

// ---------------------------------------------------------------------------------------------------------------
// Text

const PLAN_KEY = {};

function readTextTable(
  reading: Reading,
  builder: KindBuilder,
  table: CsiTable,
  system: UnitSystem | undefined,
): void {
  const spec = builder.spec;
  builder.sources.push(table.name);
  const required = spec.required.map((name) => spec.fields.findIndex((field) => field.name === name));
  const components = spec.components.map((name) => spec.fields.findIndex((field) => field.name === name));
  /** Per layout of field names (most tables have one): where each field is and its unit factor. */
  const factors = new Map<CsiRowLayout, Float64Array>();
  // A column is made when a table first has its field, so a field no table has costs nothing.
  const columns: Array<TextColumnBuilder | Float64Array | undefined> = spec.fields.map(() => undefined);
  let hasComponent = false;
  let lastLayout: CsiRowLayout | undefined;
  let lastFactors: Float64Array | undefined;
  const previousText: string[] = spec.fields.map(() => '');
  const previousCode = new Uint32Array(spec.fields.length);
  for (let row = 0; row < table.rowCount; row++) {
    const layout = table.layout(row);
    const plan = layout.memo(PLAN_KEY, (l) => planFor(spec, l.names));
    const positions = plan.positions;
    let rowFactors = layout === lastLayout ? lastFactors : factors.get(layout);
    if (rowFactors === undefined) {
      rowFactors = new Float64Array(spec.fields.length);
      for (let index = 0; index < spec.fields.length; index++) {
        if ((positions[index] as number) < 0) continue;
        const field = spec.fields[index] as FieldSpec;
        rowFactors[index] = factorFor(field, system, undefined, `table "${table.name}"`);
        columns[index] ??=
          field.type === 'text' ? builder.textColumn(field.name) : builder.numberColumn(field.name);
      }
      hasComponent ||= components.some((index) => (positions[index] as number) >= 0);
      factors.set(layout, rowFactors);
      noteUnknown(builder, table.name, plan.unknown);
    }
    lastLayout = layout;
    lastFactors = rowFactors;
    let complete = true;
    for (const fieldIndex of required) {
      const at = positions[fieldIndex] as number;
      if (at < 0 || table.valueEquals(row, at, '')) {
        complete = false;
        break;
      }
    }
    if (!complete) {
      builder.missingRequired += 1;
      if (builder.missingRequiredLines.length < 3) builder.missingRequiredLines.push(table.rowLine(row));
      continue;
    }
    const target = builder.row;
    for (let fieldIndex = 0; fieldIndex < spec.fields.length; fieldIndex++) {
      const at = positions[fieldIndex] as number;
      if (at < 0) continue;
      const column = columns[fieldIndex];
      if (column instanceof TextColumnBuilder) {
        // Rows come grouped (a member's stations, a case's members): most values repeat the previous row's.
        const previous = previousText[fieldIndex] as string;
        if (previous !== '' && table.valueEquals(row, at, previous)) {
          column.setCode(target, previousCode[fieldIndex] as number);
          continue;
        }
        const value = table.sharedValue(row, at);
        if (value === '') continue;
        const code = column.codeOf(value);
        column.setCode(target, code);
        previousText[fieldIndex] = value;
        previousCode[fieldIndex] = code;
      } else if (column !== undefined) {
        const value = table.numberValue(row, at);
        if (value === undefined) {
          const field = spec.fields[fieldIndex] as FieldSpec;
          reading.bad.add(
            table.name,
            field.aliases[0] as string,
            table.fieldValue(row, at),
            table.rowLine(row),
          );
        } else column[target] = value * (rowFactors[fieldIndex] as number);
      }
    }
    builder.commit();
  }
  if (table.rowCount > 0 && !hasComponent) {
    fail(
      `table "${table.name}" has none of the fields ${spec.components.join(', ')}: it holds no result`,
      table.line,
    );
  }
}

/** Reads the result tables of a CSI text export (a whole .s2k with results, or the results alone). */
export function readResultsFromDocument(document: CsiDocument, options: ReadResultsOptions = {}): ResultSet {
  const reading = startReading();
  const control = document.table('PROGRAM CONTROL');
  const program = control && control.rowCount > 0 ? programOf((field) => control.get(0, field)) : undefined;
  const system =
    (control && control.rowCount > 0
      ? unitsOf(control.get(0, 'CurrUnits'), 'PROGRAM CONTROL', control.rowLine(0))
      : undefined) ?? options.units;
  const rows = new Map<ResultKind, number>();
  const notRead: Array<[string, number]> = [];
  const matched: Array<[ResultTableSpec, CsiTable]> = [];
  for (const table of document.tables) {
    const spec = resultTableSpec(table.name);
    if (spec === undefined) {
      if (looksLikeResultTable(table.name) && table.rowCount > 0) notRead.push([table.name, table.line]);
      continue;
    }
    rows.set(spec.kind, (rows.get(spec.kind) ?? 0) + table.rowCount);
    matched.push([spec, table]);
  }
  for (const [spec, table] of matched) readTextTable(reading, builderFor(reading, spec, rows), table, system);
  return finish(reading, program, notRead);
}

/**
 * Reads a CSI text export of results: the fused one-pass reader takes the layout the programs write, and the
 * general table reader (which also words every error) takes whatever it declines.
 */
export function readResultsText(text: string, options: ReadResultsOptions = {}): ResultSet {
  return (
    readResultsTextFast(text, options) ??
    readResultsFromDocument(parseCsiTables(text, { format: RESULTS_FORMAT }), options)
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Excel

function cellString(cell: CellValue | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  return String(cell);
}

/** Data starts after the title, field and unit rows. */
const FIRST_DATA_ROW = 3;

/** A sheet of an Excel export as a table: its rows as they are, read from the fourth. */
function sheetTable(sheet: RawSheet, title: string): ResultSheet {
  return {
    name: sheet.name,
    title,
    names: sheet.rows[1] ?? [],
    units: sheet.rows[2] ?? [],
    dataRows: Math.max(0, sheet.rows.length - FIRST_DATA_ROW),
    *rows() {
      for (let row = FIRST_DATA_ROW; row < sheet.rows.length; row++) yield sheet.rows[row] ?? [];
    },
  };
}

function readSheet(
  reading: Reading,
  builder: KindBuilder,
  sheet: ResultSheet,
  system: UnitSystem | undefined,
): void {
  const spec = builder.spec;
  const title = sheet.title;
  builder.sources.push(title);
  const names = sheet.names.map(cellString);
  const units = sheet.units.map(cellString);
  const plan = planFor(spec, names);
  noteUnknown(builder, title, plan.unknown);
  const where = `sheet "${sheet.name}"`;
  const factors = spec.fields.map((field, index) => {
    const at = plan.positions[index] as number;
    return at < 0 ? 1 : factorFor(field, system, units[at], where);
  });
  if (
    !spec.components.some(
      (name) => (plan.positions[spec.fields.findIndex((f) => f.name === name)] as number) >= 0,
    )
  ) {
    fail(`${where}: the table has none of the fields ${spec.components.join(', ')}: it holds no result`);
  }
  const required = spec.required.map(
    (name) => plan.positions[spec.fields.findIndex((f) => f.name === name)] as number,
  );
  const columns = spec.fields.map((field, index) =>
    (plan.positions[index] as number) < 0
      ? undefined
      : field.type === 'text'
        ? builder.textColumn(field.name)
        : builder.numberColumn(field.name),
  );
  // Rows come grouped (a member's stations, a case's members): most text values repeat the previous row's.
  const previousText: string[] = spec.fields.map(() => '');
  const previousCode = new Uint32Array(spec.fields.length);
  for (const cells of sheet.rows()) {
    if (cells.every((cell) => cell === null || cell === undefined || cell === '')) continue;
    if (required.some((at) => at < 0 || cellString(cells[at]).trim() === '')) {
      builder.missingRequired += 1;
      continue;
    }
    const target = builder.row;
    for (let fieldIndex = 0; fieldIndex < spec.fields.length; fieldIndex++) {
      const column = columns[fieldIndex];
      if (column === undefined) continue;
      const cell = cells[plan.positions[fieldIndex] as number];
      if (column instanceof TextColumnBuilder) {
        const value = cellString(cell).trim();
        if (value === '') continue;
        if (value !== previousText[fieldIndex]) {
          previousText[fieldIndex] = value;
          previousCode[fieldIndex] = column.codeOf(value);
        }
        column.setCode(target, previousCode[fieldIndex] as number);
        continue;
      }
      const value = typeof cell === 'number' ? cell : parseResultNumber(cellString(cell));
      if (value === undefined || typeof cell === 'boolean') {
        reading.bad.add(where, spec.fields[fieldIndex]?.aliases[0] as string, cellString(cell));
      } else {
        column[target] = value * (factors[fieldIndex] as number);
      }
    }
    builder.commit();
  }
}

/** Reads the result sheets of a SAP2000 / ETABS "export tables to Excel" workbook. */
export function readResultsFromWorkbook(workbook: RawWorkbook, options: ReadResultsOptions = {}): ResultSet {
  const tables = workbook.sheets.flatMap((sheet) => {
    const title = tableTitle(sheet);
    return title === undefined ? [] : [sheetTable(sheet, title)];
  });
  return readResultSheets(tables, options);
}

/**
 * Reads tables laid out as the Excel export lays them (title, field names, units, data): an Excel workbook's
 * sheets, or the tables of a CSV export read line by line (csv.ts).
 */
export function readResultSheets(
  tables: readonly ResultSheet[],
  options: ReadResultsOptions = {},
): ResultSet {
  if (tables.length === 0) {
    fail('the workbook has no sheet titled "TABLE: …": export the results with Export > Tables to Excel');
  }
  const reading = startReading();
  let program: string | undefined;
  let system = options.units;
  const control = tables.find((table) => table.title === 'PROGRAM CONTROL');
  if (control) {
    const names = control.names.map(cellString);
    const [values = []] = control.rows();
    const get = (field: string) => {
      const at = names.findIndex((name) => fieldKey(name) === fieldKey(field));
      return at < 0 ? undefined : cellString(values[at]);
    };
    program = programOf(get);
    system = unitsOf(get('CurrUnits'), `sheet "${control.name}"`, 0) ?? system;
  }
  const rows = new Map<ResultKind, number>();
  const notRead: Array<[string, number]> = [];
  const matched: Array<{ spec: ResultTableSpec; table: ResultSheet }> = [];
  for (const table of tables) {
    const spec = resultTableSpec(table.title);
    if (spec === undefined) {
      if (looksLikeResultTable(table.title) && table.dataRows > 0) notRead.push([table.title, 0]);
      continue;
    }
    rows.set(spec.kind, (rows.get(spec.kind) ?? 0) + table.dataRows);
    matched.push({ spec, table });
  }
  for (const { spec, table } of matched) {
    if (table.namedByFields) {
      reading.report.add({
        severity: 'warning',
        subject: table.title,
        reason: `the file names no table: read as ${table.title} from its field names (${table.names.map(cellString).join(', ')})`,
        concept: 'results',
      });
    }
    readSheet(reading, builderFor(reading, spec, rows), table, system);
  }
  return finish(reading, program, notRead);
}

/**
 * Reads a results file as uploaded: an Excel table export (by its zip signature), a CSV table export, or a CSI
 * text export, in any of the encodings the programs write. Throws only `ParseError`; a file with no result table is refused by name.
 */
export function readResults(bytes: Uint8Array, options: ReadResultsOptions = {}): ResultSet {
  if (bytes.length === 0) fail('the file is empty');
  const set = hasZipSignature(bytes)
    ? readResultsFromWorkbook(readRawWorkbook(bytes), options)
    : (() => {
        if (looksBinary(bytes)) fail('the file is neither a CSI text export nor an Excel workbook');
        const text = decodeCsiText(bytes).text;
        if (isCsiCsv(text)) return readResultSheets(csvTables(text), options);
        if (isCsiPrintedTables(text)) return readResultsFromWorkbook(printedWorkbook(text), options);
        return readResultsText(text, options);
      })();
  if (set.tables.length === 0) {
    fail(
      'the file holds no analysis result table Gusset reads (Element Forces - Frames/Beams/Columns/Braces, Joint Reactions, Joint Displacements, Base Reactions, Modal Periods And Frequencies, Modal Participating Mass Ratios, Story Drifts, Story Forces)',
    );
  }
  return set;
}
