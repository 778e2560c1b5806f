/**
 * The CSI "database tables as text" layout shared by SAP2000 (.s2k/.$2k), CSiBridge (.b2k) and SAFE (.F2K):
 *
 *     File C:\model.s2k was saved on m/d/yy at h:mm:ss
 *
 *     TABLE:  "JOINT COORDINATES"
 *        Joint=1   CoordSys=GLOBAL   CoordType=Cartesian   XorR=0   Y=0   Z=0 _
 *             SpecialJt=Yes
 *
 *     END TABLE DATA
 *
 * Fields are read by name, never by position: field sets grow from one program version to the next. The reader is
 * one pass over the string with indexOf/charCodeAt and keeps token offsets in Int32Arrays, so a million-row file
 * allocates a string only for the fields a caller asks for.
 */
import { wellFormed } from '../names';
import { ParseError } from '../parseError';
import { parseNumberRange } from './numberRange';

export interface CsiTableParseOptions {
  /** Longest physical line accepted, in characters; longer lines are refused rather than tokenised. */
  readonly maxLineLength?: number;
  /** Format name carried by parse errors. */
  readonly format?: string;
}

/** A column accessor: reads one field by name on every row, remembering where it was last found. */
export interface CsiColumn {
  readonly field: string;
  get(row: number): string | undefined;
  /** Where the field sits on `row` (what {@link get} reads), or -1. */
  indexIn(row: number): number;
}

/** Anything that can find a name from its characters in a text, such as `NameIndex`. */
export interface CsiRangeLookup {
  ordinalAt(text: string, start: number, end: number): number;
}

/**
 * The field names of a row, in order. Rows that carry the same names in the same order share one layout, so a
 * reader can work out once per layout (not once per row) where a field is or which fields it does not map.
 */
export interface CsiRowLayout {
  readonly names: readonly string[];
  /** Position of the first field called `field`, or -1. */
  indexOf(field: string): number;
  /** A value derived from this layout alone, computed on first use; `key` tells one caller's memo from another's. */
  memo<V>(key: object, compute: (layout: CsiRowLayout) => V): V;
}

export interface CsiTable {
  readonly name: string;
  /** 1-based line of the first `TABLE:` header with this name. */
  readonly line: number;
  readonly rowCount: number;
  /** 1-based line on which the row starts. */
  rowLine(row: number): number;
  fieldCount(row: number): number;
  fieldName(row: number, index: number): string;
  fieldValue(row: number, index: number): string;
  /**
   * The same text as {@link fieldValue}, but a short value already met in the document is returned as the string
   * made then: repeated values (Yes, No, section names…) then cost no memory per row in the model.
   */
  sharedValue(row: number, index: number): string;
  /** The row's field names, shared with every other row of the table that has the same ones. */
  layout(row: number): CsiRowLayout;
  /** Whether the value at `index` is exactly `candidate` (no string is made for the comparison). */
  valueEquals(row: number, index: number, candidate: string): boolean;
  /** Looks the value at `index` up in a name index straight from the text (no string is made). */
  valueOrdinal(names: CsiRangeLookup, row: number, index: number): number;
  /** The value at `index` as a number, read from the text (no string is made); see parseNumberRange. */
  numberValue(row: number, index: number): number | undefined;
  /** The value of `field` on `row`, or undefined when the row does not carry it. */
  get(row: number, field: string): string | undefined;
  column(field: string): CsiColumn;
  /** The row as a flat list `[name0, value0, name1, value1, …]`, in file order. */
  cells(row: number): string[];
}

export interface CsiDocument {
  /** Lines before the first table (SAP writes `File … was saved on …`). */
  readonly preamble: readonly string[];
  /** Tables in file order; a table name met twice is one table with the rows of both. */
  readonly tables: readonly CsiTable[];
  /** Whether `END TABLE DATA` was found; a missing terminator usually means a truncated file. */
  readonly ended: boolean;
  readonly lineCount: number;
  readonly commentLines: number;
  table(name: string): CsiTable | undefined;
}

