import { describe, expect, it } from 'vitest';
import {
  decodeText,
  decodeUtf8,
  decodeWindows1252,
  encodeWindows1252,
  looksLikeUtf8,
  Windows1252Chunks,
} from './encoding';

describe('text decoding', () => {
  it('decodes windows-1252, including NBSP and the 0x80–0x9F block', () => {
    expect(decodeWindows1252(Uint8Array.from([0x70, 0x2e, 0xa0, 0x6d, 0x80, 0x93]))).toBe('p.\u00a0m€“');
  });

  it('round-trips windows-1252 and marks what it cannot hold', () => {
    const { bytes, unmappable } = encodeWindows1252('Ø €Ā');
    expect(Array.from(bytes)).toEqual([0xd8, 0x20, 0x80, 0x3f]);
    expect(unmappable).toBe(1);
  });

  it('encodes text handed over in pieces exactly as the whole, ASCII pieces and others alike', () => {
    const pieces = ['POINT "1"  0 0\n', 'Ø €Ā', '', 'A'.repeat(0x10000), '\u{1F600}x'];
    const whole = encodeWindows1252(pieces.join(''));
    const inner = new Windows1252Chunks();
    inner.add(pieces[3] as string);
    inner.add(pieces[4] as string);
    const outer = new Windows1252Chunks();
    for (const piece of pieces.slice(0, 3)) outer.add(piece);
    outer.addEncoded(inner);
    expect(Array.from(outer.bytes())).toEqual(Array.from(whole.bytes));
    expect(outer.unmappable).toBe(3);
    expect(whole.unmappable).toBe(3);
    expect(String.fromCharCode(...outer.bytes().subarray(0, 15))).toBe('POINT "1"  0 0\n');
  });

  it('prefers UTF-8 when the bytes are well-formed UTF-8, else windows-1252', () => {
    expect(decodeText(Uint8Array.from([0x36, 0xc3, 0x98])).text).toBe('6Ø');
    expect(decodeText(Uint8Array.from([0x36, 0xd8])).text).toBe('6Ø');
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41])).text).toBe('A');
    expect(decodeText(Uint8Array.from([0xff, 0xfe, 0x41, 0x00])).text).toBe('A');
  });
});

describe('text decoding agrees with the byte-by-byte decoders', () => {
  const cases: [string, number[]][] = [
    ['ASCII', [0x50, 0x4f, 0x49, 0x4e, 0x54, 0x0a]],
    ['UTF-8 with a 2-, 3- and 4-byte sequence', [0x36, 0xc3, 0x98, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]],
    ['windows-1252 with NBSP', [0x70, 0xa0, 0x6d]],
    ['a lone continuation byte', [0x41, 0x80, 0x42]],
    ['an overlong sequence the loose check accepts', [0x41, 0xe0, 0x80, 0x80]],
    ['a UTF-8 BOM after the start', [0x41, 0xef, 0xbb, 0xbf, 0x42]],
  ];
  it.each(cases)('%s', (_name, values) => {
    const bytes = Uint8Array.from(values);
    const expected = looksLikeUtf8(bytes)
      ? { text: decodeUtf8(bytes), encoding: 'utf-8' }
      : { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
    expect(decodeText(bytes)).toEqual(expected);
  });
});
