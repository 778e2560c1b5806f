import { describe, expect, it } from 'vitest';
import type { AreaLoad, Model } from '../../schema';
import { readE2k, writeE2k } from '../etabs';
import type { TranslationReport } from '../report';
import { readSap2000 } from './read';
import { parseCsiTables } from './tables';
import { decodeCsiText } from './text';
import { writeSap2000 } from './write';

/** Synthetic: a 10 × 10 (length unit) square area on joints 1–4, anticlockwise from above (local 3 = +Z). */
function s2k(units: string, side: number, loadTables: string): Uint8Array {
  return new TextEncoder().encode(
    [
      'TABLE:  "PROGRAM CONTROL"',
      `   ProgramName=SAP2000   Version=25.3.1   CurrUnits="${units}"`,
      'TABLE:  "LOAD PATTERN DEFINITIONS"',
      '   LoadPat=WIND   DesignType=Wind   SelfWtMult=0',
      '   LoadPat=SUPER   DesignType="Super Dead"   SelfWtMult=0',
      'TABLE:  "JOINT COORDINATES"',
      `   Joint=1   CoordSys=GLOBAL   CoordType=Cartesian   XorR=0   Y=0   Z=0`,
      `   Joint=2   CoordSys=GLOBAL   CoordType=Cartesian   XorR=${side}   Y=0   Z=0`,
      `   Joint=3   CoordSys=GLOBAL   CoordType=Cartesian   XorR=${side}   Y=${side}   Z=0`,
      `   Joint=4   CoordSys=GLOBAL   CoordType=Cartesian   XorR=0   Y=${side}   Z=0`,
      'TABLE:  "JOINT RESTRAINT ASSIGNMENTS"',
      ...[1, 2, 3, 4].map((joint) => `   Joint=${joint}   U1=Yes   U2=Yes   U3=Yes   R1=No   R2=No   R3=No`),
      'TABLE:  "CONNECTIVITY - AREA"',
      '   Area=1   NumJoints=4   Joint1=1   Joint2=2   Joint3=3   Joint4=4',
      loadTables,
      'END TABLE DATA',
      '',
    ].join('\n'),
  );
}

const PRESSURES = [
  'TABLE:  "AREA LOADS - SURFACE PRESSURE"',
  '   Area=1   LoadPat=WIND   Face=Top   Pressure=0.02   JtPattern=None',
  '   Area=1   LoadPat=WIND   Face=Bottom   Pressure=0.005   JtPattern=None',
].join('\n');

const KIP_PER_FT2_IN_PA = 4448.2216152605 / ((304.8 * 304.8) / 1e6);

function areaLoads(model: Model): AreaLoad[] {
  return model.loads.filter((load): load is AreaLoad => load.type === 'AreaLoad');
}

/** Σ value × area × unit normal (local 3 by the right-hand rule over the vertices), in N. */
function resultant(model: Model): [number, number, number] {
  const nodes = new Map(model.nodes.map((node) => [node.id, node]));
  const sum: [number, number, number] = [0, 0, 0];
  for (const load of areaLoads(model)) {
    const element = model.elements.find((candidate) => candidate.id === load.elementId);
    if (!element || !('nodeIds' in element) || load.direction !== '3') throw new Error(`load ${load.id}`);
    const points = element.nodeIds.map((id) => nodes.get(id)!);
    // Newell's vector: twice the area along the normal.
    const normal = [0, 0, 0];
    points.forEach((a, index) => {
      const b = points[(index + 1) % points.length]!;
      normal[0]! += (a.y - b.y) * (a.z + b.z);
      normal[1]! += (a.z - b.z) * (a.x + b.x);
      normal[2]! += (a.x - b.x) * (a.y + b.y);
    });
    for (let axis = 0; axis < 3; axis++) sum[axis]! += (load.value * (normal[axis] as number)) / 2 / 1e6;
  }
  return sum;
}

function rowsOf(bytes: Uint8Array, table: string): Array<Record<string, string>> {
  const doc = parseCsiTables(decodeCsiText(bytes).text, { format: 's2k' });
  const found = doc.table(table);
  if (!found) return [];
  return Array.from({ length: found.rowCount }, (_, row) => {
    const cells = found.cells(row);
    const fields: Record<string, string> = {};
    for (let index = 0; index + 1 < cells.length; index += 2) fields[cells[index]!] = cells[index + 1]!;
    return fields;
  });
}

function itemsAbout(report: TranslationReport, concept: string): TranslationReport['items'] {
  return report.items.filter((item) => item.concept === concept);
}

