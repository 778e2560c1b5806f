import { describe, expect, it } from 'vitest';
import { ModelSchema } from '../../schema';
import { ParseError } from '../parseError';
import { detectIfc, readIfc } from './read';
import { SMALL_IFC, smallIfcBytes } from './readTestFile';

async function parseErrorOf(bytes: Uint8Array): Promise<ParseError> {
  try {
    await readIfc(bytes);
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}

describe('IFC reader on a small hand-written file', () => {
  it('reads the analysis model: nodes named by GlobalId, supports, the frame between them, its section', async () => {
    const { model } = await readIfc(smallIfcBytes());
    expect(ModelSchema.safeParse(model).success).toBe(true);
    const beam = model.elements.find((element) => element.id === '0000000000000000000054');
    expect(beam).toMatchObject({
      type: 'Beam',
      startNodeId: '0000000000000000000034',
      endNodeId: '0000000000000000000044',
      profileId: 'R300x500',
    });
    // The material is the section's: a member states its own only when it differs (ETABS has no member material).
    expect(beam && 'materialId' in beam ? beam.materialId : undefined).toBeUndefined();
    expect(model.profiles.find((profile) => profile.id === 'R300x500')).toMatchObject({
      materialId: 'C30/37',
    });
    expect(model.nodes.find((node) => node.id === '0000000000000000000044')).toMatchObject({
      x: 4000,
      y: 0,
      z: 3000,
      restraint: { ux: true, rz: true },
    });
    expect(model.profiles[0]).toMatchObject({ section: { shape: 'rectangle', depth: 500, width: 300 } });
    expect(model.materials[0]).toMatchObject({ id: 'C30/37', kind: 'concrete' });
  });

  it('converts kN to N, and the load group to a pattern under its case with the self weight', async () => {
    const { model } = await readIfc(smallIfcBytes());
    expect(model.loads).toEqual([
      expect.objectContaining({ type: 'PointLoad', nodeId: '0000000000000000000044', fz: -10000, fx: 0 }),
    ]);
    expect(model.loadPatterns).toEqual([
      expect.objectContaining({ id: '0000000000000000000070', patternType: 'Dead', selfWeightMultiplier: 1 }),
    ]);
    expect(model.loadCases[0]?.loads).toEqual([{ patternId: '0000000000000000000070', scale: 1 }]);
  });

  it('applies the placement chain to a physical column and gives it its storey', async () => {
    // Storey at z 3000, the column placed at (8000, 0, −3000) relative to it: its Axis runs 0 → 3000 from there.
    const { model } = await readIfc(smallIfcBytes());
    const column = model.elements.find((element) => element.id === '0000000000000000000090');
    expect(column).toMatchObject({ type: 'Column', levelId: '0000000000000000000080', cardinalPoint: 8 });
    const nodes = new Map(model.nodes.map((node) => [node.id, node]));
    const ends =
      column?.type === 'Column' ? [nodes.get(column.startNodeId), nodes.get(column.endNodeId)] : [];
    expect(ends.map((node) => [node?.x, node?.y, node?.z])).toEqual([
      [8000, 0, 0],
      [8000, 0, 3000],
    ]);
  });

  it('reads metres: the same file in METRE puts the nodes 1000 times further', async () => {
    const { model } = await readIfc(smallIfcBytes(SMALL_IFC.replace('.MILLI.,.METRE.', '$,.METRE.')));
    expect(model.nodes.find((node) => node.id === '0000000000000000000044')?.x).toBe(4_000_000);
  });

  it('names the tool that wrote the file from its header', async () => {
    const tekla = SMALL_IFC.replace("'test','Gusset tests'", "'Tekla Structures 2019i','Tekla Structures'");
    expect((await readIfc(smallIfcBytes(tekla))).model.source.tool).toBe('tekla');
    expect((await readIfc(smallIfcBytes())).model.source.tool).toBe('ifc');
  });
});

describe('IFC reader on bad input', () => {
  it('detects IFC from the STEP header, and not CIS/2 or other files', () => {
    expect(detectIfc(smallIfcBytes())).toBe(true);
    expect(detectIfc(smallIfcBytes(SMALL_IFC.replace("('IFC4')", "('STRUCTURAL_FRAME_SCHEMA')")))).toBe(
      false,
    );
    expect(detectIfc(new TextEncoder().encode('$ File x.e2k\n$ PROGRAM INFORMATION\n'))).toBe(false);
    expect(detectIfc(new Uint8Array())).toBe(false);
  });

  it('refuses an empty file and a file that is not IFC, saying what to do', async () => {
    expect((await parseErrorOf(new Uint8Array())).message).toMatch(/empty/);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect((await parseErrorOf(png)).message).toMatch(/not an IFC file.*Export the model/);
    expect((await parseErrorOf(new TextEncoder().encode('$ File x.e2k\n'))).message).toMatch(
      /not an IFC file/,
    );
  });

  it('refuses a schema it does not read, naming it', async () => {
    const ifc2x2 = smallIfcBytes(SMALL_IFC.replace("('IFC4')", "('IFC2X2_FINAL')"));
    expect((await parseErrorOf(ifc2x2)).message).toMatch(/IFC2X2_FINAL.*IFC2X3, IFC4 and IFC4X3/);
    const none = smallIfcBytes(SMALL_IFC.replace("FILE_SCHEMA(('IFC4'));", ''));
    expect((await parseErrorOf(none)).message).toMatch(/no FILE_SCHEMA/);
  });

  it('reports a dangling reference instead of failing: the member without an edge is dropped, with its line', async () => {
    const dangling = SMALL_IFC.replace(
      "#54=IFCSTRUCTURALCURVEMEMBER('0000000000000000000054',$,'B1',$,$,#12,#52,",
      "#54=IFCSTRUCTURALCURVEMEMBER('0000000000000000000054',$,'B1',$,$,#12,#999,",
    );
    const { model, report } = await readIfc(smallIfcBytes(dangling));
    expect(model.elements.some((element) => element.id === '0000000000000000000054')).toBe(false);
    const item = report.items.find((each) => each.id === '0000000000000000000054');
    expect(item).toMatchObject({ severity: 'dropped', subject: 'IfcStructuralCurveMember' });
    expect(item?.line).toBe(SMALL_IFC.split('\n').findIndex((line) => line.startsWith('#54=')) + 1);
  });

  it('survives a placement that refers back to itself', async () => {
    const cyclic = SMALL_IFC.replace('#86=IFCLOCALPLACEMENT(#82,#85);', '#86=IFCLOCALPLACEMENT(#86,#85);');
    const { model, report } = await readIfc(smallIfcBytes(cyclic));
    expect(model.elements.some((element) => element.id === '0000000000000000000090')).toBe(false);
    expect(report.items).toContainEqual(
      expect.objectContaining({ severity: 'dropped', subject: 'IfcColumn' }),
    );
  });
});
