import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { hashModel } from '../../canonical';
import type { LinearLoad, Model } from '../../schema';
import { emptyModel } from '../../schema';
import { readXlsx, writeGussetWorkbook } from '.';

const SOURCE = { tool: 'etabs' } as const;

/** Two nodes, a beam and three linear loads: distances in mm (relative: false) and as 0–1 fractions. */
function loadedBeam(): Model {
  const model = emptyModel(SOURCE, 'ft');
  for (const [id, x] of [
    ['N1', 0],
    ['N2', 6096],
  ] as const) {
    model.nodes.push({ id, name: id, type: 'Node', x, y: 0, z: 0, source: SOURCE, attributes: {} });
  }
  model.elements.push({
    id: 'B1',
    name: 'B1',
    type: 'Beam',
    startNodeId: 'N1',
    endNodeId: 'N2',
    source: SOURCE,
    attributes: {},
  });
  model.loadPatterns.push({
    id: 'LIVE',
    name: 'LIVE',
    type: 'LoadPattern',
    patternType: 'Live',
    selfWeightMultiplier: 0,
    source: SOURCE,
    attributes: {},
  });
  const load = (id: string, distribution: LinearLoad['distribution']): LinearLoad => ({
    id,
    name: id,
    type: 'LinearLoad',
    elementId: 'B1',
    patternId: 'LIVE',
    quantity: 'force',
    direction: 'Gravity',
    distribution,
    source: SOURCE,
    attributes: {},
  });
  model.loads.push(
    load('L1', { kind: 'distributed', relative: false, start: 304.8, end: 1524, startValue: 1, endValue: 2 }),
    load('L2', { kind: 'distributed', relative: true, start: 0.25, end: 0.75, startValue: 3, endValue: 3 }),
    load('L3', { kind: 'distributed', relative: false, start: 0, end: 3048, startValue: 4, endValue: 4 }),
  );
  return model;
}

async function edited(model: Model, edit: (workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await writeGussetWorkbook(model)).bytes.buffer as ArrayBuffer);
  edit(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function sheet(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const found = workbook.getWorksheet(name);
  if (!found) throw new Error(`no ${name} sheet`);
  return found;
}

describe('Gusset workbook tables', () => {
  it('linear load distances come back in mm when not relative, and as fractions when relative', async () => {
    const model = loadedBeam();
    const back = readXlsx((await writeGussetWorkbook(model)).bytes).model;
    expect(hashModel(back)).toBe(hashModel(model));
    const starts = back.loads.map((load) => (load.type === 'LinearLoad' ? load.distribution.start : NaN));
    expect(starts[0]).toBeCloseTo(304.8, 9);
    expect(starts[1]).toBe(0.25);
  });

  it('the same model when the engineer moves the relative column after the distances', async () => {
    const model = loadedBeam();
    const bytes = await edited(model, (workbook) => {
      const loads = sheet(workbook, 'Linear Loads');
      const header = loads.getRow(1).values as unknown[];
      const relative = header.indexOf('distribution.relative');
      const last = header.length;
      // Move the column to the end: the distances are then read before the row says whether they are mm.
      loads.eachRow((row) => {
        row.getCell(last).value = row.getCell(relative).value;
        row.getCell(relative).value = null;
      });
    });
    expect(hashModel(readXlsx(bytes).model)).toBe(hashModel(model));
  });

  it('a header named __proto__… is data, not a way to change every object of the app', async () => {
    const model = loadedBeam();
    const bytes = await edited(model, (workbook) => {
      const nodes = sheet(workbook, 'Nodes');
      const column = (nodes.getRow(1).values as unknown[]).length;
      nodes.getRow(1).getCell(column).value = '__proto__.polluted';
      nodes.getRow(3).getCell(column).value = 'yes';
    });
    const back = readXlsx(bytes).model;
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(hashModel(back)).toBe(hashModel(model));
  });
});
