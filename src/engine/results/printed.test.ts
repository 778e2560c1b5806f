import { describe, expect, it } from 'vitest';
import { ParseError } from '../formats/parseError';
import { isCsiPrintedTables, printedWorkbook } from './printed';
import { readResults } from './read';
import { resultTable, textAt, type ResultSet, type ResultTable } from './store';

/**
 * A table as SAP2000 prints it to a text file: every name, unit and value right-aligned in a column 12 wide
 * (wider when a value needs it), blank units under text fields.
 */
function printed(title: string, names: string[], units: string[], rows: string[][]): string {
  const widths = names.map((name, column) =>
    Math.max(12, name.length + 1, ...rows.map((row) => (row[column] ?? '').length + 2)),
  );
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => cell.padStart(widths[column] as number)).join('');
  return [`Table:  ${title}`, '', line(names), line(units), '', ...rows.map(line), '', ''].join('\r\n');
}

function file(...tables: string[]): Uint8Array {
  return new TextEncoder().encode(['SAP2000 v24.1.0    11/29/26 10:00:00', '', ...tables].join('\r\n'));
}

function table(set: ResultSet, kind: Parameters<typeof resultTable>[1]): ResultTable {
  const found = resultTable(set, kind);
  if (!found) throw new Error(`no ${kind} table`);
  return found;
}

const texts = (found: ResultTable, field: string) =>
  Array.from({ length: found.rowCount }, (_, row) => textAt(found.text[field], row));
const numbers = (found: ResultTable, field: string) => [...(found.numbers[field] ?? [])];

/** Written here in SAP2000 v16's layout, character for character (a case name with a space, an empty step). */
const FRAMES_KN_M = [
  'SAP2000 v16.1.1    5/1/14 0:27:24',
  '',
  'Table:  Element Forces - Frames',
  '',
  '       Frame     Station  OutputCase    CaseType    StepType           P          V2          V3           T          M2          M3   FrameElem ElemStation',
  '                       m                                              KN          KN          KN        KN-m        KN-m        KN-m                       m',
  '',
  '           1     0.00000   DEAD LOAD   LinStatic               -1921.004      -5.911       0.000      0.0000      0.0000   -309.8603         1-1     0.00000',
  '           1     7.00000   DEAD LOAD   LinStatic               -1919.219     -29.831       0.000      0.0000      0.0000  -1.137E-13         1-2     0.00000',
  '          B2     3.50000    ENVELOPE Combination         Max     -14.450       0.000       0.000      0.0000      0.0000     12.5000        B2-1     3.50000',
  '          B2     3.50000    ENVELOPE Combination         Min     -20.000       0.000       0.000      0.0000      0.0000    -12.5000        B2-1     3.50000',
  '',
  '',
].join('\r\n');

