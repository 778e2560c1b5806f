import { describe, expect, it } from 'vitest';
import type { Model, Node } from '../../schema';
import { emptyModel, isFrameElement, ModelSchema } from '../../schema';
import type { TranslationReport } from '../report';
import { readIfc } from './read';
import { smallIfcBytes } from './readTestFile';
import { writeIfc } from './write';

/**
 * Analysis models as analysis tools export them (issue #20): an IFC2X3 model in the ETABS style (sections through
 * IfcStructuralProfileProperties, supports as REAL stiffnesses with −1 for rigid, IFC2X3 mechanical material
 * entities) and an IFC4 model in the IfcOpenShell style (edge-topology members, IfcMaterialProfileSetUsage with a
 * cardinal point, Pset_Material* property sets, IfcBoolean and stiffness supports), each in SI and in other units.
 * The same raw numbers are written in every unit system; what the reader must give is raw × the unit factor.
 */

interface UnitSystem {
  label: string;
  /** Unit assignment lines (#3 lists #4 and #5; #6 onwards are free for the units' own parts). */
  lines: string;
  /** Metres per file length unit and newtons per file force unit. */
  m: number;
  n: number;
}

const KIP = 4448.2216152605;

const IFC2X3_UNITS: UnitSystem[] = [
  {
    label: 'metre and newton',
    lines: `#3=IFCUNITASSIGNMENT((#4,#5));
#4=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);
#5=IFCSIUNIT(*,.FORCEUNIT.,$,.NEWTON.);`,
    m: 1,
    n: 1,
  },
  {
    label: 'foot and kip',
    lines: `#3=IFCUNITASSIGNMENT((#4,#5));
#4=IFCCONVERSIONBASEDUNIT(#6,.LENGTHUNIT.,'FOOT',#7);
#5=IFCCONVERSIONBASEDUNIT(#8,.FORCEUNIT.,'KIP',#9);
#6=IFCDIMENSIONALEXPONENTS(1,0,0,0,0,0,0);
#7=IFCMEASUREWITHUNIT(IFCLENGTHMEASURE(0.3048),#13);
#8=IFCDIMENSIONALEXPONENTS(1,1,-2,0,0,0,0);
#9=IFCMEASUREWITHUNIT(IFCFORCEMEASURE(${KIP}),#14);
#13=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);
#14=IFCSIUNIT(*,.FORCEUNIT.,$,.NEWTON.);`,
    m: 0.3048,
    n: KIP,
  },
];

const IFC4_UNITS: UnitSystem[] = [
  IFC2X3_UNITS[0] as UnitSystem,
  {
    label: 'millimetre and kilonewton',
    lines: `#3=IFCUNITASSIGNMENT((#4,#5));
#4=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#5=IFCSIUNIT(*,.FORCEUNIT.,.KILO.,.NEWTON.);`,
    m: 0.001,
    n: 1000,
  },
];

function header(schema: string, units: string): string {
  return `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [StructuralAnalysisView]'),'2;1');
FILE_NAME('analysis.ifc','2025-01-01T00:00:00',('Gusset'),('Gusset'),'test','Gusset tests','');
FILE_SCHEMA(('${schema}'));
ENDSEC;
DATA;
#1=IFCPROJECT('0000000000000000000001',$,'Analysis',$,$,$,$,(#2),#3);
#2=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#10,$);
${units}
#10=IFCAXIS2PLACEMENT3D(#11,$,$);
#11=IFCCARTESIANPOINT((0.,0.,0.));
#12=IFCLOCALPLACEMENT($,#10);
`;
}
const FOOTER = 'ENDSEC;\nEND-ISO-10303-21;\n';
const guid = (n: number): string => String(n).padStart(22, '0');

