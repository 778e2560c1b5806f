import { describe, expect, it } from 'vitest';
import { decodeText, decodeWindows1252, encodeWindows1252 } from './encoding';

describe('text decoding', () => {
  it('decodes windows-1252, including NBSP and the 0x80–0x9F block', () => {
    expect(decodeWindows1252(Uint8Array.from([0x70, 0x2e, 0xa0, 0x6d, 0x80, 0x93]))).toBe('p.\u00a0m€“');
  });

  it('round-trips windows-1252 and marks what it cannot hold', () => {
    const { bytes, unmappable } = encodeWindows1252('Ø €Ā');
    expect(Array.from(bytes)).toEqual([0xd8, 0x20, 0x80, 0x3f]);
    expect(unmappable).toBe(1);
  });

  it('prefers UTF-8 when the bytes are well-formed UTF-8, else windows-1252', () => {
    expect(decodeText(Uint8Array.from([0x36, 0xc3, 0x98])).text).toBe('6Ø');
    expect(decodeText(Uint8Array.from([0x36, 0xd8])).text).toBe('6Ø');
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41])).text).toBe('A');
    expect(decodeText(Uint8Array.from([0xff, 0xfe, 0x41, 0x00])).text).toBe('A');
  });
});
