import { describe, expect, it } from 'vitest';
import type { Model, Node } from '../../schema';
import { isFrameElement, ModelSchema } from '../../schema';
import type { TranslationReport } from '../report';
import { readIfc } from './read';
import { smallIfcBytes } from './readTestFile';

/**
 * Analysis models as IfcOpenShell-based tools really write them (issue #20). What the writers do, from their
 * source: Bonsai (BlenderBIM) "Add Element" gives a curve member an IfcTopologyRepresentation 'Reference'/'Edge'
 * in the Model/Reference/GRAPH_VIEW subcontext holding one IfcEdge of two fresh IfcVertexPoints in the object's
 * own coordinates, and a point connection a 'Vertex' representation at (0,0,0) under its own placement;
 * structural items are grouped into the IfcStructuralAnalysisModel (IfcRelAssignsToGroup), never contained in a
 * storey; boundary conditions start empty and are edited to IfcBoolean values; members meet connections only
 * through IfcRelConnectsStructuralMember. ifcopenshell.api.geometry.add_topology_representation also accepts
 * IfcEdgeCurve, IfcOrientedEdge and IfcPath items; INL's inlbim (on IfcOpenShell) shares one IfcVertexPoint between
 * a member's edge and its point connection and places everything by the model's SharedPlacement; FreeCAD's
 * structural export writes an 'Analysis' subcontext, IfcRelAssignsToGroup with RelatedObjectsType PRODUCT and
 * surface members as IfcFaceSurface with an IfcFaceBound (not outer) loop of IfcOrientedEdges.
 */

const HEADER = (schema: string, originating: string): string => `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [DesignTransferView]'),'2;1');
FILE_NAME('/home/user/frame.ifc','2025-03-01T10:00:00+01:00',(),(),'IfcOpenShell 0.8.1','${originating}','Nobody');
FILE_SCHEMA(('${schema}'));
ENDSEC;
DATA;
`;
const FOOTER = 'ENDSEC;\nEND-ISO-10303-21;\n';

/** Project, units (IfcOpenShell's assign_unit: millimetre lengths, square metres, radians) and contexts. */
function project(lengthPrefix: '.MILLI.' | '$'): string {
  return `#1=IFCPROJECT('2Xk7Jq3pT0BQe5ZqJ5l3yD',$,'My Project',$,$,$,$,(#11),#7);
#2=IFCSIUNIT(*,.LENGTHUNIT.,${lengthPrefix},.METRE.);
#3=IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.);
#4=IFCSIUNIT(*,.VOLUMEUNIT.,$,.CUBIC_METRE.);
#5=IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.);
#6=IFCSIUNIT(*,.FORCEUNIT.,.KILO.,.NEWTON.);
#7=IFCUNITASSIGNMENT((#2,#3,#4,#5,#6));
#8=IFCCARTESIANPOINT((0.,0.,0.));
#9=IFCDIRECTION((0.,0.,1.));
#10=IFCDIRECTION((1.,0.,0.));
#11=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#12,$);
#12=IFCAXIS2PLACEMENT3D(#8,$,$);
#13=IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,*,*,*,#11,$,.MODEL_VIEW.,$);
#14=IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Reference','Model',*,*,*,*,#11,$,.GRAPH_VIEW.,$);
`;
}

/** A Bonsai point connection named `name` at `at` (its placement), its vertex at the origin of that placement. */
function bonsaiConnection(n: number, name: string, at: string, condition = '$'): string {
  return `#${n}=IFCCARTESIANPOINT((${at}));
#${n + 1}=IFCAXIS2PLACEMENT3D(#${n},#9,#10);
#${n + 2}=IFCLOCALPLACEMENT($,#${n + 1});
#${n + 3}=IFCCARTESIANPOINT((0.,0.,0.));
#${n + 4}=IFCVERTEXPOINT(#${n + 3});
#${n + 5}=IFCTOPOLOGYREPRESENTATION(#14,'Reference','Vertex',(#${n + 4}));
#${n + 6}=IFCPRODUCTDEFINITIONSHAPE($,$,(#${n + 5}));
#${n + 7}=IFCSTRUCTURALPOINTCONNECTION('${gid(n + 7)}',$,'${name}',$,$,#${n + 2},#${n + 6},${condition},$);`;
}

