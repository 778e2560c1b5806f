/**
 * The cells of every worksheet of an .xlsx, read straight from the sheet XML after the zip guard has unpacked it.
 * We read the parts ourselves rather than through exceljs's loader: a 100k-row workbook must read in seconds, and
 * exceljs builds a styled cell object per cell (about three times slower, see bench/benchmarks/xlsxImport.ts).
 *
 * Only what a table needs is read: shared strings, inline strings, numbers, booleans, cached formula results
 * (formulas themselves are never evaluated). XML with a DOCTYPE or entity declarations is refused (no entity
 * expansion, no external references). Sheet and cell positions are checked against Excel's own limits.
 */
import { ParseError } from '../parseError';
import { utf8Decode } from './utf8';
import type { GuardedZip, ZipLimits } from './zipGuard';
import { DEFAULT_ZIP_LIMITS, openGuardedZip } from './zipGuard';

export type CellValue = string | number | boolean | null;

export interface RawSheet {
  readonly name: string;
  /** Cells by 0-based row and column; rows and cells the sheet leaves out are null / missing. */
  readonly rows: ReadonlyArray<readonly CellValue[] | undefined>;
  /** `<row>` elements in the sheet XML (what PROVENANCE.md counts), including rows without cells. */
  readonly rowElements: number;
}

export interface RawWorkbook {
  readonly sheets: readonly RawSheet[];
  sheet(name: string): RawSheet | undefined;
}

const FORMAT = 'xlsx';
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;

function fail(message: string): never {
  throw new ParseError(FORMAT, 0, message);
}

function partText(zip: GuardedZip, name: string): string | undefined {
  const bytes = zip.read(name);
  if (bytes === undefined) return undefined;
  let text = utf8Decode(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('<!DOCTYPE') || text.includes('<!ENTITY')) {
    fail(
      `part "${name}" declares a DOCTYPE or XML entities, which Excel never writes; Gusset refuses such files for safety`,
    );
  }
  return text;
}

/**
 * OOXML's escape for what XML cannot carry (ST_Xstring): `_xHHHH_` is the UTF-16 code unit HHHH, so control
 * characters and unpaired surrogates survive a workbook, and a literal `_x0041_` is written `_x005F_x0041_`.
 */
