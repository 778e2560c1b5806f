import { reportStepNames } from '../names';
import type {
  AreaElement,
  Cable,
  Element,
  FrameElement,
  Grid,
  Material,
  Model,
  Node,
  Point3,
  Profile,
  Releases,
  Restraint,
  SpringProperty,
} from '../../schema';
import { DOF_NAMES, ELEMENT_TYPES, isAreaElement, isFrameElement } from '../../schema';
import type { FidelityConcept } from '../report';
import { ReportBuilder } from '../report';
import { reportAnalysisLoss } from '../analysisLoss';
import { IFC_WRITE_REASONS } from './writeReasons';
import type { WriteResult } from '../types';
import type { Vec3 } from './writeGeometry';
import { add, memberAxes, norm, polygonFrame, scale, sub, toVec } from './writeGeometry';
import { compressGuid, GlobalIds, hash128 } from './writeGuid';
import type { StructureIndex, WrittenMember, WrittenSurface } from './writeIndex';
import { writeLoads } from './writeLoads';
import type { WrittenProfile } from './writeProfiles';
import { writeProfile } from './writeProfiles';
import type { StepRef, StepValue } from './writeStep';
import { DERIVED, enumValue, formatString, int, StepWriter, typed } from './writeStep';
import { writeUnits } from './writeUnits';

/**
 * What `writeIfc` writes (IFC4, one file, two views of the same structure):
 * - physical: IfcProject → IfcSite → IfcBuilding → one IfcBuildingStorey per level; IfcBeam / IfcColumn /
 *   IfcMember (braces, cables) with an 'Axis' polyline and a 'Body' IfcExtrudedAreaSolid of their profile, placed at
 *   the start node with local z along the member; IfcSlab / IfcWall from floor and wall polygons, extruded by the
 *   shell thickness (slabs hang below their plane, walls are centred on it); one IfcGrid per grid system;
 *   sections and materials through IfcMaterialProfileSetUsage (frames) and IfcMaterialLayerSet (shells).
 * - analytical: IfcStructuralAnalysisModel with an IfcStructuralPointConnection per node (supports and springs as
 *   IfcBoundaryNodeCondition), an IfcStructuralCurveMember per frame and cable joined to its end connections by
 *   IfcRelConnectsStructuralMember (end releases as the relation's condition), an IfcStructuralSurfaceMember per
 *   floor, wall and area, and the loads (see writeLoads.ts).
 * Lengths are millimetres; see writeUnits.ts. GlobalIds are hashes of canonical ids (writeGuid.ts).
 */

/** FILE_NAME's time stamp unless the caller gives one: a fixed epoch, so equal models give equal bytes. */
export const DEFAULT_TIME_STAMP = '1970-01-01T00:00:00';

export interface WriteIfcOptions {
  /** Written as the project's and FILE_NAME's name. */
  name?: string;
  /** ISO 8601 time stamp for FILE_NAME (e.g. the version's creation time); default DEFAULT_TIME_STAMP. */
  timeStamp?: string;
}

const IFC_MATERIAL_CATEGORY: Record<Material['kind'], string> = {
  steel: 'steel',
  concrete: 'concrete',
  rebar: 'steel',
  tendon: 'steel',
  aluminum: 'aluminium',
  coldformed: 'steel',
  masonry: 'block',
  other: 'other',
};

const ELEMENT_TYPE_NAMES: ReadonlySet<string> = new Set(ELEMENT_TYPES);
const SUBJECT_CONCEPTS: Record<string, FidelityConcept> = {
  Node: 'node',
  Spring: 'spring',
  Profile: 'section',
  Material: 'material',
  Grid: 'grid',
  Diaphragm: 'diaphragm',
  Group: 'group',
  LoadCombination: 'combination',
  PointLoad: 'load',
  LinearLoad: 'load',
  AreaLoad: 'load',
};

/** The fidelity concept a dropped object of this subject is (an element, a node, a load…). */
function conceptOfSubject(subject: string): FidelityConcept | undefined {
  return ELEMENT_TYPE_NAMES.has(subject) ? 'element' : SUBJECT_CONCEPTS[subject];
}
/** Offsets below this are written as none: the reader merges points closer than its NODE_MERGE_MM (1 mm). */
const OFFSET_MM = 1;

class IfcWriter {
  readonly step = new StepWriter();
  readonly ids = new GlobalIds();
  readonly report = new ReportBuilder();
  private readonly reasonIds = new Map<string, string[]>();

  private readonly nodes = new Map<string, Node>();
  private readonly profiles = new Map<string, Profile>();
  private readonly materials = new Map<string, Material>();
  /** Members whose rigid zone factor, end offsets or insertion offsets IFC does not carry (reported once each). */
  private readonly unwrittenRigidZones: string[] = [];
  private readonly springsUnderRestraints: string[] = [];
  private readonly writtenSprings = new Set<string>();
  private readonly conditions = new Map<string, StepRef>();
  private readonly unwrittenEndOffsets: string[] = [];
  private readonly unwrittenInsertions: string[] = [];
  private readonly springs = new Map<string, SpringProperty>();

  private origin3!: StepRef;
  private origin2!: StepRef;
  private identity!: StepRef;
  /** Parametric profiles' position: web-ifc 0.0.78 cannot read the optional Position left unset. */
  private profilePosition!: StepRef;
  private modelContext!: StepRef;
  private bodyContext!: StepRef;
  private axisContext!: StepRef;
  private buildingPlacement!: StepRef;
  private building!: StepRef;
  private sharedPlacement!: StepRef;

  private readonly storeys = new Map<string, { ref: StepRef; placement: StepRef; elevation: number }>();
  /** Elements per spatial container (storey or building), in writing order. */
  private readonly contents = new Map<StepRef, StepRef[]>();
  private readonly profileDefs = new Map<string, WrittenProfile>();
  /** Sections a member's material profile set or a surface's layer set carries. */
  private readonly writtenProfiles = new Set<string>();
  private readonly materialRefs = new Map<string, StepRef>();
  /** Material definitions (usage, layer set or material) and the objects associated with each. */
  private readonly associations = new Map<string, { definition: StepRef; objects: StepRef[] }>();
  private readonly connections = new Map<string, { ref: StepRef; shape: StepRef }>();
  private readonly vertices = new Map<string, StepRef>();
  private readonly curveMembers = new Map<string, WrittenMember>();
  private readonly surfaceMembers = new Map<string, WrittenSurface>();
  private readonly structuralItems: StepRef[] = [];

  constructor(
    private readonly model: Model,
    private readonly options: WriteIfcOptions,
  ) {
    for (const node of model.nodes) this.nodes.set(node.id, node);
    for (const profile of model.profiles) this.profiles.set(profile.id, profile);
    for (const material of model.materials) this.materials.set(material.id, material);
    for (const spring of model.springProperties) this.springs.set(spring.id, spring);
  }

