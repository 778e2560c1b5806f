/**
 * What every reader of result tables shares (the text reader, its fused fast path, the Excel reader): where a
 * table's fields sit, the column-wise builder of one kind of result, unit factors, and the report of what was not
 * taken.
 */
import { ReportBuilder } from '../formats/report';
import { ParseError } from '../formats/parseError';
import type { CellValue } from '../formats/xlsx/sheets';
import { parseCsiUnits, UnknownUnitError, type UnitSystem } from '../units';
import { fieldKey, RESULT_KINDS, type FieldSpec, type ResultKind, type ResultTableSpec } from './catalogue';
import { declaredFactor, systemFactor, UnitMismatchError } from './quantities';
import { TextColumnBuilder, type ResultSet, type ResultTable } from './store';

export const RESULTS_FORMAT = 'results';

export interface ReadResultsOptions {
  /** The units of a file that does not say them (a text export without `PROGRAM CONTROL`), e.g. `KN, m, C`. */
  readonly units?: UnitSystem;
}

/**
 * One table as the Excel export lays it out (a sheet: title, field names, a units row, data), whatever it was read
 * from: a workbook's sheet, or a table of a CSV export whose rows are parsed only as they are read.
 */
export interface ResultSheet {
  /** The sheet's name, as messages give it (`sheet "Element Forces - Beams"`). */
  readonly name: string;
  /** The table's name, upper-case (`ELEMENT FORCES - BEAMS`). */
  readonly title: string;
  readonly names: readonly CellValue[];
  readonly units: readonly CellValue[];
  /** How many rows follow the units row (blank ones included): what the columns are sized for. */
  readonly dataRows: number;
  /** The file gave no title: the table was known by its field names (a report item says so). */
  readonly namedByFields?: true;
  rows(): Iterable<readonly CellValue[]>;
}

export function fail(message: string, line = 0): never {
  throw new ParseError(RESULTS_FORMAT, line, message);
}

/** Where each field of a spec sits in one layout of field names (-1 when absent), and the names it does not keep. */
export interface Plan {
  readonly positions: Int32Array;
  readonly unknown: readonly string[];
}

export function planFor(spec: ResultTableSpec, names: readonly string[]): Plan {
  const positions = new Int32Array(spec.fields.length).fill(-1);
  const used = new Set<number>();
  spec.fields.forEach((field, fieldIndex) => {
    const keys = field.aliases.map(fieldKey);
    // Aliases in order of preference: `Frame` before `Line`.
    for (const key of keys) {
      const at = names.findIndex((name, position) => !used.has(position) && fieldKey(name) === key);
      if (at >= 0) {
        positions[fieldIndex] = at;
        used.add(at);
        return;
      }
    }
  });
  const unknown = names.filter((name, position) => !used.has(position) && name.trim() !== '');
  return { positions, unknown };
}

/** The rows of one kind of result, from every table of the file that holds it. */
export class KindBuilder {
  private cursor = 0;
  readonly sources: string[] = [];
  private readonly text = new Map<string, TextColumnBuilder>();
  private readonly numbers = new Map<string, Float64Array>();
  /** Field names the file has but Gusset does not keep, per source table. */
  readonly unknownFields = new Map<string, Set<string>>();
  missingRequired = 0;
  readonly missingRequiredLines: number[] = [];

  constructor(
    readonly spec: ResultTableSpec,
    readonly capacity: number,
  ) {}

  textColumn(field: string): TextColumnBuilder {
    let column = this.text.get(field);
    if (column === undefined) {
      column = new TextColumnBuilder(this.capacity);
      this.text.set(field, column);
    }
    return column;
  }

  numberColumn(field: string): Float64Array {
    let column = this.numbers.get(field);
    if (column === undefined) {
      column = new Float64Array(this.capacity).fill(Number.NaN);
      this.numbers.set(field, column);
    }
    return column;
  }

  /** The next row's index; rows refused (no element or case) are not counted. */
  get row(): number {
    return this.cursor;
  }

  commit(): void {
    this.cursor += 1;
  }

  build(): ResultTable {
    const rowCount = this.cursor;
    const text: Record<string, ReturnType<TextColumnBuilder['build']>> = {};
    for (const [field, builder] of this.text) {
      const column = builder.build();
      text[field] = { values: column.values, codes: column.codes.subarray(0, rowCount) };
    }
    const numbers: Record<string, Float64Array> = {};
    for (const [field, column] of this.numbers) numbers[field] = column.subarray(0, rowCount);
    return { kind: this.spec.kind, sources: this.sources, rowCount, text, numbers };
  }
}

/** Counts values that are not numbers, per field, for one warning each. */
export class BadNumbers {
  readonly byField = new Map<string, { count: number; example: string; line?: number }>();