/** A Bonsai curve member placed at `at`, its edge from (0,0,0) to `to` in its own coordinates. */
function bonsaiMember(
  n: number,
  name: string,
  at: string,
  to: string,
  type = '.RIGID_JOINED_MEMBER.',
): string {
  return `#${n}=IFCCARTESIANPOINT((${at}));
#${n + 1}=IFCAXIS2PLACEMENT3D(#${n},#9,#10);
#${n + 2}=IFCLOCALPLACEMENT($,#${n + 1});
#${n + 3}=IFCCARTESIANPOINT((0.,0.,0.));
#${n + 4}=IFCVERTEXPOINT(#${n + 3});
#${n + 5}=IFCCARTESIANPOINT((${to}));
#${n + 6}=IFCVERTEXPOINT(#${n + 5});
#${n + 7}=IFCEDGE(#${n + 4},#${n + 6});
#${n + 8}=IFCTOPOLOGYREPRESENTATION(#14,'Reference','Edge',(#${n + 7}));
#${n + 9}=IFCPRODUCTDEFINITIONSHAPE($,$,(#${n + 8}));
#${n + 10}=IFCSTRUCTURALCURVEMEMBER('${gid(n + 10)}',$,'${name}',$,$,#${n + 2},#${n + 9},${type},$);`;
}

/** IfcOpenShell GlobalIds: 22 characters of its base-64 alphabet (stable here, so tests can name them). */
const gid = (n: number): string => `1Bonsai${String(n).padStart(15, '0')}`;

function rel(n: number, member: number, connection: number, condition = '$'): string {
  return `#${n}=IFCRELCONNECTSSTRUCTURALMEMBER('${gid(n)}',$,$,$,#${member},#${connection},${condition},$,$,$);`;
}

const T = 'IFCBOOLEAN(.T.)';
const F = 'IFCBOOLEAN(.F.)';

/*
 * Bonsai: a portal frame in millimetres, a site/building/storey that holds nothing structural. Columns A→B and
 * D→C (3 m), beam B→C (6 m). A and D fixed (IfcBoolean), B and C free. Columns HEA200 steel through a profile set
 * usage with no cardinal point; the beam IPE300 through a profile set with no usage.
 */