/** Plain data for the writer: each row is a flat list `[name0, value0, name1, value1, …]`. */
export interface CsiTableData {
  readonly name: string;
  readonly rows: ReadonlyArray<readonly string[]>;
}

export interface CsiWriteInput {
  readonly preamble?: readonly string[];
  readonly tables: readonly CsiTableData[];
  /** CRLF by default: 18 of the 19 SAP/CSiBridge files seen use it. */
  readonly lineEnding?: '\r\n' | '\n';
}

export interface CsiWriteResult {
  readonly text: string;
  /** Values the format cannot carry as they were, and what was written instead. */
  readonly issues: readonly string[];
}

export const DEFAULT_MAX_LINE_LENGTH = 1_000_000;
export const MAX_PREAMBLE_LINES = 16;
/** SAP wraps a row with ` _` once the physical line passes about 240 characters. */
const WRAP_AT = 240;
const ROW_INDENT = '   ';
const CONTINUATION_INDENT = '        ';
const SEPARATOR = '   ';

const CH_TAB = 9;
const CH_LF = 10;
const CH_VT = 11;
const CH_FF = 12;
const CH_CR = 13;
const CH_SPACE = 32;
const CH_QUOTE = 34;
const CH_DOLLAR = 36;
const CH_SEMICOLON = 59;
const CH_EQUALS = 61;
const CH_UNDERSCORE = 95;
const CH_NBSP = 160;

function isBlank(code: number): boolean {
  return (
    code === CH_SPACE ||
    code === CH_TAB ||
    code === CH_NBSP ||
    code === CH_CR ||
    code === CH_FF ||
    code === CH_VT
  );
}

export const CLASS_PLAIN = 0;
export const CLASS_BLANK = 1;
export const CLASS_CONTROL = 2;
export const CLASS_EQUALS = 3;
export const CLASS_QUOTE = 4;

/**
 * What each character is to the tokenizer, one lookup per character in the hot loops instead of a chain of
 * comparisons; shared with the fused results reader (results/fastText.ts), which must tokenise exactly alike.
 */
export const CHAR_CLASS: Uint8Array = (() => {
  const table = new Uint8Array(65536);
  for (let code = 0; code < 32; code++) table[code] = CLASS_CONTROL;
  for (const code of [CH_SPACE, CH_TAB, CH_NBSP, CH_CR, CH_FF, CH_VT]) table[code] = CLASS_BLANK;
  table[CH_LF] = CLASS_PLAIN;
  table[CH_EQUALS] = CLASS_EQUALS;
  table[CH_QUOTE] = CLASS_QUOTE;
  return table;
})();

/** Control characters other than the blanks above never occur in a CSI text file; they mean binary input. */
export function isControl(code: number): boolean {
  return code < 32 && code !== CH_TAB && code !== CH_CR && code !== CH_FF && code !== CH_VT && code !== CH_LF;
}

class Int32Buffer {
  data: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.data = new Int32Array(capacity);
  }

  push3(a: number, b: number, c: number): void {
    if (this.length + 3 > this.data.length) this.grow(this.length + 3);
    const data = this.data;
    const at = this.length;
    data[at] = a;
    data[at + 1] = b;
    data[at + 2] = c;
    this.length = at + 3;
  }

  private grow(minimum: number): void {
    const next = new Int32Array(Math.max(minimum, this.data.length * 2));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
}

/** Values this long or shorter are looked up among the strings already made; longer ones are rarely repeated. */
const SHARED_MAX_LENGTH = 32;
/** Slots of the shared-string cache: a fixed size keeps its memory bounded whatever the file holds. */
const SHARED_SLOTS = 1 << 13;

/**
 * Token offsets shared by every table of one document: 3 ints per field (name start, value start, value end).
 * The name ends at the `=` before the value, or before its opening quote (see {@link nameEndOf}): a fourth int
 * per field would add a quarter to the largest array a file makes, and every byte of it is written once.
 */
