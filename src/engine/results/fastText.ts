/**
 * The fused one-pass reader of CSI text result exports. The general path tokenises the whole file into offsets
 * (tables.ts) and then reads each row's fields through them (read.ts); a 1M-row export spends as long storing and
 * re-reading those offsets as reading the numbers. This reader walks each row once: it checks the field names
 * against the previous row's, parses numbers as it meets their characters and writes them straight into the
 * columns.
 *
 * It takes the layout SAP2000 and ETABS write — rows on one line or continued with ` _`, quoted or bare values,
 * tables of other kinds between the results — and declines (returns undefined) anything else: a table name met
 * twice, a row without its element or case, a line ending in a bare CR, a malformed token. The general reader then
 * reads the file, or words its error. So this reader never reads a file differently from the general one, which is
 * its oracle in fastText.test.ts.
 */
import { ParseError } from '../formats/parseError';
import { parseNumberRange } from '../formats/sap2000/numberRange';
import {
  CHAR_CLASS,
  CLASS_BLANK,
  CLASS_CONTROL,
  CLASS_EQUALS,
  CLASS_PLAIN,
  DEFAULT_MAX_LINE_LENGTH,
  isControl,
  MAX_PREAMBLE_LINES,
} from '../formats/sap2000/tables';
import type { UnitSystem } from '../units';
import { looksLikeResultTable, resultTableSpec, type FieldSpec, type ResultKind } from './catalogue';
import {
  builderFor,
  factorFor,
  finish,
  noteUnknown,
  planFor,
  programOf,
  startReading,
  unitsOf,
  type KindBuilder,
  type ReadResultsOptions,
  type Reading,
} from './reading';
import type { ResultSet, TextColumnBuilder } from './store';

/** Thrown inside this module only: the file is not one the fused reader takes. */
class Declined extends Error {}

function decline(): never {
  throw new Declined();
}

const CH_QUOTE = 34;
const CH_DOLLAR = 36;
const CH_SEMICOLON = 59;
const CH_UNDERSCORE = 95;

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);

function isBlankAt(text: string, at: number): boolean {
  return CHAR_CLASS[text.charCodeAt(at)] === CLASS_BLANK;
}

/** One `TABLE:` block: where its rows are, and how many rows it has. */
interface Region {
  readonly name: string;
  readonly headerLine: number;
  /** The first character after the header line. */
  readonly start: number;
  /** Where the next header or `END TABLE DATA` line starts, or the end of the text. */
  end: number;
  rows: number;
}

/** Whether the line's last token is the ` _` that continues the row on the next line. */
function endsContinued(text: string, cursor: number, end: number): boolean {
  return text.charCodeAt(end - 1) === CH_UNDERSCORE && (end - 1 === cursor || isBlankAt(text, end - 2));
}

/**
 * The tables of the text, as the general tokenizer would split them; declines what it would refuse or merge.
 * Rows are counted as it counts them, so the columns are sized exactly.
 */
function regionsOf(text: string): Region[] {
  if (text.indexOf('\n') === -1 && text.indexOf('\r') !== -1) decline();
  const length = text.length;
  const regions: Region[] = [];
  const names = new Set<string>();
  let current: Region | null = null;
  let preamble = 0;
  let continued = false;
  let position = 0;
  let line = 0;
  while (position < length) {
    let lineEnd = text.indexOf('\n', position);
    if (lineEnd === -1) lineEnd = length;
    const lineStart = position;
    position = lineEnd + 1;
    line++;
    if (lineEnd - lineStart > DEFAULT_MAX_LINE_LENGTH) decline();
    let end = lineEnd;
    while (end > lineStart && isBlankAt(text, end - 1)) end--;
    let cursor = lineStart;
    while (cursor < end && isBlankAt(text, cursor)) cursor++;
    if (cursor === end) {
      if (continued) decline();
      continue;
    }
    const first = text.charCodeAt(cursor);
    const isHeader = first === 84 /* T */ && text.startsWith('TABLE:', cursor);
    const isEnd = first === 69 /* E */ && text.startsWith('END TABLE DATA', cursor);
    if (continued) {
      if (isHeader || isEnd) decline();
      continued = endsContinued(text, cursor, end);
      continue;
    }
    if (isHeader) {
      if (current) current.end = lineStart;
      cursor += 6;
      while (cursor < end && isBlankAt(text, cursor)) cursor++;
      let name: string;
      if (text.charCodeAt(cursor) === CH_QUOTE) {
        const close = text.indexOf('"', cursor + 1);
        if (close === -1 || close >= end) decline();
        name = text.slice(cursor + 1, close);
      } else name = text.slice(cursor, end);
      if (name.trim() === '' || names.has(name)) decline();
      names.add(name);
      current = { name, headerLine: line, start: Math.min(position, length), end: length, rows: 0 };
      regions.push(current);
      continue;
    }
    if (isEnd) {
      if (current) current.end = lineStart;
      return regions;
    }
    if (first === CH_DOLLAR || first === CH_SEMICOLON) continue;
    if (current === null) {
      if (++preamble > MAX_PREAMBLE_LINES) decline();
      continue;
    }
    current.rows++;
    continued = endsContinued(text, cursor, end);
  }
  if (continued) decline();
  return regions;
}