function bonsaiPortal(schema = 'IFC4'): Uint8Array {
  const text = `${HEADER(schema, 'Bonsai 0.8.1')}${project('.MILLI.')}#20=IFCSITE('${gid(20)}',$,'My Site',$,$,$,$,$,$,$,$,$,$,$);
#21=IFCBUILDING('${gid(21)}',$,'My Building',$,$,$,$,$,$,$,$,$);
#22=IFCBUILDINGSTOREY('${gid(22)}',$,'My Storey',$,$,$,$,$,$,0.);
#23=IFCRELAGGREGATES('${gid(23)}',$,$,$,#1,(#20));
#24=IFCRELAGGREGATES('${gid(24)}',$,$,$,#20,(#21));
#25=IFCRELAGGREGATES('${gid(25)}',$,$,$,#21,(#22));
#30=IFCSTRUCTURALANALYSISMODEL('${gid(30)}',$,'Unnamed',$,$,.LOADING_3D.,$,$,$,$);
#31=IFCRELDECLARES('${gid(31)}',$,$,$,#1,(#30));
#32=IFCBOUNDARYNODECONDITION('Fixed',${T},${T},${T},${T},${T},${T});
#33=IFCBOUNDARYNODECONDITION($,$,$,$,$,$,$);
${bonsaiConnection(40, 'A', '0.,0.,0.', '#32')}
${bonsaiConnection(50, 'B', '0.,0.,3000.', '#33')}
${bonsaiConnection(60, 'C', '6000.,0.,3000.')}
${bonsaiConnection(70, 'D', '6000.,0.,0.', '#32')}
${bonsaiMember(100, 'Column AB', '0.,0.,0.', '0.,0.,3000.')}
${bonsaiMember(120, 'Column DC', '6000.,0.,0.', '0.,0.,3000.')}
${bonsaiMember(140, 'Beam BC', '0.,0.,3000.', '6000.,0.,0.')}
${rel(160, 110, 47)}
${rel(161, 110, 57)}
${rel(162, 130, 77)}
${rel(163, 130, 67)}
${rel(164, 150, 57)}
${rel(165, 150, 67)}
#170=IFCRELASSIGNSTOGROUP('${gid(170)}',$,$,$,(#47,#57,#67,#77,#110,#130,#150),$,#30);
#180=IFCMATERIAL('S355',$,'steel');
#181=IFCISHAPEPROFILEDEF(.AREA.,'HEA200',$,200.,190.,6.5,10.,18.,$,$);
#182=IFCMATERIALPROFILE($,$,#180,#181,$,$);
#183=IFCMATERIALPROFILESET($,$,(#182),$);
#184=IFCMATERIALPROFILESETUSAGE(#183,$,$);
#185=IFCRELASSOCIATESMATERIAL('${gid(185)}',$,$,$,(#110,#130),#184);
#186=IFCISHAPEPROFILEDEF(.AREA.,'IPE300',$,150.,300.,7.1,10.7,15.,$,$);
#187=IFCMATERIALPROFILE($,$,#180,#186,$,$);
#188=IFCMATERIALPROFILESET($,$,(#187),$);
#189=IFCRELASSOCIATESMATERIAL('${gid(189)}',$,$,$,(#150),#188);
${FOOTER}`;
  return smallIfcBytes(text);
}

/*
 * inlbim style (IfcOpenShell API): one SharedPlacement for all, vertices shared between edge and connection,
 * IfcEdgeCurve on an IfcPolyline, in metres. A (0,0,0) pinned, B (4,0,0) roller; one PIN_JOINED_MEMBER A→B and a
 * second member B→C (4,0,3) made of an IfcMaterial only, which is also an IfcStructuralCurveMemberVarying.
 */