class PairStore {
  readonly pairs: Int32Buffer;
  /** Direct-mapped: a slot holds the last string whose characters hashed to it. */
  private readonly shared: Array<string | undefined> = new Array<string | undefined>(SHARED_SLOTS).fill(
    undefined,
  );

  constructor(
    readonly text: string,
    capacity: number,
  ) {
    this.pairs = new Int32Buffer(capacity);
  }

  sharedSlice(start: number, end: number): string {
    const text = this.text;
    const length = end - start;
    if (length > SHARED_MAX_LENGTH) return text.slice(start, end);
    let hash = length;
    for (let index = start; index < end; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
    const slot = (hash ^ (hash >>> 13)) & (SHARED_SLOTS - 1);
    const cached = this.shared[slot];
    if (cached !== undefined && cached.length === length && text.startsWith(cached, start)) return cached;
    const made = text.slice(start, end);
    this.shared[slot] = made;
    return made;
  }
}

/** Layouts kept per table; a table with more distinct ones (never seen in real files) just stops caching. */
const MAX_LAYOUTS_PER_TABLE = 64;
const MAX_MEMOS_PER_LAYOUT = 64;

class RowLayout implements CsiRowLayout {
  private readonly memos = new Map<object, unknown>();

  constructor(readonly names: readonly string[]) {}

  indexOf(field: string): number {
    const names = this.names;
    for (let index = 0; index < names.length; index++) if (names[index] === field) return index;
    return -1;
  }

  private lastMemoKey: object | null = null;
  private lastMemoValue: unknown = undefined;

  memo<V>(key: object, compute: (layout: CsiRowLayout) => V): V {
    if (key === this.lastMemoKey) return this.lastMemoValue as V;
    const value = this.memos.has(key) ? (this.memos.get(key) as V) : this.computeMemo(key, compute);
    this.lastMemoKey = key;
    this.lastMemoValue = value;
    return value;
  }

  private computeMemo<V>(key: object, compute: (layout: CsiRowLayout) => V): V {
    const value = compute(this);
    // Bounded: a caller that passes a new key on every row gets its value recomputed, never a growing map.
    if (this.memos.size < MAX_MEMOS_PER_LAYOUT) this.memos.set(key, value);
    return value;
  }
}

class TableImpl implements CsiTable {
  /** 3 ints per row: first pair index, pair count, line. */
  readonly rows = new Int32Buffer(48);
  private readonly layouts: RowLayout[] = [];
  private lastLayout: RowLayout | null = null;
  private layoutRow = -1;
  private layoutOfRow: RowLayout | null = null;

  constructor(
    private readonly store: PairStore,
    readonly name: string,
    readonly line: number,
  ) {}

  get rowCount(): number {
    return this.rows.length / 3;
  }

  rowLine(row: number): number {
    return this.rows.data[row * 3 + 2] as number;
  }

  fieldCount(row: number): number {
    return this.rows.data[row * 3 + 1] as number;
  }

  fieldName(row: number, index: number): string {
    const at = ((this.rows.data[row * 3] as number) + index) * 3;
    const pairs = this.store.pairs.data;
    const text = this.store.text;
    return text.slice(pairs[at], nameEndOf(text, pairs[at + 1] as number));
  }

  fieldValue(row: number, index: number): string {
    const at = ((this.rows.data[row * 3] as number) + index) * 3;
    const pairs = this.store.pairs.data;
    return this.store.text.slice(pairs[at + 1], pairs[at + 2]);
  }

  sharedValue(row: number, index: number): string {
    const at = ((this.rows.data[row * 3] as number) + index) * 3;
    const pairs = this.store.pairs.data;
    return this.store.sharedSlice(pairs[at + 1] as number, pairs[at + 2] as number);
  }

  valueEquals(row: number, index: number, candidate: string): boolean {
    const at = ((this.rows.data[row * 3] as number) + index) * 3;
    const pairs = this.store.pairs.data;
    const start = pairs[at + 1] as number;
    return (
      (pairs[at + 2] as number) - start === candidate.length && this.store.text.startsWith(candidate, start)
    );
  }