/** A point connection at (x, y, z) (file units) with its vertex #n+1, IFC2X3 (8 attributes) or IFC4 (9). */
function connection(n: number, point: string, condition: string, ifc4: boolean): string {
  return `#${n}=IFCCARTESIANPOINT((${point}));
#${n + 1}=IFCVERTEXPOINT(#${n});
#${n + 2}=IFCTOPOLOGYREPRESENTATION(#2,'Reference','Vertex',(#${n + 1}));
#${n + 3}=IFCPRODUCTDEFINITIONSHAPE($,$,(#${n + 2}));
#${n + 4}=IFCSTRUCTURALPOINTCONNECTION('${guid(n + 4)}',$,'N${n}',$,$,#12,#${n + 3},${condition}${ifc4 ? ',$' : ''});`;
}

/** A curve member #n+2 on the edge between two vertices; IFC4 members have an Axis. */
function member(n: number, from: number, to: number, axis: string | undefined): string {
  return `#${n}=IFCEDGE(#${from},#${to});
#${n + 1}=IFCTOPOLOGYREPRESENTATION(#2,'Reference','Edge',(#${n}));
#${n + 3}=IFCPRODUCTDEFINITIONSHAPE($,$,(#${n + 1}));
#${n + 2}=IFCSTRUCTURALCURVEMEMBER('${guid(n + 2)}',$,'M${n}',$,$,#12,#${n + 3},.RIGID_JOINED_MEMBER.${axis ? `,${axis}` : ''});`;
}

/** IfcRelConnectsStructuralMember (the same 10 attributes in both schemas). */
function connects(n: number, memberId: number, connectionId: number, condition = '$'): string {
  return `#${n}=IFCRELCONNECTSSTRUCTURALMEMBER('${guid(n)}',$,$,$,#${memberId},#${connectionId},${condition},$,$,$);`;
}

/*
 * IFC2X3, ETABS style: A (0,0,0) fixed with −1 stiffnesses, B (6,0,0) on a vertical spring of 5000 with free
 * rotations, C (6,0,3) free. M1 A→B: IPE-like I section through IfcStructuralProfileProperties, steel by its
 * IFC2X3 steel properties, pinned (RotationalStiffnessY/Z 0) at B. M2 B→C: a section known only by name and
 * properties (IfcGeneralProfileProperties without a definition), concrete, elastically connected at B.
 */
function ifc2x3File(units: UnitSystem): Uint8Array {
  const text = `${header('IFC2X3', units.lines)}#20=IFCSTRUCTURALANALYSISMODEL('${guid(20)}',$,'Analysis',$,$,.LOADING_3D.,$,$,$);
#21=IFCBOUNDARYNODECONDITION('Fixed',-1.,-1.,-1.,-1.,-1.,-1.);
#22=IFCBOUNDARYNODECONDITION('Spring',0.,0.,5000.,0.,0.,0.);
${connection(30, '0.,0.,0.', '#21', false)}
${connection(40, '6.,0.,0.', '#22', false)}
${connection(50, '6.,0.,3.', '$', false)}
${member(60, 31, 41, undefined)}
${member(70, 41, 51, undefined)}
#80=IFCBOUNDARYNODECONDITION('Pinned',-1.,-1.,-1.,-1.,0.,0.);
#81=IFCBOUNDARYNODECONDITION('Semi-rigid',-1.,-1.,-1.,-1.,1000.,-1.);
${connects(82, 62, 34)}
${connects(83, 62, 44, '#80')}
${connects(84, 72, 44, '#81')}
${connects(85, 72, 54)}
#90=IFCCARTESIANPOINT((0.,0.));
#91=IFCAXIS2PLACEMENT2D(#90,$);
#92=IFCISHAPEPROFILEDEF(.AREA.,'IPE300',#91,0.15,0.3,0.0071,0.0107,$);
#93=IFCSTRUCTURALPROFILEPROPERTIES('IPE300',#92,$,$,$,$,0.00538,2.01E-7,$,8.356E-5,6.04E-6,$,$,$,0.00257,0.0032,$,$,$,$,$,$,$);
#94=IFCRELASSOCIATESPROFILEPROPERTIES('${guid(94)}',$,$,$,(#62),#93,$,$);
#95=IFCGENERALPROFILEPROPERTIES('PIPE-X',$,$,$,$,$,0.0123);
#96=IFCRELASSOCIATESPROFILEPROPERTIES('${guid(96)}',$,$,$,(#72),#95,$,$);
#100=IFCMATERIAL('Grade 50');
#101=IFCMECHANICALSTEELMATERIALPROPERTIES(#100,$,2.1E11,8.1E10,0.3,1.2E-5,3.55E8,4.9E8,$,$,$,$,$);
#102=IFCGENERALMATERIALPROPERTIES(#100,$,$,7850.);
#103=IFCRELASSOCIATESMATERIAL('${guid(103)}',$,$,$,(#62),#100);
#104=IFCMATERIAL('M30');
#105=IFCMECHANICALCONCRETEMATERIALPROPERTIES(#104,$,3.0E10,$,0.2,$,3.0E7,$,$,$,$,$);
#106=IFCRELASSOCIATESMATERIAL('${guid(106)}',$,$,$,(#72),#104);
#110=IFCRELASSIGNSTOGROUP('${guid(110)}',$,$,$,(#34,#44,#54,#62,#72),$,#20);
${FOOTER}`;
  return smallIfcBytes(text);
}