function inlPinned(schema = 'IFC4'): Uint8Array {
  const text = `${HEADER(schema, 'inlbim')}${project('$')}#30=IFCSTRUCTURALANALYSISMODEL('${gid(30)}',$,'SAV',$,$,.LOADING_3D.,$,$,$,#31);
#31=IFCLOCALPLACEMENT($,#32);
#32=IFCAXIS2PLACEMENT3D(#8,#9,#10);
#33=IFCBOUNDARYNODECONDITION('Pinned',${T},${T},${T},${F},${F},${F});
#34=IFCBOUNDARYNODECONDITION('Roller',${F},${F},${T},${F},${F},${F});
#40=IFCCARTESIANPOINT((0.,0.,0.));
#41=IFCVERTEXPOINT(#40);
#42=IFCCARTESIANPOINT((4.,0.,0.));
#43=IFCVERTEXPOINT(#42);
#44=IFCCARTESIANPOINT((4.,0.,3.));
#45=IFCVERTEXPOINT(#44);
#50=IFCTOPOLOGYREPRESENTATION(#14,'Reference','Vertex',(#41));
#51=IFCPRODUCTDEFINITIONSHAPE($,$,(#50));
#52=IFCSTRUCTURALPOINTCONNECTION('${gid(52)}',$,'Node-52',$,$,#31,#51,#33,$);
#53=IFCTOPOLOGYREPRESENTATION(#14,'Reference','Vertex',(#43));
#54=IFCPRODUCTDEFINITIONSHAPE($,$,(#53));
#55=IFCSTRUCTURALPOINTCONNECTION('${gid(55)}',$,'Node-55',$,$,#31,#54,#34,$);
#56=IFCTOPOLOGYREPRESENTATION(#14,'Reference','Vertex',(#45));
#57=IFCPRODUCTDEFINITIONSHAPE($,$,(#56));
#58=IFCSTRUCTURALPOINTCONNECTION('${gid(58)}',$,'Node-58',$,$,#31,#57,$,$);
#60=IFCPOLYLINE((#40,#42));
#61=IFCEDGECURVE(#41,#43,#60,.T.);
#62=IFCTOPOLOGYREPRESENTATION(#14,'Reference','Edge',(#61));
#63=IFCPRODUCTDEFINITIONSHAPE($,$,(#62));
#64=IFCDIRECTION((0.,0.,1.));
#65=IFCSTRUCTURALCURVEMEMBER('${gid(65)}',$,'FrameMember-65',$,$,#31,#63,.PIN_JOINED_MEMBER.,#64);
#70=IFCLINE(#42,#72);
#71=IFCEDGECURVE(#43,#45,#70,.T.);
#72=IFCVECTOR(#9,1.);
#73=IFCTOPOLOGYREPRESENTATION(#14,'Reference','Edge',(#71));
#74=IFCPRODUCTDEFINITIONSHAPE($,$,(#73));
#75=IFCDIRECTION((1.,0.,0.));
#76=IFCSTRUCTURALCURVEMEMBERVARYING('${gid(76)}',$,'FrameMember-76',$,$,#31,#74,.RIGID_JOINED_MEMBER.,#75);
${rel(80, 65, 52)}
${rel(81, 65, 55)}
${rel(82, 76, 55)}
${rel(83, 76, 58)}
#84=IFCRELASSIGNSTOGROUP('${gid(84)}',$,$,$,(#65,#52,#55,#76,#58),$,#30);
#85=IFCRELDECLARES('${gid(85)}',$,$,$,#1,(#30));
#90=IFCMATERIAL('S235',$,$);
#91=IFCCIRCLEHOLLOWPROFILEDEF(.AREA.,'CHS 114.3x6',$,0.05715,0.006);
#92=IFCMATERIALPROFILE($,$,#90,#91,$,$);
#93=IFCMATERIALPROFILESET($,$,(#92),$);
#94=IFCMATERIALPROFILESETUSAGE(#93,$,$);
#95=IFCRELASSOCIATESMATERIAL('${gid(95)}',$,$,$,(#65),#94);
#96=IFCMATERIAL('C25/30',$,'concrete');
#97=IFCRELASSOCIATESMATERIAL('${gid(97)}',$,$,$,(#76),#96);
${FOOTER}`;
  return smallIfcBytes(text);
}

/*
 * FreeCAD style (exportIFCStructuralTools on IfcOpenShell), metres: an 'Analysis' subcontext, members with
 * IfcOrientedEdge items, a slab as IfcFaceSurface bounded by an IfcFaceBound of oriented edges, no point
 * connection at a member end that no other member shares, IfcRelAssignsToGroup typed PRODUCT.
 */