  valueOrdinal(names: CsiRangeLookup, row: number, index: number): number {
    const at = ((this.rows.data[row * 3] as number) + index) * 3;
    const pairs = this.store.pairs.data;
    return names.ordinalAt(this.store.text, pairs[at + 1] as number, pairs[at + 2] as number);
  }

  numberValue(row: number, index: number): number | undefined {
    const at = ((this.rows.data[row * 3] as number) + index) * 3;
    const pairs = this.store.pairs.data;
    return parseNumberRange(this.store.text, pairs[at + 1] as number, pairs[at + 2] as number);
  }

  layout(row: number): CsiRowLayout {
    if (row === this.layoutRow && this.layoutOfRow !== null) return this.layoutOfRow;
    const first = this.rows.data[row * 3] as number;
    const count = this.rows.data[row * 3 + 1] as number;
    let found = this.lastLayout;
    if (found === null || !this.matches(found, first, count)) {
      found = null;
      for (const candidate of this.layouts) {
        if (candidate !== this.lastLayout && this.matches(candidate, first, count)) {
          found = candidate;
          break;
        }
      }
      if (found === null) {
        const names = new Array<string>(count);
        for (let index = 0; index < count; index++) names[index] = this.fieldName(row, index);
        found = new RowLayout(names);
        if (this.layouts.length < MAX_LAYOUTS_PER_TABLE) this.layouts.push(found);
      }
      this.lastLayout = found;
    }
    this.layoutRow = row;
    this.layoutOfRow = found;
    return found;
  }

  private matches(layout: RowLayout, first: number, count: number): boolean {
    const names = layout.names;
    if (names.length !== count) return false;
    const pairs = this.store.pairs.data;
    const text = this.store.text;
    for (let index = 0; index < count; index++) {
      const at = (first + index) * 3;
      const start = pairs[at] as number;
      const name = names[index] as string;
      if (nameEndOf(text, pairs[at + 1] as number) - start !== name.length || !text.startsWith(name, start)) {
        return false;
      }
    }
    return true;
  }

  get(row: number, field: string): string | undefined {
    const index = this.layout(row).indexOf(field);
    return index < 0 ? undefined : this.fieldValue(row, index);
  }

  column(field: string): CsiColumn {
    // The field's place on the previous row is tried first, as rows of one table nearly always agree.
    let hint = -1;
    let hintLayout: CsiRowLayout | null = null;
    let hintIndex = -1;
    const indexIn = (row: number): number => {
      const layout = this.layout(row);
      let index: number;
      if (layout === hintLayout) {
        index = hintIndex;
      } else {
        index = hint >= 0 && layout.names[hint] === field ? hint : layout.indexOf(field);
        hintLayout = layout;
        hintIndex = index;
      }
      if (index >= 0) hint = index;
      return index;
    };
    return {
      field,
      indexIn,
      get: (row: number) => {
        const index = indexIn(row);
        return index < 0 ? undefined : this.fieldValue(row, index);
      },
    };
  }

