/**
 * Byte ↔ text for the tools' files. CSI programs write the Windows code page (windows-1252), not UTF-8; their
 * newer tables may carry UTF-8. We decode ourselves so the engine needs no platform API.
 */

/** windows-1252 code points for bytes 0x80–0x9F; the other bytes equal their Latin-1 code point. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
] as const;

const DECODE_TABLE: string[] = Array.from({ length: 256 }, (_, byte) =>
  String.fromCharCode(byte >= 0x80 && byte <= 0x9f ? (CP1252_HIGH[byte - 0x80] ?? byte) : byte),
);

const ENCODE_HIGH = new Map<number, number>(CP1252_HIGH.map((codePoint, index) => [codePoint, 0x80 + index]));

/** Whether windows-1252 has a byte for this UTF-16 code unit (C1 controls count as not: they decode as others). */
export function inWindows1252(code: number): boolean {
  return code < 0x80 || (code >= 0xa0 && code <= 0xff) || (code > 0xff && ENCODE_HIGH.has(code));
}

/** Code units of the decode table, for filling a chunk without building a string per byte. */
const DECODE_CODES = Uint16Array.from(DECODE_TABLE, (char) => char.charCodeAt(0));

/** The index of the first byte ≥ 0x80, or -1 when the bytes are all ASCII. */
export function firstNonAscii(bytes: Uint8Array): number {
  const length = bytes.length;
  let index = 0;
  // Four bytes at a time where the buffer is aligned: model files are almost entirely ASCII.
  if (bytes.byteOffset % 4 === 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, length >>> 2);
    let word = 0;
    while (word < words.length && ((words[word] as number) & 0x80808080) === 0) word++;
    index = word << 2;
  }
  while (index < length && (bytes[index] as number) < 0x80) index++;
  return index < length ? index : -1;
}

interface NativeTextDecoder {
  decode(bytes: Uint8Array): string;
}

/**
 * The platform's UTF-8 decoder when there is one (browsers, Node, workers): for ASCII every encoding we read
 * agrees, and it is several times faster than building strings in JS. Without one we decode in JS.
 */
const nativeDecoder: NativeTextDecoder | undefined = (() => {
  const constructor = (globalThis as { TextDecoder?: new (label: string) => NativeTextDecoder }).TextDecoder;
  try {
    return constructor ? new constructor('utf-8') : undefined;
  } catch {
    return undefined;
  }
})();

/**
 * The platform's strict UTF-8 decoder (it throws on malformed input, and keeps a BOM): one native pass that both
 * validates and decodes, where checking for ASCII in JS first costs as much again.
 */
const strictUtf8Decoder: NativeTextDecoder | undefined = (() => {
  const constructor = (
    globalThis as {
      TextDecoder?: new (label: string, options: { fatal: boolean; ignoreBOM: boolean }) => NativeTextDecoder;
    }
  ).TextDecoder;
  try {
    return constructor ? new constructor('utf-8', { fatal: true, ignoreBOM: true }) : undefined;
  } catch {
    return undefined;
  }
})();

/** Decodes bytes the caller knows are all below 0x80. */
function decodeAscii(bytes: Uint8Array): string {
  if (nativeDecoder) return nativeDecoder.decode(bytes);
  const chunkSize = 0x2000;
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += chunkSize) {
    // A typed array goes to apply as is: an Array.from copy per chunk costs more than the decoding.
    parts.push(
      String.fromCharCode.apply(null, bytes.subarray(start, start + chunkSize) as unknown as number[]),
    );
  }
  return parts.join('');
}

export function decodeWindows1252(bytes: Uint8Array): string {
  const first = firstNonAscii(bytes);
  if (first < 0) return decodeAscii(bytes);
  const chunkSize = 0x2000;
  const parts: string[] = [decodeAscii(bytes.subarray(0, first))];
  const codes = new Uint16Array(chunkSize);
  for (let start = first; start < bytes.length; start += chunkSize) {
    const end = Math.min(bytes.length, start + chunkSize);
    for (let index = start; index < end; index++) {
      codes[index - start] = DECODE_CODES[bytes[index] as number] as number;
    }
    parts.push(String.fromCharCode.apply(null, codes.subarray(0, end - start) as unknown as number[]));
  }
  return parts.join('');
}