function freecadStyle(): Uint8Array {
  const text = `${HEADER('IFC4', 'FreeCAD')}${project('$')}#15=IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Analysis','Axis',*,*,*,*,#11,$,.GRAPH_VIEW.,$);
#16=IFCLOCALPLACEMENT($,#12);
#30=IFCSTRUCTURALANALYSISMODEL('${gid(30)}',$,'Structural Analysis Model',$,$,.NOTDEFINED.,$,$,$,#16);
#40=IFCCARTESIANPOINT((0.,0.,0.));
#41=IFCCARTESIANPOINT((5.,0.,0.));
#42=IFCVERTEXPOINT(#40);
#43=IFCVERTEXPOINT(#41);
#44=IFCEDGE(#42,#43);
#45=IFCORIENTEDEDGE(*,*,#44,.F.);
#46=IFCTOPOLOGYREPRESENTATION(#15,'Analysis','Edge',(#45));
#47=IFCPRODUCTDEFINITIONSHAPE($,$,(#46));
#48=IFCSTRUCTURALCURVEMEMBER('${gid(48)}',$,'Beam',$,$,#16,#47,.RIGID_JOINED_MEMBER.,#9);
#50=IFCCARTESIANPOINT((0.,0.,3.));
#51=IFCCARTESIANPOINT((5.,0.,3.));
#52=IFCCARTESIANPOINT((5.,4.,3.));
#53=IFCCARTESIANPOINT((0.,4.,3.));
#54=IFCVERTEXPOINT(#50);
#55=IFCVERTEXPOINT(#51);
#56=IFCVERTEXPOINT(#52);
#57=IFCVERTEXPOINT(#53);
#58=IFCEDGE(#54,#55);
#59=IFCEDGE(#55,#56);
#60=IFCEDGE(#56,#57);
#61=IFCEDGE(#57,#54);
#62=IFCORIENTEDEDGE(*,*,#58,.T.);
#63=IFCORIENTEDEDGE(*,*,#59,.T.);
#64=IFCORIENTEDEDGE(*,*,#60,.T.);
#65=IFCORIENTEDEDGE(*,*,#61,.T.);
#66=IFCEDGELOOP((#62,#63,#64,#65));
#67=IFCFACEBOUND(#66,.T.);
#68=IFCAXIS2PLACEMENT3D(#53,#9,#10);
#69=IFCPLANE(#68);
#70=IFCFACESURFACE((#67),#69,.T.);
#71=IFCTOPOLOGYREPRESENTATION(#15,'Analysis','Face',(#70));
#72=IFCPRODUCTDEFINITIONSHAPE($,$,(#71));
#73=IFCSTRUCTURALSURFACEMEMBER('${gid(73)}',$,'Slab',$,$,#16,#72,.SHELL.,0.2);
#80=IFCRELASSIGNSTOGROUP('${gid(80)}',$,$,$,(#73,#48),.PRODUCT.,#30);
${FOOTER}`;
  return smallIfcBytes(text);
}

function nodeAt(model: Model, x: number, y: number, z: number): Node | undefined {
  return model.nodes.find(
    (node) => Math.abs(node.x - x) < 0.01 && Math.abs(node.y - y) < 0.01 && Math.abs(node.z - z) < 0.01,
  );
}

function frames(model: Model) {
  return model.elements.filter(isFrameElement);
}

function dropped(report: TranslationReport, concept: string) {
  return report.items.filter((item) => item.severity === 'dropped' && item.concept === concept);
}