/*
 * IFC4, IfcOpenShell style: every item under one placement at (0,0,3); vertices shared by connections and members.
 * D (0,0,−3) fixed (IfcBoolean), A (0,0,0), B (6,0,0) on springs (IfcBoolean and stiffness values), C (6,4,0).
 * M1 A→B (Axis −y: turned 90°), I section, cardinal point 8, hinged at B; M2 B→C rectangle, cardinal point 15
 * (shear centre); M3 D→A a T section (no canonical shape), cardinal point 11 (bottom in line with the centroid).
 * A surface member on a poly loop; a result group.
 */
function ifc4File(units: UnitSystem): Uint8Array {
  const t = 'IFCBOOLEAN(.T.)';
  const f = 'IFCBOOLEAN(.F.)';
  const text = `${header('IFC4', units.lines)}#15=IFCCARTESIANPOINT((0.,0.,3.));
#16=IFCAXIS2PLACEMENT3D(#15,$,$);
#17=IFCLOCALPLACEMENT(#12,#16);
#20=IFCSTRUCTURALANALYSISMODEL('${guid(20)}',$,'Structural Analysis Model',$,$,.LOADING_3D.,$,$,$,#17);
#21=IFCBOUNDARYNODECONDITION('Fixed',${t},${t},${t},${t},${t},${t});
#22=IFCBOUNDARYNODECONDITION('Spring',${t},${t},IFCLINEARSTIFFNESSMEASURE(50.),${f},IFCROTATIONALSTIFFNESSMEASURE(1000.),${f});
${connection(30, '0.,0.,0.', '$', true).replaceAll('#12', '#17')}
${connection(40, '6.,0.,0.', '#22', true).replaceAll('#12', '#17')}
${connection(50, '6.,4.,0.', '$', true).replaceAll('#12', '#17')}
${connection(200, '0.,0.,-3.', '#21', true).replaceAll('#12', '#17')}
#59=IFCDIRECTION((0.,-1.,0.));
#69=IFCDIRECTION((0.,0.,1.));
#79=IFCDIRECTION((1.,0.,0.));
${member(60, 31, 41, '#59').replaceAll('#12', '#17')}
${member(70, 41, 51, '#69').replaceAll('#12', '#17')}
${member(210, 201, 31, '#79').replaceAll('#12', '#17')}
#80=IFCBOUNDARYNODECONDITION('Hinge',${t},${t},${t},${t},${f},${f});
${connects(82, 62, 34)}
${connects(83, 62, 44, '#80')}
${connects(84, 72, 44)}
${connects(85, 72, 54)}
${connects(86, 212, 204)}
${connects(87, 212, 34)}
#100=IFCMATERIAL('Steel',$,'Steel');
#101=IFCPROPERTYSINGLEVALUE('YoungModulus',$,IFCMODULUSOFELASTICITYMEASURE(2.1E11),$);
#102=IFCPROPERTYSINGLEVALUE('ShearModulus',$,IFCMODULUSOFELASTICITYMEASURE(8.1E10),$);
#103=IFCPROPERTYSINGLEVALUE('PoissonRatio',$,IFCPOSITIVERATIOMEASURE(0.3),$);
#104=IFCMATERIALPROPERTIES('Pset_MaterialMechanical',$,(#101,#102,#103),#100);
#105=IFCPROPERTYSINGLEVALUE('YieldStress',$,IFCPRESSUREMEASURE(3.55E8),$);
#106=IFCMATERIALPROPERTIES('Pset_MaterialSteel',$,(#105),#100);
#107=IFCPROPERTYSINGLEVALUE('MassDensity',$,IFCMASSDENSITYMEASURE(7850.),$);
#108=IFCMATERIALPROPERTIES('Pset_MaterialCommon',$,(#107),#100);
#110=IFCISHAPEPROFILEDEF(.AREA.,'IPE300',$,0.15,0.3,0.0071,0.0107,$,$,$);
#111=IFCMATERIALPROFILE('IPE300',$,#100,#110,$,$);
#112=IFCMATERIALPROFILESET('IPE300',$,(#111),$);
#113=IFCMATERIALPROFILESETUSAGE(#112,8,$);
#114=IFCRELASSOCIATESMATERIAL('${guid(114)}',$,$,$,(#62),#113);
#120=IFCRECTANGLEPROFILEDEF(.AREA.,'R200x400',$,0.2,0.4);
#121=IFCMATERIALPROFILE('R200x400',$,#100,#120,$,$);
#122=IFCMATERIALPROFILESET('R200x400',$,(#121),$);
#123=IFCMATERIALPROFILESETUSAGE(#122,15,$);
#124=IFCRELASSOCIATESMATERIAL('${guid(124)}',$,$,$,(#72),#123);
#130=IFCTSHAPEPROFILEDEF(.AREA.,'T200',$,0.2,0.2,0.01,0.015,$,$,$,$,$);
#131=IFCMATERIALPROFILE('T200',$,#100,#130,$,$);
#132=IFCMATERIALPROFILESET('T200',$,(#131),$);
#133=IFCMATERIALPROFILESETUSAGE(#132,11,$);
#134=IFCRELASSOCIATESMATERIAL('${guid(134)}',$,$,$,(#212),#133);
#140=IFCPOLYLOOP((#30,#40,#50));
#141=IFCFACEOUTERBOUND(#140,.T.);
#142=IFCFACE((#141));
#143=IFCTOPOLOGYREPRESENTATION(#2,'Reference','Face',(#142));
#144=IFCPRODUCTDEFINITIONSHAPE($,$,(#143));
#145=IFCSTRUCTURALSURFACEMEMBER('${guid(145)}',$,'S1',$,$,#17,#144,.SHELL.,0.2);
#150=IFCSTRUCTURALRESULTGROUP('${guid(150)}',$,'Results',$,$,.FIRST_ORDER_THEORY.,$,.T.);
#160=IFCRELASSIGNSTOGROUP('${guid(160)}',$,$,$,(#34,#44,#54,#204,#62,#72,#212,#145),$,#20);
${FOOTER}`;
  return smallIfcBytes(text);
}