  /**
   * Collects objects by reason; `finishNotes` reports each reason once with every object's id, and, for what was
   * dropped, the fidelity concept its subject names, so the report explains the loss of each of them.
   */
  /** `concept` names what an approximation changes; a dropped item's concept follows from its subject. */
  note(
    severity: 'approximated' | 'dropped' | 'warning',
    subject: string,
    reason: string,
    id: string,
    concept?: FidelityConcept,
  ): void {
    const key = `${severity}\u0000${subject}\u0000${reason}\u0000${concept ?? ''}`;
    const ids = this.reasonIds.get(key) ?? [];
    ids.push(id);
    this.reasonIds.set(key, ids);
  }

  /**
   * STEP strings carry any name (formatString escapes quotes, backslashes and every non-ASCII or control character;
   * an unpaired surrogate becomes U+FFFD), but IFC readers, Gusset's too, take a Name without surrounding blanks,
   * and a blank one as none: such names are reported as changed, each under its concept.
   */
  private noteUntrimmedNames(): void {
    const note = (subject: string, concept: FidelityConcept, id: string, reason: string): void =>
      this.note('approximated', subject, reason, id, concept);
    reportStepNames(this.model, note);
    reportStepNames(
      this.model,
      note,
      (name) => name !== '' && name.trim() !== name,
      'IFC readers take names without leading or trailing blanks; a blank name is read as none',
    );
  }

  private finishNotes(): void {
    for (const [key, ids] of this.reasonIds) {
      const [severity, subject, reason, named] = key.split('\u0000') as [
        'approximated' | 'dropped' | 'warning',
        string,
        string,
        string,
      ];
      const concept =
        named !== ''
          ? (named as FidelityConcept)
          : severity === 'dropped'
            ? conceptOfSubject(subject)
            : undefined;
      const where = {
        ...(ids.length === 1 ? { id: ids[0] } : { ids }),
        ...(concept ? { concept } : {}),
      };
      this.report[severity](subject, ids.length === 1 ? reason : `${ids.length} objects: ${reason}`, where);
    }
  }

  private point(x: number, y: number, z: number): StepRef {
    return this.step.add('IFCCARTESIANPOINT', [[x, y, z]]);
  }

  private direction(vector: Vec3): StepRef {
    return this.step.add('IFCDIRECTION', [[vector[0], vector[1], vector[2]]]);
  }

  private placement(relativeTo: StepRef | null, location: Vec3, axis?: Vec3, refDirection?: Vec3): StepRef {
    const position =
      location[0] === 0 && location[1] === 0 && location[2] === 0 && !axis
        ? this.identity
        : this.step.add('IFCAXIS2PLACEMENT3D', [
            this.point(location[0], location[1], location[2]),
            axis ? this.direction(axis) : null,
            refDirection ? this.direction(refDirection) : null,
          ]);
    return this.step.add('IFCLOCALPLACEMENT', [relativeTo, position]);
  }

  /** The GlobalIds written for each element (its product and its analytical member): a reader's ids for it. */
  private readonly guidsOf = new Map<string, string[]>();

  private root(kind: string, id: string): string {
    const guid = this.ids.next(`${kind}:${id}`);
    if (kind === 'element' || kind === 'member')
      this.guidsOf.set(id, [...(this.guidsOf.get(id) ?? []), guid]);
    return guid;
  }

  write(): WriteResult {
    const step = this.step;
    this.origin3 = this.point(0, 0, 0);
    this.origin2 = step.add('IFCCARTESIANPOINT', [[0, 0]]);
    this.identity = step.add('IFCAXIS2PLACEMENT3D', [this.origin3, null, null]);
    this.profilePosition = step.add('IFCAXIS2PLACEMENT2D', [this.origin2, null]);
    this.modelContext = step.add('IFCGEOMETRICREPRESENTATIONCONTEXT', [
      null,
      'Model',
      int(3),
      1e-5,
      this.identity,
      null,
    ]);
    const subContext = (identifier: string, view: string): StepRef =>
      step.add('IFCGEOMETRICREPRESENTATIONSUBCONTEXT', [
        identifier,
        'Model',
        DERIVED,
        DERIVED,
        DERIVED,
        DERIVED,
        this.modelContext,
        null,
        enumValue(view),
        null,
      ]);
    this.bodyContext = subContext('Body', 'MODEL_VIEW');
    this.axisContext = subContext('Axis', 'GRAPH_VIEW');
    const units = writeUnits(step);
    const name = this.options.name ?? 'Gusset model';
    const project = step.add('IFCPROJECT', [
      this.root('project', ''),
      null,
      name,
      null,
      null,
      null,
      null,
      [this.modelContext],
      units,
    ]);
    const sitePlacement = this.placement(null, [0, 0, 0]);
    const site = step.add('IFCSITE', [
      this.root('site', ''),
      null,
      'Site',
      null,
      null,
      sitePlacement,
      null,
      null,
      enumValue('ELEMENT'),
      null,
      null,
      null,
      null,
      null,
    ]);
    this.buildingPlacement = this.placement(sitePlacement, [0, 0, 0]);
    this.building = step.add('IFCBUILDING', [
      this.root('building', ''),
      null,
      name,
      null,
      null,
      this.buildingPlacement,
      null,
      null,
      enumValue('ELEMENT'),
      null,
      null,
      null,
    ]);
    this.aggregate(project, [site], 'project');
    this.aggregate(site, [this.building], 'site');
    this.contents.set(this.building, []);

    const levels = [...this.model.levels].sort((a, b) => a.elevation - b.elevation);
    for (const level of levels) {
      const placement = this.placement(this.buildingPlacement, [0, 0, level.elevation]);
      const ref = step.add('IFCBUILDINGSTOREY', [
        this.root('level', level.id),
        null,
        level.name,
        null,
        null,
        placement,
        null,
        null,
        enumValue('ELEMENT'),
        level.elevation,
      ]);
      this.storeys.set(level.id, { ref, placement, elevation: level.elevation });
      this.contents.set(ref, []);
    }
    if (levels.length > 0) {
      this.aggregate(
        this.building,
        levels.map((level) => this.storeys.get(level.id)?.ref as StepRef),
        'building',
      );
    }

    this.sharedPlacement = this.placement(null, [0, 0, 0]);
    for (const node of this.model.nodes) this.writeConnection(node);
    for (const element of this.model.elements) this.writeElement(element);
    this.writeGrids();

    const index: StructureIndex = {
      step,
      ids: this.ids,
      report: this.report,
      modelContext: this.modelContext,
      sharedPlacement: this.sharedPlacement,
      connections: this.connections,
      curveMembers: this.curveMembers,
      surfaceMembers: this.surfaceMembers,
      nodes: this.nodes,
    };
    const loadGroups = writeLoads(this.model, index, (severity, subject, reason, id) =>
      this.note(severity, subject, reason, id),
    );

    const analysis = step.add('IFCSTRUCTURALANALYSISMODEL', [
      this.root('analysis', ''),
      null,
      `${name} (analysis)`,
      null,
      null,
      enumValue('LOADING_3D'),
      null,
      loadGroups.length > 0 ? loadGroups : null,
      null,
      this.sharedPlacement,
    ]);
    if (this.structuralItems.length > 0) {
      step.add('IFCRELASSIGNSTOGROUP', [
        this.root('analysis-members', ''),
        null,
        null,
        null,
        this.structuralItems,
        null,
        analysis,
      ]);
    }
    step.add('IFCRELSERVICESBUILDINGS', [
      this.root('analysis-building', ''),
      null,
      null,
      null,
      analysis,
      [this.building],
    ]);

    for (const [container, elements] of this.contents) {
      if (elements.length === 0) continue;
      step.add('IFCRELCONTAINEDINSPATIALSTRUCTURE', [
        this.ids.next(`contained:${container.id}`),
        null,
        null,
        null,
        elements,
        container,
      ]);
    }
    for (const [key, { definition, objects }] of this.associations) {
      step.add('IFCRELASSOCIATESMATERIAL', [
        this.ids.next(`material-of:${key}`),
        null,
        null,
        null,
        objects,
        definition,
      ]);
    }
    this.reportDropped();
    this.finishNotes();

    const fileName = `${name}.ifc`;
    const header = [
      "FILE_DESCRIPTION(('ViewDefinition [DesignTransferView, StructuralAnalysisView]'),'2;1');",
      `FILE_NAME(${formatString(fileName)},${formatString(this.options.timeStamp ?? DEFAULT_TIME_STAMP)},(''),(''),'Gusset','Gusset IFC writer','');`,
      "FILE_SCHEMA(('IFC4'));",
    ];
    const bytes = step.toBytes(header);
    const counts = new Map([...step.counts].sort(([a], [b]) => a.localeCompare(b)));
    return { bytes, report: this.report.build('ifc', 'write', this.model, counts) };
  }

