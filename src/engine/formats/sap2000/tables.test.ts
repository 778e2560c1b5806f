import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../parseError';
import { parseCsiTables, writeCsiTables } from './tables';
import type { CsiDocument } from './tables';
import { decodeCsiText, fallbackCodecs } from './text';
import { propertyRuns } from '../../testing/propertyRuns';

const NUM_RUNS = propertyRuns(process.env['FC_NUM_RUNS'], { localRuns: 200, msPerRun: 2 });

function rowsOf(doc: CsiDocument, table: string): string[][] {
  const found = doc.table(table);
  if (!found) return [];
  return Array.from({ length: found.rowCount }, (_, row) => found.cells(row));
}

function parseError(run: () => unknown): ParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}

const SAMPLE = [
  'File C:\\model.s2k was saved on m/d/yy at h:mm:ss',
  ' ',
  'TABLE:  "JOINT COORDINATES"',
  '   Joint=1   CoordSys=GLOBAL   CoordType=Cartesian   XorR=0   Y=0   Z=0   SpecialJt=Yes',
  '   Z=7.34455290352564E-07   Joint=2   XorR=-2.5e3   Y=1 _',
  '        SpecialJt=No',
  ' ',
  '$ a comment line',
  'TABLE:  "PROGRAM CONTROL"',
  '   ProgramName=SAP2000   Version=25.3.1   CurrUnits="Kip, in, F"   Notes="Added 9/4/2024 4:53:20 PM"',
  ' ',
  'END TABLE DATA',
  '',
].join('\r\n');

describe('parseCsiTables', () => {
  it('reads tables, quoted values, continued rows and exponent numbers by field name', () => {
    const doc = parseCsiTables(SAMPLE);
    expect(doc.preamble).toEqual(['File C:\\model.s2k was saved on m/d/yy at h:mm:ss']);
    expect(doc.tables.map((table) => table.name)).toEqual(['JOINT COORDINATES', 'PROGRAM CONTROL']);
    expect(doc.ended).toBe(true);
    expect(doc.commentLines).toBe(1);
    const joints = doc.table('JOINT COORDINATES');
    expect(joints?.rowCount).toBe(2);
    // The second row lists its fields in another order and spans two lines: read by name, it is whole.
    expect(joints?.get(1, 'Joint')).toBe('2');
    expect(joints?.get(1, 'XorR')).toBe('-2.5e3');
    expect(joints?.get(1, 'Z')).toBe('7.34455290352564E-07');
    expect(joints?.get(1, 'SpecialJt')).toBe('No');
    expect(joints?.rowLine(1)).toBe(5);
    expect(joints?.get(0, 'GlobalX')).toBeUndefined();
    expect(doc.table('PROGRAM CONTROL')?.get(0, 'CurrUnits')).toBe('Kip, in, F');
    expect(doc.table('PROGRAM CONTROL')?.get(0, 'Notes')).toBe('Added 9/4/2024 4:53:20 PM');
  });

  it('finds a field through a column accessor whatever its position on each row', () => {
    const doc = parseCsiTables('TABLE:  "T"\n   A=1   B=2\n   B=3   A=4\n   C=5\nEND TABLE DATA\n');
    const column = doc.table('T')?.column('A');
    expect([0, 1, 2].map((row) => column?.get(row))).toEqual(['1', '4', undefined]);
  });

  it('reads CRLF, LF and bare CR line ends alike', () => {
    const lf = parseCsiTables(SAMPLE.replace(/\r\n/g, '\n'));
    const cr = parseCsiTables(SAMPLE.replace(/\r\n/g, '\r'));
    const crlf = parseCsiTables(SAMPLE);
    for (const doc of [lf, cr]) {
      expect(rowsOf(doc, 'JOINT COORDINATES')).toEqual(rowsOf(crlf, 'JOINT COORDINATES'));
      expect(rowsOf(doc, 'PROGRAM CONTROL')).toEqual(rowsOf(crlf, 'PROGRAM CONTROL'));
    }
  });

  it('merges a table named twice and keeps empty tables', () => {
    const doc = parseCsiTables('TABLE:  "A"\n   X=1\nTABLE:  "B"\nTABLE:  "A"\n   X=2\nEND TABLE DATA\n');
    expect(rowsOf(doc, 'A')).toEqual([
      ['X', '1'],
      ['X', '2'],
    ]);
    expect(doc.table('B')?.rowCount).toBe(0);
  });

  it('treats a stray NBSP (0xA0) as a blank between fields', () => {
    const { text } = decodeCsiText(
      Uint8Array.from([...'TABLE:  "T"\n   A=1\u00a0\u00a0B=2\n'].map((c) => c.charCodeAt(0))),
    );
    expect(rowsOf(parseCsiTables(text), 'T')).toEqual([['A', '1', 'B', '2']]);
  });

  it('reports a missing END TABLE DATA instead of failing', () => {
    const doc = parseCsiTables('TABLE:  "T"\n   A=1\n');
    expect(doc.ended).toBe(false);
    expect(doc.table('T')?.rowCount).toBe(1);
  });

  it.each([
    ['an unclosed quote', 'TABLE:  "T"\n   A="open   B=2\n', 2],
    ['a token without =', 'TABLE:  "T"\n   A=1   garbage\n', 2],
    ['a value without a field name', 'TABLE:  "T"\n   =1\n', 2],
    ['text glued to a closing quote', 'TABLE:  "T"\n   A="x"y\n', 2],
    ['a control character', 'TABLE:  "T"\n   A=1\u0001\n', 2],
    ['a file cut inside a continued row', 'TABLE:  "T"\n   A=1 _\n', 2],
    ['an unclosed table name', 'TABLE:  "T\n', 1],
    [
      'text that is not a table file',
      Array.from({ length: 20 }, (_, i) => `$ STORIES ${i}`)
        .join('\n')
        .replace(/\$/g, 'STORY'),
      17,
    ],
  ])('refuses %s with a ParseError on its line', (_label, text, line) => {
    const error = parseError(() => parseCsiTables(text, { format: 's2k' }));
    expect(error.line).toBe(line);
    expect(error.message).toMatch(/^s2k: line \d+: /);
  });

  it('refuses a line longer than the limit without tokenising it', () => {
    const error = parseError(() =>
      parseCsiTables(`TABLE:  "T"\n   A=${'9'.repeat(5000)}\n`, { maxLineLength: 1000 }),
    );
    expect(error.line).toBe(2);
  });
});

