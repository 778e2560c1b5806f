import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashModel } from '../../canonical';
import { encodeWindows1252 } from '../../text/encoding';
import { fixturesPresent, readFixture } from '../../testing/fixtures';
import { ParseError } from '../parseError';
import { readE2k } from './read';
import { propertyRuns } from '../../testing/propertyRuns';

/** Random bytes and mutated small models, about 2 ms a run (the truncated real model has its own cap). */
const RUNS = propertyRuns(process.env['FC_NUM_RUNS'], { localRuns: 200, msPerRun: 2 });

const SMALL = [
  '$ File C:\\x.e2k saved 1/1/2025',
  '',
  '$ PROGRAM INFORMATION',
  '  PROGRAM  "ETABS"  VERSION "20.2.0"  ',
  '',
  '$ CONTROLS',
  '  UNITS  "KN"  "M"  "C"  ',
  '',
  '$ STORIES - IN SEQUENCE FROM TOP',
  '  STORY "L1"  HEIGHT 3',
  '  STORY "Base"  ELEV 0',
  '',
  '$ POINT COORDINATES',
  '  POINT "1"  0 0',
  '  POINT "2"  5 0',
  '',
  '$ LINE CONNECTIVITIES',
  '  LINE  "C1"  COLUMN  "1"  "1"  1',
  '  LINE  "B1"  BEAM  "1"  "2"  0',
  '',
  '$ LINE ASSIGNS',
  '  LINEASSIGN  "C1"  "L1"  ANG 90',
  '  LINEASSIGN  "B1"  "L1"  ANG 0',
  '',
  '$ END OF MODEL FILE',
  '',
];

function bytesOf(lines: readonly string[], lineEnding = '\n'): Uint8Array {
  return encodeWindows1252(lines.join(lineEnding)).bytes;
}

function parseErrorOf(run: () => unknown): ParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}

