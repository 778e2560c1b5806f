import { describe, expect, it } from 'vitest';
import { parseCsiUnits } from '../units';
import { describeResultChange, diffResults, memberExtremes } from './diff';
import { readResultsText } from './read';
import { resultTable, type ResultTable } from './store';

const units = { units: parseCsiUnits('KN, m, C') };

/** ETABS-style beam forces: `[story, beam, case, step, station, M3]` per row. */
function beams(rows: Array<[string, string, string, string, number, number]>): ResultTable {
  const text = [
    'TABLE:  "ELEMENT FORCES - BEAMS"',
    ...rows.map(
      ([story, beam, outputCase, step, station, m3]) =>
        `   Story=${story}   Beam=${beam}   OutputCase="${outputCase}"   ${step ? `StepType=${step}   ` : ''}Station=${station}   M3=${m3}`,
    ),
    'END TABLE DATA',
    '',
  ].join('\n');
  const table = resultTable(readResultsText(text, units), 'frameForces');
  if (!table) throw new Error('no member forces');
  return table;
}

const kNm = (value: number) => `${(value / 1000).toFixed(1)} kN·m`;

describe('member extremes', () => {
  it('keep the signed value of greatest magnitude over stations and envelope steps, per member and case', () => {
    const extremes = memberExtremes(
      beams([
        ['Story2', 'TG-3', 'ENV', 'Max', 0, 120],
        ['Story2', 'TG-3', 'ENV', 'Min', 0, -512.4],
        ['Story2', 'TG-3', 'ENV', 'Max', 6, 300],
        ['Story2', 'TG-3', 'DEAD', '', 3, 80],
        ['Story1', 'TG-3', 'DEAD', '', 3, -20],
      ]),
      'm3',
    );
    expect(extremes.members).toEqual(['TG-3@Story2', 'TG-3@Story1']);
    expect(extremes.cases).toEqual(['ENV', 'DEAD']);
    expect([...extremes.values]).toEqual([-512_400, 80_000, Number.NaN, -20_000]);
    expect(extremes.largest).toBe(512_400);
  });
});

describe('the results diff', () => {
  const before = beams([
    ['Story2', 'TG-3', '1.2D+1.6L', '', 0, -512.4],
    ['Story2', 'TG-3', '1.2D+1.6L', '', 6, 210],
    ['Story2', 'B7', '1.2D+1.6L', '', 0, -100],
    ['Story2', 'B8', '1.2D+1.6L', '', 0, 40],
    ['Story2', 'B9', '1.2D+1.6L', '', 0, 0.02],
    ['Story2', 'B10', '1.2D+1.6L', '', 0, 50],
  ]);
  const after = beams([
    ['Story2', 'TG-3', '1.2D+1.6L', '', 0, -604.6],
    ['Story2', 'TG-3', '1.2D+1.6L', '', 6, 200],
    ['Story2', 'B7', '1.2D+1.6L', '', 0, -105],
    ['Story2', 'B8', '1.2D+1.6L', '', 0, -30],
    ['Story2', 'B9', '1.2D+1.6L', '', 0, 0.05],
    ['Story2', 'B11', '1.2D+1.6L', '', 0, 50],
  ]);

  it('lists the members whose extreme changed more than the threshold, largest change first', () => {
    const diff = diffResults(before, after, 'm3', { thresholdPercent: 10 });
    expect(diff.changes.map((change) => change.member)).toEqual(['B8@Story2', 'TG-3@Story2']);
    const girder = diff.changes[1];
    expect(girder?.before).toBe(-512_400);
    expect(girder?.after).toBe(-604_600);
    expect(girder?.change).toBeCloseTo(-92_200, 6);
    expect(girder?.percent).toBeCloseTo(17.99, 2);
    // B7 moved 5 %; B9 more than doubled but by 0.03 kN·m, under 1 % of the largest moment.
    expect(diff.noiseFloor).toBeCloseTo(6046, 6);
    expect(diff.compared).toBe(4);
    expect(diff.onlyBefore).toBe(1);
    expect(diff.onlyAfter).toBe(1);
  });

  it('says each change as an engineer would', () => {
    const [flipped, girder] = diffResults(before, after, 'm3').changes;
    expect(describeResultChange(girder!, 'm3', kNm)).toBe(
      'max M3 in TG-3@Story2 rose 18 % under 1.2D+1.6L (-512.4 kN·m → -604.6 kN·m)',
    );
    expect(describeResultChange(flipped!, 'm3', kNm)).toBe(
      'max M3 in B8@Story2 changed sign under 1.2D+1.6L (40.0 kN·m → -30.0 kN·m)',
    );
  });

  it('takes a lower threshold and a smaller noise floor when asked', () => {
    const diff = diffResults(before, after, 'm3', { thresholdPercent: 1, noiseFraction: 0 });
    // B8 flipped sign (175 % of its value), B9 grew 150 %.
    expect(diff.changes.map((change) => change.member)).toEqual([
      'B8@Story2',
      'B9@Story2',
      'TG-3@Story2',
      'B7@Story2',
    ]);
  });
});