const XSTRING_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;
const XSTRING_NEEDS =
  // eslint-disable-next-line no-control-regex -- these are the characters the escape exists for
  /[\u0000-\u0008\u000B\u000C\u000D\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;

export function decodeXstring(text: string): string {
  if (text.indexOf('_x') < 0) return text;
  return text.replace(XSTRING_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A cell's text as the workbook holds it (issue #22): every character comes back, none is dropped by the XML. */
export function encodeXstring(text: string): string {
  XSTRING_NEEDS.lastIndex = 0;
  if (!XSTRING_NEEDS.test(text)) return text;
  return text.replace(
    XSTRING_NEEDS,
    (char) => `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
  );
}

/** Decodes the five XML entities and numeric character references; anything else is kept as written. */
export function decodeXmlText(text: string): string {
  if (text.indexOf('&') === -1) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (whole, body: string) => {
    switch (body) {
      case 'amp':
        return '&';
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default: {
        const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
    }
  });
}

/** The value of `name="…"` in a start tag (prefix-insensitive for names given with a colon-less local part). */
function attribute(tag: string, name: string): string | undefined {
  let from = 0;
  for (;;) {
    const at = tag.indexOf(name, from);
    if (at < 0) return undefined;
    from = at + name.length;
    const before = tag.charCodeAt(at - 1);
    // A whole attribute name: preceded by a blank or a namespace colon, followed by `=`.
    if (!(before === 32 || before === 9 || before === 10 || before === 13 || before === 58)) continue;
    let cursor = from;
    while (tag.charCodeAt(cursor) === 32) cursor++;
    if (tag.charCodeAt(cursor) !== 61 /* = */) continue;
    cursor++;
    while (tag.charCodeAt(cursor) === 32) cursor++;
    const quote = tag[cursor];
    if (quote !== '"' && quote !== "'") return undefined;
    const close = tag.indexOf(quote, cursor + 1);
    if (close < 0) return undefined;
    return decodeXmlText(tag.slice(cursor + 1, close));
  }
}

/** Every start tag `<local …>` (any namespace prefix) in `text`, as its full text. */
function startTags(text: string, local: string): string[] {
  const out: string[] = [];
  const pattern = new RegExp(`<(?:[A-Za-z0-9_]+:)?${local}[\\s/>]`, 'g');
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const close = text.indexOf('>', match.index);
    if (close < 0) break;
    out.push(text.slice(match.index, close + 1));
  }
  return out;
}

/** The text of each `<si>` string item (rich text runs joined; phonetic runs left out). */
function sharedStrings(text: string | undefined): string[] {
  if (text === undefined) return [];
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const open = findTag(text, 'si', at);
    if (open < 0) break;
    // What Excel and exceljs write for plain text, `<si><t>…</t></si>`, is taken without looking further.
    if (text.startsWith('<si><t>', open)) {
      const lt = text.indexOf('<', open + 7);
      if (lt >= 0 && text.startsWith('</t></si>', lt)) {
        out.push(decodeXstring(decodeXmlText(text.slice(open + 7, lt))));
        at = lt + 9;
        continue;
      }
    }
    const tagEnd = text.indexOf('>', open);
    if (tagEnd < 0) fail('xl/sharedStrings.xml is damaged: a tag is not closed');
    if (text.charCodeAt(tagEnd - 1) === 47) {
      out.push('');
      at = tagEnd + 1;
      continue;
    }
    const end = findClose(text, 'si', tagEnd);
    if (end < 0) fail('xl/sharedStrings.xml is damaged: a string item is not closed');
    out.push(decodeXstring(textRuns(text.slice(tagEnd + 1, end))));
    at = end;
  }
  return out;
}

/** Whether the tag name in `text[start, end)`, without its namespace prefix, is `name`. Allocates nothing. */
function localNameIs(text: string, start: number, end: number, name: string): boolean {
  let local = start;
  for (let cursor = start; cursor < end; cursor++) {
    if (text.charCodeAt(cursor) === 58 /* : */) {
      local = cursor + 1;
      break;
    }
  }
  return end - local === name.length && text.startsWith(name, local);
}

/** Whether a character ends a tag name in a sheet's start tag (blank, `/` or `>`). */
function isNameEnd(code: number): boolean {
  return code === 32 || code === 62 || code === 47 || code === 9 || code === 10 || code === 13;
}

/** Position of the next `<name` start tag (with any prefix) from `from`, or -1. */
function findTag(text: string, name: string, from: number): number {
  let at = from;
  for (;;) {
    at = text.indexOf('<', at);
    if (at < 0) return -1;
    let cursor = at + 1;
    while (cursor < text.length) {
      const code = text.charCodeAt(cursor);
      if (code === 32 || code === 62 || code === 47 || code === 9 || code === 10 || code === 13) break;
      cursor++;
    }
    if (localNameIs(text, at + 1, cursor, name)) return at;
    at = cursor;
  }
}

/** Whether a character may be blank space that `String.prototype.trim` removes (a cheap over-estimate). */
function mayBeBlank(code: number): boolean {
  return code <= 32 || code >= 0x80;
}

/** Whether the end tag `text[at, close]` (`</` … `>`) closes `name`, with any prefix and blanks inside. */
function endTagIs(text: string, at: number, close: number, name: string): boolean {
  if (close > at + 2 && (mayBeBlank(text.charCodeAt(at + 2)) || mayBeBlank(text.charCodeAt(close - 1)))) {
    const full = text.slice(at + 2, close).trim();
    const colon = full.indexOf(':');
    return (colon < 0 ? full : full.slice(colon + 1)) === name;
  }
  return localNameIs(text, at + 2, close, name);
}

/** Position just after the next `</name>` end tag (any prefix, blanks inside allowed) from `from`, or -1. */
function findClose(text: string, name: string, from: number): number {
  let at = from;
  for (;;) {
    at = text.indexOf('</', at);
    if (at < 0) return -1;
    const close = text.indexOf('>', at);
    if (close < 0) return -1;
    if (endTagIs(text, at, close, name)) return close + 1;
    at = close;
  }
}

/**
 * The same answer as {@link findClose}, found by looking for `name` itself rather than reading every end tag on
 * the way: for `</sheetData>`, which is megabytes after its start tag. An end tag that findClose would read
 * begins at the first `</` after the last `>` before it, so each place `name` occurs is checked against that.
 */
function findCloseFar(text: string, name: string, from: number): number {
  let search = from;
  for (;;) {
    const hit = text.indexOf(name, search);
    if (hit < 0) return -1;
    const start = text.indexOf('</', Math.max(text.lastIndexOf('>', hit) + 1, from));
    if (start < 0 || start > hit) {
      search = hit + 1;
      continue;
    }
    const close = text.indexOf('>', start);
    if (close < 0) return -1;
    if (endTagIs(text, start, close, name)) return close + 1;
    search = close;
  }
}

/** Concatenated `<t>` texts of a string item, skipping `<rPh>` (phonetic guide) runs. */
function textRuns(body: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const lt = body.indexOf('<', at);
    if (lt < 0) break;
    const tagEnd = body.indexOf('>', lt);
    if (tagEnd < 0) break;
    at = tagEnd + 1;
    if (body.charCodeAt(lt + 1) === 47 || body.charCodeAt(tagEnd - 1) === 47) continue;
    let nameEnd = lt + 1;
    while (nameEnd < tagEnd && ' \t\r\n'.indexOf(body[nameEnd] as string) < 0) nameEnd++;
    let name = body.slice(lt + 1, nameEnd);
    const colon = name.indexOf(':');
    if (colon >= 0) name = name.slice(colon + 1);
    if (name === 'rPh') {
      const skip = findClose(body, 'rPh', at);
      at = skip < 0 ? body.length : skip;
    } else if (name === 't') {
      const close = body.indexOf('</', at);
      if (close < 0) break;
      out += decodeXmlText(body.slice(at, close));
      at = close;
    }
  }
  return out;
}

function columnIndex(ref: string, where: string): number {
  let column = 0;
  let index = 0;
  for (; index < ref.length; index++) {
    const code = ref.charCodeAt(index);
    if (code >= 65 && code <= 90) column = column * 26 + (code - 64);
    else if (code >= 97 && code <= 122) column = column * 26 + (code - 96);
    else break;
    if (column > MAX_COLUMNS) fail(`${where}: cell ${ref} is beyond Excel's last column XFD`);
  }
  if (index === 0) fail(`${where}: cell reference "${ref}" is not a cell`);
  return column - 1;
}

/** Where an attribute's value lies in the sheet text (between the quotes, still XML-escaped). */
interface Span {
  start: number;
  end: number;
}

/**
 * Finds attribute `name` in the start tag `text[from, to)` (`to` just after its `>`) as {@link attribute} does,
 * without cutting the tag out of the text: true with the value's place in `span`, false when it is absent.
 */
function attributeSpan(text: string, from: number, to: number, name: string, span: Span): boolean {
  const first = name.charCodeAt(0);
  for (let at = from + 1; at + name.length < to; at++) {
    if (text.charCodeAt(at) !== first || !text.startsWith(name, at)) continue;
    const before = text.charCodeAt(at - 1);
    if (!(before === 32 || before === 9 || before === 10 || before === 13 || before === 58)) continue;
    let cursor = at + name.length;
    while (cursor < to && text.charCodeAt(cursor) === 32) cursor++;
    if (text.charCodeAt(cursor) !== 61 /* = */ || cursor >= to) continue;
    cursor++;
    while (cursor < to && text.charCodeAt(cursor) === 32) cursor++;
    const quote = text.charCodeAt(cursor);
    if ((quote !== 34 && quote !== 39) || cursor >= to) return false;
    for (let close = cursor + 1; close < to; close++) {
      if (text.charCodeAt(close) === quote) {
        span.start = cursor + 1;
        span.end = close;
        return true;
      }
    }
    return false;
  }
  return false;
}

/** The whole number written in `text[start, end)` when it is 1–9 plain digits, else -1. */
function plainDigits(text: string, start: number, end: number): number {
  if (end <= start || end - start > 9) return -1;
  let value = 0;
  for (let at = start; at < end; at++) {
    const digit = text.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** The 0-based column of a cell reference such as `AB12` in `text[start, end)`, as {@link columnIndex}. */
function columnAt(text: string, start: number, end: number, where: string): number {
  let column = 0;
  let at = start;
  for (; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code >= 65 && code <= 90) column = column * 26 + (code - 64);
    else if (code >= 97 && code <= 122) column = column * 26 + (code - 96);
    else break;
    if (column > MAX_COLUMNS) break;
  }
  // Anything unusual (an escaped character, a reference past XFD, no letters) takes the exact slow path.
  if (at === start || column > MAX_COLUMNS || (at < end && text.charCodeAt(at) === 38)) {
    return columnIndex(decodeXmlText(text.slice(start, end)), where);
  }
  return column - 1;
}

const TYPE_NUMBER = 0;
const TYPE_SHARED = 1;
const TYPE_BOOLEAN = 2;
const TYPE_TEXT = 3;
const TYPE_INLINE = 4;

/** The cell types of the `t` attribute; anything else is read as a number, as Excel does. */
function cellType(type: string): number {
  switch (type) {
    case 's':
      return TYPE_SHARED;
    case 'b':
      return TYPE_BOOLEAN;
    case 'str':
    case 'e':
    case 'd':
      return TYPE_TEXT;
    case 'inlineStr':
      return TYPE_INLINE;
    default:
      return TYPE_NUMBER;
  }
}

/**
 * Reads one sheet's XML. Hand-written rather than a general XML parser: a sheet is a flat list of `<row>` and
 * `<c>` elements, and scanning it with indexOf and character codes, cutting out only the values, keeps 100k rows
 * well under a second. The common cell `<c r="B7" t="s"><v>42</v></c>` takes a fast path; every other form of
 * cell goes through the general path, which reads it the same way.
 */
function readSheetXml(text: string, name: string, strings: readonly string[]): RawSheet {
  const rows: Array<CellValue[] | undefined> = [];
  let rowElements = 0;
  const where = `sheet "${name}"`;
  let at = findTag(text, 'sheetData', 0);
  if (at < 0) return { name, rows, rowElements };
  const dataEnd = (() => {
    const close = findCloseFar(text, 'sheetData', at);
    return close < 0 ? text.length : close;
  })();
  let rowIndex = -1;
  let row: CellValue[] | undefined;
  let columnCursor = 0;
  const length = dataEnd;
  const span: Span = { start: 0, end: 0 };
  const place: CellPlace = { text, where, hasRef: false, refStart: 0, refEnd: 0, column: 0, row: 0 };
  at = text.indexOf('>', at) + 1;
  if (at === 0) fail(`${where} is damaged`);
  while (at < length) {
    const lt = text.indexOf('<', at);
    if (lt < 0 || lt >= length) break;
    const tagEnd = text.indexOf('>', lt);
    if (tagEnd < 0) fail(`${where} is damaged: an XML tag is not closed`);
    at = tagEnd + 1;
    const nameStart = lt + 1;
    const first = text.charCodeAt(nameStart);
    if (first === 47) continue;
    const selfClosing = text.charCodeAt(tagEnd - 1) === 47;
    // `<c ` without a prefix is most tags by far; anything else has its name read in full.
    let isCell = first === 99 && isNameEnd(text.charCodeAt(nameStart + 1));
    if (!isCell) {
      let nameEnd = nameStart;
      while (nameEnd < tagEnd && !isNameEnd(text.charCodeAt(nameEnd))) nameEnd++;
      isCell = localNameIs(text, nameStart, nameEnd, 'c');
      if (!isCell && !localNameIs(text, nameStart, nameEnd, 'row')) continue;
    }
    if (!isCell) {
      rowElements++;
      let next: number;
      const hasR = attributeSpan(text, lt, tagEnd + 1, 'r', span);
      if (!hasR) next = rowIndex + 1;
      else {
        const digits = plainDigits(text, span.start, span.end);
        next = (digits >= 0 ? digits : Number(decodeXmlText(text.slice(span.start, span.end)))) - 1;
      }
      if (!Number.isInteger(next) || next < 0 || next >= MAX_ROWS) {
        const r = hasR ? decodeXmlText(text.slice(span.start, span.end)) : '';
        fail(`${where}: row number "${r}" is outside Excel's 1–${MAX_ROWS}`);
      }
      if (next <= rowIndex)
        fail(`${where}: row ${next + 1} comes after row ${rowIndex + 1}; the sheet is damaged`);
      rowIndex = next;
      row = [];
      rows[rowIndex] = row;
      columnCursor = 0;
      continue;
    }
    if (row === undefined) fail(`${where}: a cell outside any row; the sheet is damaged`);
    const hasRef = attributeSpan(text, lt, tagEnd + 1, 'r', span);
    const refStart = span.start;
    const refEnd = span.end;
    const column = hasRef ? columnAt(text, refStart, refEnd, where) : columnCursor;
    if (column >= MAX_COLUMNS) fail(`${where}: too many cells in row ${rowIndex + 1}`);
    columnCursor = column + 1;
    if (selfClosing) continue;
    const type = attributeSpan(text, lt, tagEnd + 1, 't', span)
      ? cellType(decodeXmlText(text.slice(span.start, span.end)))
      : TYPE_NUMBER;
    place.hasRef = hasRef;
    place.refStart = refStart;
    place.refEnd = refEnd;
    place.column = column;
    place.row = rowIndex;
    // Fast path: `<v>…</v></c>` straight after the start tag, with no markup inside the value.
    if (type !== TYPE_INLINE && text.startsWith('<v>', at)) {
      const valueStart = at + 3;
      const valueEnd = text.indexOf('<', valueStart);
      if (valueEnd >= 0 && text.startsWith('</v></c>', valueEnd)) {
        at = valueEnd + 8;
        if (type === TYPE_SHARED) {
          const index = plainDigits(text, valueStart, valueEnd);
          const shared = index >= 0 ? strings[index] : undefined;
          if (shared !== undefined) {
            row[column] = shared;
            continue;
          }
        }
        row[column] = cellValue(type, decodeXmlText(text.slice(valueStart, valueEnd)), strings, place);
        continue;
      }
    }
    const cellEnd = findClose(text, 'c', at);
    if (cellEnd < 0) {
      const ref = hasRef ? decodeXmlText(text.slice(refStart, refEnd)) : '';
      fail(`${where}: cell ${ref} is not closed; the sheet is damaged`);
    }
    const body = text.slice(at, cellEnd);
    at = cellEnd;
    let value: CellValue = null;
    if (type === TYPE_INLINE) {
      const is = findTag(body, 'is', 0);
      value = is < 0 ? '' : textRuns(body.slice(is));
    } else {
      const v = findTag(body, 'v', 0);
      if (v >= 0) {
        const vEnd = body.indexOf('>', v);
        const selfV = body.charCodeAt(vEnd - 1) === 47;
        const vClose = selfV ? vEnd : body.indexOf('</', vEnd);
        const raw = selfV ? '' : decodeXmlText(body.slice(vEnd + 1, vClose < 0 ? body.length : vClose));
        value = cellValue(type, raw, strings, place);
      }
    }
    row[column] = value;
  }
  return { name, rows, rowElements };
}

/**
 * Where the cell being read is, kept in one object per sheet and updated per cell: the cell's name is only
 * built for a message, and a closure per cell would cost more than reading the cell.
 */
interface CellPlace {
  readonly text: string;
  readonly where: string;
  hasRef: boolean;
  refStart: number;
  refEnd: number;
  column: number;
  row: number;
}

function cellName(place: CellPlace): string {
  const { text, where, hasRef, refStart, refEnd, column, row } = place;
  return `${where}, cell ${hasRef ? decodeXmlText(text.slice(refStart, refEnd)) : `column ${column + 1} of row ${row + 1}`}`;
}

/** A `<v>` text as the cell's value: a shared string, a Yes/No, text, or a finite number. */
function cellValue(type: number, raw: string, strings: readonly string[], place: CellPlace): CellValue {
  switch (type) {
    case TYPE_SHARED: {
      const index = Number(raw);
      const shared = Number.isInteger(index) ? strings[index] : undefined;
      if (shared === undefined)
        fail(`${cellName(place)}: shared string ${raw} does not exist; the workbook is damaged`);
      return shared;
    }
    case TYPE_BOOLEAN:
      return raw.trim() === '1' || raw.trim() === 'true';
    case TYPE_TEXT:
      return decodeXstring(raw);
    default: {
      const number = raw.trim() === '' ? NaN : Number(raw);
      if (!Number.isFinite(number)) fail(`${cellName(place)}: "${raw.slice(0, 40)}" is not a number`);
      return number;
    }
  }
}

function resolveTarget(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = ['xl'];
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** The workbook's sheets in tab order, each with its name and cells. Throws only `ParseError`. */
export function readRawWorkbook(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): RawWorkbook {
  const zip = openGuardedZip(bytes, limits);
  const workbookXml = partText(zip, 'xl/workbook.xml');
  if (workbookXml === undefined) {
    fail('the zip has no xl/workbook.xml, so it is not an Excel workbook. Save it from Excel as .xlsx');
  }
  const relsXml = partText(zip, 'xl/_rels/workbook.xml.rels') ?? '';
  const targets = new Map<string, string>();
  for (const tag of startTags(relsXml, 'Relationship')) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id !== undefined && target !== undefined) targets.set(id, resolveTarget(target));
  }
  const strings = sharedStrings(partText(zip, 'xl/sharedStrings.xml'));
  const sheets: RawSheet[] = [];
  const byName = new Map<string, RawSheet>();
  for (const tag of startTags(workbookXml, 'sheet')) {
    const name = attribute(tag, 'name');
    const id = attribute(tag, 'id');
    if (name === undefined || id === undefined) fail('xl/workbook.xml lists a sheet without a name or part');
    const path = targets.get(id);
    if (path === undefined) fail(`sheet "${name}" points to no part; the workbook is damaged`);
    const xml = partText(zip, path);
    if (xml === undefined) fail(`sheet "${name}" is missing from the zip (${path}); the workbook is damaged`);
    const sheet = readSheetXml(xml, name, strings);
    sheets.push(sheet);
    if (!byName.has(name)) byName.set(name, sheet);
  }
  return { sheets, sheet: (name) => byName.get(name) };
}

/** How many rows and columns each sheet has: what a person sees when they open the workbook. */
export interface SheetSummary {
  readonly name: string;
  /** `<row>` elements in the sheet (header rows included). */
  readonly rows: number;
  /** Widest row, in cells. */
  readonly columns: number;
}

export function summarizeSheets(workbook: RawWorkbook): SheetSummary[] {
  return workbook.sheets.map((sheet) => ({
    name: sheet.name,
    rows: sheet.rowElements,
    columns: sheet.rows.reduce((widest, row) => Math.max(widest, row?.length ?? 0), 0),
  }));
}