/**
 * Walks the lines of one region. `cursor`/`end` frame the current line without its blanks; `rowStart`/`rowLine`
 * remember where the current row began, to read it again.
 */
class Lines {
  cursor = 0;
  end = 0;
  line: number;
  private position: number;
  private rowPosition = 0;
  rowLine = 0;
  rowCursor = 0;
  rowEnd = 0;

  constructor(
    private readonly text: string,
    private readonly region: Region,
  ) {
    this.position = region.start;
    this.line = region.headerLine;
  }

  /** Moves to the next line that holds a row (not blank, not a comment); false at the region's end. */
  nextRow(): boolean {
    while (this.nextLine()) {
      const first = this.text.charCodeAt(this.cursor);
      if (first === CH_DOLLAR || first === CH_SEMICOLON) continue;
      this.rowPosition = this.position;
      this.rowLine = this.line;
      this.rowCursor = this.cursor;
      this.rowEnd = this.end;
      return true;
    }
    return false;
  }

  /** The line after a ` _`: regionsOf made sure it exists and holds text. */
  continueRow(): void {
    if (!this.nextLine()) decline();
  }

  rewindRow(): void {
    this.position = this.rowPosition;
    this.line = this.rowLine;
    this.cursor = this.rowCursor;
    this.end = this.rowEnd;
  }

  private nextLine(): boolean {
    const text = this.text;
    const limit = this.region.end;
    while (this.position < limit) {
      const lineStart = this.position;
      let lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd === -1 || lineEnd > limit) lineEnd = limit;
      this.position = lineEnd + 1;
      this.line++;
      let end = lineEnd;
      while (end > lineStart && CHAR_CLASS[text.charCodeAt(end - 1)] === CLASS_BLANK) end--;
      let cursor = lineStart;
      while (cursor < end && CHAR_CLASS[text.charCodeAt(cursor)] === CLASS_BLANK) cursor++;
      if (cursor === end) continue;
      this.cursor = cursor;
      this.end = end;
      return true;
    }
    return false;
  }
}

/** Where a value's text lies, and where the token after it may start. */
class ValueSpan {
  start = 0;
  end = 0;
  next = 0;
}

/** Finds the value starting at `at` (just after `=`) as the general tokenizer does; declines what it refuses. */
function spanValue(text: string, at: number, lineEnd: number, span: ValueSpan): void {
  if (at < lineEnd && text.charCodeAt(at) === CH_QUOTE) {
    const close = text.indexOf('"', at + 1);
    if (close === -1 || close >= lineEnd) decline();
    for (let index = at + 1; index < close; index++) if (isControl(text.charCodeAt(index))) decline();
    if (close + 1 < lineEnd && !isBlankAt(text, close + 1)) decline();
    span.start = at + 1;
    span.end = close;
    span.next = close + 1;
    return;
  }
  let cursor = at;
  while (cursor < lineEnd) {
    const kind = CHAR_CLASS[text.charCodeAt(cursor)];
    if (kind === CLASS_BLANK) break;
    if (kind === CLASS_CONTROL) decline();
    cursor++;
  }
  span.start = at;
  span.end = cursor;
  span.next = cursor;
}

