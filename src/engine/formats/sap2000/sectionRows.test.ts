import { describe, expect, it } from 'vitest';
import type { FrameProfile } from '../../schema';
import { readSap2000 } from './read';
import { parseCsiTables } from './tables';
import { decodeCsiText } from './text';
import { writeSap2000 } from './write';

/**
 * Synthetic rows in the forms the fixtures show: a general section, a section designer row with a field no reader
 * maps (`Asolid`, standing for any such field), a library section with exponent notation, an area section and a
 * cable section.
 */
const SECTIONS = [
  'TABLE:  "PROGRAM CONTROL"',
  '   ProgramName=SAP2000   Version=25.3.1   CurrUnits="Kip, ft, F"',
  'TABLE:  "MATERIAL PROPERTIES 01 - GENERAL"',
  '   Material=STEEL   Type=Steel   SymType=Isotropic',
  '   Material=CONC   Type=Concrete   SymType=Isotropic',
  'TABLE:  "FRAME SECTION PROPERTIES 01 - GENERAL"',
  '   SectionName=GEN1   Material=STEEL   Shape=General   t3=1   t2=1   Area=7.46000003814697   TorsConst=0   I33=12.1800003051758   I22=0   I23=0   AS2=4.375   AS3=0   Color=Black   FromFile=No   AMod=1   GUID=34166299',
  '   SectionName=SD1   Material=CONC   Shape="SD Section"   Asolid=1011.34822933161   Area=1011.34822933161   TorsConst=162777.67870693   I33=81394.5217145453   I22=81394.5217145453   AS2=913.009382662625   AS3=913.009382662626   ConcCol=No   Notes="Added 8/3/2011 10:05:38 AM"',
  '   SectionName=W10X12   Material=STEEL   Shape="I/Wide Flange"   t3=0.822499990463257   t2=0.330000003178914   tf=0.0174999994536241   tw=0.0158333331346512   t2b=0.330000003178914   tfb=0.0174999994536241   Area=0.0245833330684238   TorsConst=2.63792430309372E-06   I33=0.00259452156814528   I22=0.000105131176058893   FromFile=Yes   SectInFile=W10X12   FileName="C:\\Sections8.pro"',
  'TABLE:  "AREA SECTION PROPERTIES"',
  '   Section=ASEC1   Material=CONC   MatAngle=0   AreaType=Shell   Type=Shell-Thin   DrillDOF=Yes   Thickness=0.5   BendThick=0.5   Color=Green',
  'TABLE:  "CABLE SECTION DEFINITIONS"',
  '   CableSect=CAB1   Material=STEEL   Specify=Diameter   Diameter=0.0833333333333333   Area=5.45415391248228E-03   Color=Red',
  'END TABLE DATA',
  '',
].join('\n');

const TABLES = [
  'FRAME SECTION PROPERTIES 01 - GENERAL',
  'AREA SECTION PROPERTIES',
  'CABLE SECTION DEFINITIONS',
];

/** Each row as its ordered list of [field, text]: equal means same fields, same order, same text. */
function rowsOf(bytes: Uint8Array, table: string): string[][][] {
  const doc = parseCsiTables(decodeCsiText(bytes).text, { format: 's2k' });
  const found = doc.table(table);
  if (!found) return [];
  return Array.from({ length: found.rowCount }, (_, row) => {
    const cells = found.cells(row);
    const pairs: string[][] = [];
    for (let index = 0; index + 1 < cells.length; index += 2) pairs.push([cells[index]!, cells[index + 1]!]);
    return pairs;
  });
}

describe('SAP2000 section rows', () => {
  it('writes back the section rows it did not change as they were read, field by field', () => {
    const original = new TextEncoder().encode(SECTIONS);
    const { model } = readSap2000(original);
    const written = writeSap2000(model);
    for (const table of TABLES) expect(rowsOf(written.bytes, table)).toEqual(rowsOf(original, table));
    expect(written.report.items.filter((item) => item.concept === 'section')).toEqual([]);
  });

  it('changes only the field whose value changed, and reports fields a changed shape no longer has', () => {
    const { model } = readSap2000(new TextEncoder().encode(SECTIONS));
    const general = model.profiles.find((profile) => profile.id === 'GEN1') as FrameProfile;
    general.properties = { ...general.properties, area: (general.properties?.area ?? 0) * 2 };
    const library = model.profiles.find((profile) => profile.id === 'W10X12') as FrameProfile;
    library.section = { shape: 'rectangle', depth: 300, width: 200 };

    const written = writeSap2000(model);
    const [gen, , w10] = rowsOf(written.bytes, TABLES[0]!);
    const [genBefore, , w10Before] = rowsOf(new TextEncoder().encode(SECTIONS), TABLES[0]!);
    // Same fields in the same order; only Area is new (twice the source value).
    expect(gen!.map(([field]) => field)).toEqual(genBefore!.map(([field]) => field));
    for (const [index, [field, text]] of gen!.entries()) {
      if (field === 'Area') expect(Number(text)).toBeCloseTo(2 * 7.46000003814697, 12);
      else expect(text).toBe(genBefore![index]![1]);
    }
    expect(Object.fromEntries(w10!)).toMatchObject({
      Shape: 'Rectangular',
      TorsConst: '2.63792430309372E-06',
    });
    expect(w10!.map(([field]) => field)).not.toContain('tf');
    expect(w10Before!.map(([field]) => field)).toContain('tf');
    const dropped = written.report.items.filter((item) => item.concept === 'section');
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatchObject({ severity: 'dropped', ids: ['W10X12'] });
    expect(dropped[0]!.reason).toMatch(/tf, tw, t2b, tfb/);
  });
});