  private aggregate(whole: StepRef, parts: StepRef[], key: string): void {
    this.step.add('IFCRELAGGREGATES', [this.root('aggregates', key), null, null, null, whole, parts]);
  }

  private container(levelId: string | undefined): { ref: StepRef; placement: StepRef; elevation: number } {
    const storey = levelId === undefined ? undefined : this.storeys.get(levelId);
    return storey ?? { ref: this.building, placement: this.buildingPlacement, elevation: 0 };
  }

  private contain(levelId: string | undefined, element: StepRef): void {
    this.contents.get(this.container(levelId).ref)?.push(element);
  }

  private associate(key: string, definition: () => StepRef, object: StepRef): void {
    let entry = this.associations.get(key);
    if (!entry) {
      entry = { definition: definition(), objects: [] };
      this.associations.set(key, entry);
    }
    entry.objects.push(object);
  }

  private material(id: string | undefined): StepRef | undefined {
    if (id === undefined) return undefined;
    const cached = this.materialRefs.get(id);
    if (cached) return cached;
    const material = this.materials.get(id);
    if (!material) return undefined;
    const ref = this.step.add('IFCMATERIAL', [
      material.name,
      material.grade ?? null,
      IFC_MATERIAL_CATEGORY[material.kind],
    ]);
    this.writeMaterialProperties(material, ref);
    this.materialRefs.set(id, ref);
    return ref;
  }

  /** Mechanical properties as the IFC4 property sets for materials name them. */
  private writeMaterialProperties(material: Material, ref: StepRef): void {
    const single = (name: string, type: string, value: number | undefined): StepRef | undefined =>
      value === undefined || !Number.isFinite(value)
        ? undefined
        : this.step.add('IFCPROPERTYSINGLEVALUE', [name, null, typed(type, value), null]);
    const set = (name: string, properties: (StepRef | undefined)[]): void => {
      const written = properties.filter((property): property is StepRef => property !== undefined);
      if (written.length > 0) this.step.add('IFCMATERIALPROPERTIES', [name, null, written, ref]);
    };
    set('Pset_MaterialMechanical', [
      single('YoungModulus', 'IFCMODULUSOFELASTICITYMEASURE', material.elasticModulus),
      single('ShearModulus', 'IFCMODULUSOFELASTICITYMEASURE', material.shearModulus),
      single('PoissonRatio', 'IFCPOSITIVERATIOMEASURE', material.poissonRatio),
      single(
        'ThermalExpansionCoefficient',
        'IFCTHERMALEXPANSIONCOEFFICIENTMEASURE',
        material.thermalCoefficient,
      ),
    ]);
    set('Pset_MaterialCommon', [single('MassDensity', 'IFCMASSDENSITYMEASURE', massDensityOf(material))]);
    // Each strength the material states, whatever its kind (a material of kind other may state f'c or fy).
    set('Pset_MaterialConcrete', [single('CompressiveStrength', 'IFCPRESSUREMEASURE', material.fc)]);
    set('Pset_MaterialSteel', [
      single('YieldStress', 'IFCPRESSUREMEASURE', material.fy),
      single('UltimateStress', 'IFCPRESSUREMEASURE', material.fu),
    ]);
  }

  private profileDef(profile: Profile): WrittenProfile | undefined {
    if (profile.kind !== 'frame') return undefined;
    let written = this.profileDefs.get(profile.id);
    if (!written) {
      written = writeProfile(this.step, profile, this.report, this.profilePosition);
      this.profileDefs.set(profile.id, written);
    }
    return written;
  }

  private vertex(node: Node): StepRef {
    let vertex = this.vertices.get(node.id);
    if (!vertex) {
      vertex = this.step.add('IFCVERTEXPOINT', [this.point(node.x, node.y, node.z)]);
      this.vertices.set(node.id, vertex);
    }
    return vertex;
  }

  private topology(type: string, items: StepRef[]): StepRef {
    const representation = this.step.add('IFCTOPOLOGYREPRESENTATION', [
      this.modelContext,
      'Reference',
      type,
      items,
    ]);
    return this.step.add('IFCPRODUCTDEFINITIONSHAPE', [null, null, [representation]]);
  }

  private writeConnection(node: Node): void {
    if (![node.x, node.y, node.z].every(Number.isFinite)) {
      this.note('dropped', 'Node', 'The node has no finite coordinates, so it cannot be placed.', node.id);
      return;
    }
    const shape = this.topology('Vertex', [this.vertex(node)]);
    const condition = this.supportCondition(node);
    const ref = this.step.add('IFCSTRUCTURALPOINTCONNECTION', [
      this.root('node', node.id),
      null,
      node.name,
      null,
      null,
      this.sharedPlacement,
      shape,
      condition,
      null,
    ]);
    this.connections.set(node.id, { ref, shape });
    this.structuralItems.push(ref);
  }