  add(table: string, field: string, value: string, line?: number): void {
    const key = `${table}\u0000${field}`;
    const seen = this.byField.get(key);
    if (seen) seen.count += 1;
    else this.byField.set(key, { count: 1, example: value, ...(line === undefined ? {} : { line }) });
  }
}

export interface Reading {
  readonly builders: Map<ResultKind, KindBuilder>;
  readonly report: ReportBuilder;
  readonly bad: BadNumbers;
}

/** Multiplier to canonical units of a dimensioned field, from the column's own unit or else the file's. */
export function factorFor(
  field: FieldSpec,
  system: UnitSystem | undefined,
  declared: string | undefined,
  where: string,
): number {
  if (field.type === 'text') return 1;
  if (declared !== undefined) {
    try {
      const factor = declaredFactor(declared, field.type);
      if (factor !== undefined) return factor;
    } catch (error) {
      if (error instanceof UnitMismatchError || error instanceof UnknownUnitError) {
        fail(`${where}: field ${field.aliases[0] ?? field.name}: ${error.message}`);
      }
      throw error;
    }
  }
  if (field.type === 'ratio' || field.type === 'count' || field.type === 'rotation') return 1;
  if (field.type === 'time' || field.type === 'frequency') return 1;
  if (field.type === 'angularFrequency' || field.type === 'eigenvalue') return 1;
  if (system === undefined) {
    fail(
      `${where} holds ${field.type} values but the file does not say its units (no PROGRAM CONTROL table with CurrUnits); export it with that table, or give the units (e.g. "KN, m, C")`,
    );
  }
  return systemFactor(system, field.type);
}

export function startReading(): Reading {
  return { builders: new Map(), report: new ReportBuilder(), bad: new BadNumbers() };
}

export function builderFor(
  reading: Reading,
  spec: ResultTableSpec,
  rows: Map<ResultKind, number>,
): KindBuilder {
  let builder = reading.builders.get(spec.kind);
  if (builder === undefined) {
    builder = new KindBuilder(spec, rows.get(spec.kind) ?? 0);
    reading.builders.set(spec.kind, builder);
  }
  return builder;
}

export function noteUnknown(builder: KindBuilder, source: string, names: readonly string[]): void {
  if (names.length === 0) return;
  let set = builder.unknownFields.get(source);
  if (set === undefined) {
    set = new Set();
    builder.unknownFields.set(source, set);
  }
  for (const name of names) set.add(name);
}

export function finish(
  reading: Reading,
  program: string | undefined,
  notRead: ReadonlyArray<readonly [string, number]>,
): ResultSet {
  const { report } = reading;
  for (const [table, line] of notRead) {
    report.add({
      severity: 'dropped',
      subject: table,
      reason: 'Gusset does not read this result table yet; its values are not kept',
      concept: 'results',
      ...(line > 0 ? { line } : {}),
    });
  }
  for (const builder of reading.builders.values()) {
    for (const [source, names] of builder.unknownFields) {
      report.add({
        severity: 'dropped',
        subject: source,
        reason: `fields not kept: ${[...names].join(', ')}`,
        concept: 'results',
      });
    }
    if (builder.missingRequired > 0) {
      const lines = builder.missingRequiredLines.slice(0, 3);
      report.add({
        severity: 'dropped',
        subject: builder.sources.join(', '),
        reason: `${builder.missingRequired} row(s) without ${builder.spec.required.join(' or ')} are not read${lines.length > 0 ? ` (line ${lines.join(', ')})` : ''}`,
        concept: 'results',
        count: builder.missingRequired,
      });
    }
  }
  for (const [key, seen] of reading.bad.byField) {
    const [table, field] = key.split('\u0000') as [string, string];
    report.add({
      severity: 'warning',
      subject: table,
      reason: `${seen.count} value(s) of ${field} are not numbers (e.g. "${seen.example}") and are left empty`,
      concept: 'results',
      count: seen.count,
      ...(seen.line === undefined ? {} : { line: seen.line }),
    });
  }
  const tables = RESULT_KINDS.flatMap((kind) => {
    const builder = reading.builders.get(kind);
    return builder ? [builder.build()] : [];
  });
  return { ...(program === undefined ? {} : { program }), tables, items: report.items };
}

export function programOf(get: (field: string) => string | undefined): string | undefined {
  const name = get('ProgramName')?.trim();
  if (!name) return undefined;
  const version = get('Version')?.trim();
  return version ? `${name} ${version}` : name;
}

export function unitsOf(currUnits: string | undefined, where: string, line: number): UnitSystem | undefined {
  if (currUnits === undefined || currUnits.trim() === '') return undefined;
  try {
    return parseCsiUnits(currUnits);
  } catch (error) {
    if (error instanceof UnknownUnitError) fail(`${where}: unknown units CurrUnits="${currUnits}"`, line);
    throw error;
  }
}