/** The field names of one layout, what each position feeds, and its unit factors. */
interface Layout {
  readonly names: readonly string[];
  /** The names' characters end to end, and where each starts (one more entry than names). */
  readonly nameCodes: Uint16Array;
  readonly nameStarts: Int32Array;
  /** Per position: the spec field it feeds, or -1. */
  readonly fields: Int32Array;
  readonly factors: Float64Array;
  readonly numbers: ReadonlyArray<Float64Array | undefined>;
  readonly texts: ReadonlyArray<TextColumnBuilder | undefined>;
}

const MAX_LAYOUTS = 64;
const RECENT_SLOTS = 1 << 10;

/** Reads the rows of one result table into its kind's builder. */
class ResultRows {
  private readonly layouts: Layout[] = [];
  private current: Layout | null = null;
  private readonly previousText: string[];
  private readonly previousCode: Uint32Array;
  private hasComponent = false;
  private readonly span = new ValueSpan();
  /** Values of the row being read that are not numbers: reported only once the row is taken. */
  private readonly badFields: number[] = [];
  private readonly badValues: string[] = [];
  private badCount = 0;
  /** Per text field, a direct-mapped cache from a value's characters to its code: no string made for a repeat. */
  private readonly recentCodes: Int32Array[];
  /** Per spec field: whether a row without its value is refused (the general reader's report says so). */
  private readonly required: boolean[];

  constructor(
    private readonly text: string,
    private readonly reading: Reading,
    private readonly builder: KindBuilder,
    private readonly region: Region,
    private readonly system: UnitSystem | undefined,
  ) {
    const fields = builder.spec.fields.length;
    this.previousText = new Array<string>(fields).fill('');
    this.previousCode = new Uint32Array(fields);
    this.required = builder.spec.fields.map((field) => builder.spec.required.includes(field.name));
    this.recentCodes = builder.spec.fields.map((field) =>
      field.type === 'text' ? new Int32Array(RECENT_SLOTS) : new Int32Array(0),
    );
  }

  read(): void {
    const { builder, region } = this;
    builder.sources.push(region.name);
    const lines = new Lines(this.text, region);
    while (lines.nextRow()) {
      const layout = this.current;
      const matched = layout === null ? 0 : this.readRow(layout, lines);
      if (matched >= 0) this.current = this.readWithAnotherLayout(lines, layout, matched);
      if (this.badCount > 0) this.reportBadNumbers(lines.rowLine);
      builder.commit();
    }
    if (region.rows > 0 && !this.hasComponent) decline();
  }

  /**
   * The row did not have `tried`'s names: the table's other layouts are tried (rows alternate between a few, such
   * as cases with and without a step type), then the row's own names are read. Each attempt has written the fields
   * before the first name that differed; the layout that reads the row must give those positions the same fields.
   */
  private readWithAnotherLayout(lines: Lines, tried: Layout | null, matched: number): Layout {
    const attempts: Array<[Layout, number]> = tried === null ? [] : [[tried, matched]];
    const fits = (layout: Layout) =>
      attempts.every(([attempt, wrote]) => {
        for (let position = 0; position < wrote; position++) {
          if (attempt.fields[position] !== layout.fields[position]) return false;
        }
        return true;
      });
    for (const layout of this.layouts) {
      if (layout === tried) continue;
      lines.rewindRow();
      const wrote = this.readRow(layout, lines);
      if (wrote < 0) {
        if (!fits(layout)) decline();
        return layout;
      }
      attempts.push([layout, wrote]);
    }
    lines.rewindRow();
    const layout = this.layoutOf(namesOfRow(this.text, lines, this.span));
    if (!fits(layout)) decline();
    lines.rewindRow();
    if (this.readRow(layout, lines) >= 0) decline();
    return layout;
  }