  /** Fixed degrees of freedom as `true`, springs as stiffness, the rest free; none at all for a free node. */
  private supportCondition(node: Node): StepRef | null {
    const restraint: Restraint | undefined = node.restraint;
    const spring = node.springPropertyId === undefined ? undefined : this.springs.get(node.springPropertyId);
    if (node.springPropertyId !== undefined && !spring) {
      this.note(
        'dropped',
        'Spring',
        `The node's spring property ${node.springPropertyId} is not in the model.`,
        node.id,
      );
    }
    let hidden = false;
    const values = DOF_NAMES.map((dof, index): StepValue | undefined => {
      const stiffness = spring?.[dof];
      const stiff = stiffness !== undefined && Number.isFinite(stiffness) && stiffness !== 0;
      if (restraint?.[dof]) {
        // A degree of freedom is fixed or sprung in IFC, not both.
        if (stiff) hidden = true;
        return typed('IFCBOOLEAN', true);
      }
      if (stiff) {
        return typed(index < 3 ? 'IFCLINEARSTIFFNESSMEASURE' : 'IFCROTATIONALSTIFFNESSMEASURE', stiffness);
      }
      return undefined;
    });
    if (hidden) this.springsUnderRestraints.push(node.id);
    if (values.every((value) => value === undefined)) return null;
    const attributes = [spring?.name ?? null, ...values.map((value) => value ?? typed('IFCBOOLEAN', false))];
    // One condition per distinct support, shared by its nodes, as a spring property is shared.
    const key = JSON.stringify(attributes);
    let condition = this.conditions.get(key);
    if (!condition) {
      condition = this.step.add('IFCBOUNDARYNODECONDITION', attributes);
      this.conditions.set(key, condition);
    }
    if (spring && values.some((value, index) => value !== undefined && !restraint?.[DOF_NAMES[index]!])) {
      this.writtenSprings.add(spring.id);
    }
    return condition;
  }

  private writeElement(element: Element): void {
    if (isFrameElement(element) || element.type === 'Cable') {
      this.writeMember(element);
      return;
    }
    if (isAreaElement(element)) {
      if (element.type === 'Opening') {
        this.note(
          'dropped',
          'Opening',
          'An IFC opening must cut a host slab or wall, and the model does not say which one this opening cuts.',
          element.id,
        );
        return;
      }
      this.writeSurface(element);
    }
    // Links, components, foundations and geometry are summed up by reportDropped.
  }

  private writeMember(element: FrameElement | Cable): void {
    const startNode = this.nodes.get(element.startNodeId);
    const endNode = this.nodes.get(element.endNodeId);
    if (!startNode || !endNode || !this.connections.has(startNode.id) || !this.connections.has(endNode.id)) {
      this.note(
        'dropped',
        element.type,
        'The member refers to a node that is missing or cannot be placed.',
        element.id,
      );
      return;
    }
    const start = toVec(startNode);
    const end = toVec(endNode);
    const angle = element.type === 'Cable' ? 0 : (element.orientationAngle ?? 0);
    const axes = memberAxes(start, end, angle);
    if (!(axes.length > 1e-6)) {
      this.note(
        'dropped',
        element.type,
        'The member starts and ends at the same point, so it has no axis.',
        element.id,
      );
      return;
    }
    const step = this.step;
    const levelId = element.type === 'Cable' ? undefined : element.levelId;
    const container = this.container(levelId);
    // Local z along the member, local y along section axis 2 (the depth), local x = y × z.
    const localX = sub([0, 0, 0], axes.axis3);
    const placement = this.placement(
      container.placement,
      [start[0], start[1], start[2] - container.elevation],
      axes.axis1,
      localX,
    );
    const axisCurve = step.add('IFCPOLYLINE', [[this.origin3, this.point(0, 0, axes.length)]]);
    const representations = [
      step.add('IFCSHAPEREPRESENTATION', [this.axisContext, 'Axis', 'Curve3D', [axisCurve]]),
    ];

    const profile = element.profileId === undefined ? undefined : this.profiles.get(element.profileId);
    if (element.profileId !== undefined && !profile) {
      this.note(
        'dropped',
        'Profile',
        `The member's section ${element.profileId} is not in the model.`,
        element.id,
      );
    }
    const written = profile ? this.profileDef(profile) : undefined;
    const cardinal = element.type === 'Cable' ? undefined : element.cardinalPoint;
    if (written) {
      const offset = cardinalOffset(cardinal, written);
      const position =
        offset[0] === 0 && offset[1] === 0
          ? this.identity
          : step.add('IFCAXIS2PLACEMENT3D', [this.point(offset[0], offset[1], 0), null, null]);
      const solid = step.add('IFCEXTRUDEDAREASOLID', [
        written.ref,
        position,
        this.direction([0, 0, 1]),
        axes.length,
      ]);
      representations.push(
        step.add('IFCSHAPEREPRESENTATION', [this.bodyContext, 'Body', 'SweptSolid', [solid]]),
      );
    } else {
      this.note(
        'approximated',
        element.type,
        'The member has no section, so only its axis is drawn.',
        element.id,
      );
    }
    const shape = step.add('IFCPRODUCTDEFINITIONSHAPE', [null, null, representations]);
    const [entity, predefined] =
      element.type === 'Beam'
        ? ['IFCBEAM', 'BEAM']
        : element.type === 'Column'
          ? ['IFCCOLUMN', 'COLUMN']
          : element.type === 'Brace'
            ? ['IFCMEMBER', 'BRACE']
            : ['IFCMEMBER', 'USERDEFINED'];
    const physical = step.add(entity, [
      this.root('element', element.id),
      null,
      element.name,
      null,
      element.type === 'Cable' ? 'Cable' : null,
      placement,
      shape,
      element.id,
      enumValue(predefined),
    ]);
    this.contain(levelId, physical);

    const analytical =
      element.type === 'Cable'
        ? { i: this.vertex(startNode), j: this.vertex(endNode), eccentricity: {} }
        : this.analyticalEnds(element, startNode, endNode);
    const edge = step.add('IFCEDGE', [analytical.i, analytical.j]);
    const topology = this.topology('Edge', [edge]);
    const member = step.add('IFCSTRUCTURALCURVEMEMBER', [
      this.root('member', element.id),
      null,
      element.name,
      null,
      null,
      this.sharedPlacement,
      topology,
      enumValue(element.type === 'Cable' ? 'CABLE' : 'RIGID_JOINED_MEMBER'),
      this.direction(axes.axis2),
    ]);
    this.structuralItems.push(member);
    step.add('IFCRELASSIGNSTOPRODUCT', [
      this.root('member-of', element.id),
      null,
      null,
      null,
      [member],
      null,
      physical,
    ]);
    const releases = element.type === 'Cable' ? undefined : element.releases;
    this.connect(member, element.id, 'i', startNode.id, releases, analytical.eccentricity.i);
    this.connect(member, element.id, 'j', endNode.id, releases, analytical.eccentricity.j);
    this.curveMembers.set(element.id, {
      ref: member,
      shape: topology,
      element,
      start,
      end,
      axis2: axes.axis2,
      axis3: axes.axis3,
    });

    const materialId = element.materialId ?? profile?.materialId;
    const material = this.material(materialId);
    if (materialId !== undefined && !material) {
      this.note(
        'dropped',
        'Material',
        `The member's material ${materialId} is not in the model.`,
        element.id,
      );
    }
    if (written && profile) {
      this.writtenProfiles.add(profile.id);
      const key = `profile:${profile.id}\u0000${materialId ?? ''}\u0000${cardinal ?? ''}`;
      this.associate(key, () => this.profileUsage(profile, written, material, cardinal), physical);
      this.associations.get(key)?.objects.push(member);
    } else if (material && materialId !== undefined) {
      this.associate(`material:${materialId}`, () => material, physical);
      this.associations.get(`material:${materialId}`)?.objects.push(member);
    }
  }