interface NativeTextEncoder {
  encodeInto(text: string, into: Uint8Array): { read: number; written: number };
}

/** The platform's UTF-8 encoder when there is one: for ASCII text its bytes are the windows-1252 bytes. */
const nativeEncoder: NativeTextEncoder | undefined = (() => {
  const constructor = (globalThis as { TextEncoder?: new () => NativeTextEncoder }).TextEncoder;
  try {
    return constructor ? new constructor() : undefined;
  } catch {
    return undefined;
  }
})();

/** Encodes `text` into `bytes` from `offset` (which has room for `text.length` bytes); returns the unmappable count. */
function encodeWindows1252Into(text: string, bytes: Uint8Array, offset: number): number {
  if (nativeEncoder) {
    // Any non-ASCII character takes at least two UTF-8 bytes, so the encoder runs out of room before reading
    // all of the text; all read and all written means the text was ASCII and the bytes are right.
    const { read, written } = nativeEncoder.encodeInto(text, bytes.subarray(offset, offset + text.length));
    if (read === text.length && written === text.length) return 0;
  }
  let unmappable = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes[offset + index] = code;
    else {
      const mapped = ENCODE_HIGH.get(code) ?? (code >= 0x80 && code <= 0x9f ? code : undefined);
      if (mapped === undefined) {
        bytes[offset + index] = 0x3f;
        unmappable++;
      } else bytes[offset + index] = mapped;
    }
  }
  return unmappable;
}

/**
 * Windows-1252 bytes built up from many small strings: the text is encoded every 64K characters, so a writer of
 * a million lines keeps a few thousand byte chunks alive rather than millions of line strings.
 */
export class Windows1252Chunks {
  readonly chunks: Uint8Array[] = [];
  /** Characters outside windows-1252 so far, each written as `?`. */
  unmappable = 0;
  private pending = '';

  add(text: string): void {
    this.pending += text;
    if (this.pending.length >= 0x10000) this.flush();
  }

  /** Appends chunks another encoder built, after this one's own pending text. */
  addEncoded(other: Windows1252Chunks): void {
    other.flush();
    this.flush();
    for (const chunk of other.chunks) this.chunks.push(chunk);
    this.unmappable += other.unmappable;
  }

  flush(): void {
    if (this.pending === '') return;
    const bytes = new Uint8Array(this.pending.length);
    this.unmappable += encodeWindows1252Into(this.pending, bytes, 0);
    this.chunks.push(bytes);
    this.pending = '';
  }

  /** All the bytes, in one array. */
  bytes(): Uint8Array {
    this.flush();
    let total = 0;
    for (const chunk of this.chunks) total += chunk.length;
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const chunk of this.chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    return bytes;
  }
}

/** Encodes to windows-1252; characters it cannot hold become `?` and are counted in `unmappable`. */
export function encodeWindows1252(text: string): { bytes: Uint8Array; unmappable: number } {
  const bytes = new Uint8Array(text.length);
  return { bytes, unmappable: encodeWindows1252Into(text, bytes, 0) };
}

/** True when the bytes are well-formed UTF-8 and contain at least one multi-byte sequence. */
export function looksLikeUtf8(bytes: Uint8Array): boolean {
  let sawMultiByte = false;
  const total = bytes.length;
  for (let index = 0; index < total;) {
    // Skip ASCII eight bytes at a time: most model files are almost entirely ASCII.
    while (
      index + 8 <= total &&
      (((bytes[index] as number) |
        (bytes[index + 1] as number) |
        (bytes[index + 2] as number) |
        (bytes[index + 3] as number) |
        (bytes[index + 4] as number) |
        (bytes[index + 5] as number) |
        (bytes[index + 6] as number) |
        (bytes[index + 7] as number)) &
        0x80) ===
        0
    ) {
      index += 8;
    }
    if (index >= total) break;
    const byte = bytes[index] as number;
    if (byte < 0x80) {
      index++;
      continue;
    }
    const length = byte >= 0xf0 && byte <= 0xf4 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc2 && byte <= 0xdf ? 2 : 0;
    if (length === 0 || (byte >= 0xe0 && byte < 0xf0 && length !== 3)) return false;
    for (let next = 1; next < length; next++) {
      const continuation = bytes[index + next];
      if (continuation === undefined || (continuation & 0xc0) !== 0x80) return false;
    }
    sawMultiByte = true;
    index += length;
  }
  return sawMultiByte;
}

