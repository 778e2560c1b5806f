/**
 * A defensive zip reader for workbooks (an .xlsx is a zip of XML parts). Everything a zip bomb relies on is
 * refused from the central directory and the local headers before a single byte is inflated:
 *
 * - more than {@link ZipLimits.maxEntries} entries;
 * - a declared uncompressed total over {@link ZipLimits.maxTotalBytes} (256 MiB by default: a workbook of a
 *   million elements is about 150 MiB of XML, and V8 cannot hold a string much over 512 M characters anyway);
 * - an entry whose declared ratio (uncompressed / compressed) is over {@link ZipLimits.maxRatio} (deflate tops out
 *   near 1032:1; sheet XML compresses 5–40:1);
 * - entries whose data overlap (the "overlapping entries" bomb reuses one compressed stream many times);
 * - ZIP64, encryption, compression other than stored/deflate, which we cannot check the same way;
 * - nested archives (.zip, .xlsx … inside, or an entry that starts with a zip signature once inflated).
 *
 * Declared sizes can lie, so {@link GuardedZip.read} inflates with fflate's streaming `Inflate`, counting real
 * output, and stops the moment an entry produces more than it declared; the CRC-32 is checked at the end.
 * Every refusal is a `ParseError` that says what is wrong with the file.
 */
import { Inflate } from 'fflate';
import { ParseError } from '../parseError';
import { utf8Decode } from './utf8';

export interface ZipLimits {
  /** Most entries accepted (a 57-sheet SAP export has about 70). */
  readonly maxEntries: number;
  /** Most uncompressed bytes accepted, over all entries, as declared and as really inflated. */
  readonly maxTotalBytes: number;
  /** Highest uncompressed/compressed ratio of one entry (entries under 64 KiB uncompressed are exempt). */
  readonly maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 256 * 1024 * 1024,
  maxRatio: 200,
};

export interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly crc32: number;
  /** Where the compressed data starts in the file. */
  readonly dataOffset: number;
}

export interface GuardedZip {
  readonly entries: readonly ZipEntry[];
  /** Declared uncompressed bytes of all entries. */
  readonly declaredTotal: number;
  has(name: string): boolean;
  /** The inflated bytes of an entry, or undefined when there is none of that name. */
  read(name: string): Uint8Array | undefined;
}

const FORMAT = 'xlsx';
const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const RATIO_EXEMPT_BYTES = 64 * 1024;
const INFLATE_CHUNK = 16 * 1024;
const NESTED_EXTENSIONS = ['.zip', '.xlsx', '.xlsm', '.xlsb', '.docx', '.pptx', '.jar', '.7z', '.rar', '.gz'];

function refuse(message: string): never {
  throw new ParseError(FORMAT, 0, message);
}

/** Whether the bytes start like a zip archive (local header, or an empty archive's end record). */
export function hasZipSignature(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  );
}

function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] as number) | ((bytes[at + 1] as number) << 8);
}

function u32(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at] as number) |
      ((bytes[at + 1] as number) << 8) |
      ((bytes[at + 2] as number) << 16) |
      ((bytes[at + 3] as number) << 24)) >>>
    0
  );
}

/** Zip file names are CP437 unless flag bit 11 says UTF-8; xlsx part names are ASCII either way. */
function decodeName(bytes: Uint8Array, utf8: boolean): string {
  if (utf8) return utf8Decode(bytes);
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
}

function findEndRecord(bytes: Uint8Array): number {
  // The end record is 22 bytes plus a comment of at most 65535 bytes, at the very end of the file.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (u32(bytes, at) === SIG_END && at + 22 + u16(bytes, at + 20) <= bytes.length) return at;
  }
  return -1;
}

const NOT_A_WORKBOOK =
  'the file is not a readable Excel workbook (.xlsx): its zip directory is missing or damaged. Open it in Excel and save it again as an Excel Workbook (.xlsx)';

/**
 * Reads the zip's directory and checks it against `limits` without inflating anything. Throws `ParseError` for a
 * damaged archive or one that looks like a zip bomb.
 */