  private profileUsage(
    profile: Profile,
    written: WrittenProfile,
    material: StepRef | undefined,
    cardinal: number | undefined,
  ): StepRef {
    const materialProfile = this.step.add('IFCMATERIALPROFILE', [
      profile.name,
      null,
      material ?? null,
      written.stated ?? written.ref,
      null,
      null,
    ]);
    const set = this.step.add('IFCMATERIALPROFILESET', [profile.name, null, [materialProfile], null]);
    // CSI 1–10 are IFC's (bounding box points, centroid); CSI 11, the shear centre, is IFC 15.
    return this.step.add('IFCMATERIALPROFILESETUSAGE', [
      set,
      cardinal === undefined ? null : int(cardinal === 11 ? 15 : cardinal),
      null,
    ]);
  }

  /**
   * The analytical edge's end vertices. A member moved off its nodes (insertion offsets) starts at node + offset,
   * and the relation to its node says so as an IfcRelConnectsWithEccentricity (the eccentricity in global axes,
   * from the node to the member end). End length offsets shorten the edge along the member, so it stops short of
   * its (offset) end: the way ETABS exports rigid end zones, and the way our reader reads them back.
   */
  private analyticalEnds(
    element: FrameElement,
    startNode: Node,
    endNode: Node,
  ): { i: StepRef; j: StepRef; eccentricity: { i?: Vec3; j?: Vec3 } } {
    const moved = (offset: Point3 | undefined): Vec3 | undefined =>
      offset && [offset.x, offset.y, offset.z].every(Number.isFinite) && norm(toVec(offset)) > OFFSET_MM
        ? toVec(offset)
        : undefined;
    const eccentricity = {
      i: moved(element.insertionOffsets?.i),
      j: moved(element.insertionOffsets?.j),
    };
    const pi = eccentricity.i ? add(toVec(startNode), eccentricity.i) : toVec(startNode);
    const pj = eccentricity.j ? add(toVec(endNode), eccentricity.j) : toVec(endNode);
    const along = sub(pj, pi);
    const length = norm(along);
    let li = element.endOffsets?.i ?? 0;
    let lj = element.endOffsets?.j ?? 0;
    if (!(li >= 0 && lj >= 0 && li + lj < length - OFFSET_MM)) {
      if (li !== 0 || lj !== 0) this.unwrittenEndOffsets.push(element.id);
      li = lj = 0;
    }
    if (li <= OFFSET_MM) li = 0;
    if (lj <= OFFSET_MM) lj = 0;
    // What the reader makes of the edge: a gap along the member is an end offset with a rigid zone factor of 1.
    const readFactor = li > 0 || lj > 0 ? 1 : 0;
    if (Math.abs((element.rigidZoneFactor ?? 0) - readFactor) > 1e-9)
      this.unwrittenRigidZones.push(element.id);
    if (!(length > OFFSET_MM) && (eccentricity.i || eccentricity.j)) {
      this.unwrittenInsertions.push(element.id);
      return { i: this.vertex(startNode), j: this.vertex(endNode), eccentricity: {} };
    }
    const axis = scale(along, 1 / length);
    const vertex = (node: Node, point: Vec3, exact: boolean): StepRef =>
      exact ? this.vertex(node) : this.step.add('IFCVERTEXPOINT', [this.point(point[0], point[1], point[2])]);
    return {
      i: vertex(startNode, add(pi, scale(axis, li)), !eccentricity.i && li === 0),
      j: vertex(endNode, sub(pj, scale(axis, lj)), !eccentricity.j && lj === 0),
      eccentricity,
    };
  }

  /**
   * Joins a member end to its node. Releases are the relation's condition in the member's local axes (IFC: x along
   * the member, z = Axis = section axis 2, y = −axis 3), `false` meaning released; a fully fixed end has none.
   */
  private connect(
    member: StepRef,
    elementId: string,
    end: 'i' | 'j',
    nodeId: string,
    releases: Releases | undefined,
    eccentricity?: Vec3,
  ): void {
    const connection = this.connections.get(nodeId);
    if (!connection) return;
    const released = releases?.[end];
    let condition: StepRef | null = null;
    if (released && Object.values(released).some(Boolean)) {
      const fixed = (free: boolean): StepValue => typed('IFCBOOLEAN', !free);
      condition = this.step.add('IFCBOUNDARYNODECONDITION', [
        null,
        fixed(released.p),
        fixed(released.v3),
        fixed(released.v2),
        fixed(released.t),
        fixed(released.m3),
        fixed(released.m2),
      ]);
    }
    const attributes: StepValue[] = [
      this.root(`connects-${end}`, elementId),
      null,
      null,
      null,
      member,
      connection.ref,
      condition,
      null,
      null,
      null,
    ];
    if (!eccentricity) {
      this.step.add('IFCRELCONNECTSSTRUCTURALMEMBER', attributes);
      return;
    }
    // The point connection sits in the shared (global) placement, so the eccentricity is in global axes.
    const node = this.nodes.get(nodeId) as Node;
    const constraint = this.step.add('IFCCONNECTIONPOINTECCENTRICITY', [
      this.point(node.x + eccentricity[0], node.y + eccentricity[1], node.z + eccentricity[2]),
      this.point(node.x, node.y, node.z),
      eccentricity[0],
      eccentricity[1],
      eccentricity[2],
    ]);
    this.step.add('IFCRELCONNECTSWITHECCENTRICITY', [...attributes, constraint]);
  }