describe('printed CSI tables (File > Print Tables to a text file)', () => {
  it('reads values by the column they line up under, in the units row of each column', () => {
    const set = readResults(new TextEncoder().encode(FRAMES_KN_M));
    expect(set.program).toBe('SAP2000 16.1.1');
    const forces = table(set, 'frameForces');
    expect(forces.rowCount).toBe(4);
    expect(texts(forces, 'element')).toEqual(['1', '1', 'B2', 'B2']);
    expect(texts(forces, 'case')).toEqual(['DEAD LOAD', 'DEAD LOAD', 'ENVELOPE', 'ENVELOPE']);
    expect(texts(forces, 'caseType')).toEqual(['LinStatic', 'LinStatic', 'Combination', 'Combination']);
    expect(texts(forces, 'stepType')).toEqual([undefined, undefined, 'Max', 'Min']);
    expect(texts(forces, 'meshElement')).toEqual(['1-1', '1-2', 'B2-1', 'B2-1']);
    expect(numbers(forces, 'station')).toEqual([0, 7000, 3500, 3500]);
    expect(numbers(forces, 'p')).toEqual([-1_921_004, -1_919_219, -14_450, -20_000]);
    expect(numbers(forces, 'm3')[0]).toBeCloseTo(-309_860.3, 6);
    expect(numbers(forces, 'm3')[1]).toBeCloseTo(-1.137e-10, 20);
    expect(numbers(forces, 'm3').slice(2)).toEqual([12_500, -12_500]);
    expect(set.items).toEqual([]);
  });

  it('reads every unit system from the units row: kip and in, Tonf and m, N and mm, Kgf and cm', () => {
    const cases: Array<[string, string, string, number, number]> = [
      ['Kip', 'Kip-in', 'in', 4_448.221_615_260_5, 25.4],
      ['Tonf', 'Tonf-m', 'm', 9_806.65, 1000],
      ['N', 'N-mm', 'mm', 1, 1],
      ['Kgf', 'Kgf-cm', 'cm', 9.806_65, 10],
    ];
    for (const [force, moment, length, newtons, millimetres] of cases) {
      const set = readResults(
        file(
          printed(
            'Joint Reactions',
            ['Joint', 'OutputCase', 'CaseType', 'F1', 'F2', 'F3', 'M1', 'M2', 'M3'],
            ['', '', '', force, force, force, moment, moment, moment],
            [['101', 'DEAD', 'LinStatic', '1', '-2', '100', '0', '3', '0']],
          ),
          printed(
            'Joint Displacements',
            ['Joint', 'OutputCase', 'CaseType', 'U1', 'U2', 'U3', 'R1', 'R2', 'R3'],
            ['', '', '', length, length, length, 'Radians', 'Radians', 'Radians'],
            [['101', 'DEAD', 'LinStatic', '0.5', '0', '-2', '0.001', '0', '0']],
          ),
        ),
      );
      const reactions = table(set, 'jointReactions');
      expect(numbers(reactions, 'fz')[0]).toBeCloseTo(100 * newtons, 6);
      expect(numbers(reactions, 'my')[0]).toBeCloseTo((3 * newtons * millimetres) / 1000, 6);
      const displacements = table(set, 'jointDisplacements');
      expect(numbers(displacements, 'ux')[0]).toBeCloseTo(0.5 * millimetres, 9);
      expect(numbers(displacements, 'rx')[0]).toBeCloseTo(0.001, 12);
      expect(set.program).toBe('SAP2000 24.1.0');
    }
  });

  it('reads story drifts, modal periods and base reactions, and names a table it does not read', () => {
    const set = readResults(
      file(
        printed(
          'Story Drifts',
          ['Story', 'OutputCase', 'CaseType', 'StepType', 'Direction', 'Drift', 'Label', 'X', 'Y', 'Z'],
          ['', '', '', '', '', '', '', 'm', 'm', 'm'],
          [
            ['Story2', 'EQX', 'LinStatic', '', 'X', '0.002154', '12', '6', '0', '7'],
            ['Story1', 'EQX', 'LinStatic', '', 'X', '0.001002', '12', '6', '0', '3.5'],
          ],
        ),
        printed(
          'Modal Periods And Frequencies',
          ['OutputCase', 'StepType', 'StepNum', 'Period', 'Frequency', 'CircFreq', 'Eigenvalue'],
          ['', '', 'Unitless', 'Sec', 'Cyc/sec', 'rad/sec', 'rad2/sec2'],
          [['MODAL', 'Mode', '1', '0.84', '1.19', '7.48', '55.95']],
        ),
        printed(
          'Element Joint Forces - Frames',
          ['Frame', 'Joint', 'OutputCase', 'CaseType', 'F1', 'F2', 'F3', 'M1', 'M2', 'M3'],
          ['', '', '', '', 'KN', 'KN', 'KN', 'KN-m', 'KN-m', 'KN-m'],
          [['F1', '1', 'POINT', 'LinStatic', '-14.371', '0', '-0.604', '0', '-3.5361', '0']],
        ),
      ),
    );
    expect(numbers(table(set, 'storyDrifts'), 'drift')).toEqual([0.002154, 0.001002]);
    expect(texts(table(set, 'storyDrifts'), 'story')).toEqual(['Story2', 'Story1']);
    expect(numbers(table(set, 'modalPeriods'), 'period')).toEqual([0.84]);
    expect(set.items).toEqual([
      expect.objectContaining({
        severity: 'dropped',
        subject: 'ELEMENT JOINT FORCES - FRAMES',
        reason: 'Gusset does not read this result table yet; its values are not kept',
      }),
    ]);
  });

  it('carries a table on over a page break that prints its title, names and units again', () => {
    const names = ['Joint', 'OutputCase', 'CaseType', 'F1', 'F2', 'F3', 'M1', 'M2', 'M3'];
    const units = ['', '', '', 'KN', 'KN', 'KN', 'KN-m', 'KN-m', 'KN-m'];
    const page = (joint: string) =>
      printed('Joint Reactions', names, units, [[joint, 'DEAD', 'LinStatic', '0', '0', '5', '0', '0', '0']]);
    const set = readResults(file(page('1'), '\f', page('2')));
    const reactions = table(set, 'jointReactions');
    expect(texts(reactions, 'joint')).toEqual(['1', '2']);
    expect(numbers(reactions, 'fz')).toEqual([5000, 5000]);
  });

  it('joins a table printed in parts row by row, and refuses parts whose rows are not the same rows', () => {
    const part = (n: number, rows: string[][]) =>
      printed(
        `Element Forces - Frames, Part ${n} of 2`,
        n === 1
          ? ['Frame', 'Station', 'OutputCase', 'CaseType', 'P', 'V2', 'V3']
          : ['Frame', 'Station', 'OutputCase', 'T', 'M2', 'M3'],
        n === 1 ? ['', 'm', '', '', 'KN', 'KN', 'KN'] : ['', 'm', '', 'KN-m', 'KN-m', 'KN-m'],
        rows,
      );
    const set = readResults(
      file(
        part(1, [
          ['B1', '0', 'DEAD', 'LinStatic', '-1', '2', '0'],
          ['B1', '6', 'DEAD', 'LinStatic', '-1', '-2', '0'],
        ]),
        part(2, [
          ['B1', '0', 'DEAD', '0', '0', '-4'],
          ['B1', '6', 'DEAD', '0', '0', '8'],
        ]),
      ),
    );
    const forces = table(set, 'frameForces');
    expect(numbers(forces, 'v2')).toEqual([2000, -2000]);
    expect(numbers(forces, 'm3')).toEqual([-4000, 8000]);
    expect(forces.sources).toEqual(['ELEMENT FORCES - FRAMES']);

    const mismatched = file(
      part(1, [['B1', '0', 'DEAD', 'LinStatic', '-1', '2', '0']]),
      part(2, [['B9', '0', 'DEAD', '0', '0', '-4']]),
    );
    expect(() => readResults(mismatched)).toThrow(/row 1 differs in Frame: they cannot be joined/);
  });

  it('refuses a value that lines up under no column, with its line', () => {
    const text = FRAMES_KN_M.replace('1-2     0.00000', '1-2     0.00000      99.000');
    expect(() => readResults(new TextEncoder().encode(text))).toThrow(ParseError);
    expect(() => readResults(new TextEncoder().encode(text))).toThrow(
      /line 9: .*"99.000" is not under any column/,
    );
  });

  it('is told apart from the Field=value and comma-separated forms', () => {
    expect(isCsiPrintedTables(FRAMES_KN_M)).toBe(true);
    expect(isCsiPrintedTables('TABLE:  "JOINT REACTIONS"\r\n   Joint=1   OutputCase=DEAD   F1=0\r\n')).toBe(
      false,
    );
    expect(isCsiPrintedTables('TABLE:  Joint Reactions\r\nJoint,OutputCase,F1\r\n1,DEAD,0\r\n')).toBe(false);
    expect(printedWorkbook('Table:  Joint Reactions\r\n').sheets.map((sheet) => sheet.name)).toEqual([
      'Joint Reactions',
    ]);
  });
});
