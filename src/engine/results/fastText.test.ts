import { describe, expect, it } from 'vitest';
import { parseCsiTables } from '../formats/sap2000/tables';
import { decodeCsiText } from '../formats/sap2000/text';
import { FIXTURES_SKIP_NOTE, listFixtures, readFixture } from '../testing/fixtures';
import { parseCsiUnits } from '../units';
import { readResultsTextFast } from './fastText';
import { readResultsFromDocument, readResultsText, RESULTS_FORMAT, type ReadResultsOptions } from './read';
import type { ResultSet } from './store';

/** The general reader: the oracle. Its error message, or what it reads. */
function generic(text: string, options: ReadResultsOptions = {}): ResultSet | string {
  try {
    return readResultsFromDocument(parseCsiTables(text, { format: RESULTS_FORMAT }), options);
  } catch (error) {
    return (error as Error).message;
  }
}

/** Column order matters too: the stored encoding follows it. */
function shape(set: ResultSet): unknown {
  return set.tables.map((table) => ({
    kind: table.kind,
    text: Object.keys(table.text),
    numbers: Object.keys(table.numbers),
    capacity: Object.values(table.numbers).map((column) => column.buffer.byteLength),
  }));
}

/** The fused reader declines or reads exactly what the general one reads; never a result where it fails. */
function expectSameAsGeneral(
  text: string,
  options: ReadResultsOptions = {},
): 'taken' | 'declined' | 'refused by both' {
  const expected = generic(text, options);
  const fast = readResultsTextFast(text, options);
  if (typeof expected === 'string') {
    expect(fast, `the general reader fails (${expected}) but the fused one read:\n${text}`).toBeUndefined();
    return 'refused by both';
  }
  if (fast === undefined) return 'declined';
  expect(fast, text).toEqual(expected);
  expect(shape(fast)).toEqual(shape(expected));
  return 'taken';
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const NUMBERS = [
  '12.5',
  '-0.004',
  '1.2345E-03',
  '-6.02e+23',
  '0',
  '-0',
  '.5',
  '5.',
  '+3',
  '000123.4500',
  '1234567890123456789',
  '0.12345678901234567',
  '1E+22',
  '1E-30',
  '7E400',
];
const BAD_NUMBERS = ['abc', '1,5', '1.2.3', '--', '0x10', 'Infinity', '12kN', '1/5'];
const CASES = ['DEAD', 'LIVE', '"1.2D + 1.6L"', 'ENV', '"W X"', 'Modal'];

interface Shape {
  /** Field names in order, and how each is filled. */
  readonly fields: ReadonlyArray<readonly [string, 'name' | 'case' | 'type' | 'step' | 'number' | 'text']>;
}

const TABLES: Record<string, Shape> = {
  'ELEMENT FORCES - FRAMES': {
    fields: [
      ['Frame', 'name'],
      ['Station', 'number'],
      ['OutputCase', 'case'],
      ['CaseType', 'type'],
      ['StepType', 'step'],
      ['P', 'number'],
      ['V2', 'number'],
      ['V3', 'number'],
      ['T', 'number'],
      ['M2', 'number'],
      ['M3', 'number'],
      ['FrameElem', 'text'],
      ['ElemStation', 'number'],
    ],
  },
  'Element Forces - Beams': {
    fields: [
      ['Story', 'text'],
      ['Beam', 'name'],
      ['UniqueName', 'text'],
      ['OutputCase', 'case'],
      ['CaseType', 'type'],
      ['StepType', 'step'],
      ['Station', 'number'],
      ['P', 'number'],
      ['V2', 'number'],
      ['M3', 'number'],
      ['Element', 'text'],
      ['ElemStation', 'number'],
      ['Location', 'text'],
    ],
  },
  'JOINT REACTIONS': {
    fields: [
      ['Joint', 'name'],
      ['OutputCase', 'case'],
      ['CaseType', 'type'],
      ['F1', 'number'],
      ['F2', 'number'],
      ['F3', 'number'],
      ['M1', 'number'],
      ['M2', 'number'],
      ['M3', 'number'],
    ],
  },
  'JOINT DISPLACEMENTS': {
    fields: [
      ['Joint', 'name'],
      ['OutputCase', 'case'],
      ['CaseType', 'type'],
      ['StepType', 'step'],
      ['U1', 'number'],
      ['U2', 'number'],
      ['U3', 'number'],
      ['R1', 'number'],
      ['R2', 'number'],
      ['R3', 'number'],
    ],
  },
  'STORY DRIFTS': {
    fields: [
      ['Story', 'name'],
      ['OutputCase', 'case'],
      ['CaseType', 'type'],
      ['Direction', 'text'],
      ['Drift', 'number'],
      ['Label', 'text'],
      ['X', 'number'],
      ['Y', 'number'],
      ['Z', 'number'],
    ],
  },
  'MODAL PERIODS AND FREQUENCIES': {
    fields: [
      ['OutputCase', 'case'],
      ['StepType', 'step'],
      ['StepNum', 'number'],
      ['Period', 'number'],
      ['Frequency', 'number'],
      ['CircFreq', 'number'],
      ['Eigenvalue', 'number'],
    ],
  },
};

/** What may vary between generated files; each is off in a "clean" file the fused reader must take. */
interface Quirks {
  readonly badNumbers: boolean;
  readonly oddLayouts: boolean;
  readonly continuation: boolean;
  readonly comments: boolean;
  readonly separators: boolean;
  readonly otherTables: boolean;
  readonly malformed: boolean;
}

const CLEAN: Quirks = {
  badNumbers: false,
  oddLayouts: false,
  continuation: false,
  comments: false,
  separators: false,
  otherTables: false,
  malformed: false,
};

function resultsFile(seed: number, quirks: Quirks): string {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  const lines: string[] = [];
  const sep = () => (quirks.separators ? pick(['   ', ' ', '\t', '  \u00a0 ', '   ']) : '   ');
  if (chance(0.5)) lines.push('File C:\\Models\\Tower.s2k was saved on 11/29/26 at 10:11:12', '');
  const control = () => {
    const units = pick([
      '"KN, m, C"',
      '"Kip, in, F"',
      '"N, mm, C"',
      '"Lb, ft, F"',
      '"Kgf, cm, C"',
      '"Tonf, m, C"',
    ]);
    lines.push(
      'TABLE:  "PROGRAM CONTROL"',
      `   ProgramName=${pick(['SAP2000', 'ETABS'])}   Version=${pick(['25.3.1', '"21.0.0"'])}   ProgLevel=Ultimate   CurrUnits=${units}`,
      '',
    );
  };
  const controlFirst = chance(0.7);
  const withControl = !quirks.otherTables || chance(0.9);
  if (withControl && controlFirst) control();
  if (quirks.otherTables && chance(0.7)) {
    lines.push('TABLE:  "JOINT COORDINATES"');
    for (let joint = 1; joint <= 3; joint++) {
      lines.push(`   Joint=${joint}   CoordSys=GLOBAL   CoordType=Cartesian   XorR=${joint * 3}   Y=0   Z=0`);
    }
    lines.push('');
  }
  const names = Object.keys(TABLES).filter(() => chance(0.6));
  if (names.length === 0) names.push('JOINT REACTIONS');
  for (const name of names) {
    const shapeOf = TABLES[name] as Shape;
    lines.push(pick([`TABLE:  "${name}"`, `TABLE: "${name}"`, `TABLE:  ${name}`]));
    const rows = 1 + Math.floor(next() * 25);
    let element = 1;
    for (let row = 0; row < rows; row++) {
      if (chance(0.3)) element++;
      const outputCase = pick(CASES);
      const cells: string[] = [];
      for (const [field, fill] of shapeOf.fields) {
        if (fill === 'step' && outputCase !== 'ENV' && outputCase !== 'Modal') continue;
        // Any field but those a row is refused without (which the fused reader declines).
        const optional = fill !== 'name' && fill !== 'case' && field !== 'Station' && field !== 'Direction';
        if (quirks.oddLayouts && optional && chance(0.05)) continue;
        let value: string;
        if (fill === 'name') value = pick([`${element}`, `B${element}`, `"C ${element}"`]);
        else if (fill === 'case') value = outputCase;
        else if (fill === 'type') value = outputCase === 'Modal' ? 'LinModal' : 'LinStatic';
        else if (fill === 'step') value = outputCase === 'Modal' ? 'Mode' : pick(['Max', 'Min']);
        else if (fill === 'text') value = pick(['A', 'Top', 'Bottom', '"Mid span"', 'B1-1', 'X']);
        else if (quirks.badNumbers && chance(0.08)) value = pick([...BAD_NUMBERS, '', '""', '"12.5"']);
        else value = chance(0.3) ? pick(NUMBERS) : (next() * 2000 - 1000).toFixed(Math.floor(next() * 6));
        cells.push(`${field}=${value}`);
      }
      if (quirks.oddLayouts && chance(0.1)) cells.push(`GUID=${Math.floor(next() * 1e6)}`);
      if (quirks.oddLayouts && chance(0.05)) cells.reverse();
      let line = `   ${cells.join(sep())}`;
      if (quirks.continuation && chance(0.2)) {
        const at = 1 + Math.floor(next() * (cells.length - 1));
        line = `   ${cells.slice(0, at).join(sep())} _\n        ${cells.slice(at).join(sep())}`;
      }
      if (quirks.comments && chance(0.1)) lines.push(pick(['$ a comment', '; another one']));
      if (quirks.separators && chance(0.1)) line += '  ';
      lines.push(line);
      if (quirks.comments && chance(0.05)) lines.push('');
    }
    lines.push(quirks.separators ? pick(['', ' ', '\t']) : ' ');
  }
  if (quirks.otherTables && chance(0.5)) {
    lines.push('TABLE:  "ELEMENT STRESSES - AREAS"', '   Area=1   OutputCase=DEAD   S11Top=12.5', '');
  }
  if (withControl && !controlFirst) control();
  lines.push('END TABLE DATA');
  if (quirks.otherTables && chance(0.3))
    lines.push('anything after the end is ignored', 'TABLE: "JOINT REACTIONS"');
  let text = lines.join('\n');
  if (quirks.malformed) {
    const at = Math.floor(next() * text.length);
    text =
      text.slice(0, at) +
      pick(['"', '\u0001', ' orphan ', '=', ' _', 'TABLE:  "X"\n', '\n\n']) +
      text.slice(at);
  }
  if (quirks.separators && chance(0.5)) text = text.replace(/\n/g, '\r\n');
  return text;
}

describe('the fused results reader', () => {
  it('takes every clean export and reads it exactly as the general reader does', () => {
    for (let seed = 1; seed <= 150; seed++) {
      expect(expectSameAsGeneral(resultsFile(seed, CLEAN)), `seed ${seed}`).toBe('taken');
    }
  });

  it('takes continued rows, comments, tabs, CRLF, other tables and changing layouts the same way', () => {
    const quirks = {
      ...CLEAN,
      continuation: true,
      comments: true,
      separators: true,
      otherTables: true,
      oddLayouts: true,
    };
    for (let seed = 1; seed <= 300; seed++) {
      // Refused by both: a file without PROGRAM CONTROL, so without units.
      expect(expectSameAsGeneral(resultsFile(seed, quirks)), `seed ${seed}`).not.toBe('declined');
    }
  });

  it('reports values that are not numbers as the general reader does', () => {
    let taken = 0;
    for (let seed = 1; seed <= 200; seed++) {
      if (expectSameAsGeneral(resultsFile(seed, { ...CLEAN, badNumbers: true })) === 'taken') taken++;
    }
    expect(taken).toBeGreaterThan(100);
  });

  it('never reads a file the general reader refuses', () => {
    for (let seed = 1; seed <= 300; seed++) {
      expectSameAsGeneral(
        resultsFile(seed, { ...CLEAN, malformed: true, continuation: true, comments: true }),
      );
    }
  });

  it('declines what only the general reader words: a bare CR, a merged table, a row without its case', () => {
    const base = resultsFile(7, CLEAN);
    expect(readResultsTextFast(base.replace(/\n/g, '\r'))).toBeUndefined();
    const twice =
      'TABLE:  "JOINT REACTIONS"\n   Joint=1   OutputCase=DEAD   F1=1\n \nTABLE:  "JOINT REACTIONS"\n   Joint=2   OutputCase=DEAD   F1=2\nEND TABLE DATA\n';
    expect(readResultsTextFast(twice, { units: parseCsiUnits('KN, m, C') })).toBeUndefined();
    expect(readResultsText(twice, { units: parseCsiUnits('KN, m, C') }).tables[0]?.rowCount).toBe(2);
    const noCase = 'TABLE:  "JOINT REACTIONS"\n   Joint=1   OutputCase=   F1=1\nEND TABLE DATA\n';
    expect(readResultsTextFast(noCase, { units: parseCsiUnits('KN, m, C') })).toBeUndefined();
    expect(readResultsText(noCase, { units: parseCsiUnits('KN, m, C') }).items[0]?.reason).toMatch(/without/);
  });

  it('takes the units given when the file has no PROGRAM CONTROL, and declines when it has none at all', () => {
    const text = 'TABLE:  "JOINT REACTIONS"\n   Joint=1   OutputCase=DEAD   F1=1.5\nEND TABLE DATA\n';
    const units = { units: parseCsiUnits('Kip, ft, F') };
    expect(expectSameAsGeneral(text, units)).toBe('taken');
    expect(readResultsTextFast(text, units)?.tables[0]?.numbers.fx?.[0]).toBeCloseTo(1.5 * 4448.2216, 3);
    expect(expectSameAsGeneral(text)).toBe('refused by both');
  });

  it('is empty-handed on an empty file the same way', () => {
    expect(expectSameAsGeneral('')).toBe('taken');
    expect(expectSameAsGeneral('END TABLE DATA\n')).toBe('taken');
    expect(expectSameAsGeneral('TABLE:  "JOINT REACTIONS"\n')).toBe('taken');
  });
});

describe(`the fused results reader on real CSI table files${FIXTURES_SKIP_NOTE}`, () => {
  // Model files, not results: their tables (continued rows, quoted names, comments) go through the fused
  // tokenizer's checks, and it must take them as the general reader does, or decline where it fails.
  const units = { units: parseCsiUnits('KN, m, C') };
  for (const kind of ['s2k', 'e2k']) {
    for (const name of listFixtures(kind)) {
      it(`${kind}/${name}`, () => {
        const text = decodeCsiText(readFixture(kind, name)).text;
        const verdict = expectSameAsGeneral(text, units);
        // The SAP2000, CSiBridge and SAFE table files are all taken; ETABS's .e2k is no table file at all.
        expect(verdict).toBe(kind === 's2k' ? 'taken' : 'refused by both');
      });
    }
  }
});
