import { describe, expect, it } from 'vitest';
import { readE2k } from '../formats/etabs';
import { parseCsiUnits } from '../units';
import { diffResults } from './diff';
import { decodeResults, encodeResults } from './encode';
import { matchResults } from './match';
import { readResultsText } from './read';
import { resultTable } from './store';
import { frameBuildingE2k } from './testing/frameBuilding';
import {
  deformedShape,
  modalPeriods,
  diagramReading,
  memberDiagrams,
  objectExtremes,
  outputCases,
  storyDrifts,
  withTargets,
} from './targets';

/** One storey: beams B1 and B2 and column C1 (testing/frameBuilding.ts); the forces below leave B2 without any. */
const MODEL = readE2k(new TextEncoder().encode(frameBuildingE2k(10))).model;

const units = { units: parseCsiUnits('KN, m, C') };

function forces(m3AtMidspan: number) {
  return readResultsText(
    `TABLE:  "ELEMENT FORCES - BEAMS"
   Story=L1   Beam=B1   OutputCase=DEAD   CaseType=LinStatic   Station=3   M3=${m3AtMidspan}
   Story=L1   Beam=B1   OutputCase=DEAD   CaseType=LinStatic   Station=0   M3=-40
   Story=L1   Beam=B1   OutputCase=DEAD   CaseType=LinStatic   Station=6   M3=-42
   Story=L1   Beam=B1   OutputCase=ENV   CaseType=Combination   StepType=Max   Station=0   M3=-10
   Story=L1   Beam=B1   OutputCase=ENV   CaseType=Combination   StepType=Min   Station=0   M3=-70
   Story=L1   Beam=B1   OutputCase=ENV   CaseType=Combination   StepType=Max   Station=6   M3=-12
   Story=L1   Beam=B1   OutputCase=ENV   CaseType=Combination   StepType=Min   Station=6   M3=-75
   Story=L9   Beam=B7   OutputCase=DEAD   CaseType=LinStatic   Station=0   M3=999

TABLE:  "ELEMENT FORCES - COLUMNS"
   Story=L1   Column=C1   OutputCase=DEAD   CaseType=LinStatic   Station=0   M3=5
   Story=L1   Column=C1   OutputCase=DEAD   CaseType=LinStatic   Station=3   M3=-8
END TABLE DATA
`,
    units,
  );
}

function stored(m3AtMidspan: number) {
  const set = forces(m3AtMidspan);
  const matched = withTargets(set, matchResults(set, MODEL), MODEL);
  // What the server keeps is the encoded form; everything below reads it back.
  const table = resultTable(decodeResults(encodeResults(matched)), 'frameForces');
  if (!table) throw new Error('no member forces');
  return table;
}

describe('results tied to model objects', () => {
  it('colours each matched member by its extreme in a case, and leaves out rows the model lacks', () => {
    const table = stored(30);
    const dead = objectExtremes(table, 'm3', 'DEAD');
    expect(dead.ids).toEqual(['B1@L1', 'C1@L1']);
    // kN·m → N·m; the signed value of greatest magnitude.
    expect([...dead.values]).toEqual([-42_000, -8_000]);
    // An envelope counts both of its steps.
    // An envelope counts both of its steps; the column has no row in it.
    expect([...objectExtremes(table, 'm3', 'ENV').values]).toEqual([-75_000, Number.NaN]);
    // The same ids, in the same order, whatever the case or component.
    expect(objectExtremes(table, 'm3', 'ENV').ids).toEqual(dead.ids);
    expect([...objectExtremes(table, 'm3', 'NO SUCH CASE').values]).toEqual([Number.NaN, Number.NaN]);
    expect([...objectExtremes(table, 'nothing').values]).toEqual([Number.NaN, Number.NaN]);
  });

  it('draws a member diagram station by station, an envelope as its two lines', () => {
    const table = stored(30);
    const [beam] = memberDiagrams(table, 'm3', 'DEAD');
    expect(beam).toEqual({
      id: 'B1@L1',
      stations: [0, 3000, 6000],
      max: [-40_000, 30_000, -42_000],
      min: [-40_000, 30_000, -42_000],
    });
    const [envelope] = memberDiagrams(table, 'm3', 'ENV');
    expect(envelope).toEqual({
      id: 'B1@L1',
      stations: [0, 6000],
      max: [-10_000, -12_000],
      min: [-70_000, -75_000],
    });
  });

  it('lists the output cases with their types', () => {
    expect(outputCases(stored(30))).toEqual([
      { name: 'DEAD', type: 'LinStatic' },
      { name: 'ENV', type: 'Combination' },
    ]);
  });

  it('compares two versions member by member through the objects they matched', () => {
    // Midspan moment 30 → 60 kN·m: the member's DEAD extreme goes from −42 (support) to 60 (midspan).
    const diff = diffResults(stored(30), stored(60), 'm3', { by: 'target' });
    expect(diff.changes.map((change) => [change.member, change.case])).toEqual([['B1@L1', 'DEAD']]);
    expect(diff.changes[0]?.before).toBe(-42_000);
    expect(diff.changes[0]?.after).toBe(60_000);
    // B7@L9 matched nothing: by object it is not a member at all (by label it is).
    expect(diff.compared).toBe(3);
    expect(diffResults(stored(30), stored(60), 'm3').compared).toBe(4);
  });
});

