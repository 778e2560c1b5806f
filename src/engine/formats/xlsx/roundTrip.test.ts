import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../../testing/building';
import { presetParameters } from '../../testing/presets';
import { hashModel } from '../../canonical';
import { diffModels } from '../../diff';
import type { Model } from '../../schema';
import { emptyModel } from '../../schema';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../../testing/fixtures';
import { readE2k } from '../etabs';
import { isParseError } from '../parseError';
import { GUSSET_TABLES, readXlsx, writeGussetWorkbook } from '.';

const RUNS = Math.min(Number(process.env['FC_NUM_RUNS'] ?? 20), 200);

const E2K_FIXTURES = [
  'ETABS_to_RAM_bridge__example.$et',
  'RDC_PERFORM__Ejemplo.e2k',
  'RDC_PERFORM__EjemploNew.e2k',
  'RDC_PERFORM__KOSMOS_Plat.e2k',
  'RDC_PERFORM__chimba.e2k',
  'eng_utilities__Test_kNm_97_03.E2K',
  'parametric-etabs-tower__St_Regis_with_a_Twist.$et',
];

async function roundTrip(model: Model): Promise<Model> {
  const { bytes } = await writeGussetWorkbook(model);
  return readXlsx(bytes).model;
}

describe('Gusset workbook round trip', () => {
  it('keeps the synthetic 1k building hash-equal, one sheet per table in the issue order', async () => {
    const model = generateBuilding(presetParameters('1k'));
    const { bytes } = await writeGussetWorkbook(model);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    const names = workbook.worksheets.map((sheet) => sheet.name);
    expect(names.slice(0, 20)).toEqual([
      'Levels',
      'Grids',
      'Nodes',
      'Materials',
      'Sections',
      'Beams',
      'Columns',
      'Braces',
      'Walls',
      'Floors',
      'Openings',
      'Restraints',
      'Releases',
      'Load Patterns',
      'Load Cases',
      'Load Combinations',
      'Point Loads',
      'Linear Loads',
      'Area Loads',
      'Groups',
    ]);
    // Header row of field names with the id first, then the units row in the model's display unit (m here).
    const nodes = workbook.getWorksheet('Nodes');
    expect(nodes?.getRow(1).getCell(1).value).toBe('id');
    const header = nodes?.getRow(1).values as unknown[];
    const units = nodes?.getRow(2).values as unknown[];
    expect(units[header.indexOf('x')]).toBe('m');
    expect(nodes?.rowCount).toBe(model.nodes.length + 2);
    expect(hashModel(readXlsx(bytes).model)).toBe(hashModel(model));
  });

  it.skipIf(!fixturesPresent)(
    `keeps every e2k fixture hash-equal${FIXTURES_SKIP_NOTE}`,
    async () => {
      for (const name of E2K_FIXTURES) {
        const model = readE2k(readFixture('e2k', name)).model;
        const back = await roundTrip(model);
        expect({ name, hash: hashModel(back) }).toEqual({ name, hash: hashModel(model) });
      }
    },
    120_000,
  );

  it('keeps small random models hash-equal in every display unit', async () => {
    // Lengths an engineer can enter: subnormal numbers (5e-324 mm) underflow to 0 in feet, which is no loss.
    const finite = fc
      .double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })
      .filter((value) => value === 0 || Math.abs(value) > 1e-9);
    const text = fc.string({ maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('mm', 'cm', 'm', 'in', 'ft' as const),
        fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), finite, finite, finite, text), {
          selector: (node) => node[0],
          maxLength: 6,
        }),
        fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<never>, {
          maxKeys: 3,
        }),
        async (units, nodes, attributes) => {
          const model = emptyModel({ tool: 'etabs', version: '20' }, units);
          model.attributes = JSON.parse(JSON.stringify(attributes)) as Model['attributes'];
          for (const [id, x, y, z, name] of nodes) {
            model.nodes.push({
              id,
              name,
              type: 'Node',
              x,
              y,
              z,
              source: { tool: 'sap2000' },
              attributes: { note: name },
              ...(x > 0
                ? {
                    restraint: {
                      type: 'Restraint',
                      ux: true,
                      uy: x > 1,
                      uz: false,
                      rx: false,
                      ry: false,
                      rz: true,
                    },
                  }
                : {}),
            });
          }
          model.profiles.push({
            id: 'P1',
            name: 'W14X90',
            type: 'Profile',
            kind: 'frame',
            source: { tool: 'etabs' },
            attributes: {},
            section: { shape: 'i', depth: 356, flangeWidth: 369, flangeThickness: 18, webThickness: 11.2 },
            properties: { area: 17100, i33: 4.16e8 },
          });
          const back = await roundTrip(model);
          expect(hashModel(back)).toBe(hashModel(model));
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});

describe('editing a workbook in Excel', () => {
  it('renaming one section in its cell is exactly one change in the diff', async () => {
    const model = generateBuilding(presetParameters('1k'));
    const { bytes } = await writeGussetWorkbook(model);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    const sections = workbook.getWorksheet('Sections');
    if (!sections) throw new Error('no Sections sheet');
    const header = sections.getRow(1).values as unknown[];
    const nameCell = sections.getRow(3).getCell(header.indexOf('name'));
    const sectionId = String(sections.getRow(3).getCell(1).value);
    nameCell.value = 'W14X90 renamed';
    const edited = new Uint8Array(await workbook.xlsx.writeBuffer());

    const after = readXlsx(edited).model;
    const diff = diffModels(model, after);
    // A profile is referenced by id, so a new name is one modified profile and nothing else.
    expect(diff.header).toEqual([]);
    expect(diff.changes).toHaveLength(1);
    const change = diff.changes[0];
    expect(change).toMatchObject({ kind: 'modified', collection: 'profiles', id: sectionId });
    expect(change?.kind === 'modified' ? change.changes.map((item) => item.path) : []).toEqual(['name']);
    expect(after.profiles.find((profile) => profile.id === sectionId)?.name).toBe('W14X90 renamed');
  });

  it('a mistyped node id in a beam row is a ParseError naming the sheet and cell row', async () => {
    const model = generateBuilding(presetParameters('1k'));
    const { bytes } = await writeGussetWorkbook(model);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    const beams = workbook.getWorksheet('Beams');
    if (!beams) throw new Error('no Beams sheet');
    const header = beams.getRow(1).values as unknown[];
    beams.getRow(5).getCell(header.indexOf('startNodeId')).value = 'NOPE';
    const edited = new Uint8Array(await workbook.xlsx.writeBuffer());
    let error: unknown;
    try {
      readXlsx(edited);
    } catch (caught) {
      error = caught;
    }
    expect(isParseError(error)).toBe(true);
    expect((error as Error).message).toContain('sheet "Beams", row 5');
    expect((error as Error).message).toContain('"NOPE"');
  });

  it('lists every table once', () => {
    expect(new Set(GUSSET_TABLES.map((table) => table.sheet)).size).toBe(GUSSET_TABLES.length);
  });
});