  /** In the spec's field order, as the general reader meets them. */
  private reportBadNumbers(line: number): void {
    this.badFields.length = this.badCount;
    this.badValues.length = this.badCount;
    const order = this.badFields
      .map((_, index) => index)
      .sort((a, b) => (this.badFields[a] as number) - (this.badFields[b] as number));
    for (const index of order) {
      const field = this.builder.spec.fields[this.badFields[index] as number] as FieldSpec;
      this.reading.bad.add(
        this.region.name,
        field.aliases[0] as string,
        this.badValues[index] as string,
        line,
      );
    }
  }

  /**
   * Reads the row at `lines` with `layout`; -1 when its names are the layout's, else how many fields matched
   * before they differed (those have been written; nothing after them).
   */
  private readRow(layout: Layout, lines: Lines): number {
    const text = this.text;
    const span = this.span;
    const row = this.builder.row;
    const { nameCodes, nameStarts } = layout;
    const count = layout.names.length;
    this.badCount = 0;
    let cursor = lines.cursor;
    let end = lines.end;
    let position = 0;
    for (;;) {
      let code = 0;
      while (cursor < end && CHAR_CLASS[(code = text.charCodeAt(cursor))] === CLASS_BLANK) cursor++;
      if (cursor >= end) break;
      if (code === CH_UNDERSCORE && cursor === end - 1) {
        lines.continueRow();
        cursor = lines.cursor;
        end = lines.end;
        continue;
      }
      if (position >= count) return position;
      // The name, compared a character at a time: cheaper than startsWith for names this short.
      const from = nameStarts[position] as number;
      const to = nameStarts[position + 1] as number;
      const valueAt = cursor + (to - from) + 1;
      if (valueAt > end || text.charCodeAt(valueAt - 1) !== 61 /* = */) return position;
      for (let at = from; at < to; at++) {
        if (text.charCodeAt(cursor + at - from) !== nameCodes[at]) return position;
      }
      const field = layout.fields[position] as number;
      const numbers = layout.numbers[position];
      if (numbers !== undefined) {
        cursor = this.readNumber(valueAt, end, numbers, row, layout.factors[position] as number, field);
      } else {
        spanValue(text, valueAt, end, span);
        cursor = span.next;
        const column = layout.texts[position];
        if (column !== undefined) this.takeText(column, field, row, span.start, span.end);
      }
      position++;
    }
    return position === count ? -1 : position;
  }