describe('story drifts tied to the model levels', () => {
  it('gives each story its largest drift in X and in Y under a case', () => {
    const set = readResultsText(
      `TABLE:  "STORY DRIFTS"
   Story=L1   OutputCase=EQX   CaseType=LinStatic   Direction=X   Drift=0.0042   Label=3   X=0   Y=0   Z=3
   Story=L1   OutputCase=EQX   CaseType=LinStatic   Direction=X   Drift=0.0051   Label=4   X=6   Y=0   Z=3
   Story=L1   OutputCase=EQX   CaseType=LinStatic   Direction=Y   Drift=0.0007   Label=4   X=6   Y=0   Z=3
   Story=L1   OutputCase=EQY   CaseType=LinStatic   Direction=Y   Drift=0.0049   Label=4   X=6   Y=0   Z=3
   Story=L7   OutputCase=EQX   CaseType=LinStatic   Direction=X   Drift=0.0099   Label=4   X=6   Y=0   Z=3
`,
      units,
    );
    const table = resultTable(withTargets(set, matchResults(set, MODEL), MODEL), 'storyDrifts');
    if (!table) throw new Error('no story drifts');
    // L7 is not a story of the model.
    expect(storyDrifts(table, 'EQX')).toEqual([
      { id: MODEL.levels.find((level) => level.name === 'L1')?.id, x: 0.0051, y: 0.0007 },
    ]);
    expect(storyDrifts(table, 'EQY')[0]?.y).toBe(0.0049);
    expect(Number.isNaN(storyDrifts(table, 'EQY')[0]?.x)).toBe(true);
  });
});