function nodeAt(model: Model, x: number, y: number, z: number): Node | undefined {
  return model.nodes.find(
    (node) => Math.abs(node.x - x) < 0.01 && Math.abs(node.y - y) < 0.01 && Math.abs(node.z - z) < 0.01,
  );
}

function frame(model: Model, id: number) {
  return model.elements.filter(isFrameElement).find((element) => element.id === guid(id));
}

function itemsAbout(report: TranslationReport, concept: string, id?: string) {
  return report.items.filter(
    (item) => item.concept === concept && (id === undefined || item.id === id || item.ids?.includes(id)),
  );
}

/** Relative closeness for values that cross unit systems (kip and foot factors). */
function close(actual: number | undefined, expected: number): void {
  expect(actual).toBeDefined();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(1e-9 * Math.abs(expected) + 1e-9);
}

describe('IFC2X3 analysis model in the ETABS style', () => {
  for (const units of IFC2X3_UNITS) {
    describe(`in ${units.label}`, () => {
      const { m, n } = units;
      const mm = m * 1000;

      it('reads the frames with their sections and stated section properties', async () => {
        const { model, report } = await readIfc(ifc2x3File(units));
        expect(ModelSchema.safeParse(model).success).toBe(true);
        const beam = frame(model, 62);
        const column = frame(model, 72);
        expect(beam?.type).toBe('Beam');
        expect(column?.type).toBe('Column');
        const ipe = model.profiles.find((profile) => profile.id === beam?.profileId);
        if (ipe?.kind !== 'frame' || ipe.section.shape !== 'i') throw new Error('IPE300 is not an I section');
        expect(ipe.name).toBe('IPE300');
        expect(ipe.materialId).toBe('Grade 50');
        close(ipe.section.depth, 0.3 * mm);
        close(ipe.section.flangeWidth, 0.15 * mm);
        close(ipe.section.webThickness, 0.0071 * mm);
        close(ipe.section.flangeThickness, 0.0107 * mm);
        // Iy is the strong axis (CSI I33); the shear area along z (the depth) is CSI As2.
        close(ipe.properties?.area, 0.00538 * mm ** 2);
        close(ipe.properties?.j, 2.01e-7 * mm ** 4);
        close(ipe.properties?.i33, 8.356e-5 * mm ** 4);
        close(ipe.properties?.i22, 6.04e-6 * mm ** 4);
        close(ipe.properties?.as2, 0.00257 * mm ** 2);
        close(ipe.properties?.as3, 0.0032 * mm ** 2);

        // A section known only by its name and properties: kept by name, and reported.
        const pipe = model.profiles.find((profile) => profile.id === column?.profileId);
        expect(pipe).toMatchObject({ name: 'PIPE-X', section: { shape: 'library', designation: 'PIPE-X' } });
        close(pipe?.kind === 'frame' ? pipe.properties?.area : undefined, 0.0123 * mm ** 2);
        expect(itemsAbout(report, 'section', 'PIPE-X')).toHaveLength(1);
      });

      it('reads −1 as fixed, a stiffness as a spring, and member end conditions as releases', async () => {
        const { model, report } = await readIfc(ifc2x3File(units));
        const a = nodeAt(model, 0, 0, 0);
        const b = nodeAt(model, 6 * mm, 0, 0);
        expect(a?.id).toBe(guid(34));
        expect(a?.restraint).toEqual({
          type: 'Restraint',
          ux: true,
          uy: true,
          uz: true,
          rx: true,
          ry: true,
          rz: true,
        });
        expect(b?.restraint).toBeUndefined();
        const spring = model.springProperties.find((property) => property.id === b?.springPropertyId);
        close(spring?.uz, 5000 * (n / m));
        expect(spring).toMatchObject({ ux: 0, uy: 0, rx: 0, ry: 0, rz: 0 });

        // RotationalStiffnessY/Z free at B: IFC y is −axis 3 and z is axis 2, so M3 and M2 are released.
        const beam = frame(model, 62);
        expect(beam?.releases?.j).toEqual({ p: false, v2: false, v3: false, t: false, m2: true, m3: true });
        expect(beam?.releases?.i).toEqual({ p: false, v2: false, v3: false, t: false, m2: false, m3: false });
        // A rotational spring at a member end has no canonical form: reported as a release approximation.
        expect(itemsAbout(report, 'release', guid(72))).toHaveLength(1);
      });

      it('reads the IFC2X3 mechanical, steel, concrete and general material properties', async () => {
        const { model } = await readIfc(ifc2x3File(units));
        const steel = model.materials.find((material) => material.id === 'Grade 50');
        const concrete = model.materials.find((material) => material.id === 'M30');
        const pa = n / m ** 2;
        expect(steel?.kind).toBe('steel');
        close(steel?.elasticModulus, 2.1e11 * pa);
        close(steel?.shearModulus, 8.1e10 * pa);
        expect(steel?.poissonRatio).toBe(0.3);
        expect(steel?.thermalCoefficient).toBe(1.2e-5);
        close(steel?.fy, 3.55e8 * pa);
        close(steel?.fu, 4.9e8 * pa);
        // No mass unit is assigned: kilograms per cubic file length unit.
        close(steel?.massDensity, 7850 / m ** 3);
        expect(concrete?.kind).toBe('concrete');
        close(concrete?.elasticModulus, 3.0e10 * pa);
        close(concrete?.fc, 3.0e7 * pa);
      });
    });
  }
});

