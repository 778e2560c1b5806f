import { describe, expect, it } from 'vitest';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../../testing/fixtures';
import { isParseError } from '../parseError';
import { readRawWorkbook, readXlsx, summarizeSheets, workbookKind, xlsxTranslator } from '.';

const SAP_EXPORT = 'py_xlsx_sap2000__MAIN_ENTRANCE_CANOPY--add_curtain_wall.xlsx';
const INPUT_DATA = 'EtabsModeling__Input_Data_V02.xlsx';

/** PROVENANCE.md rows 29–30: raw `<row>` counts per sheet (SAP exports have 3 header rows). */
const SAP_ROWS: Record<string, number> = {
  'Combination Definitions': 75,
  'Connectivity - Area': 28,
  'Connectivity - Frame': 54,
  'Frame Props 01 - General': 23,
  'Frame Section Assignments': 54,
  'Joint Coordinates': 53,
  'Joint Restraint Assignments': 11,
  'Load Pattern Definitions': 8,
  'MatProp 01 - General': 6,
};
const INPUT_ROWS = [
  ['Story', 46],
  ['Material', 6],
  ['Circular column', 46],
  ['Rectangular column', 46],
  ['Wall', 46],
  ['Coupling Beam', 46],
  ['Slab', 46],
];

describe.skipIf(!fixturesPresent)(`Excel fixtures${FIXTURES_SKIP_NOTE}`, () => {
  it('SAP2000 19.2.1 table export: 57 sheets with the PROVENANCE row counts', () => {
    const workbook = readRawWorkbook(readFixture('other', SAP_EXPORT));
    const summary = summarizeSheets(workbook);
    expect(summary).toHaveLength(57);
    const rows = Object.fromEntries(summary.map((sheet) => [sheet.name, sheet.rows]));
    for (const [name, count] of Object.entries(SAP_ROWS))
      expect({ name, rows: rows[name] }).toEqual({ name, rows: count });
    expect(workbookKind(workbook)).toBe('csi-tables');
  });

  it('SAP2000 table export reads through the SAP2000 reader: one object per data row', async () => {
    const bytes = readFixture('other', SAP_EXPORT);
    expect(xlsxTranslator.detect?.(bytes.subarray(0, 64 * 1024))).toBe(true);
    const { model, report } = await xlsxTranslator.read(bytes);
    // Data rows = <row> count − 3 header rows (title, fields, units).
    expect(model.nodes).toHaveLength(SAP_ROWS['Joint Coordinates']! - 3);
    const frames = model.elements.filter((element) => ['Beam', 'Column', 'Brace'].includes(element.type));
    expect(frames).toHaveLength(SAP_ROWS['Connectivity - Frame']! - 3);
    expect(model.elements.filter((element) => element.type === 'Area')).toHaveLength(
      SAP_ROWS['Connectivity - Area']! - 3,
    );
    expect(model.nodes.filter((node) => node.restraint !== undefined)).toHaveLength(
      SAP_ROWS['Joint Restraint Assignments']! - 3,
    );
    expect(model.loadPatterns).toHaveLength(SAP_ROWS['Load Pattern Definitions']! - 3);
    expect(model.materials).toHaveLength(SAP_ROWS['MatProp 01 - General']! - 3);
    expect(model.source).toEqual({ tool: 'sap2000', version: '19.2.1' });
    expect(model.units).toBe('mm');
    expect(report.format).toBe('xlsx');
  });

  it('a hand-made input table: 7 sheets summarised, and reading it as a model names the workbooks Gusset reads', () => {
    const bytes = readFixture('other', INPUT_DATA);
    const summary = summarizeSheets(readRawWorkbook(bytes));
    expect(summary.map((sheet) => [sheet.name, sheet.rows])).toEqual(INPUT_ROWS);
    let error: unknown;
    try {
      readXlsx(bytes);
    } catch (caught) {
      error = caught;
    }
    expect(isParseError(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).toContain('"Story"');
    expect(message).toContain('Gusset workbook');
    expect(message).toContain('SAP2000/ETABS table export');
  });
});