  private takeText(column: TextColumnBuilder, field: number, row: number, start: number, end: number): void {
    const text = this.text;
    const length = end - start;
    if (length === 0) {
      // A row without its element, case or station is refused by the general reader, with a warning.
      if (this.required[field]) decline();
      return;
    }
    // Rows come grouped (a member's stations, a case's members): most values repeat the previous row's.
    const previous = this.previousText[field] as string;
    if (previous.length === length && text.startsWith(previous, start)) {
      column.setCode(row, this.previousCode[field] as number);
      return;
    }
    let hash = length;
    for (let index = start; index < end; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
    const slot = (hash ^ (hash >>> 13)) & (RECENT_SLOTS - 1);
    const recent = this.recentCodes[field] as Int32Array;
    let code = recent[slot] as number;
    let value = code > 0 ? (column.values[code - 1] as string) : '';
    if (code === 0 || value.length !== length || !text.startsWith(value, start)) {
      value = text.slice(start, end);
      code = column.codeOf(value);
      recent[slot] = code;
    }
    column.setCode(row, code);
    this.previousText[field] = value;
    this.previousCode[field] = code;
  }

  /**
   * Parses the number at `at` as it scans it: the arithmetic of parseNumberRange (Clinger's fast path), which
   * takes every value it does not compute here. Returns where the next token may start.
   */
  private readNumber(
    at: number,
    lineEnd: number,
    column: Float64Array,
    row: number,
    factor: number,
    field: number,
  ): number {
    const text = this.text;
    const start = at;
    let code = at < lineEnd ? text.charCodeAt(at) : 32;
    if (code === CH_QUOTE) return this.readNumberSlowly(at, lineEnd, column, row, factor, field);
    const negative = code === 45;
    if (negative || code === 43) at++;
    let mantissa = 0;
    let significant = 0;
    let scale = 0;
    let digits = 0;
    let point = false;
    for (; at < lineEnd; at++) {
      code = text.charCodeAt(at);
      if (code >= 48 && code <= 57) {
        digits++;
        if (mantissa === 0 && code === 48) {
          if (point) scale--;
          continue;
        }
        if (++significant > 15) return this.readNumberSlowly(start, lineEnd, column, row, factor, field);
        mantissa = mantissa * 10 + (code - 48);
        if (point) scale--;
      } else if (code === 46 && !point) {
        point = true;
      } else break;
    }
    if (digits === 0) return this.readNumberSlowly(start, lineEnd, column, row, factor, field);
    if (at < lineEnd && CHAR_CLASS[code] !== CLASS_BLANK) {
      if ((code | 0x20) !== 0x65) return this.readNumberSlowly(start, lineEnd, column, row, factor, field);
      at++;
      let exponentSign = 1;
      code = at < lineEnd ? text.charCodeAt(at) : 32;
      if (code === 45 || code === 43) {
        if (code === 45) exponentSign = -1;
        at++;
      }
      let exponent = 0;
      let exponentDigits = 0;
      for (; at < lineEnd; at++) {
        code = text.charCodeAt(at);
        if (CHAR_CLASS[code] === CLASS_BLANK) break;
        if (code < 48 || code > 57 || exponentDigits > 4) {
          return this.readNumberSlowly(start, lineEnd, column, row, factor, field);
        }
        exponent = exponent * 10 + (code - 48);
        exponentDigits++;
      }
      if (exponentDigits === 0) return this.readNumberSlowly(start, lineEnd, column, row, factor, field);
      scale += exponentSign * exponent;
    }
    let value: number;
    if (mantissa === 0) value = negative ? -0 : 0;
    else if (scale < -22 || scale > 22) {
      return this.readNumberSlowly(start, lineEnd, column, row, factor, field);
    } else {
      const magnitude =
        scale < 0
          ? mantissa / (POWERS_OF_TEN[-scale] as number)
          : mantissa * (POWERS_OF_TEN[scale] as number);
      value = negative ? -magnitude : magnitude;
    }
    column[row] = value * factor;
    return at;
  }

  private readNumberSlowly(
    at: number,
    lineEnd: number,
    column: Float64Array,
    row: number,
    factor: number,
    field: number,
  ): number {
    const span = this.span;
    spanValue(this.text, at, lineEnd, span);
    if (span.start === span.end && this.required[field]) decline();
    const value = parseNumberRange(this.text, span.start, span.end);
    if (value === undefined) {
      this.badFields[this.badCount] = field;
      this.badValues[this.badCount] = this.text.slice(span.start, span.end);
      this.badCount++;
    } else column[row] = value * factor;
    return span.next;
  }

  private layoutOf(names: readonly string[]): Layout {
    const known = this.layouts.find(
      (layout) =>
        layout.names.length === names.length && layout.names.every((name, index) => name === names[index]),
    );
    if (known) return known;
    if (this.layouts.length >= MAX_LAYOUTS) decline();
    const { builder, region, system } = this;
    const spec = builder.spec;
    const plan = planFor(spec, names);
    const fields = new Int32Array(names.length).fill(-1);
    const factors = new Float64Array(names.length);
    const numbers: Array<Float64Array | undefined> = names.map(() => undefined);
    const texts: Array<TextColumnBuilder | undefined> = names.map(() => undefined);
    for (const required of spec.required) {
      if ((plan.positions[spec.fields.findIndex((field) => field.name === required)] as number) < 0)
        decline();
    }
    // Columns are made in the spec's order, as the general reader makes them.
    spec.fields.forEach((field, index) => {
      const position = plan.positions[index] as number;
      if (position < 0) return;
      fields[position] = index;
      factors[position] = factorFor(field, system, undefined, `table "${region.name}"`);
      if (field.type === 'text') texts[position] = builder.textColumn(field.name);
      else numbers[position] = builder.numberColumn(field.name);
      if (spec.components.includes(field.name)) this.hasComponent = true;
    });
    noteUnknown(builder, region.name, plan.unknown);
    const nameStarts = new Int32Array(names.length + 1);
    names.forEach((name, index) => {
      nameStarts[index + 1] = (nameStarts[index] as number) + name.length;
    });
    const nameCodes = new Uint16Array(nameStarts[names.length] as number);
    names.forEach((name, index) => {
      for (let at = 0; at < name.length; at++)
        nameCodes[(nameStarts[index] as number) + at] = name.charCodeAt(at);
    });
    const layout: Layout = { names, nameCodes, nameStarts, fields, factors, numbers, texts };
    this.layouts.push(layout);
    return layout;
  }
}

/**
 * Tokenises the row at `lines` as the general tokenizer does, declining what it refuses: its field names, and
 * `onPair` for each field with the value's span.
 */
function namesOfRow(
  text: string,
  lines: Lines,
  span: ValueSpan,
  onPair?: (name: string, value: ValueSpan) => void,
): string[] {
  const names: string[] = [];
  let cursor = lines.cursor;
  let end = lines.end;
  for (;;) {
    while (cursor < end && isBlankAt(text, cursor)) cursor++;
    if (cursor >= end) return names;
    if (text.charCodeAt(cursor) === CH_UNDERSCORE && cursor === end - 1) {
      lines.continueRow();
      cursor = lines.cursor;
      end = lines.end;
      continue;
    }
    const nameStart = cursor;
    while (cursor < end && CHAR_CLASS[text.charCodeAt(cursor)] === CLASS_PLAIN) cursor++;
    if (cursor === end || CHAR_CLASS[text.charCodeAt(cursor)] !== CLASS_EQUALS || cursor === nameStart) {
      decline();
    }
    const name = text.slice(nameStart, cursor);
    names.push(name);
    spanValue(text, cursor + 1, end, span);
    onPair?.(name, span);
    cursor = span.next;
  }
}

/** Tokenises every row of a table the results do not use, so a malformed one still goes to the general reader. */
function checkRows(text: string, region: Region): void {
  const lines = new Lines(text, region);
  const span = new ValueSpan();
  while (lines.nextRow()) namesOfRow(text, lines, span);
}

/** The first row of PROGRAM CONTROL as the general reader's `get` sees it: the first field of each name. */
function controlRow(
  text: string,
  region: Region,
): { get: (field: string) => string | undefined; line: number } {
  const lines = new Lines(text, region);
  const span = new ValueSpan();
  const values = new Map<string, string>();
  if (!lines.nextRow()) return { get: () => undefined, line: 0 };
  const line = lines.rowLine;
  namesOfRow(text, lines, span, (name, value) => {
    if (!values.has(name)) values.set(name, text.slice(value.start, value.end));
  });
  return { get: (field) => values.get(field), line };
}

/** Reads a CSI text export of results in one pass, or undefined when the general reader must take it. */
export function readResultsTextFast(text: string, options: ReadResultsOptions = {}): ResultSet | undefined {
  try {
    const regions = regionsOf(text);
    const controlRegion = regions.find((region) => region.name === 'PROGRAM CONTROL');
    const control = controlRegion && controlRegion.rows > 0 ? controlRow(text, controlRegion) : undefined;
    const program = control ? programOf(control.get) : undefined;
    const system =
      (control ? unitsOf(control.get('CurrUnits'), 'PROGRAM CONTROL', control.line) : undefined) ??
      options.units;
    const rows = new Map<ResultKind, number>();
    for (const region of regions) {
      const spec = resultTableSpec(region.name);
      if (spec) rows.set(spec.kind, (rows.get(spec.kind) ?? 0) + region.rows);
    }
    const reading = startReading();
    const notRead: Array<[string, number]> = [];
    for (const region of regions) {
      const spec = resultTableSpec(region.name);
      if (spec === undefined) {
        checkRows(text, region);
        if (looksLikeResultTable(region.name) && region.rows > 0)
          notRead.push([region.name, region.headerLine]);
        continue;
      }
      new ResultRows(text, reading, builderFor(reading, spec, rows), region, system).read();
    }
    return finish(reading, program, notRead);
  } catch (error) {
    if (error instanceof Declined || error instanceof ParseError) return undefined;
    throw error;
  }
}