describe('the deformed shape tied to the model joints', () => {
  const set = readResultsText(
    `TABLE:  "JOINT DISPLACEMENTS"
   Story=L1   Label=2   OutputCase=DEAD   CaseType=LinStatic   Ux=0.001   Uy=0   Uz=-0.012   Rx=0   Ry=0.0004   Rz=0
   Story=L1   Label=3   OutputCase=DEAD   CaseType=LinStatic   Ux=0.001   Uy=0   Uz=-0.002   Rx=0   Ry=-0.001   Rz=0
   Story=L9   Label=3   OutputCase=DEAD   CaseType=LinStatic   Ux=5   Uy=5   Uz=5   Rx=0   Ry=0   Rz=0
   Story=L1   Label=2   OutputCase=MODAL   CaseType=LinModal   StepType=Mode   StepNum=1   Ux=0.8   Uy=0   Uz=0   Rx=0   Ry=0   Rz=0
   Story=L1   Label=3   OutputCase=MODAL   CaseType=LinModal   StepType=Mode   StepNum=1   Ux=1   Uy=0   Uz=0   Rx=0   Ry=0   Rz=0
   Story=L1   Label=2   OutputCase=MODAL   CaseType=LinModal   StepType=Mode   StepNum=2   Ux=0   Uy=1   Uz=0   Rx=0   Ry=0   Rz=0
   Story=L1   Label=2   OutputCase=ENV   CaseType=Combination   StepType=Max   Ux=0.002   Uy=0   Uz=0
   Story=L1   Label=2   OutputCase=ENV   CaseType=Combination   StepType=Min   Ux=-0.003   Uy=0   Uz=0
`,
    units,
  );
  const table = resultTable(withTargets(set, matchResults(set, MODEL), MODEL), 'jointDisplacements');
  if (!table) throw new Error('no joint displacements');
  const nodeAt = (x: number) => MODEL.nodes.find((node) => node.x === x * 1000 && node.z === 3000)?.id;

  it('gives each matched joint its translations (mm) and rotations (rad) in the case', () => {
    const shape = deformedShape(table, 'DEAD');
    expect(shape.step).toBeUndefined();
    // L9 is not a story of the model: its joint is left out.
    expect(shape.joints.map((joint) => joint.id)).toEqual([nodeAt(6), nodeAt(10)]);
    expect(shape.joints[0]?.u).toEqual([1, 0, -12]);
    expect(shape.joints[0]?.r).toEqual([0, 0.0004, 0]);
  });

  it('shows one step of a case with several: the first mode, the Max of an envelope', () => {
    const modal = deformedShape(table, 'MODAL');
    expect(modal.step).toBe('Mode 1');
    expect(modal.joints.map((joint) => joint.u[0])).toEqual([800, 1000]);
    const envelope = deformedShape(table, 'ENV');
    expect(envelope.step).toBe('Max');
    expect(envelope.joints[0]?.u[0]).toBe(2);
    // The file has no rotations for this case.
    expect(envelope.joints[0]?.r.every(Number.isNaN)).toBe(true);
    expect(deformedShape(table, 'NOPE').joints).toEqual([]);
  });

  it('shows the step asked for, and lists every step of the case', () => {
    const second = deformedShape(table, 'MODAL', 'Mode 2');
    expect(second.step).toBe('Mode 2');
    expect(second.steps).toEqual(['Mode 1', 'Mode 2']);
    expect(second.joints.map((joint) => joint.u)).toEqual([[0, 1000, 0]]);
    expect(deformedShape(table, 'ENV', 'Min').joints[0]?.u[0]).toBe(-3);
    expect(deformedShape(table, 'ENV').steps).toEqual(['Max', 'Min']);
    expect(deformedShape(table, 'DEAD').steps).toEqual([]);
    expect(deformedShape(table, 'MODAL', 'Mode 9').joints).toEqual([]);
  });

  it("gives each mode's period from Modal Periods And Frequencies", () => {
    const periods = readResultsText(
      `TABLE:  "MODAL PERIODS AND FREQUENCIES"
   OutputCase=MODAL   StepType=Mode   StepNum=1   Period=1.2345   Frequency=0.81
   OutputCase=MODAL   StepType=Mode   StepNum=2   Period=0.4   Frequency=2.5
   OutputCase=OTHER   StepType=Mode   StepNum=1   Period=9   Frequency=0.11
`,
      units,
    );
    const modal = resultTable(periods, 'modalPeriods');
    if (!modal) throw new Error('no modal periods');
    expect([...modalPeriods(modal, 'MODAL')]).toEqual([
      ['Mode 1', 1.2345],
      ['Mode 2', 0.4],
    ]);
  });
});

describe('reading a member diagram', () => {
  it('gives both ends and the extremes with their stations, an envelope as its two lines', () => {
    expect(
      diagramReading({
        stations: [0, 3000, 6000],
        max: [-40_000, 25_000, -42_000],
        min: [-40_000, 25_000, -42_000],
      }),
    ).toEqual({
      start: { max: -40_000, min: -40_000 },
      end: { max: -42_000, min: -42_000 },
      largest: { station: 3000, value: 25_000 },
      smallest: { station: 6000, value: -42_000 },
    });
    const envelope = diagramReading({
      stations: [0, 6000],
      max: [-10_000, -12_000],
      min: [-70_000, -75_000],
    });
    expect(envelope?.start).toEqual({ max: -10_000, min: -70_000 });
    expect(envelope?.largest).toEqual({ station: 0, value: -10_000 });
    expect(envelope?.smallest).toEqual({ station: 6000, value: -75_000 });
    expect(diagramReading({ stations: [], max: [], min: [] })).toBeNull();
  });
});