describe('IFC analysis models written by IfcOpenShell-based tools', () => {
  for (const schema of ['IFC4', 'IFC4X3_ADD2']) {
    it(`reads a Bonsai portal frame (${schema}, mm, items under their own placements, no containment)`, async () => {
      const { model, report } = await readIfc(bonsaiPortal(schema));
      expect(ModelSchema.safeParse(model).success).toBe(true);
      expect(report.items.filter((item) => item.severity === 'dropped')).toEqual([]);
      expect(model.nodes).toHaveLength(4);
      const a = nodeAt(model, 0, 0, 0);
      const b = nodeAt(model, 0, 0, 3000);
      const c = nodeAt(model, 6000, 0, 3000);
      const d = nodeAt(model, 6000, 0, 0);
      expect(a?.id).toBe(gid(47));
      expect(d?.id).toBe(gid(77));
      expect(a?.restraint).toMatchObject({ ux: true, uy: true, uz: true, rx: true, ry: true, rz: true });
      expect(d?.restraint).toMatchObject({ ux: true, rz: true });
      expect(b?.restraint).toBeUndefined();
      expect(c?.restraint).toBeUndefined();
      const all = frames(model);
      expect(all.map((element) => element.type).sort()).toEqual(['Beam', 'Column', 'Column']);
      const beam = all.find((element) => element.id === gid(150));
      expect(beam?.startNodeId).toBe(b?.id);
      expect(beam?.endNodeId).toBe(c?.id);
      const column = all.find((element) => element.id === gid(130));
      expect(column?.startNodeId).toBe(d?.id);
      expect(column?.endNodeId).toBe(c?.id);
      const hea = model.profiles.find((profile) => profile.id === column?.profileId);
      expect(hea?.name).toBe('HEA200');
      expect(hea?.kind === 'frame' && hea.section.shape === 'i' ? hea.section.depth : undefined).toBe(190);
      expect(hea?.materialId).toBe('S355');
      const ipe = model.profiles.find((profile) => profile.id === beam?.profileId);
      expect(ipe?.name).toBe('IPE300');
      expect(model.materials.map((material) => material.name)).toEqual(['S355']);
      expect(model.sourceUnits?.length).toBe('MILLIMETRE');
      // Frames are not on a storey: nothing contains them, and that is not a loss.
      expect(all.every((element) => element.levelId === undefined)).toBe(true);
    });
  }

  it('reads IfcEdgeCurve members on shared vertices, a pin-joined member as hinged, a varying member', async () => {
    const { model, report } = await readIfc(inlPinned());
    expect(ModelSchema.safeParse(model).success).toBe(true);
    expect(model.nodes).toHaveLength(3);
    const a = nodeAt(model, 0, 0, 0);
    const b = nodeAt(model, 4000, 0, 0);
    const c = nodeAt(model, 4000, 0, 3000);
    expect(a?.restraint).toMatchObject({ ux: true, uy: true, uz: true, rx: false, ry: false, rz: false });
    expect(b?.restraint).toMatchObject({ ux: false, uy: false, uz: true });
    expect(c?.restraint).toBeUndefined();
    const pinned = frames(model).find((element) => element.id === gid(65));
    expect(pinned?.type).toBe('Beam');
    expect(pinned?.startNodeId).toBe(a?.id);
    expect(pinned?.endNodeId).toBe(b?.id);
    // Pin-joined: moments released at both ends, torsion at one (a truss member carries axial force only).
    expect(pinned?.releases?.i).toMatchObject({ m2: true, m3: true, t: false, p: false });
    expect(pinned?.releases?.j).toMatchObject({ m2: true, m3: true, t: true, p: false });
    const chs = model.profiles.find((profile) => profile.id === pinned?.profileId);
    expect(chs?.kind === 'frame' ? chs.section.shape : undefined).toBe('pipe');
    const varying = frames(model).find((element) => element.id === gid(76));
    expect(varying?.type).toBe('Column');
    expect(varying?.startNodeId).toBe(b?.id);
    expect(varying?.endNodeId).toBe(c?.id);
    expect(varying?.releases).toBeUndefined();
    // A member with a material and no profile keeps its material; its section is not known.
    expect(varying?.profileId).toBeUndefined();
    expect(varying?.materialId).toBe('C25/30');
    expect(report.items.some((item) => item.id === gid(76) && item.concept === 'section')).toBe(true);
  });

  it('reads FreeCAD-style oriented edges and a face bounded by an IfcFaceBound of oriented edges', async () => {
    const { model, report } = await readIfc(freecadStyle());
    expect(ModelSchema.safeParse(model).success).toBe(true);
    const beam = frames(model).find((element) => element.id === gid(48));
    // The oriented edge runs against its edge: the member runs from (5,0,0) to (0,0,0).
    expect(beam?.startNodeId).toBe(nodeAt(model, 5000, 0, 0)?.id);
    expect(beam?.endNodeId).toBe(nodeAt(model, 0, 0, 0)?.id);
    const slab = model.elements.find((element) => element.id === gid(73));
    expect(slab?.type).toBe('Floor');
    expect(slab && 'nodeIds' in slab ? slab.nodeIds.length : 0).toBe(4);
    expect(dropped(report, 'element')).toEqual([]);
  });
});