  private writeSurface(element: AreaElement): void {
    const nodes = element.nodeIds.map((id) => this.nodes.get(id));
    if (nodes.some((node) => !node || !this.connections.has(node.id))) {
      this.note(
        'dropped',
        element.type,
        'The area refers to a node that is missing or cannot be placed.',
        element.id,
      );
      return;
    }
    const corners = nodes as Node[];
    let frame = polygonFrame(corners.map(toVec));
    if (!frame) {
      this.note('dropped', element.type, 'The area has no extent (its corners lie on one line).', element.id);
      return;
    }
    // A floor's outline is written counter-clockwise seen from above, so "below its plane" is down.
    const reversed = element.type === 'Floor' && frame.normal[2] < 0;
    if (reversed) frame = polygonFrame([...corners].reverse().map(toVec)) ?? frame;
    if (frame.warp > 1) {
      this.note(
        'approximated',
        element.type,
        `The area is not flat (a corner is ${frame.warp.toFixed(0)} mm off its plane); its slab or wall is drawn flat.`,
        element.id,
      );
    }
    const step = this.step;
    const profile = element.profileId === undefined ? undefined : this.profiles.get(element.profileId);
    if (element.profileId !== undefined && !profile) {
      this.note(
        'dropped',
        'Profile',
        `The area's property ${element.profileId} is not in the model.`,
        element.id,
      );
    }
    const shell = profile?.kind === 'shell' ? profile : undefined;
    const thickness =
      shell?.thickness !== undefined && Number.isFinite(shell.thickness) && shell.thickness > 0
        ? shell.thickness
        : undefined;
    const materialId = element.materialId ?? profile?.materialId;
    const material = this.material(materialId);

    let physical: StepRef | undefined;
    // Every area has a physical product, whose class keeps its type on reading: slab, wall, or plate for an area.
    if (element.type === 'Floor' || element.type === 'Wall' || element.type === 'Area') {
      const container = this.container(element.levelId);
      const origin = frame.origin;
      const placement = this.placement(
        container.placement,
        [origin[0], origin[1], origin[2] - container.elevation],
        frame.normal,
        frame.xAxis,
      );
      const outline = frame.points2d.map((point) => step.add('IFCCARTESIANPOINT', [[point[0], point[1]]]));
      const first = outline[0] as StepRef;
      const curve = step.add('IFCPOLYLINE', [[...outline, first]]);
      let representation: StepRef;
      if (thickness !== undefined) {
        const area = step.add('IFCARBITRARYCLOSEDPROFILEDEF', [
          enumValue('AREA'),
          shell?.name ?? null,
          curve,
        ]);
        const below = element.type === 'Floor' ? -thickness : -thickness / 2;
        const position = step.add('IFCAXIS2PLACEMENT3D', [this.point(0, 0, below), null, null]);
        const solid = step.add('IFCEXTRUDEDAREASOLID', [
          area,
          position,
          this.direction([0, 0, 1]),
          thickness,
        ]);
        representation = step.add('IFCSHAPEREPRESENTATION', [
          this.bodyContext,
          'Body',
          'SweptSolid',
          [solid],
        ]);
      } else {
        this.note(
          'approximated',
          element.type,
          'The area has no thickness in the model, so only its outline is written.',
          element.id,
        );
        const outline3d = step.add('IFCGEOMETRICCURVESET', [[curve]]);
        representation = step.add('IFCSHAPEREPRESENTATION', [
          this.modelContext,
          'FootPrint',
          'GeometricCurveSet',
          [outline3d],
        ]);
      }
      const shape = step.add('IFCPRODUCTDEFINITIONSHAPE', [null, null, [representation]]);
      const entity = element.type === 'Floor' ? 'IFCSLAB' : element.type === 'Wall' ? 'IFCWALL' : 'IFCPLATE';
      physical = step.add(entity, [
        this.root('element', element.id),
        null,
        element.name,
        null,
        null,
        placement,
        shape,
        element.id,
        enumValue(element.type === 'Floor' ? 'FLOOR' : 'NOTDEFINED'),
      ]);
      this.contain(element.levelId, physical);
    }

    const ordered = reversed ? [...corners].reverse() : corners;
    const edges = ordered.map((node, index) => {
      const next = ordered[(index + 1) % ordered.length] as Node;
      const edge = step.add('IFCEDGE', [this.vertex(node), this.vertex(next)]);
      return step.add('IFCORIENTEDEDGE', [DERIVED, DERIVED, edge, true]);
    });
    const loop = step.add('IFCEDGELOOP', [edges]);
    const bound = step.add('IFCFACEOUTERBOUND', [loop, true]);
    const plane = step.add('IFCPLANE', [
      step.add('IFCAXIS2PLACEMENT3D', [
        this.point(frame.origin[0], frame.origin[1], frame.origin[2]),
        this.direction(frame.normal),
        this.direction(frame.xAxis),
      ]),
    ]);
    const face = step.add('IFCFACESURFACE', [[bound], plane, true]);
    const topology = this.topology('Face', [face]);
    const behaviour = shell?.behaviour?.toLowerCase() ?? '';
    const member = step.add('IFCSTRUCTURALSURFACEMEMBER', [
      this.root('member', element.id),
      null,
      element.name,
      null,
      // The tool's own behaviour word (Shell-Thin, Membrane…), which PredefinedType names only coarsely.
      shell?.behaviour ?? null,
      this.sharedPlacement,
      topology,
      enumValue(
        behaviour.includes('membrane')
          ? 'MEMBRANE_ELEMENT'
          : behaviour.includes('plate')
            ? 'BENDING_ELEMENT'
            : 'SHELL',
      ),
      thickness ?? null,
    ]);
    this.structuralItems.push(member);
    this.surfaceMembers.set(element.id, { ref: member, shape: topology, element });
    if (physical) {
      step.add('IFCRELASSIGNSTOPRODUCT', [
        this.root('member-of', element.id),
        null,
        null,
        null,
        [member],
        null,
        physical,
      ]);
    }
    corners.forEach((node, index) => {
      const connection = this.connections.get(node.id);
      if (!connection) return;
      step.add('IFCRELCONNECTSSTRUCTURALMEMBER', [
        this.root(`connects-${index}`, element.id),
        null,
        null,
        null,
        member,
        connection.ref,
        null,
        null,
        null,
        null,
      ]);
    });

    const objects = physical ? [physical, member] : [member];
    if (shell && thickness !== undefined) {
      this.writtenProfiles.add(shell.id);
      const key = `layers:${shell.id}\u0000${materialId ?? ''}`;
      this.associate(
        key,
        () =>
          step.add('IFCMATERIALLAYERSET', [
            [step.add('IFCMATERIALLAYER', [material ?? null, thickness, null, shell.name, null, null, null])],
            shell.name,
            null,
          ]),
        objects[0] as StepRef,
      );
      if (objects[1]) this.associations.get(key)?.objects.push(objects[1]);
    } else if (material && materialId !== undefined) {
      for (const object of objects) this.associate(`material:${materialId}`, () => material, object);
    }
  }