describe('writeCsiTables', () => {
  it("writes SAP's layout: two spaces after TABLE:, rows indented three spaces, fields three apart, quotes when needed", () => {
    const { text, issues } = writeCsiTables({
      preamble: ['File x.s2k was saved on m/d/yy at h:mm:ss'],
      tables: [
        {
          name: 'PROGRAM CONTROL',
          rows: [['ProgramName', 'SAP2000', 'CurrUnits', 'Kip, in, F', 'Empty', '']],
        },
      ],
      lineEnding: '\n',
    });
    expect(text).toBe(
      [
        'File x.s2k was saved on m/d/yy at h:mm:ss',
        ' ',
        'TABLE:  "PROGRAM CONTROL"',
        '   ProgramName=SAP2000   CurrUnits="Kip, in, F"   Empty=""',
        ' ',
        'END TABLE DATA',
        '',
      ].join('\n'),
    );
    expect(issues).toEqual([]);
  });

  it('continues long rows with " _" and reads them back as one row', () => {
    const row = Array.from({ length: 60 }, (_, i) => [`Field${i}`, `${i}.125`]).flat();
    const { text } = writeCsiTables({
      tables: [{ name: 'FRAME SECTION PROPERTIES 01 - GENERAL', rows: [row] }],
    });
    const lines = text.split('\r\n');
    expect(lines.some((line) => line.endsWith(' _'))).toBe(true);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(260);
    expect(rowsOf(parseCsiTables(text), 'FRAME SECTION PROPERTIES 01 - GENERAL')).toEqual([row]);
  });

  it('says what it changed when a value cannot be written as it is', () => {
    const { text, issues } = writeCsiTables({
      tables: [{ name: 'T', rows: [['Notes', 'say "hi" there\nnow']] }],
    });
    expect(issues).toHaveLength(2);
    expect(rowsOf(parseCsiTables(text), 'T')).toEqual([['Notes', "say 'hi' there now"]]);
  });

  it('refuses field names the format cannot carry', () => {
    expect(() => writeCsiTables({ tables: [{ name: 'T', rows: [['A B', '1']] }] })).toThrow(TypeError);
    expect(() => writeCsiTables({ tables: [{ name: 'T"', rows: [] }] })).toThrow(TypeError);
  });

  it('round-trips random tables and rows (property)', () => {
    const nameChar = fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-./#()'.split(''),
    );
    const fieldName = fc
      .string({ unit: nameChar, minLength: 1, maxLength: 12 })
      .filter((name) => name !== '_');
    const valueChar = fc.constantFrom(...'abcXYZ019 ,.-+_=$;:/\\#()<>Ø€é\u00a0\t'.split(''));
    const value = fc.oneof(
      fc.string({ unit: valueChar, maxLength: 30 }).filter((v) => !v.includes('"')),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc.constant(''),
    );
    const row = fc
      .array(fc.tuple(fieldName, value), { minLength: 1, maxLength: 40 })
      .map((pairs) => pairs.flat());
    const tableName = fc
      .string({ unit: fc.constantFrom(...'ABCDEFGHIJ 0123-/'.split('')), minLength: 1, maxLength: 30 })
      .filter((name) => name.trim() !== '');
    const tables = fc.uniqueArray(fc.record({ name: tableName, rows: fc.array(row, { maxLength: 6 }) }), {
      selector: (table) => table.name,
      maxLength: 5,
    });
    fc.assert(
      fc.property(tables, fc.constantFrom<'\r\n' | '\n'>('\r\n', '\n'), (input, lineEnding) => {
        const { text, issues } = writeCsiTables({ tables: input, lineEnding });
        expect(issues).toEqual([]);
        const doc = parseCsiTables(text);
        expect(doc.ended).toBe(true);
        for (const table of input) expect(rowsOf(doc, table.name)).toEqual(table.rows);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('never throws anything but ParseError on random text (property)', () => {
    const noise = fc.string({
      unit: fc.constantFrom(...'TABLE:"= _\r\n\tABC12$;END\u00a0\u0000'.split('')),
      maxLength: 200,
    });
    fc.assert(
      fc.property(noise, (text) => {
        try {
          parseCsiTables(text);
        } catch (error) {
          expect(error).toBeInstanceOf(ParseError);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('decodeCsiText', () => {
  it('reads valid UTF-8 as UTF-8 and anything else as windows-1252', () => {
    expect(decodeCsiText(Uint8Array.from([0x36, 0xc3, 0x98]))).toEqual({ text: '6Ø', encoding: 'utf-8' });
    expect(decodeCsiText(Uint8Array.from([0x80, 0xe9, 0xa0]))).toEqual({
      text: '€é\u00a0',
      encoding: 'windows-1252',
    });
    expect(decodeCsiText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]))).toEqual({
      text: 'A',
      encoding: 'utf-8',
    });
    expect(decodeCsiText(Uint8Array.from([0xff, 0xfe, 0x41, 0x00, 0xd8, 0x00]))).toEqual({
      text: 'AØ',
      encoding: 'utf-16le',
    });
  });

  it('has hand-written decoders that follow windows-1252 and UTF-8', () => {
    const all = Uint8Array.from({ length: 256 }, (_, byte) => byte);
    const text = fallbackCodecs.decodeSingleByte(all, fallbackCodecs.cp1252Table);
    // Node's own 'windows-1252' decoder is really ISO-8859-1, so the table is checked against the code page itself.
    expect([0x80, 0x81, 0x8a, 0x99, 0x9f, 0xa0, 0xe9].map((byte) => text[byte])).toEqual([
      '€',
      '\u0081',
      'Š',
      '™',
      'Ÿ',
      '\u00a0',
      'é',
    ]);
    for (let byte = 0; byte < 256; byte++) {
      if (byte < 0x80 || byte > 0x9f) expect(text.charCodeAt(byte)).toBe(byte);
    }
    const utf8 = new TextEncoder().encode('Joint=6Ø €𝄞 é');
    expect(fallbackCodecs.decodeUtf8Fallback(utf8, 0)).toBe('Joint=6Ø €𝄞 é');
    expect(fallbackCodecs.decodeUtf8Fallback(Uint8Array.from([0xc3, 0x28]), 0)).toBeNull();
    expect(fallbackCodecs.decodeUtf8Fallback(Uint8Array.from([0xe2, 0x82]), 0)).toBeNull();
  });
});
