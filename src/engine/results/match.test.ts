import { describe, expect, it } from 'vitest';
import { readE2k } from '../formats/etabs';
import { parseCsiUnits } from '../units';
import { matchResults } from './match';
import { readResultsText } from './read';
import { summarizeResults } from './summary';

/** Two storeys: columns C1 on both, beam B1 on L2 only. */
const MODEL = readE2k(
  new TextEncoder().encode(
    [
      '$ CONTROLS',
      '  UNITS  "KN"  "M"  "C"  ',
      '$ STORIES - IN SEQUENCE FROM TOP',
      '  STORY "L2"  HEIGHT 3',
      '  STORY "L1"  HEIGHT 3',
      '  STORY "Base"  ELEV 0',
      '$ POINT COORDINATES',
      '  POINT "1"  0 0',
      '  POINT "2"  5 0',
      '$ LINE CONNECTIVITIES',
      '  LINE  "C1"  COLUMN  "1"  "1"  1',
      '  LINE  "B1"  BEAM  "1"  "2"  0',
      '$ LINE ASSIGNS',
      '  LINEASSIGN  "C1"  "L2"  ANG 0',
      '  LINEASSIGN  "C1"  "L1"  ANG 0',
      '  LINEASSIGN  "B1"  "L2"  ANG 0',
      '$ END OF MODEL FILE',
      '',
    ].join('\n'),
  ),
).model;

const units = { units: parseCsiUnits('KN, m, C') };

describe('matching results to a version', () => {
  it('finds ETABS members by label and story, and reports the rest both ways', () => {
    const set = readResultsText(
      `TABLE:  "ELEMENT FORCES - COLUMNS"
   Story=L1   Column=C1   OutputCase=DEAD   Station=0   P=-100
   Story=L1   Column=C1   OutputCase=DEAD   Station=3   P=-98
   Story=L3   Column=C1   OutputCase=DEAD   Station=0   P=-5
END TABLE DATA
`,
      units,
    );
    const { tables, items } = matchResults(set, MODEL);
    const [columns] = tables;
    const index = MODEL.elements.findIndex((element) => element.id === 'C1@L1');
    expect(index).toBeGreaterThanOrEqual(0);
    expect([...(columns?.targets ?? [])]).toEqual([index, index, -1]);
    expect(columns?.matched).toBe(1);
    expect(columns?.unmatched).toEqual(['C1@L3']);
    expect(columns?.unmatchedRows).toBe(1);
    // C1@L2 and B1@L2 have no forces.
    expect(columns?.membersWithoutResults).toBe(2);
    expect(items.map((item) => item.severity)).toEqual(['dropped', 'warning']);
    expect(items[0]?.ids).toEqual(['C1@L3']);
  });

  it('finds a member by its label alone when the file names no story (SAP2000), and stories by name', () => {
    const set = readResultsText(
      `TABLE:  "ELEMENT FORCES - FRAMES"
   Frame=B1@L2   Station=0   OutputCase=DEAD   M3=1
TABLE:  "STORY DRIFTS"
   Story=L2   OutputCase=EQX   Direction=X   Drift=0.002
   Story=Roof   OutputCase=EQX   Direction=X   Drift=0.001
END TABLE DATA
`,
      units,
    );
    const { tables } = matchResults(set, MODEL);
    expect(tables.find((table) => table.kind === 'frameForces')?.matched).toBe(1);
    const drifts = tables.find((table) => table.kind === 'storyDrifts');
    expect(drifts?.unmatched).toEqual(['Roof']);
    expect(drifts?.targets[0]).toBe(MODEL.levels.findIndex((level) => level.name === 'L2'));
  });
});

describe('summarising results', () => {
  it('gives each component its extremes with the member, case, step and station', () => {
    const set = readResultsText(
      `TABLE:  "ELEMENT FORCES - BEAMS"
   Story=L2   Beam=B1   OutputCase=ENV   StepType=Max   Station=0   M3=12   V2=3
   Story=L2   Beam=B1   OutputCase=ENV   StepType=Min   Station=0   M3=-40   V2=-3
   Story=L2   Beam=B1   OutputCase=DEAD   Station=2.5   M3=20   V2=0
END TABLE DATA
`,
      units,
    );
    const [summary] = summarizeResults(set);
    expect(summary?.cases).toEqual(['ENV', 'DEAD']);
    expect(summary?.labels).toBe(1);
    const m3 = summary?.extremes.find((extreme) => extreme.component === 'm3');
    expect(m3?.max).toEqual({ value: 20_000, label: 'B1@L2', case: 'DEAD', station: 2500 });
    expect(m3?.min).toEqual({ value: -40_000, label: 'B1@L2', case: 'ENV', stepType: 'Min', station: 0 });
    // Components the file does not give have no extremes.
    expect(summary?.extremes.map((extreme) => extreme.component)).toEqual(['v2', 'm3']);
  });
});