describe('IFC4 analysis model in the IfcOpenShell style', () => {
  for (const units of IFC4_UNITS) {
    describe(`in ${units.label}`, () => {
      const { m, n } = units;
      const mm = m * 1000;

      it('reads edge-topology members between their connections, under the placement', async () => {
        const { model } = await readIfc(ifc4File(units));
        expect(ModelSchema.safeParse(model).success).toBe(true);
        expect(model.nodes).toHaveLength(4);
        const d = nodeAt(model, 0, 0, 0);
        const a = nodeAt(model, 0, 0, 3 * mm);
        const b = nodeAt(model, 6 * mm, 0, 3 * mm);
        const c = nodeAt(model, 6 * mm, 4 * mm, 3 * mm);
        expect([d?.id, a?.id, b?.id, c?.id]).toEqual([guid(204), guid(34), guid(44), guid(54)]);
        expect(frame(model, 62)).toMatchObject({ type: 'Beam', startNodeId: guid(34), endNodeId: guid(44) });
        expect(frame(model, 72)).toMatchObject({ type: 'Beam', startNodeId: guid(44), endNodeId: guid(54) });
        expect(frame(model, 212)).toMatchObject({
          type: 'Column',
          startNodeId: guid(204),
          endNodeId: guid(34),
        });
        const floor = model.elements.find((element) => element.id === guid(145));
        expect(floor).toMatchObject({ type: 'Floor', nodeIds: [guid(34), guid(44), guid(54)] });
      });

      it('reads the sections, the Axis as an orientation angle and cardinal points', async () => {
        const { model, report } = await readIfc(ifc4File(units));
        const m1 = frame(model, 62);
        const m2 = frame(model, 72);
        const m3 = frame(model, 212);
        // Axis −y on a beam along +x: CSI's default axis 2 (up) turned 90° about axis 1.
        expect(m1?.orientationAngle).toBe(90);
        expect(m2?.orientationAngle).toBeUndefined();
        expect(m3?.orientationAngle).toBeUndefined();
        expect(m1?.cardinalPoint).toBe(8);
        // IFC 15 is the shear centre, CSI 11.
        expect(m2?.cardinalPoint).toBe(11);
        // IFC 11 (bottom in line with the centroid) of a T: CSI 2, reported as an approximation.
        expect(m3?.cardinalPoint).toBe(2);
        expect(itemsAbout(report, 'cardinalPoint', guid(212))).toHaveLength(1);
        expect(itemsAbout(report, 'cardinalPoint', guid(62))).toHaveLength(0);
        const profiles = new Map(model.profiles.map((profile) => [profile.id, profile]));
        const ipe = profiles.get(m1?.profileId ?? '');
        expect(ipe).toMatchObject({ name: 'IPE300', materialId: 'Steel', section: { shape: 'i' } });
        close(ipe?.kind === 'frame' && ipe.section.shape === 'i' ? ipe.section.depth : undefined, 0.3 * mm);
        expect(profiles.get(m2?.profileId ?? '')).toMatchObject({ section: { shape: 'rectangle' } });
        expect(profiles.get(m3?.profileId ?? '')).toMatchObject({
          section: { shape: 'library', designation: 'T200' },
        });
        expect(itemsAbout(report, 'section', 'T200')).toHaveLength(1);
      });

      it('reads Pset_MaterialMechanical, Pset_MaterialSteel and Pset_MaterialCommon', async () => {
        const { model } = await readIfc(ifc4File(units));
        const steel = model.materials.find((material) => material.id === 'Steel');
        const pa = n / m ** 2;
        close(steel?.elasticModulus, 2.1e11 * pa);
        close(steel?.shearModulus, 8.1e10 * pa);
        expect(steel?.poissonRatio).toBe(0.3);
        close(steel?.fy, 3.55e8 * pa);
        close(steel?.massDensity, 7850 / m ** 3);
      });

      it('reads IfcBoolean supports, stiffness values as springs, hinges as releases; reports results', async () => {
        const { model, report } = await readIfc(ifc4File(units));
        const d = model.nodes.find((node) => node.id === guid(204));
        const b = model.nodes.find((node) => node.id === guid(44));
        expect(d?.restraint).toMatchObject({ ux: true, uy: true, uz: true, rx: true, ry: true, rz: true });
        expect(b?.restraint).toMatchObject({
          ux: true,
          uy: true,
          uz: false,
          rx: false,
          ry: false,
          rz: false,
        });
        const spring = model.springProperties.find((property) => property.id === b?.springPropertyId);
        close(spring?.uz, 50 * (n / m));
        close(spring?.ry, 1000 * n * m);
        expect(spring).toMatchObject({ ux: 0, uy: 0, rx: 0, rz: 0 });
        expect(frame(model, 62)?.releases?.j).toMatchObject({ m2: true, m3: true, t: false });
        expect(itemsAbout(report, 'results', guid(150))).toHaveLength(1);
      });
    });
  }
});