export function decodeUtf8(bytes: Uint8Array): string {
  let text = '';
  for (let index = 0; index < bytes.length;) {
    const byte = bytes[index] as number;
    let codePoint: number;
    let length: number;
    if (byte < 0x80) {
      codePoint = byte;
      length = 1;
    } else if (byte >= 0xc2 && byte <= 0xdf) {
      codePoint = ((byte & 0x1f) << 6) | ((bytes[index + 1] ?? 0) & 0x3f);
      length = 2;
    } else if (byte >= 0xe0 && byte <= 0xef) {
      codePoint =
        ((byte & 0x0f) << 12) | (((bytes[index + 1] ?? 0) & 0x3f) << 6) | ((bytes[index + 2] ?? 0) & 0x3f);
      length = 3;
    } else if (byte >= 0xf0 && byte <= 0xf4) {
      codePoint =
        ((byte & 0x07) << 18) |
        (((bytes[index + 1] ?? 0) & 0x3f) << 12) |
        (((bytes[index + 2] ?? 0) & 0x3f) << 6) |
        ((bytes[index + 3] ?? 0) & 0x3f);
      length = 4;
    } else {
      codePoint = 0xfffd;
      length = 1;
    }
    text += String.fromCodePoint(codePoint);
    index += length;
  }
  return text;
}

export function encodeUtf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number;
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

export type TextEncodingName = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

/**
 * Decodes a tool's text file: a BOM wins; otherwise well-formed UTF-8 with multi-byte sequences is UTF-8, and
 * anything else is windows-1252 (which never fails, so stray 0xA0 bytes survive as NBSP).
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: decodeUtf8(bytes.subarray(3)), encoding: 'utf-8' };
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    const littleEndian = bytes[0] === 0xff;
    let text = '';
    for (let index = 2; index + 1 < bytes.length; index += 2) {
      const low = bytes[index] as number;
      const high = bytes[index + 1] as number;
      text += String.fromCharCode(littleEndian ? low | (high << 8) : (low << 8) | high);
    }
    return { text, encoding: littleEndian ? 'utf-16le' : 'utf-16be' };
  }
  if (strictUtf8Decoder) {
    let text: string | undefined;
    try {
      text = strictUtf8Decoder.decode(bytes);
    } catch {
      // Not well-formed UTF-8: decided below (windows-1252, unless the looser check says UTF-8).
    }
    // Well-formed UTF-8. As long as the bytes, it is all ASCII (every multi-byte sequence is fewer UTF-16 units
    // than bytes), read alike by every candidate encoding: windows-1252, as below. Shorter, it has multi-byte
    // sequences, which `looksLikeUtf8` accepts and `decodeUtf8` decodes to this same text.
    if (text !== undefined)
      return { text, encoding: text.length === bytes.length ? 'windows-1252' : 'utf-8' };
  }
  // All ASCII: every candidate encoding reads it alike, and it is not UTF-8 with multi-byte sequences.
  if (firstNonAscii(bytes) < 0) return { text: decodeAscii(bytes), encoding: 'windows-1252' };
  if (looksLikeUtf8(bytes)) return { text: decodeUtf8(bytes), encoding: 'utf-8' };
  return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
}

/**
 * Windows-1252 bytes a reader cannot take for UTF-8: where every non-ASCII byte happens to form a UTF-8 sequence
 * (`ß` then NBSP is `DF A0`, UTF-8 for `ߠ`), `decodeText` would read other characters, so the same text is given
 * as UTF-8 behind a BOM, which every reader that sniffs the encoding honours. Other bytes are returned as they are.
 */
export function unambiguousWindows1252(bytes: Uint8Array): Uint8Array {
  if (firstNonAscii(bytes) < 0 || !looksLikeUtf8(bytes)) return bytes;
  const utf8 = encodeUtf8(decodeWindows1252(bytes));
  const out = new Uint8Array(utf8.length + 3);
  out.set([0xef, 0xbb, 0xbf]);
  out.set(utf8, 3);
  return out;
}