  /** One IfcGrid per grid system: X lines as U axes, Y lines as V axes, general lines as W axes. */
  private writeGrids(): void {
    const systems = new Map<string, Grid[]>();
    for (const grid of this.model.grids) {
      const list = systems.get(grid.system) ?? [];
      list.push(grid);
      systems.set(grid.system, list);
    }
    const span = this.planExtent();
    for (const [system, grids] of systems) {
      const u = grids.filter((grid) => grid.geometry.kind === 'axis' && grid.geometry.direction === 'X');
      const v = grids.filter((grid) => grid.geometry.kind === 'axis' && grid.geometry.direction === 'Y');
      const w = grids.filter((grid) => grid.geometry.kind === 'general');
      let lists = [u, v, w];
      if (u.length === 0 || v.length === 0) {
        // IFC wants at least one U and one V axis: a system of one direction is split in two.
        if (grids.length < 2) {
          for (const grid of grids) {
            this.note(
              'dropped',
              'Grid',
              'An IFC grid needs at least two lines; this system has one.',
              grid.id,
            );
          }
          continue;
        }
        const half = Math.ceil(grids.length / 2);
        lists = [grids.slice(0, half), grids.slice(half), []];
      }
      for (const grid of [...(lists[0] ?? []), ...(lists[1] ?? [])]) {
        const line = grid.geometry;
        if (line.kind === 'general' && (line.start.x === line.end.x || line.start.y === line.end.y)) {
          this.note(
            'approximated',
            'Grid',
            'A grid line given by its end points and parallel to X or Y is written as an IFC grid axis, which reads back as a line of constant X or Y across the plan: its end points are not kept.',
            grid.id,
            'grid',
          );
        }
      }
      const [uAxes, vAxes, wAxes] = lists.map((list) => list.map((grid) => this.gridAxis(grid, span))) as [
        StepRef[],
        StepRef[],
        StepRef[],
      ];
      const ref = this.step.add('IFCGRID', [
        this.root('grid', system),
        null,
        system,
        null,
        null,
        this.placement(this.buildingPlacement, [0, 0, 0]),
        null,
        uAxes,
        vAxes,
        wAxes.length > 0 ? wAxes : null,
        enumValue(w.length > 0 ? 'IRREGULAR' : 'RECTANGULAR'),
      ]);
      this.contents.get(this.building)?.push(ref);
    }
  }

  private gridAxis(grid: Grid, span: { min: [number, number]; max: [number, number] }): StepRef {
    const geometry = grid.geometry;
    let start: [number, number];
    let end: [number, number];
    if (geometry.kind === 'general') {
      start = [geometry.start.x, geometry.start.y];
      end = [geometry.end.x, geometry.end.y];
    } else if (geometry.direction === 'X') {
      start = [geometry.coordinate, span.min[1]];
      end = [geometry.coordinate, span.max[1]];
    } else {
      start = [span.min[0], geometry.coordinate];
      end = [span.max[0], geometry.coordinate];
    }
    const curve = this.step.add('IFCPOLYLINE', [
      [this.step.add('IFCCARTESIANPOINT', [start]), this.step.add('IFCCARTESIANPOINT', [end])],
    ]);
    return this.step.add('IFCGRIDAXIS', [grid.label, curve, true]);
  }

  /** Plan extent of grid lines and nodes, with a margin, so axis lines cross the whole structure. */
  private planExtent(): { min: [number, number]; max: [number, number] } {
    const min: [number, number] = [Infinity, Infinity];
    const max: [number, number] = [-Infinity, -Infinity];
    const take = (x: number, y: number): void => {
      if (!Number.isFinite(x) || !Number.isFinite(y)) return;
      min[0] = Math.min(min[0], x);
      min[1] = Math.min(min[1], y);
      max[0] = Math.max(max[0], x);
      max[1] = Math.max(max[1], y);
    };
    for (const grid of this.model.grids) {
      const geometry = grid.geometry;
      if (geometry.kind === 'general') {
        take(geometry.start.x, geometry.start.y);
        take(geometry.end.x, geometry.end.y);
      } else if (geometry.direction === 'X') take(geometry.coordinate, Number.isFinite(min[1]) ? min[1] : 0);
      else take(Number.isFinite(min[0]) ? min[0] : 0, geometry.coordinate);
    }
    for (const node of this.model.nodes) take(node.x, node.y);
    if (!Number.isFinite(min[0])) return { min: [0, 0], max: [0, 0] };
    const margin = Math.max(1000, 0.05 * norm([max[0] - min[0], max[1] - min[1], 0]));
    return { min: [min[0] - margin, min[1] - margin], max: [max[0] + margin, max[1] + margin] };
  }

