/**
 * Bytes ⇄ text for the CSI table files. SAP2000 25+ writes UTF-8 (Example 1-001 has a UTF-8 "Ø"), older CSI
 * programs write the Windows ANSI code page, so input is read as UTF-8 when it is valid UTF-8 and as windows-1252
 * otherwise. Output is always UTF-8, which is what the newest files seen use.
 */

export type SourceEncoding = 'ascii' | 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export interface DecodedText {
  readonly text: string;
  readonly encoding: SourceEncoding;
}

/** windows-1252 code points for bytes 0x80–0x9F; 0 marks the five bytes the code page leaves undefined. */
const cp1252High = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
  0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0, 0x017e, 0x0178,
];

const cp1252Table: Uint16Array = (() => {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) table[byte] = byte;
  // Undefined bytes map to the C1 control of the same value, as the WHATWG decoder does.
  cp1252High.forEach((codePoint, index) => {
    table[0x80 + index] = codePoint === 0 ? 0x80 + index : codePoint;
  });
  return table;
})();

interface NativeDecoder {
  decode(input: Uint8Array): string;
}
type NativeDecoderConstructor = new (label: string, options?: { fatal?: boolean }) => NativeDecoder;
interface NativeEncoder {
  encode(input: string): Uint8Array;
}
type NativeEncoderConstructor = new () => NativeEncoder;

/*
 * TextDecoder/TextEncoder exist in every runtime the engine targets (Node, browsers, workers) but their types come
 * from DOM or Node typings, which the engine may not load. They are looked up on globalThis and the hand-written
 * codecs below take over when they are missing, so the engine stays runnable anywhere.
 */
const runtime = globalThis as {
  TextDecoder?: NativeDecoderConstructor;
  TextEncoder?: NativeEncoderConstructor;
};

const CHUNK = 0x2000;

function decodeSingleByte(bytes: Uint8Array, table: Uint16Array | null): string {
  const parts: string[] = [];
  const codes = new Uint16Array(Math.min(CHUNK, bytes.length));
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(start + CHUNK, bytes.length);
    const view = end - start === codes.length ? codes : codes.subarray(0, end - start);
    for (let index = start; index < end; index++) {
      const byte = bytes[index] as number;
      view[index - start] = table === null ? byte : (table[byte] as number);
    }
    parts.push(String.fromCharCode.apply(null, view as unknown as number[]));
  }
  return parts.join('');
}

/** Returns the decoded text, or null when the bytes are not valid UTF-8. */
function decodeUtf8Strict(bytes: Uint8Array, start: number): string | null {
  if (runtime.TextDecoder) {
    try {
      return new runtime.TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start));
    } catch {
      return null;
    }
  }
  return decodeUtf8Fallback(bytes, start);
}

function decodeUtf8Fallback(bytes: Uint8Array, start: number): string | null {
  const parts: string[] = [];
  let units: number[] = [];
  let index = start;
  while (index < bytes.length) {
    const byte = bytes[index] as number;
    let codePoint: number;
    let extra: number;
    if (byte < 0x80) {
      codePoint = byte;
      extra = 0;
    } else if (byte >= 0xc2 && byte <= 0xdf) {
      codePoint = byte & 0x1f;
      extra = 1;
    } else if (byte >= 0xe0 && byte <= 0xef) {
      codePoint = byte & 0x0f;
      extra = 2;
    } else if (byte >= 0xf0 && byte <= 0xf4) {
      codePoint = byte & 0x07;
      extra = 3;
    } else {
      return null;
    }
    for (let k = 1; k <= extra; k++) {
      const next = bytes[index + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return null;
      codePoint = (codePoint << 6) | (next & 0x3f);
    }
    if (
      (extra === 2 && (codePoint < 0x800 || (codePoint >= 0xd800 && codePoint <= 0xdfff))) ||
      (extra === 3 && (codePoint < 0x10000 || codePoint > 0x10ffff))
    ) {
      return null;
    }
    if (codePoint >= 0x10000) {
      const offset = codePoint - 0x10000;
      units.push(0xd800 + (offset >> 10), 0xdc00 + (offset & 0x3ff));
    } else {
      units.push(codePoint);
    }
    index += extra + 1;
    if (units.length >= CHUNK) {
      parts.push(String.fromCharCode.apply(null, units));
      units = [];
    }
  }
  parts.push(String.fromCharCode.apply(null, units));
  return parts.join('');
}

function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  const parts: string[] = [];
  let units: number[] = [];
  for (let index = 2; index + 1 < bytes.length; index += 2) {
    const low = bytes[index] as number;
    const high = bytes[index + 1] as number;
    units.push(littleEndian ? low | (high << 8) : (low << 8) | high);
    if (units.length >= CHUNK) {
      parts.push(String.fromCharCode.apply(null, units));
      units = [];
    }
  }
  parts.push(String.fromCharCode.apply(null, units));
  return parts.join('');
}

/** Decodes a CSI text file: BOMs honoured, UTF-8 when valid, windows-1252 otherwise. */
export function decodeCsiText(bytes: Uint8Array): DecodedText {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: decodeUtf16(bytes, true), encoding: 'utf-16le' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: decodeUtf16(bytes, false), encoding: 'utf-16be' };
  }
  const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  // Pure ASCII is valid UTF-8, and the runtime's UTF-8 decoder is its fastest path, so one strict UTF-8 pass
  // both checks and decodes; only invalid UTF-8 falls back to windows-1252.
  const utf8 = decodeUtf8Strict(bytes, start);
  if (utf8 !== null)
    return { text: utf8, encoding: start === 0 && utf8.length === bytes.length ? 'ascii' : 'utf-8' };
  return { text: decodeSingleByte(bytes, cp1252Table), encoding: 'windows-1252' };
}

/** Encodes text as UTF-8 (no BOM). */
export function encodeUtf8(text: string): Uint8Array {
  if (runtime.TextEncoder) return new runtime.TextEncoder().encode(text);
  const out: number[] = [];
  for (let index = 0; index < text.length; index++) {
    let codePoint = text.charCodeAt(index);
    if (codePoint >= 0xd800 && codePoint <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (next - 0xdc00);
        index++;
      }
    }
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) codePoint = 0xfffd;
    if (codePoint < 0x80) out.push(codePoint);
    else if (codePoint < 0x800) out.push(0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f));
    else if (codePoint < 0x10000)
      out.push(0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f));
    else
      out.push(
        0xf0 | (codePoint >> 18),
        0x80 | ((codePoint >> 12) & 0x3f),
        0x80 | ((codePoint >> 6) & 0x3f),
        0x80 | (codePoint & 0x3f),
      );
  }
  return Uint8Array.from(out);
}

/** True when the first bytes look like a binary file rather than text (NUL bytes, as git's heuristic). */
export function looksBinary(bytes: Uint8Array): boolean {
  if (
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  ) {
    return false;
  }
  const limit = Math.min(bytes.length, 8192);
  for (let index = 0; index < limit; index++) if (bytes[index] === 0) return true;
  return false;
}

/** Exposed for tests: the hand-written codecs must agree with the native ones. */
export const fallbackCodecs = { decodeSingleByte, decodeUtf8Fallback, cp1252Table };