  cells(row: number): string[] {
    const first = this.rows.data[row * 3] as number;
    const count = this.rows.data[row * 3 + 1] as number;
    const pairs = this.store.pairs.data;
    const text = this.store.text;
    const out = new Array<string>(count * 2);
    for (let index = 0; index < count; index++) {
      const at = (first + index) * 3;
      out[index * 2] = text.slice(pairs[at], nameEndOf(text, pairs[at + 1] as number));
      out[index * 2 + 1] = text.slice(pairs[at + 1], pairs[at + 2]);
    }
    return out;
  }
}

/** Where the name of the field whose value starts at `valueStart` ends: at its `=`, one before an opening quote. */
function nameEndOf(text: string, valueStart: number): number {
  return text.charCodeAt(valueStart - 1) === CH_QUOTE ? valueStart - 2 : valueStart - 1;
}

function excerpt(text: string, start: number, end: number): string {
  const slice = text.slice(start, Math.min(end, start + 40));
  return end - start > 40 ? `${slice}…` : slice;
}

/**
 * Tokenises a CSI table text. Throws {@link SapParseError} (with the line) on anything that is not the format:
 * a row token without `=`, an unclosed quote, a control character, a row outside any table, or a file that ends
 * in the middle of a continued row.
 */
export function parseCsiTables(text: string, options: CsiTableParseOptions = {}): CsiDocument {
  const maxLineLength = options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
  const format = options.format ?? 'CSI tables';
  // Sized from the text so the buffer rarely grows: every regrowth of a large typed array costs a full garbage
  // collection. A field takes ~16 characters in model files but ~13 in result tables (`V2=-12.3456   `); pages
  // of the array that are never written cost no memory, so the estimate errs on the large side.
  const store = new PairStore(text, Math.max(1024, Math.ceil(text.length / 12) * 3));
  const pairs = store.pairs;
  const tables: TableImpl[] = [];
  const byName = new Map<string, TableImpl>();
  const preamble: string[] = [];
  let current: TableImpl | null = null;
  let ended = false;
  let commentLines = 0;
  let lineNumber = 0;

  // A row spread over lines with ` _` is one logical row: its first pair index and line are held here.
  let rowOpen = false;
  let rowFirstPair = 0;
  let rowLine = 0;

  // Files from old Macs end lines with a bare CR; everything else uses LF or CRLF.
  const newline = text.indexOf('\n') === -1 && text.indexOf('\r') !== -1 ? '\r' : '\n';
  const length = text.length;
  let position = 0;

  const closeRow = (): void => {
    if (!rowOpen || current === null) return;
    current.rows.push3(rowFirstPair, pairs.length / 3 - rowFirstPair, rowLine);
    rowOpen = false;
  };

  while (position < length) {
    let lineEnd = text.indexOf(newline, position);
    const next = lineEnd === -1 ? length : lineEnd + 1;
    if (lineEnd === -1) lineEnd = length;
    lineNumber++;
    if (lineEnd - position > maxLineLength) {
      throw new ParseError(format, lineNumber, `line longer than ${maxLineLength} characters`);
    }
    let end = lineEnd;
    while (end > position && isBlank(text.charCodeAt(end - 1))) end--;
    let cursor = position;
    while (cursor < end && isBlank(text.charCodeAt(cursor))) cursor++;
    position = next;

    if (cursor === end) {
      // Blank lines separate tables; a dangling ` _` before one simply ends the row.
      closeRow();
      continue;
    }

    const first = text.charCodeAt(cursor);
    const isHeader = first === 84 /* T */ && text.startsWith('TABLE:', cursor);
    const isEnd = first === 69 /* E */ && text.startsWith('END TABLE DATA', cursor);
    // A header right after a row left open by ` _` ends that row instead of being read as its fields.
    if (rowOpen && (isHeader || isEnd)) closeRow();
    if (!rowOpen) {
      if (isHeader) {
        cursor += 6;
        while (cursor < end && isBlank(text.charCodeAt(cursor))) cursor++;
        let name: string;
        if (text.charCodeAt(cursor) === CH_QUOTE) {
          const close = text.indexOf('"', cursor + 1);
          if (close === -1 || close >= end) {
            throw new ParseError(format, lineNumber, 'table name has no closing quote');
          }
          name = text.slice(cursor + 1, close);
        } else {
          name = text.slice(cursor, end);
        }
        if (name.trim() === '') throw new ParseError(format, lineNumber, 'TABLE: header without a name');
        const known = byName.get(name);
        if (known) {
          current = known;
        } else {
          current = new TableImpl(store, name, lineNumber);
          byName.set(name, current);
          tables.push(current);
        }
        continue;
      }
      if (isEnd) {
        ended = true;
        break;
      }
      if (first === CH_DOLLAR || first === CH_SEMICOLON) {
        commentLines++;
        continue;
      }
      if (current === null) {
        if (preamble.length >= MAX_PREAMBLE_LINES) {
          throw new ParseError(
            format,
            lineNumber,
            `expected a TABLE: header, found "${excerpt(text, cursor, end)}"`,
          );
        }
        preamble.push(text.slice(cursor, end));
        continue;
      }
      rowOpen = true;
      rowFirstPair = pairs.length / 3;
      rowLine = lineNumber;
    }

    // Tokenise `Name=Value` pairs on [cursor, end).
    let continued = false;
    while (cursor < end) {
      const code = text.charCodeAt(cursor);
      if (CHAR_CLASS[code] === CLASS_BLANK) {
        cursor++;
        continue;
      }
      if (code === CH_UNDERSCORE) {
        let after = cursor + 1;
        while (after < end && isBlank(text.charCodeAt(after))) after++;
        if (after === end) {
          continued = true;
          break;
        }
      }
      const nameStart = cursor;
      let kind = CLASS_PLAIN;
      while (cursor < end) {
        kind = CHAR_CLASS[text.charCodeAt(cursor)] as number;
        if (kind !== CLASS_PLAIN) break;
        cursor++;
      }
      if (kind === CLASS_CONTROL) {
        const control = text.charCodeAt(cursor);
        throw new ParseError(format, lineNumber, `control character 0x${control.toString(16)} in the text`);
      }
      if (cursor === end || kind !== CLASS_EQUALS) {
        throw new ParseError(
          format,
          lineNumber,
          `expected Field=Value, found "${excerpt(text, nameStart, end)}"`,
        );
      }
      const nameEnd = cursor;
      if (nameEnd === nameStart) {
        throw new ParseError(
          format,
          lineNumber,
          `value without a field name near "${excerpt(text, nameStart, end)}"`,
        );
      }
      cursor++;
      let valueStart = cursor;
      let valueEnd: number;
      if (cursor < end && text.charCodeAt(cursor) === CH_QUOTE) {
        const close = text.indexOf('"', cursor + 1);
        if (close === -1 || close >= end) {
          throw new ParseError(
            format,
            lineNumber,
            `unclosed quote in the value of ${text.slice(nameStart, nameEnd)}`,
          );
        }
        valueStart = cursor + 1;
        valueEnd = close;
        for (let index = valueStart; index < valueEnd; index++) {
          const inner = text.charCodeAt(index);
          if (isControl(inner)) {
            throw new ParseError(format, lineNumber, `control character 0x${inner.toString(16)} in the text`);
          }
        }
        cursor = close + 1;
        if (cursor < end && !isBlank(text.charCodeAt(cursor))) {
          throw new ParseError(
            format,
            lineNumber,
            `unexpected text after the closing quote of ${text.slice(nameStart, nameEnd)}`,
          );
        }
      } else {
        while (cursor < end) {
          const valueKind = CHAR_CLASS[text.charCodeAt(cursor)] as number;
          if (valueKind === CLASS_BLANK) break;
          if (valueKind === CLASS_CONTROL) {
            const control = text.charCodeAt(cursor);
            throw new ParseError(
              format,
              lineNumber,
              `control character 0x${control.toString(16)} in the text`,
            );
          }
          cursor++;
        }
        valueEnd = cursor;
      }
      pairs.push3(nameStart, valueStart, valueEnd);
    }
    if (!continued) closeRow();
  }

  if (rowOpen && position >= length && !ended) {
    throw new ParseError(format, lineNumber, 'the file ends inside a row continued with " _"');
  }
  closeRow();

  return {
    preamble,
    tables,
    ended,
    lineCount: lineNumber,
    commentLines,
    table: (name: string) => byName.get(name),
  };
}

function needsQuotes(value: string): boolean {
  if (value.length === 0) return true;
  if (value.charCodeAt(0) === CH_QUOTE) return true;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (isBlank(code) || code === 44 /* , */) return true;
  }
  return false;
}

