import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../formats/parseError';
import type { CellValue, RawWorkbook } from '../formats/xlsx/sheets';
import { parseCsiUnits } from '../units';
import { parseResultNumber, readResults, readResultsFromWorkbook, readResultsText } from './read';
import { resultTable, tableBytes, textAt, type ResultSet, type ResultTable } from './store';

/** Minimal SAP2000 text exports written for these tests: one table per case, in the layout SAP writes. */
function sapText(units: string, ...tables: string[]): string {
  return [
    'File C:\\results.s2k was saved on 11/29/26 at 10:00:00',
    '',
    'TABLE:  "PROGRAM CONTROL"',
    `   ProgramName=SAP2000   Version=25.3.1   ProgLevel=Ultimate   CurrUnits="${units}"`,
    '',
    ...tables.flatMap((table) => [table, '']),
    'END TABLE DATA',
    '',
  ].join('\r\n');
}

function table(set: ResultSet, kind: Parameters<typeof resultTable>[1]): ResultTable {
  const found = resultTable(set, kind);
  if (!found) throw new Error(`no ${kind} table`);
  return found;
}

function column(found: ResultTable, field: string): number[] {
  const values = found.numbers[field];
  if (!values) throw new Error(`no ${field} column`);
  return [...values];
}

function texts(found: ResultTable, field: string): Array<string | undefined> {
  return Array.from({ length: found.rowCount }, (_, row) => textAt(found.text[field], row));
}

const FRAME_FORCES = `TABLE:  "ELEMENT FORCES - FRAMES"
   Frame=1   Station=0   OutputCase=DEAD   CaseType=LinStatic   P=-10   V2=2.5   V3=0   T=0.1   M2=0   M3=-4   FrameElem=1-1   ElemStation=0
   Frame=1   Station=3   OutputCase=DEAD   CaseType=LinStatic   P=-10   V2=-2.5   V3=0   T=0.1   M2=0   M3=3.5   FrameElem=1-1   ElemStation=3
   Frame=1   Station=0   OutputCase="1.2D+1.6L"   CaseType=Combination   StepType=Max   P=-12   V2=4   V3=0   T=0.2   M2=0   M3=-1   FrameElem=1-1   ElemStation=0
   Frame=1   Station=0   OutputCase="1.2D+1.6L"   CaseType=Combination   StepType=Min   P=-20   V2=3   V3=0   T=0.1   M2=0   M3=-7.25   FrameElem=1-1   ElemStation=0`;