describe('ETABS reader on bad input', () => {
  it('reads the small model it is mutated from', () => {
    const { model } = readE2k(bytesOf(SMALL));
    expect(model.elements.map((element) => element.id).sort()).toEqual(['B1@L1', 'C1@L1']);
    expect(model.nodes.find((node) => node.id === '1@Base')?.z).toBe(0);
    expect(model.nodes.find((node) => node.id === '2@L1')?.z).toBe(3000);
  });

  it('refuses an empty file', () => {
    expect(parseErrorOf(() => readE2k(new Uint8Array())).message).toMatch(/empty/);
    expect(parseErrorOf(() => readE2k(bytesOf(['', '   ', '']))).message).toMatch(/no ETABS sections/);
  });

  it('refuses binary data', () => {
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    expect(parseErrorOf(() => readE2k(png)).message).toMatch(/binary/);
  });

  it('reports a file truncated between sections, and gives the line of one cut inside a name', () => {
    const { report } = readE2k(bytesOf(SMALL.slice(0, 20)));
    expect(report.items).toContainEqual(expect.objectContaining({ subject: '$ END OF MODEL FILE' }));
    const cut = bytesOf([...SMALL.slice(0, 13), '  POINT "1']);
    expect(parseErrorOf(() => readE2k(cut)).line).toBe(14);
  });

  it('refuses unknown units with the line of UNITS', () => {
    const lines = SMALL.map((line) => (line.includes('UNITS') ? '  UNITS  "KIP"  "FURLONG"' : line));
    const error = parseErrorOf(() => readE2k(bytesOf(lines)));
    expect(error.line).toBe(7);
    expect(error.message).toMatch(/FURLONG/);
  });

  it('reports a point defined twice, with its line', () => {
    const lines = [...SMALL.slice(0, 15), '  POINT "2"  6 0', ...SMALL.slice(15)];
    const { report, model } = readE2k(bytesOf(lines));
    expect(report.items).toContainEqual(expect.objectContaining({ subject: 'POINT', id: '2', line: 16 }));
    expect(model.nodes.find((node) => node.id === '2@L1')?.x).toBe(6000);
  });

  it('reports dangling references instead of crashing', () => {
    const lines = SMALL.map((line) =>
      line.includes('"B1"  BEAM')
        ? '  LINE  "B1"  BEAM  "1"  "99"  0'
        : line.includes('"C1"  "L1"')
          ? '  LINEASSIGN  "C1"  "L9"  ANG 90'
          : line,
    );
    const { report, model } = readE2k(bytesOf(lines));
    expect(report.items).toContainEqual(expect.objectContaining({ severity: 'dropped', id: '99', line: 19 }));
    expect(report.items).toContainEqual(
      expect.objectContaining({ severity: 'dropped', subject: 'LINEASSIGN', line: 22 }),
    );
    expect(model.elements).toHaveLength(0);
  });

  it('refuses a number with a decimal comma, with its line', () => {
    const lines = SMALL.map((line) => (line === '  POINT "2"  5 0' ? '  POINT "2"  5,5 0' : line));
    expect(parseErrorOf(() => readE2k(bytesOf(lines))).line).toBe(15);
  });

  it('reads stray 0xA0 bytes (NBSP) as spaces between tokens', () => {
    const bytes = bytesOf(SMALL.map((line) => line.replace('POINT "2"  5 0', 'POINT "2"\u00a05\u00a00')));
    expect(readE2k(bytes).model.nodes.find((node) => node.id === '2@L1')?.x).toBe(5000);
  });

  it('reads CRLF files exactly like LF files', () => {
    const lf = readE2k(bytesOf(SMALL, '\n')).model;
    const crlf = readE2k(bytesOf(SMALL, '\r\n')).model;
    expect(crlf.nodes).toEqual(lf.nodes);
    expect(crlf.elements).toEqual(lf.elements);
  });

  it('answers a 200 MB file with a ParseError, not a crash or a hang, and refuses files over the limit', () => {
    const size = 200 * 1024 * 1024;
    // CPU time, not wall-clock: a busy machine stretches the second, not the first. A hang would spend either.
    const started = process.cpuUsage();
    expect(parseErrorOf(() => readE2k(new Uint8Array(size))).message).toMatch(/binary/);
    const junk = new Uint8Array(size).fill(0x41);
    expect(parseErrorOf(() => readE2k(junk)).message).toMatch(/line 1: data before any `\$` section header/);
    expect(parseErrorOf(() => readE2k(junk, { maxBytes: 100 * 1024 * 1024 })).message).toMatch(
      /larger than 100 MiB/,
    );
    const spent = process.cpuUsage(started);
    expect((spent.user + spent.system) / 1000).toBeLessThan(20_000);
  });

  it('never throws anything but a ParseError on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        try {
          readE2k(bytes);
        } catch (error) {
          if (!(error instanceof ParseError)) throw error;
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('never throws anything but a ParseError on mutated models', () => {
    const base = SMALL.join('\n');
    const mutation = fc.record({
      at: fc.nat({ max: base.length }),
      remove: fc.nat({ max: 12 }),
      insert: fc.string({
        maxLength: 8,
        unit: fc.constantFrom('"', ' ', '$', '\n', '\r', 'E', '-', '1', '.', 'A', '\u00a0', '0'),
      }),
    });
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
        let text = base;
        for (const { at, remove, insert } of mutations) {
          const position = Math.min(at, text.length);
          text = text.slice(0, position) + insert + text.slice(position + remove);
        }
        try {
          const { model } = readE2k(encodeWindows1252(text).bytes);
          expect(typeof hashModel(model)).toBe('string');
        } catch (error) {
          if (!(error instanceof ParseError)) throw error;
          expect(error.line).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it.skipIf(!fixturesPresent)('never throws anything but a ParseError on a truncated real model', () => {
    const bytes = readFixture('e2k', 'RDC_PERFORM__chimba.e2k');
    fc.assert(
      fc.property(fc.nat({ max: bytes.length }), (length) => {
        try {
          readE2k(bytes.subarray(0, length));
        } catch (error) {
          if (!(error instanceof ParseError)) throw error;
        }
      }),
      { numRuns: Math.min(RUNS, 300) },
    );
  });
});