function isValidFieldName(name: string): boolean {
  if (name.length === 0) return false;
  for (let index = 0; index < name.length; index++) {
    const code = name.charCodeAt(index);
    if (code === CH_EQUALS || code === CH_QUOTE || isBlank(code) || code < 32) return false;
  }
  // A lone "_" would read back as a continuation mark; names starting with $ or ; as comments.
  const head = name.charCodeAt(0);
  return !(name === '_' || head === CH_DOLLAR || head === CH_SEMICOLON);
}

function hasLineBreakOrControl(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === CH_LF || code === CH_CR || isControl(code)) return true;
  }
  return false;
}

function replaceLineBreaksAndControls(value: string): string {
  let out = '';
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    out += code === CH_LF || code === CH_CR || isControl(code) ? ' ' : value[index];
  }
  return out;
}

/**
 * The text a value is written as, and so the one place that makes a SAP2000 name safe (issue #22): a line break or
 * control character would end the row, so it becomes a space; SAP2000 has no escape for a double quote inside a
 * quoted value, so it becomes a single quote; a lone surrogate, which UTF-8 cannot hold, becomes U+FFFD.
 */
export function writtenValueText(value: string): string {
  let cleaned = hasLineBreakOrControl(value) ? replaceLineBreaksAndControls(value) : value;
  cleaned = wellFormed(cleaned);
  if (cleaned.includes('"') && (needsQuotes(cleaned) || cleaned.charCodeAt(0) === CH_QUOTE))
    cleaned = cleaned.replace(/"/g, "'");
  return cleaned;
}

function cleanValue(value: string, where: string, issues: string[]): string {
  let cleaned = wellFormed(value);
  if (hasLineBreakOrControl(cleaned)) {
    cleaned = replaceLineBreaksAndControls(cleaned);
    issues.push(`${where}: line breaks and control characters replaced by spaces`);
  }
  if (cleaned.includes('"') && (needsQuotes(cleaned) || cleaned.charCodeAt(0) === CH_QUOTE)) {
    cleaned = cleaned.replace(/"/g, "'");
    issues.push(`${where}: double quotes inside a quoted value written as single quotes`);
  }
  return cleaned;
}

/**
 * Writes tables in SAP's own layout: `TABLE:  "NAME"`, rows indented three spaces with fields three spaces apart,
 * rows longer than about 240 characters continued with ` _`, a line holding one space between tables, and
 * `END TABLE DATA` last. Field and table names that the format cannot carry are a programming error and throw.
 */
export function writeCsiTables(input: CsiWriteInput): CsiWriteResult {
  const eol = input.lineEnding ?? '\r\n';
  const issues: string[] = [];
  const out: string[] = [];
  const preamble = input.preamble ?? [];
  for (const line of preamble) out.push(line.replace(/[\r\n]/g, ' '), eol);
  out.push(' ', eol);
  for (const table of input.tables) {
    if (table.name.includes('"') || /[\r\n]/.test(table.name) || table.name.trim() === '') {
      throw new TypeError(`table name cannot be written: ${JSON.stringify(table.name)}`);
    }
    out.push('TABLE:  "', table.name, '"', eol);
    for (const row of table.rows) {
      if (row.length % 2 !== 0) throw new TypeError(`row of ${table.name} has an odd number of cells`);
      if (row.length === 0) continue;
      let lineLength = ROW_INDENT.length;
      out.push(ROW_INDENT);
      for (let index = 0; index < row.length; index += 2) {
        const name = row[index] as string;
        if (!isValidFieldName(name)) {
          throw new TypeError(`field name cannot be written: ${JSON.stringify(name)} in ${table.name}`);
        }
        const value = cleanValue(row[index + 1] as string, `${table.name} ${name}`, issues);
        const pair = needsQuotes(value) ? `${name}="${value}"` : `${name}=${value}`;
        if (index > 0) {
          if (lineLength + SEPARATOR.length + pair.length > WRAP_AT) {
            out.push(' _', eol, CONTINUATION_INDENT);
            lineLength = CONTINUATION_INDENT.length;
          } else {
            out.push(SEPARATOR);
            lineLength += SEPARATOR.length;
          }
        }
        out.push(pair);
        lineLength += pair.length;
      }
      out.push(eol);
    }
    out.push(' ', eol);
  }
  out.push('END TABLE DATA', eol);
  return { text: out.join(''), issues };
}