export function openGuardedZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): GuardedZip {
  if (bytes.length === 0) refuse('the file is empty');
  if (!hasZipSignature(bytes)) {
    refuse(
      'the file is not an Excel workbook (.xlsx): it does not start like one. Old .xls files and CSV text are not read; save the sheet as an Excel Workbook (.xlsx)',
    );
  }
  const end = findEndRecord(bytes);
  if (end < 0) refuse(NOT_A_WORKBOOK);
  if (end >= 20 && u32(bytes, end - 20) === SIG_ZIP64_LOCATOR) {
    refuse(
      'the workbook uses ZIP64, which is only needed above 4 GB; Gusset reads workbooks up to 256 MiB unpacked. Split the model or remove data it does not need',
    );
  }
  const count = u16(bytes, end + 10);
  const directorySize = u32(bytes, end + 12);
  const directoryOffset = u32(bytes, end + 16);
  if (u16(bytes, end + 8) !== count || u16(bytes, end + 4) !== 0 || u16(bytes, end + 6) !== 0) {
    refuse('the workbook is a multi-part (spanned) zip, which Excel never writes');
  }
  if (count === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) {
    refuse('the workbook uses ZIP64 fields, which Gusset does not read');
  }
  if (count > limits.maxEntries) {
    refuse(
      `the workbook holds ${count} parts; Gusset reads at most ${limits.maxEntries}. This is not a normal Excel workbook (it may be a zip bomb)`,
    );
  }
  if (directoryOffset + directorySize > end) refuse(NOT_A_WORKBOOK);

  const entries: ZipEntry[] = [];
  const byName = new Map<string, ZipEntry>();
  const spans: Array<[number, number]> = [];
  let declaredTotal = 0;
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || u32(bytes, at) !== SIG_CENTRAL) refuse(NOT_A_WORKBOOK);
    const flags = u16(bytes, at + 8);
    const method = u16(bytes, at + 10);
    const crc32 = u32(bytes, at + 16);
    const compressedSize = u32(bytes, at + 20);
    const uncompressedSize = u32(bytes, at + 24);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    const localOffset = u32(bytes, at + 42);
    if (at + 46 + nameLength > end) refuse(NOT_A_WORKBOOK);
    const nameStart = at + 46;
    const name = decodeName(bytes.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) !== 0);
    at += 46 + nameLength + extraLength + commentLength;

    if ((flags & 0x1) !== 0 || (flags & 0x40) !== 0) {
      refuse(
        'the workbook is password-protected (encrypted). Remove the password in Excel (File > Info > Protect Workbook) and upload it again',
      );
    }
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localOffset === 0xffffffff) {
      refuse('the workbook uses ZIP64 fields, which Gusset does not read');
    }
    if (method !== 0 && method !== 8) {
      refuse(
        `part "${name}" is compressed with method ${method}; Excel only uses deflate. Save the file again in Excel`,
      );
    }
    const lower = name.toLowerCase();
    if (NESTED_EXTENSIONS.some((extension) => lower.endsWith(extension))) {
      refuse(
        `the workbook contains another archive ("${name}"), such as an embedded workbook. Gusset does not open archives inside archives: remove the embedded object and upload again`,
      );
    }
    if (name.startsWith('/') || name.includes('\\') || name.split('/').includes('..')) {
      refuse(`part "${name}" has an unsafe path; this is not a workbook Excel wrote`);
    }
    if (byName.has(name)) refuse(`part "${name}" appears twice; the workbook is damaged`);
    if (method === 0 && compressedSize !== uncompressedSize) refuse(NOT_A_WORKBOOK);
    if (
      uncompressedSize > RATIO_EXEMPT_BYTES &&
      uncompressedSize > limits.maxRatio * Math.max(compressedSize, 1)
    ) {
      refuse(
        `part "${name}" would unpack ${Math.round(uncompressedSize / Math.max(compressedSize, 1))} times larger than it is stored (at most ${limits.maxRatio} is accepted): this looks like a zip bomb, not a workbook`,
      );
    }
    declaredTotal += uncompressedSize;
    if (declaredTotal > limits.maxTotalBytes) {
      refuse(
        `the workbook would unpack to more than ${Math.round(limits.maxTotalBytes / 1048576)} MiB; Gusset refuses larger workbooks (a zip bomb looks like this too). Split the model into smaller workbooks`,
      );
    }

    // The local header repeats the name; its data must lie inside the file, before the directory.
    if (localOffset + 30 > directoryOffset || u32(bytes, localOffset) !== SIG_LOCAL) refuse(NOT_A_WORKBOOK);
    if ((u16(bytes, localOffset + 6) & 0x1) !== 0) {
      refuse(
        'the workbook is password-protected (encrypted). Remove the password in Excel and upload it again',
      );
    }
    const localNameLength = u16(bytes, localOffset + 26);
    const localExtraLength = u16(bytes, localOffset + 28);
    const dataOffset = localOffset + 30 + localNameLength + localExtraLength;
    if (localNameLength !== nameLength || dataOffset + compressedSize > directoryOffset)
      refuse(NOT_A_WORKBOOK);
    for (let offset = 0; offset < nameLength; offset++) {
      if (bytes[localOffset + 30 + offset] !== bytes[nameStart + offset]) refuse(NOT_A_WORKBOOK);
    }
    spans.push([localOffset, dataOffset + compressedSize]);
    const entry: ZipEntry = { name, method, compressedSize, uncompressedSize, crc32, dataOffset };
    entries.push(entry);
    byName.set(name, entry);
  }

  spans.sort((a, b) => a[0] - b[0]);
  for (let index = 1; index < spans.length; index++) {
    if ((spans[index] as [number, number])[0] < (spans[index - 1] as [number, number])[1]) {
      refuse('parts of the workbook overlap each other inside the zip: this is a zip bomb, not a workbook');
    }
  }

  let inflatedTotal = 0;
  return {
    entries,
    declaredTotal,
    has: (name) => byName.has(name),
    read(name) {
      const entry = byName.get(name);
      if (entry === undefined) return undefined;
      const out = inflateEntry(bytes, entry);
      inflatedTotal += out.length;
      if (inflatedTotal > limits.maxTotalBytes) {
        refuse(`the workbook unpacks to more than ${Math.round(limits.maxTotalBytes / 1048576)} MiB`);
      }
      return out;
    },
  };
}

function inflateEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const source = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  let out: Uint8Array;
  if (entry.method === 0) {
    out = source.slice();
  } else {
    out = new Uint8Array(entry.uncompressedSize);
    let written = 0;
    const lying = (): never =>
      refuse(
        `part "${entry.name}" unpacks to more than the ${entry.uncompressedSize} bytes its header declares: the zip lies about its sizes (a zip bomb does this)`,
      );
    const inflater = new Inflate((chunk) => {
      if (written + chunk.length > out.length) lying();
      out.set(chunk, written);
      written += chunk.length;
    });
    try {
      for (let offset = 0; offset < source.length; offset += INFLATE_CHUNK) {
        const last = offset + INFLATE_CHUNK >= source.length;
        inflater.push(source.subarray(offset, Math.min(source.length, offset + INFLATE_CHUNK)), last);
      }
      if (source.length === 0) inflater.push(new Uint8Array(0), true);
    } catch (error) {
      if (error instanceof ParseError) throw error;
      refuse(
        `part "${entry.name}" of the workbook is damaged and cannot be unpacked; save the file again in Excel`,
      );
    }
    if (written !== out.length) {
      refuse(
        `part "${entry.name}" unpacks to ${written} bytes, not the ${out.length} its header declares: the workbook is damaged`,
      );
    }
  }
  if (crc32(out) !== entry.crc32) {
    refuse(
      `part "${entry.name}" of the workbook is damaged (checksum mismatch); save the file again in Excel`,
    );
  }
  if (entry.uncompressedSize >= 4 && hasZipSignature(out)) {
    refuse(
      `the workbook contains another archive ("${entry.name}"). Gusset does not open archives inside archives`,
    );
  }
  return out;
}

/**
 * CRC-32 tables for "slicing by 8" (eight bytes per step instead of one: about four times faster, and every
 * byte of a 100 MB workbook passes through here): table k maps a byte to its CRC after k more zero bytes.
 */
const CRC_TABLES: Uint32Array = (() => {
  const tables = new Uint32Array(256 * 8);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    let c = tables[n] as number;
    for (let table = 1; table < 8; table++) {
      c = (tables[c & 0xff] as number) ^ (c >>> 8);
      tables[table * 256 + n] = c >>> 0;
    }
  }
  return tables;
})();

export function crc32(bytes: Uint8Array): number {
  const t = CRC_TABLES;
  let crc = 0xffffffff;
  let index = 0;
  const whole = bytes.length - (bytes.length % 8);
  for (; index < whole; index += 8) {
    const low =
      (crc ^
        ((bytes[index] as number) |
          ((bytes[index + 1] as number) << 8) |
          ((bytes[index + 2] as number) << 16) |
          ((bytes[index + 3] as number) << 24))) >>>
      0;
    crc =
      (t[1792 + (low & 0xff)] as number) ^
      (t[1536 + ((low >>> 8) & 0xff)] as number) ^
      (t[1280 + ((low >>> 16) & 0xff)] as number) ^
      (t[1024 + (low >>> 24)] as number) ^
      (t[768 + (bytes[index + 4] as number)] as number) ^
      (t[512 + (bytes[index + 5] as number)] as number) ^
      (t[256 + (bytes[index + 6] as number)] as number) ^
      (t[bytes[index + 7] as number] as number);
  }
  for (; index < bytes.length; index++) {
    crc = (t[(crc ^ (bytes[index] as number)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}