describe('SAP2000 AREA LOADS - SURFACE PRESSURE', () => {
  it('reads top and bottom pressures (kip/ft²) as loads along local 3 that push into their face', () => {
    const { model } = readSap2000(s2k('Kip, ft, F', 10, PRESSURES));
    const loads = areaLoads(model);
    expect(loads.map((load) => [load.elementId, load.patternId, load.direction])).toEqual([
      ['area:1', 'WIND', '3'],
      ['area:1', 'WIND', '3'],
    ]);
    // Top (+3) face: pushed down, along −3; bottom face: pushed up.
    expect(loads[0]!.value).toBeCloseTo(-0.02 * KIP_PER_FT2_IN_PA, 6);
    expect(loads[1]!.value).toBeCloseTo(0.005 * KIP_PER_FT2_IN_PA, 6);
    expect(loads[0]!.value).toBeCloseTo(-957.6052, 3);
  });

  it('reads the same pressures in N/mm² as pascals', () => {
    const { model, report } = readSap2000(s2k('N, mm, C', 3048, PRESSURES));
    expect(areaLoads(model).map((load) => load.value)).toEqual([-0.02 * 1e6, 0.005 * 1e6]);
    expect(itemsAbout(report, 'load')).toEqual([]);
  });

  it('writes them back to the same table, field for field', () => {
    const original = s2k('Kip, ft, F', 10, PRESSURES);
    const written = writeSap2000(readSap2000(original).model).bytes;
    expect(rowsOf(written, 'AREA LOADS - SURFACE PRESSURE')).toEqual(
      rowsOf(original, 'AREA LOADS - SURFACE PRESSURE'),
    );
    expect(rowsOf(written, 'AREA LOADS - UNIFORM')).toEqual([]);
  });

  it('crosses to ETABS as area loads along local 3 with the same resultant, and back', () => {
    const original = readSap2000(s2k('Kip, ft, F', 10, PRESSURES)).model;
    const e2k = writeE2k(original);
    expect(new TextDecoder().decode(e2k.bytes)).toMatch(/AREALOAD .*TYPE "UNIFF"\s+DIR "3"/);
    const etabs = readE2k(e2k.bytes).model;
    expect(areaLoads(etabs)).toHaveLength(2);
    const before = resultant(original);
    const after = resultant(etabs);
    // 100 ft² × (−0.02 + 0.005) ksf = −1.5 kip downwards.
    expect(before[2]).toBeCloseTo(-1.5 * 4448.2216152605, 3);
    after.forEach((value, axis) => expect(value).toBeCloseTo(before[axis]!, 3));
    // And on to SAP2000 again: a uniform load along local 3 (the face is not known any more), same resultant.
    const back = readSap2000(writeSap2000(etabs).bytes).model;
    resultant(back).forEach((value, axis) => expect(value).toBeCloseTo(before[axis]!, 3));
  });

  it('keeps edge-face and joint-pattern pressures as rows, and reports them with the area ids', () => {
    const tables = [
      'TABLE:  "AREA LOADS - SURFACE PRESSURE"',
      '   Area=1   LoadPat=WIND   Face=2   Pressure=0.02   JtPattern=None',
      '   Area=1   LoadPat=WIND   Face=Top   Pressure=1   JtPattern=WATER',
    ].join('\n');
    const original = s2k('Kip, ft, F', 10, tables);
    const { model, report } = readSap2000(original);
    expect(areaLoads(model)).toEqual([]);
    const items = itemsAbout(report, 'load');
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item.severity).toBe('dropped');
      expect(item.ids).toEqual(['area:1']);
    }
    // Kept as rows: SAP2000 gets them back.
    expect(rowsOf(writeSap2000(model).bytes, 'AREA LOADS - SURFACE PRESSURE')).toEqual(
      rowsOf(original, 'AREA LOADS - SURFACE PRESSURE'),
    );
  });

  it('reads UNIFORM TO FRAME loads as area loads (approximated) and reports the tables it cannot map', () => {
    const tables = [
      'TABLE:  "AREA LOADS - UNIFORM TO FRAME"',
      '   Area=1   LoadPat=SUPER   CoordSys=GLOBAL   Dir=Gravity   UnifLoad=0.05   DistType="Two way"',
      'TABLE:  "AREA LOADS - GRAVITY"',
      '   Area=1   LoadPat=SUPER   CoordSys=GLOBAL   MultiplierX=0   MultiplierY=0   MultiplierZ=-1',
      'TABLE:  "AREA LOADS - TEMPERATURE"',
      '   Area=1   LoadPat=SUPER   Type=Temperature   Temp=20   JtPattern=None',
      'TABLE:  "AREA LOADS - PORE PRESSURE"',
      '   Area=1   LoadPat=SUPER   Pressure=1   JtPattern=None',
      'TABLE:  "AREA LOADS - ROTATE"',
      '   Area=1   LoadPat=SUPER   AngVel=2',
    ].join('\n');
    const original = s2k('Kip, ft, F', 10, tables);
    const { model, report } = readSap2000(original);
    const [load] = areaLoads(model);
    expect(load).toMatchObject({ direction: 'Gravity', patternId: 'SUPER' });
    expect(load!.value).toBeCloseTo(0.05 * KIP_PER_FT2_IN_PA, 6);

    const items = itemsAbout(report, 'load');
    expect(items.find((item) => item.subject === 'AREA LOADS - UNIFORM TO FRAME')).toMatchObject({
      severity: 'approximated',
      ids: [load!.id],
    });
    for (const table of ['GRAVITY', 'TEMPERATURE', 'PORE PRESSURE', 'ROTATE']) {
      expect(items.find((item) => item.subject === `AREA LOADS - ${table}`)).toMatchObject({
        severity: 'dropped',
        ids: ['area:1'],
      });
    }
    // All five tables come back to SAP2000 as they were.
    const written = writeSap2000(model).bytes;
    for (const table of ['UNIFORM TO FRAME', 'GRAVITY', 'TEMPERATURE', 'PORE PRESSURE', 'ROTATE']) {
      expect(rowsOf(written, `AREA LOADS - ${table}`)).toEqual(rowsOf(original, `AREA LOADS - ${table}`));
    }
  });
});