describe('SAP2000 text exports', () => {
  it('reads member forces by field name into canonical units, keeping case, case type and step', () => {
    const set = readResultsText(sapText('KN, m, C', FRAME_FORCES));
    expect(set.program).toBe('SAP2000 25.3.1');
    const forces = table(set, 'frameForces');
    expect(forces.rowCount).toBe(4);
    expect(forces.sources).toEqual(['ELEMENT FORCES - FRAMES']);
    expect(texts(forces, 'element')).toEqual(['1', '1', '1', '1']);
    expect(texts(forces, 'case')).toEqual(['DEAD', 'DEAD', '1.2D+1.6L', '1.2D+1.6L']);
    expect(texts(forces, 'caseType')).toEqual(['LinStatic', 'LinStatic', 'Combination', 'Combination']);
    expect(texts(forces, 'stepType')).toEqual([undefined, undefined, 'Max', 'Min']);
    expect(column(forces, 'station')).toEqual([0, 3000, 0, 0]);
    expect(column(forces, 'p')).toEqual([-10_000, -10_000, -12_000, -20_000]);
    expect(column(forces, 'm3')).toEqual([-4000, 3500, -1000, -7250]);
    expect(column(forces, 't')[0]).toBeCloseTo(100, 9);
    expect(texts(forces, 'meshElement')).toEqual(['1-1', '1-1', '1-1', '1-1']);
    expect(column(forces, 'meshStation')).toEqual([0, 3000, 0, 0]);
    expect(set.items).toEqual([]);
  });

  it.each([
    // CurrUnits, N per force unit, mm per length unit
    ['KN, m, C', 1000, 1000],
    ['KN, mm, C', 1000, 1],
    ['N, mm, C', 1, 1],
    ['N, m, C', 1, 1000],
    ['N, cm, C', 1, 10],
    ['Kgf, m, C', 9.80665, 1000],
    ['Tonf, m, C', 9806.65, 1000],
    ['Kip, in, F', 4448.2216152605, 25.4],
    ['Kip, ft, F', 4448.2216152605, 304.8],
    ['lb, in, F', 4.4482216152605, 25.4],
    ['lb, ft, F', 4.4482216152605, 304.8],
  ])('converts forces, moments and stations from "%s"', (units, newtons, millimetres) => {
    const set = readResultsText(
      sapText(
        units,
        `TABLE:  "ELEMENT FORCES - FRAMES"\n   Frame=B1   Station=2   OutputCase=DEAD   CaseType=LinStatic   P=1   V2=1   V3=1   T=1   M2=1   M3=1`,
      ),
    );
    const forces = table(set, 'frameForces');
    expect(column(forces, 'station')[0]).toBeCloseTo(2 * millimetres, 9);
    for (const field of ['p', 'v2', 'v3']) expect(column(forces, field)[0]).toBeCloseTo(newtons, 9);
    for (const field of ['t', 'm2', 'm3'])
      expect(column(forces, field)[0]).toBeCloseTo((newtons * millimetres) / 1000, 9);
  });

  it('reads joint reactions and displacements; rotations stay in radians whatever the length unit', () => {
    const set = readResultsText(
      sapText(
        'Kip, ft, F',
        `TABLE:  "JOINT REACTIONS"
   Joint=1   OutputCase=DEAD   CaseType=LinStatic   F1=0.5   F2=0   F3=12   M1=0   M2=0   M3=2`,
        `TABLE:  "JOINT DISPLACEMENTS"
   Joint=7   OutputCase=DEAD   CaseType=LinStatic   U1=0.01   U2=0   U3=-0.02   R1=0.001   R2=0   R3=0`,
      ),
    );
    const reactions = table(set, 'jointReactions');
    expect(texts(reactions, 'joint')).toEqual(['1']);
    expect(column(reactions, 'fz')[0]).toBeCloseTo(12 * 4448.2216152605, 6);
    expect(column(reactions, 'mz')[0]).toBeCloseTo(2 * 4448.2216152605 * 0.3048, 6);
    const displacements = table(set, 'jointDisplacements');
    expect(column(displacements, 'ux')[0]).toBeCloseTo(3.048, 9);
    expect(column(displacements, 'uz')[0]).toBeCloseTo(-6.096, 9);
    expect(column(displacements, 'rx')[0]).toBe(0.001);
  });

  it('reads base reactions and modal periods with their steps', () => {
    const set = readResultsText(
      sapText(
        'KN, m, C',
        `TABLE:  "BASE REACTIONS"
   OutputCase=DEAD   CaseType=LinStatic   GlobalFX=0   GlobalFY=0   GlobalFZ=1500   GlobalMX=10   GlobalMY=-3   GlobalMZ=0   GlobalX=0   GlobalY=0   GlobalZ=0`,
        `TABLE:  "MODAL PERIODS AND FREQUENCIES"
   OutputCase=MODAL   StepType=Mode   StepNum=1   Period=1.25   Frequency=0.8   CircFreq=5.0265   Eigenvalue=25.266
   OutputCase=MODAL   StepType=Mode   StepNum=2   Period=0.5   Frequency=2   CircFreq=12.566   Eigenvalue=157.91`,
      ),
    );
    const base = table(set, 'baseReactions');
    expect(column(base, 'fz')).toEqual([1_500_000]);
    expect(column(base, 'mx')).toEqual([10_000]);
    const modes = table(set, 'modalPeriods');
    expect(column(modes, 'stepNum')).toEqual([1, 2]);
    expect(column(modes, 'period')).toEqual([1.25, 0.5]);
    expect(column(modes, 'frequency')).toEqual([0.8, 2]);
    expect(texts(modes, 'stepType')).toEqual(['Mode', 'Mode']);
  });

  it('reads quoted values, continuation lines, any field order and a decimal comma', () => {
    const set = readResultsText(
      sapText(
        'KN, m, C',
        `TABLE:  "ELEMENT FORCES - FRAMES"
   M3=1,5   Station=0   Frame="Girder TG-3"   OutputCase="1.2D + 1.6L"   CaseType=Combination _
        P=-2.5E+01   V2=.5`,
      ),
    );
    const forces = table(set, 'frameForces');
    expect(texts(forces, 'element')).toEqual(['Girder TG-3']);
    expect(texts(forces, 'case')).toEqual(['1.2D + 1.6L']);
    expect(column(forces, 'm3')).toEqual([1500]);
    expect(column(forces, 'p')).toEqual([-25_000]);
    expect(column(forces, 'v2')).toEqual([500]);
    // A field no row has makes no column.
    expect(forces.numbers.v3).toBeUndefined();
  });

  it('names every loss: unknown fields, result tables it does not read, rows without an element, bad numbers', () => {
    const set = readResultsText(
      sapText(
        'KN, m, C',
        `TABLE:  "ELEMENT FORCES - FRAMES"
   Frame=1   Station=0   OutputCase=DEAD   CaseType=LinStatic   P=n/a   M3=1   GUID=abc
   Station=0   OutputCase=DEAD   CaseType=LinStatic   P=1   M3=1`,
        `TABLE:  "ELEMENT FORCES - AREA SHELLS"
   Area=1   Joint=1   OutputCase=DEAD   F11=1`,
        `TABLE:  "JOINT COORDINATES"
   Joint=1   CoordSys=GLOBAL   CoordType=Cartesian   XorR=0   Y=0   Z=0`,
      ),
    );
    const forces = table(set, 'frameForces');
    expect(forces.rowCount).toBe(1);
    expect(Number.isNaN(column(forces, 'p')[0])).toBe(true);
    const reasons = set.items.map((item) => `${item.severity} ${item.subject}: ${item.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'dropped ELEMENT FORCES - AREA SHELLS: Gusset does not read this result table yet; its values are not kept',
        'dropped ELEMENT FORCES - FRAMES: fields not kept: GUID',
        expect.stringMatching(
          /^dropped ELEMENT FORCES - FRAMES: 1 row\(s\) without element or case or station are not read \(line \d+\)$/,
        ),
        'warning ELEMENT FORCES - FRAMES: 1 value(s) of P are not numbers (e.g. "n/a") and are left empty',
      ]),
    );
    // A model table is not a result table: nothing is said of it.
    expect(reasons.some((reason) => reason.includes('JOINT COORDINATES'))).toBe(false);
  });

  it('refuses a file that does not say its units, unless they are given', () => {
    const text = `TABLE:  "JOINT REACTIONS"\n   Joint=1   OutputCase=DEAD   F3=10\nEND TABLE DATA\n`;
    expect(() => readResultsText(text)).toThrow(/does not say its units/);
    const set = readResultsText(text, { units: parseCsiUnits('KN, m, C') });
    expect(column(table(set, 'jointReactions'), 'fz')).toEqual([10_000]);
  });

  it('refuses a file with no result table, an empty file and a binary one, by name', () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(() => readResults(encode(sapText('KN, m, C')))).toThrow(/holds no analysis result table/);
    expect(() => readResults(new Uint8Array())).toThrow(/the file is empty/);
    expect(() => readResults(new Uint8Array([0, 1, 2, 3, 0, 0]))).toThrow(ParseError);
  });

  it('keeps text columns one byte a row until the dictionary outgrows it', () => {
    const rows = Array.from(
      { length: 300 },
      (_, index) => `   Frame=F${index}   Station=0   OutputCase=DEAD   CaseType=LinStatic   P=${index}`,
    );
    const set = readResultsText(sapText('N, mm, C', `TABLE:  "ELEMENT FORCES - FRAMES"\n${rows.join('\n')}`));
    const forces = table(set, 'frameForces');
    expect(forces.text.case?.codes).toBeInstanceOf(Uint8Array);
    expect(forces.text.element?.codes).toBeInstanceOf(Uint16Array);
    expect(texts(forces, 'element')[299]).toBe('F299');
    expect(column(forces, 'p')[299]).toBe(299);
    // element, case, caseType codes + station and p: 2 + 1 + 1 + 8 + 8 bytes a row.
    expect(tableBytes(forces)).toBe(300 * 20);
  });
});

describe('parseResultNumber', () => {
  it('reads what CSI programs write and refuses what they never do', () => {
    expect(parseResultNumber('-1.234E-03')).toBe(-0.001234);
    expect(parseResultNumber('.5')).toBe(0.5);
    expect(parseResultNumber('1,5')).toBe(1.5);
    expect(Number.isNaN(parseResultNumber('') as number)).toBe(true);
    expect(parseResultNumber('0x10')).toBeUndefined();
    expect(parseResultNumber('Infinity')).toBeUndefined();
    expect(parseResultNumber('abc')).toBeUndefined();
  });
});

/** An ETABS "export tables to Excel" sheet: title, field names, units, then data. */
function etabsSheet(title: string, fields: string[], units: string[], rows: CellValue[][]) {
  return {
    name: title.slice(0, 31),
    rows: [[`TABLE:  ${title}`], fields, units, ...rows],
    rowElements: rows.length + 3,
  };
}

function workbook(...sheets: ReturnType<typeof etabsSheet>[]): RawWorkbook {
  return { sheets, sheet: (name) => sheets.find((sheet) => sheet.name === name) };
}

const BEAM_FIELDS = [
  'Story',
  'Beam',
  'Unique Name',
  'Output Case',
  'Case Type',
  'Step Type',
  'Station',
  'P',
  'V2',
  'V3',
  'T',
  'M2',
  'M3',
  'Element',
  'Elem Station',
  'Location',
];

describe('ETABS Excel exports', () => {
  it('reads beams, columns and braces as one member-force table, each column in its own unit', () => {
    const set = readResultsFromWorkbook(
      workbook(
        etabsSheet(
          'Element Forces - Beams',
          BEAM_FIELDS,
          ['', '', '', '', '', '', 'm', 'kN', 'kN', 'kN', 'kN-m', 'kN-m', 'kN-m', '', 'm', ''],
          [
            [
              'Story2',
              'B1',
              '12',
              'Dead',
              'LinStatic',
              null,
              0.25,
              0,
              -35.2,
              0,
              0.01,
              0,
              -48.7,
              'B1-1',
              0.25,
              null,
            ],
            [
              'Story2',
              'B1',
              '12',
              'ENV',
              'Combination',
              'Max',
              0.25,
              0,
              -30,
              0,
              0.01,
              0,
              -40,
              'B1-1',
              0.25,
              null,
            ],
          ],
        ),
        etabsSheet(
          'Element Forces - Columns',
          BEAM_FIELDS.map((field) => (field === 'Beam' ? 'Column' : field)),
          ['', '', '', '', '', '', 'in', 'kip', 'kip', 'kip', 'kip-in', 'kip-in', 'kip-in', '', 'in', ''],
          [['Story1', 'C1', '3', 'Dead', 'LinStatic', null, 0, -100, 0, 0, 0, 0, 12, 'C1-1', 0, null]],
        ),
        etabsSheet(
          'Element Forces - Braces',
          BEAM_FIELDS.map((field) => (field === 'Beam' ? 'Brace' : field)),
          ['', '', '', '', '', '', 'mm', 'N', 'N', 'N', 'N-mm', 'N-mm', 'N-mm', '', 'mm', ''],
          [['Story1', 'D1', '40', 'Dead', 'LinStatic', null, 100, 5000, 0, 0, 0, 0, 2000, 'D1-1', 100, null]],
        ),
      ),
    );
    const forces = table(set, 'frameForces');
    expect(forces.sources).toEqual([
      'ELEMENT FORCES - BEAMS',
      'ELEMENT FORCES - COLUMNS',
      'ELEMENT FORCES - BRACES',
    ]);
    expect(texts(forces, 'element')).toEqual(['B1', 'B1', 'C1', 'D1']);
    expect(texts(forces, 'story')).toEqual(['Story2', 'Story2', 'Story1', 'Story1']);
    expect(texts(forces, 'uniqueName')).toEqual(['12', '12', '3', '40']);
    expect(texts(forces, 'stepType')).toEqual([undefined, 'Max', undefined, undefined]);
    const station = column(forces, 'station');
    expect(station[0]).toBe(250);
    expect(station[3]).toBe(100);
    const p = column(forces, 'p');
    expect(p[2]).toBeCloseTo(-444_822.16152605, 6);
    expect(p[3]).toBe(5000);
    const m3 = column(forces, 'm3');
    expect(m3[0]).toBeCloseTo(-48_700, 9);
    expect(m3[2]).toBeCloseTo(12 * 4448.2216152605 * 0.0254, 9);
    expect(m3[3]).toBe(2);
    expect(set.items).toEqual([]);
  });

  it('reads story drifts, story forces, modal mass ratios and ETABS joint results', () => {
    const set = readResultsFromWorkbook(
      workbook(
        etabsSheet(
          'Story Drifts',
          ['Story', 'Output Case', 'Case Type', 'Step Type', 'Direction', 'Drift', 'Label', 'X', 'Y', 'Z'],
          ['', '', '', '', '', '', '', 'm', 'm', 'm'],
          [
            ['Story2', 'EQX', 'LinStatic', null, 'X', 0.00213, '14', 12, 0, 7],
            ['Story1', 'EQX', 'LinStatic', null, 'X', 0.0018, '14', 12, 0, 3.5],
          ],
        ),
        etabsSheet(
          'Story Forces',
          ['Story', 'Output Case', 'Case Type', 'Step Type', 'Location', 'P', 'VX', 'VY', 'T', 'MX', 'MY'],
          ['', '', '', '', '', 'kN', 'kN', 'kN', 'kN-m', 'kN-m', 'kN-m'],
          [['Story1', 'EQX', 'LinStatic', null, 'Bottom', 0, -812.5, 0, 1200, 0, -9100]],
        ),
        etabsSheet(
          'Modal Participating Mass Ratios',
          [
            'Case',
            'Mode',
            'Period',
            'UX',
            'UY',
            'UZ',
            'SumUX',
            'SumUY',
            'SumUZ',
            'RX',
            'RY',
            'RZ',
            'SumRX',
            'SumRY',
            'SumRZ',
          ],
          ['', '', 'sec', '', '', '', '', '', '', '', '', '', '', '', ''],
          [['Modal', 1, 0.912, 0.71, 0.001, 0, 0.71, 0.001, 0, 0.0003, 0.2, 0.01, 0.0003, 0.2, 0.01]],
        ),
        etabsSheet(
          'Joint Reactions',
          [
            'Story',
            'Label',
            'Unique Name',
            'Output Case',
            'Case Type',
            'Step Type',
            'FX',
            'FY',
            'FZ',
            'MX',
            'MY',
            'MZ',
          ],
          ['', '', '', '', '', '', 'tonf', 'tonf', 'tonf', 'tonf-m', 'tonf-m', 'tonf-m'],
          [['Base', '1', '1', 'Dead', 'LinStatic', null, 0, 0, 45, 0, 0, 0]],
        ),
        etabsSheet(
          'Joint Displacements',
          [
            'Story',
            'Label',
            'Unique Name',
            'Output Case',
            'Case Type',
            'Step Type',
            'Ux',
            'Uy',
            'Uz',
            'Rx',
            'Ry',
            'Rz',
          ],
          ['', '', '', '', '', '', 'mm', 'mm', 'mm', 'rad', 'rad', 'rad'],
          [['Story2', '14', '30', 'EQX', 'LinStatic', null, 14.2, 0.3, -0.1, 0, 0.0001, 0]],
        ),
      ),
    );
    const drifts = table(set, 'storyDrifts');
    expect(texts(drifts, 'story')).toEqual(['Story2', 'Story1']);
    expect(texts(drifts, 'direction')).toEqual(['X', 'X']);
    expect(column(drifts, 'drift')).toEqual([0.00213, 0.0018]);
    expect(column(drifts, 'z')).toEqual([7000, 3500]);
    const storyForces = table(set, 'storyForces');
    expect(column(storyForces, 'vx')).toEqual([-812_500]);
    expect(column(storyForces, 'my')).toEqual([-9_100_000]);
    expect(texts(storyForces, 'location')).toEqual(['Bottom']);
    const modal = table(set, 'modalMassRatios');
    expect(texts(modal, 'case')).toEqual(['Modal']);
    expect(column(modal, 'stepNum')).toEqual([1]);
    expect(column(modal, 'period')).toEqual([0.912]);
    expect(column(modal, 'ux')).toEqual([0.71]);
    expect(column(modal, 'sumry')).toEqual([0.2]);
    const reactions = table(set, 'jointReactions');
    expect(texts(reactions, 'joint')).toEqual(['1']);
    expect(texts(reactions, 'story')).toEqual(['Base']);
    expect(column(reactions, 'fz')[0]).toBeCloseTo(45 * 9806.65, 9);
    const displacements = table(set, 'jointDisplacements');
    expect(column(displacements, 'ux')).toEqual([14.2]);
    expect(column(displacements, 'ry')).toEqual([0.0001]);
  });

  it('refuses a column whose unit measures something else, naming the sheet and field', () => {
    const wrong = workbook(
      etabsSheet(
        'Element Forces - Beams',
        ['Story', 'Beam', 'Output Case', 'Station', 'M3'],
        ['', '', '', 'kN', 'kN-m'],
        [['Story1', 'B1', 'Dead', 0, 1]],
      ),
    );
    expect(() => readResultsFromWorkbook(wrong)).toThrow(
      /sheet "Element Forces - Beams": field Station: "kN" is not a unit of length/,
    );
  });

  it('uses the PROGRAM CONTROL sheet when the units row is empty, and says when there is neither', () => {
    const beams = etabsSheet(
      'Element Forces - Beams',
      ['Story', 'Beam', 'Output Case', 'Station', 'M3'],
      [],
      [['Story1', 'B1', 'Dead', 2, 3]],
    );
    const control = etabsSheet(
      'Program Control',
      ['ProgramName', 'Version', 'CurrUnits'],
      [],
      [['ETABS', '21.0.0', 'Kip, ft, F']],
    );
    const set = readResultsFromWorkbook(workbook(control, beams));
    expect(set.program).toBe('ETABS 21.0.0');
    const forces = table(set, 'frameForces');
    expect(column(forces, 'station')).toEqual([609.6]);
    expect(column(forces, 'm3')[0]).toBeCloseTo(3 * 4448.2216152605 * 0.3048, 9);
    expect(() => readResultsFromWorkbook(workbook(beams))).toThrow(/does not say its units/);
  });

  it('reads a real .xlsx written the way ETABS writes it', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Element Forces - Beams');
    sheet.addRow(['TABLE:  Element Forces - Beams']);
    sheet.addRow(BEAM_FIELDS);
    sheet.addRow(['', '', '', '', '', '', 'm', 'kN', 'kN', 'kN', 'kN-m', 'kN-m', 'kN-m', '', 'm', '']);
    sheet.addRow([
      'Story1',
      'B7',
      '21',
      '1.2D+1.6L',
      'Combination',
      '',
      3.5,
      0,
      12.25,
      0,
      0,
      0,
      88.5,
      'B7',
      3.5,
      '',
    ]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const set = readResults(bytes);
    const forces = table(set, 'frameForces');
    expect(texts(forces, 'case')).toEqual(['1.2D+1.6L']);
    expect(column(forces, 'm3')).toEqual([88_500]);
    expect(column(forces, 'station')).toEqual([3500]);
  });
});

describe('CSV table exports', () => {
  const encode = (text: string) => new TextEncoder().encode(text);

  it('reads the comma-separated layout, with quoted cells and with or without a units row', () => {
    const csv = [
      'TABLE:  "Program Control"',
      'ProgramName,Version,CurrUnits',
      'ETABS,21.0.0,"KN, m, C"',
      '',
      'TABLE:  "Joint Reactions"',
      'Story,Point,Unique Name,OutputCase,CaseType,StepType,F1,F2,F3,M1,M2,M3',
      'Base,P1,101,D,Linear Static,,0,0,100,0,0,0',
      'Base,P1,101,"1.2D+1.6L, ""max""",Combination,Max,0,0,164,0,-1.5,0',
      '',
      'TABLE:  "Element Forces - Columns"',
      'Story,Column,Unique Name,Output Case,Case Type,Station,P,V2,V3,T,M2,M3',
      ',,,,,mm,N,N,N,N-mm,N-mm,N-mm',
      'Story1,C1,7,D,Linear Static,0,-250000,0,0,0,0,1500000',
    ].join('\r\n');
    const set = readResults(encode(csv));
    expect(set.program).toBe('ETABS 21.0.0');
    const reactions = table(set, 'jointReactions');
    expect(texts(reactions, 'joint')).toEqual(['P1', 'P1']);
    expect(texts(reactions, 'case')).toEqual(['D', '1.2D+1.6L, "max"']);
    expect(column(reactions, 'fz')).toEqual([100_000, 164_000]);
    expect(column(reactions, 'my')).toEqual([0, -1500]);
    const columns = table(set, 'frameForces');
    expect(column(columns, 'p')).toEqual([-250_000]);
    expect(column(columns, 'm3')).toEqual([1500]);
    expect(set.items).toEqual([]);
  });

  it('reads a CSV table exactly as the same table in a workbook: blank lines, no units row, END TABLE DATA', () => {
    const quote = (cell: string) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
    const tables: Array<{ title: string; rows: string[][] }> = [
      {
        title: 'Program Control',
        rows: [
          ['ProgramName', 'Version', 'CurrUnits'],
          ['SAP2000', '25', 'Kip, ft, F'],
        ],
      },
      {
        title: 'Element Forces - Frames',
        rows: [
          ['Frame', 'Station', 'OutputCase', 'CaseType', 'StepType', 'P', 'M3'],
          ['', 'in', '', '', '', 'kip', 'kip-in'],
          ['B1', '0', 'DEAD', 'LinStatic', '', '-12.5', '300'],
          ['B1', '60', '1.2D+1.6L, "wind"', 'Combination', 'Max', '', '-1.5E+02'],
          ['', '120', 'DEAD', 'LinStatic', '', '1', '2'],
          ['B2', '0', 'DEAD', 'LinStatic', '', 'n/a', '7'],
        ],
      },
      {
        title: 'Joint Reactions',
        rows: [
          ['Joint', 'OutputCase', 'F3'],
          ['J1', 'DEAD', '10'],
          ['J2', 'LIVE', '5'],
        ],
      },
    ];
    const csv = tables
      .flatMap(({ title, rows }) => [
        `TABLE:  "${title}"`,
        ...rows.map((row) => row.map(quote).join(',')),
        '',
      ])
      .concat(['END TABLE DATA', ''])
      .join('\r\n');
    const workbook: RawWorkbook = {
      sheets: tables.map(({ title, rows }) => ({
        name: title,
        // A sheet always has its units row; the CSV's Joint Reactions have none.
        rows: [
          [`TABLE:  ${title}`],
          rows[0] ?? [],
          ...(rows[1]?.[1] === 'in' ? rows.slice(1) : [[], ...rows.slice(1)]),
        ],
        rowElements: rows.length + 1,
      })),
      sheet: () => undefined,
    };
    const fromCsv = readResults(encode(csv));
    expect(fromCsv).toEqual(readResultsFromWorkbook(workbook));
    const forces = table(fromCsv, 'frameForces');
    expect(column(forces, 'm3')).toEqual(
      [300 * 112.98482902833, -150 * 112.98482902833, 7 * 112.98482902833].map((value) =>
        expect.closeTo(value, 6),
      ),
    );
    expect(fromCsv.items.map((item) => item.reason)).toEqual([
      '1 row(s) without element or case or station are not read',
      '1 value(s) of P are not numbers (e.g. "n/a") and are left empty',
    ]);
  });

  it('reads a table exported without its title (the CSI API, a copied grid) by its field names, in any separator', () => {
    // GetTableForDisplayCSVFile: field keys, no title, no units row; the units are given with the upload.
    const api = [
      'Story,Beam,UniqueName,OutputCase,CaseType,StepType,Station,P,V2,V3,T,M2,M3,Element,ElemStation,Location',
      'Story1,B1,12,DEAD,LinStatic,,0,0,-12.5,0,0,0,-20,12-1,0,',
      'Story1,B1,12,"1.2D+1.6L",Combination,Max,3,0,10,0,0,0,15.5,12-1,3,',
    ].join('\n');
    expect(() => readResults(encode(api))).toThrow(/does not say its units/);
    const set = readResults(encode(api), { units: parseCsiUnits('KN, m, C') });
    const beams = table(set, 'frameForces');
    expect(beams.sources).toEqual(['ELEMENT FORCES - BEAMS']);
    expect(texts(beams, 'element')).toEqual(['B1', 'B1']);
    expect(texts(beams, 'stepType')).toEqual([undefined, 'Max']);
    expect(column(beams, 'm3')).toEqual([-20_000, 15_500]);
    expect(column(beams, 'station')).toEqual([0, 3000]);
    expect(set.items).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        subject: 'ELEMENT FORCES - BEAMS',
        reason: expect.stringMatching(
          /^the file names no table: read as ELEMENT FORCES - BEAMS from its field names/,
        ),
      }),
    );
    // Copied from ETABS's table window: tab-separated, with the units row.
    const grid = [
      'Story\tBeam\tUnique Name\tOutput Case\tStation\tV2\tM3',
      '\t\t\t\tm\ttonf\ttonf-m',
      'Azotea\tB1\t101\tCM\t0.0000\t5.0\t-3.0',
      'Azotea\tB1\t101\tCM\t1.0000\t2.5\t0.75',
    ].join('\r\n');
    const copied = table(readResults(encode(grid)), 'frameForces');
    expect(column(copied, 'v2')).toEqual([5 * 9806.65, 2.5 * 9806.65]);
    expect(column(copied, 'm3')).toEqual([-3 * 9806.65, 0.75 * 9806.65]);
    // A semicolon list with decimal commas, as a European Windows writes it.
    const semicolons = [
      'Story;Label;Unique Name;Output Case;Case Type;Ux;Uy;Uz;Rx;Ry;Rz',
      ';;;;;mm;mm;mm;rad;rad;rad',
      'Roof;5;101;Sx;LinStatic;31,2;0,1;-0,9;0,00001;0,0002;0',
    ].join('\n');
    const displaced = table(readResults(encode(semicolons)), 'jointDisplacements');
    expect(column(displaced, 'ux')).toEqual([31.2]);
    expect(column(displaced, 'ry')).toEqual([0.0002]);
    expect(texts(displaced, 'joint')).toEqual(['5']);
  });

  it('refuses a delimited file whose fields are no result table, saying what it reads', () => {
    expect(() => readResults(encode('a,b,c\n1,2,3\n'))).toThrow(ParseError);
  });

  it('reads a text export written with a decimal slash (Persian locale)', () => {
    const set = readResultsText(
      sapText(
        'KN, m, C',
        `TABLE:  "JOINT REACTIONS"\n   Joint=1   OutputCase=DEAD   F3=12/500000   M3=-0/250000`,
      ),
    );
    const reactions = table(set, 'jointReactions');
    expect(column(reactions, 'fz')).toEqual([12_500]);
    expect(column(reactions, 'mz')).toEqual([-250]);
  });
});
