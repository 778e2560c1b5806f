/**
 * A result set as one byte string, for storing beside a version (content-addressed like model objects) and for
 * sending to the viewer: a JSON header (program, report, per table its fields and text dictionaries) followed by
 * the typed arrays' own bytes, each at an offset aligned for its element size. Decoding makes views onto the
 * bytes, not copies: a million rows cost their arrays once, not a million objects.
 *
 *     "GRS1"  u32 header length  header JSON (UTF-8)  padding to 8  array bytes…
 *
 * Arrays are little-endian, as every platform Gusset runs on; a big-endian one is refused rather than misread.
 */
import type { ReportItem } from '../formats/report';
import { utf8Decode, utf8Encode } from '../formats/xlsx/utf8';
import { RESULT_KINDS, type ResultKind } from './catalogue';
import type { Codes, ResultSet, ResultTable, TextColumn } from './store';

const MAGIC = 'GRS1';

export class ResultsEncodingError extends Error {
  override readonly name = 'ResultsEncodingError';
}

interface TextHeader {
  readonly field: string;
  readonly values: readonly string[];
  readonly width: 1 | 2 | 4;
  readonly offset: number;
}

interface TableHeader {
  readonly kind: ResultKind;
  readonly sources: readonly string[];
  readonly rowCount: number;
  readonly text: readonly TextHeader[];
  readonly numbers: ReadonlyArray<{ readonly field: string; readonly offset: number }>;
}

interface Header {
  readonly program?: string;
  readonly items: readonly ReportItem[];
  readonly tables: readonly TableHeader[];
}

function requireLittleEndian(): void {
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
    throw new ResultsEncodingError('stored results are little-endian; this platform is not');
  }
}

const align = (offset: number, size: number) => Math.ceil(offset / size) * size;

export function encodeResults(set: ResultSet): Uint8Array {
  requireLittleEndian();
  const arrays: Array<{ bytes: Uint8Array; offset: number }> = [];
  let offset = 0;
  const place = (array: Codes | Float64Array): number => {
    offset = align(offset, array.BYTES_PER_ELEMENT === 8 ? 8 : array.BYTES_PER_ELEMENT);
    const at = offset;
    arrays.push({ bytes: new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset: at });
    offset += array.byteLength;
    return at;
  };
  const tables: TableHeader[] = set.tables.map((table) => ({
    kind: table.kind,
    sources: table.sources,
    rowCount: table.rowCount,
    text: Object.entries(table.text).map(([field, column]) => ({
      field,
      values: column.values,
      width: column.codes.BYTES_PER_ELEMENT as 1 | 2 | 4,
      offset: place(column.codes),
    })),
    numbers: Object.entries(table.numbers).map(([field, column]) => ({ field, offset: place(column) })),
  }));
  const header: Header = {
    ...(set.program === undefined ? {} : { program: set.program }),
    items: set.items,
    tables,
  };
  const json = utf8Encode(JSON.stringify(header));
  const start = align(8 + json.length, 8);
  const out = new Uint8Array(start + offset);
  out.set(utf8Encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(4, json.length, true);
  out.set(json, 8);
  for (const array of arrays) out.set(array.bytes, start + array.offset);
  return out;
}

function codesView(buffer: ArrayBuffer, offset: number, width: 1 | 2 | 4, length: number): Codes {
  if (width === 1) return new Uint8Array(buffer, offset, length);
  if (width === 2) return new Uint16Array(buffer, offset, length);
  return new Uint32Array(buffer, offset, length);
}

/**
 * The result set `encodeResults` made. The arrays are views onto `bytes` (copied first only when `bytes` does not
 * start at an 8-byte boundary of its buffer). Throws ResultsEncodingError for bytes it did not make.
 */
export function decodeResults(bytes: Uint8Array): ResultSet {
  requireLittleEndian();
  if (bytes.length < 8 || utf8Decode(bytes.subarray(0, 4)) !== MAGIC) {
    throw new ResultsEncodingError('not stored results (no GRS1 header)');
  }
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  if (8 + headerLength > bytes.length)
    throw new ResultsEncodingError('stored results are cut short (header)');
  let header: Header;
  try {
    header = JSON.parse(utf8Decode(bytes.subarray(8, 8 + headerLength))) as Header;
  } catch {
    throw new ResultsEncodingError('stored results have an unreadable header');
  }
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const start = aligned.byteOffset + align(8 + headerLength, 8);
  const end = aligned.byteOffset + aligned.byteLength;
  const buffer = aligned.buffer as ArrayBuffer;
  const within = (offset: number, byteLength: number) => {
    if (!Number.isSafeInteger(offset) || offset < 0 || start + offset + byteLength > end) {
      throw new ResultsEncodingError('stored results are cut short (arrays)');
    }
    return start + offset;
  };
  const tables: ResultTable[] = header.tables.map((table) => {
    if (!RESULT_KINDS.includes(table.kind))
      throw new ResultsEncodingError(`unknown result kind ${String(table.kind)}`);
    const text: Record<string, TextColumn> = {};
    for (const column of table.text) {
      const at = within(column.offset, column.width * table.rowCount);
      text[column.field] = {
        values: column.values,
        codes: codesView(buffer, at, column.width, table.rowCount),
      };
    }
    const numbers: Record<string, Float64Array> = {};
    for (const column of table.numbers) {
      numbers[column.field] = new Float64Array(
        buffer,
        within(column.offset, 8 * table.rowCount),
        table.rowCount,
      );
    }
    return { kind: table.kind, sources: table.sources, rowCount: table.rowCount, text, numbers };
  });
  return {
    ...(header.program === undefined ? {} : { program: header.program }),
    tables,
    items: header.items,
  };
}