  private reportDropped(): void {
    const reasons: Partial<Record<Element['type'], string>> = {
      Link: 'IFC4 has no link element with the link property; links are not written.',
      Component: 'The canonical model does not know what this component is, so it is not written.',
      Foundation: 'Foundations are not written to IFC yet.',
      GeoElement: 'Reference geometry is not written to IFC.',
    };
    for (const element of this.model.elements) {
      const reason = reasons[element.type];
      if (reason) this.note('dropped', element.type, reason, element.id);
    }
    for (const diaphragm of this.model.diaphragms) {
      this.note('dropped', 'Diaphragm', IFC_WRITE_REASONS.diaphragm, diaphragm.id);
    }
    for (const group of this.model.groups) {
      this.note('dropped', 'Group', 'Groups are not written to IFC yet.', group.id);
    }
    this.noteUntrimmedNames();
    if (this.model.linkProperties.length > 0) {
      this.report.dropped(
        'LinkProperty',
        `${this.model.linkProperties.length} link properties are not written (links are not).`,
        { ids: this.model.linkProperties.map((property) => property.id), concept: 'link' },
      );
    }
    // Point connections closer than 1 mm are one node to a reader (ours merges them): zero-length links' ends.
    const groups = new Map<string, Node[]>();
    for (const node of this.model.nodes) {
      if (![node.x, node.y, node.z].every(Number.isFinite)) continue;
      const key = [node.x, node.y, node.z].map((value) => Math.round(value)).join(',');
      groups.set(key, [...(groups.get(key) ?? []), node]);
    }
    const coincident = [...groups.values()].filter((group) => group.length > 1);
    if (coincident.length > 0) {
      const ids = coincident.flat().map((node) => node.id);
      this.report.approximated(
        'Node',
        `${ids.length} nodes lie within 1 mm of another node; IFC readers (Gusset's too) merge such point connections into one node`,
        { ids, concept: 'node' },
      );
      // Members on merged nodes come back on the merged node, where a reader may pair a member with its twin.
      const merged = new Set(ids);
      const onMerged = this.model.elements.filter(
        (element) =>
          isFrameElement(element) && (merged.has(element.startNodeId) || merged.has(element.endNodeId)),
      );
      if (onMerged.length > 0) {
        this.report.approximated(
          'Element',
          `${onMerged.length} members end on nodes that IFC readers merge; they come back on the merged node`,
          {
            ids: onMerged.flatMap((element) => [element.id, ...(this.guidsOf.get(element.id) ?? [])]),
            concept: 'element',
          },
        );
      }
      // The merged node has one support: nodes of a group whose supports differ come back with another one.
      const supportOf = (node: Node) =>
        JSON.stringify([node.restraint ?? null, node.springPropertyId ?? null]);
      const mixed = coincident
        .filter((group) => new Set(group.map(supportOf)).size > 1)
        .flat()
        .map((node) => node.id);
      if (mixed.length > 0) {
        this.report.approximated(
          'Node',
          `${mixed.length} coincident nodes have different supports; merged into one node they share one support`,
          { ids: mixed, concept: 'restraint' },
        );
      }
    }
    reportAnalysisLoss(this.report, this.model, 'IFC');
    // A pattern is an IfcStructuralLoadCase, which reads back as the pattern and, unless a case has its name, a
    // linear static case of its name.
    const caseNames = new Set(this.model.loadCases.map((loadCase) => loadCase.name));
    const caseless = this.model.loadPatterns
      .filter((pattern) => !caseNames.has(pattern.name))
      // The case read back has the pattern group's GlobalId as its id.
      .flatMap((pattern) => [pattern.id, compressGuid(hash128(`pattern:${pattern.id}`))]);
    if (caseless.length > 0) {
      this.report.approximated(
        'LoadPattern',
        `IFC's load case is a pattern and its case at once: ${caseless.length / 2} patterns without a case of their own name read back with a linear static case of it`,
        { ids: caseless, concept: 'case' },
      );
    }
    const unwritten = this.model.profiles
      .filter((profile) => !this.writtenProfiles.has(profile.id))
      .map((profile) => profile.id);
    if (this.springsUnderRestraints.length > 0) {
      this.report.approximated(
        'Node',
        `A degree of freedom is fixed or sprung in IFC, not both: ${this.springsUnderRestraints.length} nodes have a spring on a restrained degree of freedom, which is written fixed`,
        { ids: this.springsUnderRestraints, concept: 'spring' },
      );
    }
    const unwrittenSprings = this.model.springProperties
      .filter((spring) => !this.writtenSprings.has(spring.id))
      .map((spring) => spring.id);
    if (unwrittenSprings.length > 0) {
      this.report.dropped(
        'SpringProperty',
        `IFC keeps a spring only in the support condition of a node: ${unwrittenSprings.length} spring properties no free degree of freedom of a written node uses are not written`,
        { ids: unwrittenSprings, concept: 'spring' },
      );
    }
    const unwrittenMaterials = this.model.materials
      .filter((material) => !this.materialRefs.has(material.id))
      .map((material) => material.id);
    if (unwrittenMaterials.length > 0) {
      this.report.dropped(
        'Material',
        `IFC keeps a material only where an element uses it: ${unwrittenMaterials.length} materials no written element or section uses are not written`,
        { ids: unwrittenMaterials, concept: 'material' },
      );
    }
    if (unwritten.length > 0) {
      this.report.dropped(
        'Profile',
        `IFC keeps a section only in the material profile or layer set of an element that uses it: ${unwritten.length} sections no written member or area uses are not written`,
        { ids: unwritten, concept: 'section' },
      );
    }
    if (this.unwrittenRigidZones.length > 0) {
      this.report.approximated(
        'Frame',
        `IFC has no rigid zone factor: an end offset is written as the gap between the analytical edge and its node, which reads back fully rigid (factor 1), and no offset as factor 0; the rigid zone factors of ${this.unwrittenRigidZones.length} members are not carried`,
        { ids: this.unwrittenRigidZones, concept: 'rigidZone' },
      );
    }
    if (this.unwrittenEndOffsets.length > 0) {
      this.report.dropped(
        'Frame',
        `The end length offsets of ${this.unwrittenEndOffsets.length} members are negative or longer than the member, so they are not written`,
        { ids: this.unwrittenEndOffsets, concept: 'offset' },
      );
    }
    if (this.unwrittenInsertions.length > 0) {
      this.report.dropped(
        'Frame',
        `The insertion offsets of ${this.unwrittenInsertions.length} members bring their two ends together, so they are not written`,
        { ids: this.unwrittenInsertions, concept: 'offset' },
      );
    }
    const weights = this.model.materials.filter(unitWeightLost).map((material) => material.id);
    if (weights.length > 0) {
      this.report.approximated(
        'Material',
        `IFC states a mass density only: the unit weight of ${weights.length} materials, which is not their mass density times g, reads back as the mass density times g`,
        { ids: weights, concept: 'material' },
      );
    }
  }
}

const STANDARD_GRAVITY = 9.80665;

/**
 * IFC states a material's mass density only (Pset_MaterialCommon.MassDensity); CSI tools state weight per volume,
 * often alone. The weight then gives the density (w / g), so the unit weight reads back as the same number.
 */
export function massDensityOf(material: Material): number | undefined {
  if (material.massDensity !== undefined) return material.massDensity;
  return material.unitWeight === undefined ? undefined : material.unitWeight / STANDARD_GRAVITY;
}

/** A unit weight that is not the mass density times g: IFC has no place for it. */
export function unitWeightLost(material: Material): boolean {
  if (material.unitWeight === undefined || material.massDensity === undefined) return false;
  const fromDensity = material.massDensity * STANDARD_GRAVITY;
  return Math.abs(material.unitWeight - fromDensity) > 1e-6 * Math.max(Math.abs(material.unitWeight), 1);
}

/**
 * Where the profile's origin sits relative to the member axis for CSI/IFC cardinal points 1–9 (bottom-left …
 * top-right of the section's bounding box; profile x is the width, y the depth). 10 (centroid) and 11 (shear
 * centre) leave the profile centred, which is exact for the doubly symmetric shapes we write and the centroid of
 * the bounding box otherwise.
 */
export function cardinalOffset(
  cardinal: number | undefined,
  profile: { width: number; depth: number },
): [number, number] {
  if (cardinal === undefined || cardinal < 1 || cardinal > 9) return [0, 0];
  const column = (cardinal - 1) % 3;
  const row = Math.floor((cardinal - 1) / 3);
  return [-((column - 1) * profile.width) / 2, -((row - 1) * profile.depth) / 2];
}

/** Writes the model as an IFC4 file. See the comment at the top of this file for what is written and how. */
export async function writeIfc(model: Model, options: WriteIfcOptions = {}): Promise<WriteResult> {
  return new IfcWriter(model, options).write();
}