describe('analysis members the reader cannot place are reported, never silently dropped', () => {
  it('reports every member of an analysis model that gave nothing, with the reason', async () => {
    // Members with a body-less, vertex-less representation and with no representation at all.
    const text = `${HEADER('IFC4', 'Bonsai 0.8.1')}${project('.MILLI.')}#30=IFCSTRUCTURALANALYSISMODEL('${gid(30)}',$,'Unnamed',$,$,.LOADING_3D.,$,$,$,$);
#40=IFCSTRUCTURALCURVEMEMBER('${gid(40)}',$,'No shape',$,$,$,$,.RIGID_JOINED_MEMBER.,$);
#41=IFCVERTEX();
#42=IFCVERTEX();
#43=IFCEDGE(#41,#42);
#44=IFCTOPOLOGYREPRESENTATION(#14,'Reference','Edge',(#43));
#45=IFCPRODUCTDEFINITIONSHAPE($,$,(#44));
#46=IFCSTRUCTURALCURVEMEMBER('${gid(46)}',$,'Vertices without points',$,$,$,#45,.RIGID_JOINED_MEMBER.,$);
#47=IFCRELASSIGNSTOGROUP('${gid(47)}',$,$,$,(#40,#46),$,#30);
${FOOTER}`;
    const { model, report } = await readIfc(smallIfcBytes(text));
    expect(model.elements).toHaveLength(0);
    const items = dropped(report, 'element');
    expect(items.map((item) => item.id).sort()).toEqual([gid(40), gid(46)].sort());
    expect(items.every((item) => item.reason.length > 10)).toBe(true);
  });

  it('reads an IfcPath member as its chord, reported, and a member line short of attributes', async () => {
    // add_topology_representation files an IfcPath under 'Edge'; the second member has IFC2X3's 8 attributes.
    const text = `${HEADER('IFC4', 'IfcOpenShell')}${project('.MILLI.')}#30=IFCSTRUCTURALANALYSISMODEL('${gid(30)}',$,'Unnamed',$,$,.LOADING_3D.,$,$,$,$);
#40=IFCCARTESIANPOINT((0.,0.,0.));
#41=IFCCARTESIANPOINT((2000.,0.,0.));
#42=IFCCARTESIANPOINT((4000.,0.,0.));
#43=IFCVERTEXPOINT(#40);
#44=IFCVERTEXPOINT(#41);
#45=IFCVERTEXPOINT(#42);
#46=IFCEDGE(#43,#44);
#47=IFCEDGE(#44,#45);
#48=IFCORIENTEDEDGE(*,*,#46,.T.);
#49=IFCORIENTEDEDGE(*,*,#47,.T.);
#50=IFCPATH((#48,#49));
#51=IFCTOPOLOGYREPRESENTATION(#14,'Reference','Edge',(#50));
#52=IFCPRODUCTDEFINITIONSHAPE($,$,(#51));
#53=IFCSTRUCTURALCURVEMEMBER('${gid(53)}',$,'Path',$,$,$,#52,.RIGID_JOINED_MEMBER.,$);
#54=IFCSTRUCTURALCURVEMEMBER('${gid(54)}',$,'Short',$,$,$,#52,.RIGID_JOINED_MEMBER.);
#55=IFCRELASSIGNSTOGROUP('${gid(55)}',$,$,$,(#53,#54),$,#30);
${FOOTER}`;
    const { model, report } = await readIfc(smallIfcBytes(text));
    const path = frames(model).find((element) => element.id === gid(53));
    expect(path?.startNodeId).toBe(nodeAt(model, 0, 0, 0)?.id);
    expect(path?.endNodeId).toBe(nodeAt(model, 4000, 0, 0)?.id);
    expect(
      report.items.some(
        (item) => item.id === gid(53) && item.severity === 'approximated' && item.concept === 'element',
      ),
    ).toBe(true);
    // web-ifc decodes a line short of attributes (the missing ones read as absent), so it is read too.
    expect(frames(model).find((element) => element.id === gid(54))?.endNodeId).toBe(path?.endNodeId);
  });

  it('reports an analysis model that groups nothing the reader knows as an empty model', async () => {
    const text = `${HEADER('IFC4', 'Bonsai 0.8.1')}${project('.MILLI.')}#30=IFCSTRUCTURALANALYSISMODEL('${gid(30)}',$,'Unnamed',$,$,.LOADING_3D.,$,$,$,$);
${FOOTER}`;
    const { model, report } = await readIfc(smallIfcBytes(text));
    expect(model.elements).toHaveLength(0);
    expect(
      report.items.some(
        (item) => item.concept === 'element' && item.id === gid(30) && item.severity === 'dropped',
      ),
    ).toBe(true);
  });
});