describe('IFC cardinal points round trip', () => {
  it('canonical cardinal points 1–11 → IFC → read back the same', async () => {
    const source = { tool: 'gusset' as const };
    const model = emptyModel(source);
    const points = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    model.materials = [{ id: 'S355', type: 'Material', source, name: 'S355', attributes: {}, kind: 'steel' }];
    model.profiles = [
      {
        id: 'W',
        type: 'Profile',
        source,
        name: 'W',
        attributes: {},
        kind: 'frame',
        materialId: 'S355',
        section: { shape: 'i', depth: 300, flangeWidth: 150, flangeThickness: 10, webThickness: 7 },
      },
    ];
    model.nodes = points.flatMap((point) => [
      {
        id: `S${point}`,
        type: 'Node',
        source,
        name: `S${point}`,
        attributes: {},
        x: point * 1000,
        y: 0,
        z: 0,
      },
      {
        id: `E${point}`,
        type: 'Node',
        source,
        name: `E${point}`,
        attributes: {},
        x: point * 1000,
        y: 5000,
        z: 0,
      },
    ]);
    model.elements = points.map((point) => ({
      id: `B${point}`,
      type: 'Beam',
      source,
      name: `B${point}`,
      attributes: {},
      startNodeId: `S${point}`,
      endNodeId: `E${point}`,
      profileId: 'W',
      cardinalPoint: point,
    }));
    const written = await writeIfc(model);
    expect(itemsAboutAny(written.report, 'cardinalPoint')).toHaveLength(0);
    const { model: back, report } = await readIfc(written.bytes);
    const byPosition = new Map(
      back.elements.filter(isFrameElement).map((element) => {
        const start = back.nodes.find((node) => node.id === element.startNodeId);
        return [Math.round((start?.x ?? 0) / 1000), element.cardinalPoint];
      }),
    );
    expect(points.map((point) => byPosition.get(point))).toEqual(points);
    expect(itemsAboutAny(report, 'cardinalPoint')).toHaveLength(0);
  });
});

function itemsAboutAny(report: TranslationReport, concept: string) {
  return report.items.filter((item) => item.concept === concept);
}
