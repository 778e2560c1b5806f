/** IFC's own base-64 alphabet for GlobalIds (not RFC 4648's). */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/**
 * 128 bits of `text` as four unsigned 32-bit words (cyrb128: four multiply-xor lanes with a final mix, so keys that
 * differ in their last character still differ in every word). Not cryptographic; it only has to spread ids.
 */
export function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let index = 0; index < text.length; index++) {
    const k = text.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** `width` bits of the 128-bit big-endian `words` starting `offset` bits from the top. */
function bitsAt(words: readonly number[], offset: number, width: number): number {
  let value = 0;
  for (let bit = offset; bit < offset + width; bit++) {
    value = (value << 1) | (((words[bit >>> 5] ?? 0) >>> (31 - (bit & 31))) & 1);
  }
  return value;
}

/**
 * A 22-character IFC GlobalId from 128 bits, laid out as IFC compresses a GUID: the first character carries the
 * top 2 bits, each of the other 21 carries 6.
 */
export function compressGuid(words: readonly number[]): string {
  let text = ALPHABET[bitsAt(words, 0, 2)] ?? '0';
  for (let offset = 2; offset < 128; offset += 6) text += ALPHABET[bitsAt(words, offset, 6)] ?? '0';
  return text;
}

/**
 * Deterministic GlobalIds: the same key (an object kind and its canonical id) gives the same GlobalId in every
 * export, so a tool that tracks objects by GlobalId (Revit, Tekla, IfcDiff) sees the same object in the next
 * export. A collision inside one file (about 1 in 10^26 for a million objects) is still checked and broken by
 * rehashing, so the file stays valid.
 */
export class GlobalIds {
  private readonly used = new Set<string>();

  next(key: string): string {
    for (let attempt = 0; ; attempt++) {
      const id = compressGuid(hash128(attempt === 0 ? key : `${key}\u0000${attempt}`));
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }
}
