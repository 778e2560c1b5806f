/**
 * Canonical model → SAP2000 `.s2k` text, with the table and field names SAP2000 25.x writes (fixtures [S25],
 * [S25V]). Numbers go out in the model's source units when it came from a CSI table file, so the rows and fields
 * the reader kept verbatim (`s2k:<TABLE>` attributes) stay consistent with the numbers we convert.
 */
import type {
  Attributes,
  AttributeValue,
  Element,
  Load,
  Material,
  Model,
  Node,
  Profile,
  SpringProperty,
} from '../../schema';
import type { QuantityFactors, UnitSystem } from '../../units';
import { parseCsiUnits, quantityFactors } from '../../units';
import { ReportBuilder } from '../report';
import type { WriteResult } from '../types';
import { inferFrameType } from './geometry';
import {
  CABLE_SECTION_FLAG,
  CARDINAL_POINTS,
  FORMAT_ID,
  markerGroupFor,
  MATERIAL_TYPES,
  RAW_TABLES_KEY,
  SAP_FORCE_SPELLING,
  SAP_LENGTH_SPELLING,
  sapDirection,
  SHELL_USE_FIELD,
  SHELL_USE_WORDS,
  T,
  TABLE_KEY_PREFIX,
  tableKey,
} from './names';
import { writeCsiTables } from './tables';
import { encodeUtf8 } from './text';

/** Tables in the order a SAP2000 25.3.1 user export lists them; tables not named here follow, as met. */
const TABLE_ORDER: readonly string[] = [
  T.programControl,
  'ACTIVE DEGREES OF FREEDOM',
  'ANALYSIS OPTIONS',
  T.coordinateSystems,
  T.gridLines,
  T.materials,
  T.materialMechanical,
  T.materialSteel,
  T.materialConcrete,
  T.frameSections,
  T.cableSections,
  T.areaSections,
  T.linkProperties,
  T.linkLinear,
  T.loadPatterns,
  T.groups,
  T.loadCases,
  T.staticCaseLoads,
  T.combinations,
  T.joints,
  T.frames,
  T.cables,
  T.areas,
  T.solids,
  T.tendons,
  T.links,
  T.diaphragms,
  T.jointConstraints,
  T.restraints,
  T.springs,
  T.frameSectionAssignments,
  T.frameReleases,
  T.frameLocalAxes,
  T.frameInsertion,
  T.frameOffsets,
  T.cableSectionAssignments,
  T.areaSectionAssignments,
  T.linkAssignments,
  T.groupAssignments,
  T.jointLoads,
  T.frameDistributedLoads,
  T.framePointLoads,
  T.areaUniformLoads,
];

/** ETABS case-type words → SAP2000's, for models that did not come from a CSI table file. */
const SAP_CASE_TYPES: Readonly<Record<string, string>> = {
  'Linear Static': 'LinStatic',
  'Nonlinear Static': 'NonStatic',
  'Modal - Eigen': 'LinModal',
  'Modal - Ritz': 'LinModal',
  'Response Spectrum': 'LinRespSpec',
  'Linear Direct Integration History': 'LinDirHist',
  'Linear Modal History': 'LinModHist',
};

const CSI_TABLE_TOOLS = new Set(['sap2000', 'csibridge', 'safe']);

type Row = string[];

/**
 * The shortest text of `value / factor` that reads back to exactly `value`: 15 significant digits first, which
 * drops the float noise unit conversion adds (240.00000000000003 → 240) and gives back what SAP wrote, then 16
 * and 17 when the value needs them.
 */
function formatNumber(value: number, factor = 1): string {
  if (!Number.isFinite(value)) return '0';
  const raw = value / factor;
  let chosen = raw;
  for (const precision of [15, 16, 17]) {
    const candidate = Number(raw.toPrecision(precision));
    if (candidate * factor === value) {
      chosen = candidate;
      break;
    }
  }
  return chosen === 0 ? '0' : String(chosen).toUpperCase();
}

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

function isRecord(value: AttributeValue | undefined): value is { [key: string]: AttributeValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function attributeText(value: AttributeValue): string {
  return typeof value === 'string'
    ? value
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
}

function own(attributes: Attributes, key: string): AttributeValue | undefined {
  return Object.hasOwn(attributes, key) ? attributes[key] : undefined;
}

/** Labels for one SAP namespace: the canonical name when it is unique there, the id otherwise. */
function labelsFor<T extends { id: string; name: string }>(items: readonly T[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.name, (counts.get(item.name) ?? 0) + 1);
  const labels = new Map<string, string>();
  for (const item of items) {
    labels.set(item.id, item.name !== '' && counts.get(item.name) === 1 ? item.name : item.id);
  }
  return labels;
}

class SapWriter {
  readonly report = new ReportBuilder();
  private readonly tables = new Map<string, Row[]>();
  private factors!: QuantityFactors;
  private readonly nodes: Map<string, Node>;
  private readonly nodeLabels: Map<string, string>;
  private readonly elementLabels = new Map<string, string>();
  private readonly elementKinds = new Map<string, string>();
  private readonly profileLabels: Map<string, string>;
  private readonly materialLabels: Map<string, string>;
  private readonly patternLabels: Map<string, string>;
  private readonly caseLabels: Map<string, string>;
  private readonly combinationLabels: Map<string, string>;
  private readonly csiOrigin: boolean;
  /** Elements and loads left out, so the report counts what the file holds. */
  readonly notWritten = new Set<Element | Load>();

  constructor(private readonly model: Model) {
    this.csiOrigin = CSI_TABLE_TOOLS.has(model.source.tool);
    this.nodes = new Map(model.nodes.map((node) => [node.id, node]));
    this.nodeLabels = labelsFor(model.nodes);
    this.profileLabels = labelsFor(model.profiles);
    this.materialLabels = labelsFor(model.materials);
    this.patternLabels = labelsFor(model.loadPatterns);
    this.caseLabels = labelsFor(model.loadCases);
    this.combinationLabels = labelsFor(model.loadCombinations);
    const namespaces = new Map<string, Element[]>();
    for (const element of model.elements) {
      const kind = this.sapKind(element);
      if (kind === undefined) continue;
      this.elementKinds.set(element.id, kind);
      let list = namespaces.get(kind);
      if (!list) namespaces.set(kind, (list = []));
      list.push(element);
    }
    for (const list of namespaces.values()) {
      for (const [id, label] of labelsFor(list)) this.elementLabels.set(id, label);
    }
  }

  private sapKind(element: Element): string | undefined {
    switch (element.type) {
      case 'Beam':
      case 'Column':
      case 'Brace':
        return 'Frame';
      case 'Area':
      case 'Floor':
      case 'Wall':
      case 'Opening':
        return 'Area';
      case 'Cable':
        return 'Cable';
      case 'Link':
        return 'Link';
      case 'Component':
        return element.kind === 'solid' ? 'Solid' : element.kind === 'tendon' ? 'Tendon' : undefined;
      default:
        return undefined;
    }
  }

  private rows(table: string): Row[] {
    let rows = this.tables.get(table);
    if (!rows) {
      rows = [];
      this.tables.set(table, rows);
    }
    return rows;
  }

  /** Adds a mapped row, with the fields the reader kept for this table merged in (kept values win). */
  private add(table: string, owner: { attributes: Attributes } | null, cells: Row): void {
    const extras = owner ? own(owner.attributes, tableKey(table)) : undefined;
    if (isRecord(extras)) {
      for (const [field, value] of Object.entries(extras)) {
        const text = attributeText(value);
        let replaced = false;
        for (let index = 0; index < cells.length; index += 2) {
          if (cells[index] === field) {
            cells[index + 1] = text;
            replaced = true;
            break;
          }
        }
        if (!replaced) cells.push(field, text);
      }
    }
    this.rows(table).push(cells);
  }

  /**
   * SAP's usual companion fields (IsCurved=No, AutoSelect=N.A.…) are added only for models that did not come from a
   * CSI table file: a file that left them out is written back without them.
   */
  private wantsDefaults(owner: { attributes: Attributes }, table: string): boolean {
    return !this.csiOrigin && !this.hasExtras(owner, table);
  }

  private hasExtras(owner: { attributes: Attributes }, table: string): boolean {
    return isRecord(own(owner.attributes, tableKey(table)));
  }

  /** Verbatim rows the reader attached to an object, written back to their tables. */
  private addRawRows(owner: { attributes: Attributes }, refresh?: (table: string, cells: Row) => Row): void {
    for (const [key, value] of Object.entries(owner.attributes)) {
      if (!key.startsWith(TABLE_KEY_PREFIX) || !Array.isArray(value)) continue;
      if (key === RAW_TABLES_KEY) continue;
      const table = key.slice(TABLE_KEY_PREFIX.length).replace(/#rows$/, '');
      for (const row of value) {
        if (!Array.isArray(row)) continue;
        const cells = row.map(attributeText);
        this.rows(table).push(refresh ? refresh(table, cells) : cells);
      }
    }
  }

  private num(value: number, factor: number): string {
    return formatNumber(value, factor);
  }

  private nodeLabel(id: string): string {
    return this.nodeLabels.get(id) ?? id;
  }

  // ---------------------------------------------------------------- model header

  private writeProgramControl(): UnitSystem {
    const model = this.model;
    let system: UnitSystem = { force: 'KN', length: 'M', temperature: 'C' };
    let unitsText = 'KN, m, C';
    const source = model.sourceUnits;
    if (source) {
      const text = [source.force, source.length, source.temperature]
        .filter((part) => part !== undefined)
        .join(', ');
      try {
        system = parseCsiUnits(text);
        unitsText = this.csiOrigin
          ? text
          : `${SAP_FORCE_SPELLING[system.force] ?? system.force}, ${SAP_LENGTH_SPELLING[system.length] ?? system.length}, ${system.temperature}`;
      } catch {
        this.report.approximated(
          'PROGRAM CONTROL',
          `source units ${text} are not CSI units; written in KN, m, C`,
        );
      }
    } else {
      const byDisplay: Record<string, [UnitSystem, string]> = {
        mm: [{ force: 'N', length: 'MM', temperature: 'C' }, 'N, mm, C'],
        cm: [{ force: 'N', length: 'CM', temperature: 'C' }, 'N, cm, C'],
        m: [{ force: 'KN', length: 'M', temperature: 'C' }, 'KN, m, C'],
        in: [{ force: 'KIP', length: 'IN', temperature: 'F' }, 'Kip, in, F'],
        ft: [{ force: 'KIP', length: 'FT', temperature: 'F' }, 'Kip, ft, F'],
      };
      [system, unitsText] = byDisplay[model.units] ?? [system, unitsText];
    }
    this.factors = quantityFactors(system);
    const cells: Row = ['ProgramName', 'SAP2000'];
    if (this.csiOrigin) {
      if (model.source.version !== undefined) cells.push('Version', model.source.version);
    } else {
      cells.push('Version', '25.3.1');
      this.report.approximated(
        'PROGRAM CONTROL',
        `model from ${model.source.tool} written as SAP2000 25.3.1 tables`,
      );
    }
    cells.push('CurrUnits', unitsText);
    this.add(T.programControl, model, cells);
    return system;
  }

  private writeGrids(): void {
    for (const grid of this.model.grids) {
      if (grid.geometry.kind !== 'axis') {
        this.report.dropped('Grid', 'general (non-axis) grid lines have no SAP2000 GRID LINES row', {
          id: grid.id,
        });
        continue;
      }
      const cells: Row = ['CoordSys', grid.system, 'AxisDir', grid.geometry.direction];
      if (grid.label !== '') cells.push('GridID', grid.label);
      cells.push('XRYZCoord', this.num(grid.geometry.coordinate, this.factors.length));
      if (this.wantsDefaults(grid, T.gridLines))
        cells.push('LineType', 'Primary', 'Visible', 'Yes', 'BubbleLoc', 'End');
      this.add(T.gridLines, grid, cells);
    }
    if (this.model.levels.length > 0) {
      this.report.dropped(
        'Level',
        `${this.model.levels.length} stories are not written: SAP2000 has no stories, joints carry absolute elevations`,
        { concept: 'level' },
      );
    }
  }

  private writeMaterials(): void {
    const f = this.factors;
    for (const material of this.model.materials) {
      const label = this.materialLabels.get(material.id) ?? material.id;
      const sapType = MATERIAL_TYPES.find(([, kind]) => kind === material.kind)?.[0] ?? 'Other';
      const general: Row = ['Material', label, 'Type', sapType];
      if (material.grade !== undefined) general.push('Grade', material.grade);
      if (this.wantsDefaults(material, T.materials)) general.push('SymType', 'Isotropic');
      this.add(T.materials, material, general);
      const mechanical: Row = ['Material', label];
      const push = (field: string, value: number | undefined, factor: number): void => {
        if (value !== undefined) mechanical.push(field, this.num(value, factor));
      };
      push('UnitWeight', material.unitWeight, f.unitWeight);
      push('UnitMass', material.massDensity, f.massDensity);
      push('E1', material.elasticModulus, f.pressure);
      push('G12', material.shearModulus, f.pressure);
      push('U12', material.poissonRatio, 1);
      push('A1', material.thermalCoefficient, f.thermalCoefficient);
      if (mechanical.length > 2 || this.hasExtras(material, T.materialMechanical)) {
        this.add(T.materialMechanical, material, mechanical);
      }
      this.writeStrengths(material, label);
      this.addRawRows(material);
    }
  }

  private writeStrengths(material: Material, label: string): void {
    const f = this.factors;
    const steel: Row = ['Material', label];
    if (material.fy !== undefined) steel.push('Fy', this.num(material.fy, f.pressure));
    if (material.fu !== undefined) steel.push('Fu', this.num(material.fu, f.pressure));
    if (steel.length > 2 || this.hasExtras(material, T.materialSteel))
      this.add(T.materialSteel, material, steel);
    const concrete: Row = ['Material', label];
    if (material.fc !== undefined) concrete.push('Fc', this.num(material.fc, f.pressure));
    if (concrete.length > 2 || this.hasExtras(material, T.materialConcrete)) {
      this.add(T.materialConcrete, material, concrete);
    }
  }

  private writeProfiles(): void {
    const f = this.factors;
    for (const profile of this.model.profiles) {
      const label = this.profileLabels.get(profile.id) ?? profile.id;
      const material =
        profile.materialId === undefined ? undefined : this.materialLabels.get(profile.materialId);
      if (profile.kind === 'shell') {
        const cells: Row = ['Section', label];
        if (material !== undefined) cells.push('Material', material);
        const defaults = this.wantsDefaults(profile, T.areaSections);
        if (defaults) cells.push('AreaType', 'Shell');
        cells.push('Type', profile.behaviour ?? 'Shell-Thin');
        if (profile.thickness !== undefined) {
          cells.push('Thickness', this.num(profile.thickness, f.length));
          if (defaults) cells.push('BendThick', this.num(profile.thickness, f.length));
        }
        const useWord = SHELL_USE_WORDS.find(([, use]) => use === profile.use)?.[0];
        if (useWord !== undefined) cells.push(SHELL_USE_FIELD, useWord);
        this.add(T.areaSections, profile, cells);
      } else if (own(profile.attributes, CABLE_SECTION_FLAG) === true) {
        const cells: Row = ['CableSect', label];
        if (material !== undefined) cells.push('Material', material);
        if (profile.section.shape === 'circle')
          cells.push('Diameter', this.num(profile.section.diameter, f.length));
        if (profile.properties?.area !== undefined)
          cells.push('Area', this.num(profile.properties.area, f.area));
        this.add(T.cableSections, profile, cells);
      } else {
        this.writeFrameSection(profile, label, material);
      }
      this.addRawRows(profile);
    }
  }

  private writeFrameSection(
    profile: Extract<Profile, { kind: 'frame' }>,
    label: string,
    material?: string,
  ): void {
    const f = this.factors;
    const cells: Row = ['SectionName', label];
    if (material !== undefined) cells.push('Material', material);
    const length = (value: number): string => this.num(value, f.length);
    const section = profile.section;
    switch (section.shape) {
      case 'rectangle':
        cells.push('Shape', 'Rectangular', 't3', length(section.depth), 't2', length(section.width));
        break;
      case 'circle':
        cells.push('Shape', 'Circle', 't3', length(section.diameter));
        break;
      case 'pipe':
        cells.push('Shape', 'Pipe', 't3', length(section.diameter), 'tw', length(section.wallThickness));
        break;
      case 'tube':
        cells.push(
          'Shape',
          'Box/Tube',
          't3',
          length(section.depth),
          't2',
          length(section.width),
          'tf',
          length(section.flangeThickness),
          'tw',
          length(section.webThickness),
        );
        break;
      case 'i':
        cells.push(
          'Shape',
          'I/Wide Flange',
          't3',
          length(section.depth),
          't2',
          length(section.flangeWidth),
          'tf',
          length(section.flangeThickness),
          'tw',
          length(section.webThickness),
        );
        if (section.bottomFlangeWidth !== undefined) cells.push('t2b', length(section.bottomFlangeWidth));
        if (section.bottomFlangeThickness !== undefined)
          cells.push('tfb', length(section.bottomFlangeThickness));
        break;
      case 'library':
        if (this.wantsDefaults(profile, T.frameSections)) cells.push('Shape', 'General', 'FromFile', 'Yes');
        if (section.library !== undefined) cells.push('FileName', section.library);
        cells.push('SectInFile', section.designation);
        break;
      case 'general':
        if (this.wantsDefaults(profile, T.frameSections)) cells.push('Shape', 'General');
        break;
    }
    const properties = profile.properties;
    if (properties) {
      const push = (field: string, value: number | undefined, factor: number): void => {
        if (value !== undefined) cells.push(field, this.num(value, factor));
      };
      push('Area', properties.area, f.area);
      push('TorsConst', properties.j, f.inertia);
      push('I33', properties.i33, f.inertia);
      push('I22', properties.i22, f.inertia);
      push('AS2', properties.as2, f.area);
      push('AS3', properties.as3, f.area);
    }
    this.add(T.frameSections, profile, cells);
  }

  private writeNodes(): void {
    const f = this.factors;
    const springs = new Map<string, SpringProperty>(
      this.model.springProperties.map((spring) => [spring.id, spring]),
    );
    const diaphragmLabels = labelsFor(this.model.diaphragms);
    for (const diaphragm of this.model.diaphragms) {
      const cells: Row = ['Name', diaphragmLabels.get(diaphragm.id) ?? diaphragm.id];
      if (this.wantsDefaults(diaphragm, T.diaphragms))
        cells.push('CoordSys', 'GLOBAL', 'Axis', 'Z', 'MultiLevel', 'No');
      if (diaphragm.rigidity === 'semi-rigid') {
        this.report.approximated('Diaphragm', 'SAP2000 diaphragm constraints are rigid', {
          id: diaphragm.id,
        });
      }
      this.add(T.diaphragms, diaphragm, cells);
      this.addRawRows(diaphragm);
    }
    // SAP constrains joints only: an area's diaphragm is given to its joints that have none.
    const areaDiaphragms = new Map<string, string>();
    for (const element of this.model.elements) {
      if ('diaphragmId' in element && element.diaphragmId !== undefined && 'nodeIds' in element) {
        for (const nodeId of element.nodeIds)
          if (!areaDiaphragms.has(nodeId)) areaDiaphragms.set(nodeId, element.diaphragmId);
        this.report.approximated('Diaphragm', 'area diaphragm written as a joint constraint on its joints', {
          id: element.id,
        });
      }
    }
    for (const node of this.model.nodes) {
      const label = this.nodeLabel(node.id);
      this.add(T.joints, node, [
        'Joint',
        label,
        'CoordSys',
        'GLOBAL',
        'CoordType',
        'Cartesian',
        'XorR',
        this.num(node.x, f.length),
        'Y',
        this.num(node.y, f.length),
        'Z',
        this.num(node.z, f.length),
      ]);
      if (node.restraint) {
        const r = node.restraint;
        this.add(T.restraints, node, [
          'Joint',
          label,
          'U1',
          yesNo(r.ux),
          'U2',
          yesNo(r.uy),
          'U3',
          yesNo(r.uz),
          'R1',
          yesNo(r.rx),
          'R2',
          yesNo(r.ry),
          'R3',
          yesNo(r.rz),
        ]);
      }
      const diaphragmId = node.diaphragmId ?? areaDiaphragms.get(node.id);
      if (diaphragmId !== undefined) {
        this.add(T.jointConstraints, node, [
          'Joint',
          label,
          'Constraint',
          diaphragmLabels.get(diaphragmId) ?? diaphragmId,
        ]);
      }
      const spring = node.springPropertyId === undefined ? undefined : springs.get(node.springPropertyId);
      if (spring) {
        this.add(T.springs, spring, [
          'Joint',
          label,
          'CoordSys',
          'GLOBAL',
          'U1',
          this.num(spring.ux, f.translationalStiffness),
          'U2',
          this.num(spring.uy, f.translationalStiffness),
          'U3',
          this.num(spring.uz, f.translationalStiffness),
          'R1',
          this.num(spring.rx, f.rotationalStiffness),
          'R2',
          this.num(spring.ry, f.rotationalStiffness),
          'R3',
          this.num(spring.rz, f.rotationalStiffness),
        ]);
      }
      this.addRawRows(node);
    }
    const sharedSprings = new Set<string>();
    for (const node of this.model.nodes) {
      if (node.springPropertyId === undefined) continue;
      if (sharedSprings.has(node.springPropertyId)) {
        this.report.approximated(
          'SpringProperty',
          'a spring property shared by several joints is written per joint',
          {
            id: node.springPropertyId,
          },
        );
      }
      sharedSprings.add(node.springPropertyId);
    }
  }

  private writeElements(): { markers: Map<string, string[]> } {
    const markers = new Map<string, string[]>();
    const mark = (group: string, label: string): void => {
      let list = markers.get(group);
      if (!list) markers.set(group, (list = []));
      list.push(label);
    };
    const linkPropertyLabels = labelsFor(this.model.linkProperties);
    for (const element of this.model.elements) {
      const label = this.elementLabels.get(element.id);
      if (label === undefined) {
        this.report.dropped(
          element.type,
          element.type === 'Component'
            ? `component of kind ${element.kind} has no SAP2000 object`
            : `${element.type} has no SAP2000 object`,
          { id: element.id },
        );
        this.notWritten.add(element);
        continue;
      }
      switch (element.type) {
        case 'Beam':
        case 'Column':
        case 'Brace': {
          const start = this.nodes.get(element.startNodeId);
          const end = this.nodes.get(element.endNodeId);
          if (!start || !end) {
            this.report.dropped(element.type, 'a node of the member is missing from the model', {
              id: element.id,
            });
            this.notWritten.add(element);
            continue;
          }
          const cells: Row = [
            'Frame',
            label,
            'JointI',
            this.nodeLabel(start.id),
            'JointJ',
            this.nodeLabel(end.id),
          ];
          if (this.wantsDefaults(element, T.frames)) cells.push('IsCurved', 'No');
          this.add(T.frames, element, cells);
          if (inferFrameType(start, end) !== element.type)
            mark(markerGroupFor(element.type) as string, label);
          this.writeFrameAssignments(element, label);
          break;
        }
        case 'Area':
        case 'Floor':
        case 'Wall':
        case 'Opening': {
          const cells: Row = ['Area', label];
          // No SAP2000 or CSiBridge file seen writes NumJoints for a three- or four-joint area (a million-element
          // model spent 3 MB on it); larger polygons, which no fixture shows, keep it as before.
          if (element.nodeIds.length > 4) cells.push('NumJoints', String(element.nodeIds.length));
          element.nodeIds.forEach((nodeId, index) => cells.push(`Joint${index + 1}`, this.nodeLabel(nodeId)));
          this.add(T.areas, element, cells);
          if (element.type !== 'Area') mark(markerGroupFor(element.type) as string, label);
          if (element.type === 'Opening') {
            this.report.approximated(
              'Opening',
              'SAP2000 has no openings: written as an area in group GUSSET_OPENING',
              {
                id: element.id,
              },
            );
          }
          if (
            element.profileId !== undefined ||
            element.materialId !== undefined ||
            this.hasExtras(element, T.areaSectionAssignments)
          ) {
            const assignment: Row = ['Area', label];
            if (element.profileId !== undefined)
              assignment.push('Section', this.profileLabels.get(element.profileId) ?? element.profileId);
            assignment.push(
              'MatProp',
              element.materialId === undefined
                ? 'Default'
                : (this.materialLabels.get(element.materialId) ?? element.materialId),
            );
            this.add(T.areaSectionAssignments, element, assignment);
          }
          if (element.orientationAngle !== undefined) {
            this.report.dropped('Area', 'area local axis angle is not written', { id: element.id });
          }
          break;
        }
        case 'Cable': {
          this.add(T.cables, element, [
            'Cable',
            label,
            'JointI',
            this.nodeLabel(element.startNodeId),
            'JointJ',
            this.nodeLabel(element.endNodeId),
          ]);
          if (
            element.profileId !== undefined ||
            element.materialId !== undefined ||
            this.hasExtras(element, T.cableSectionAssignments)
          ) {
            const assignment: Row = ['Cable', label];
            if (element.profileId !== undefined) {
              assignment.push('CableSect', this.profileLabels.get(element.profileId) ?? element.profileId);
            }
            assignment.push(
              'MatProp',
              element.materialId === undefined
                ? 'Default'
                : (this.materialLabels.get(element.materialId) ?? element.materialId),
            );
            this.add(T.cableSectionAssignments, element, assignment);
          }
          break;
        }
        case 'Link': {
          const cells: Row = ['Link', label, 'JointI', this.nodeLabel(element.startNodeId)];
          if (element.endNodeId !== undefined) cells.push('JointJ', this.nodeLabel(element.endNodeId));
          this.add(T.links, element, cells);
          if (element.linkPropertyId !== undefined || this.hasExtras(element, T.linkAssignments)) {
            const assignment: Row = ['Link', label];
            if (this.wantsDefaults(element, T.linkAssignments)) {
              assignment.push('LinkJoints', element.endNodeId === undefined ? 'SingleJoint' : 'TwoJoint');
            }
            if (element.linkPropertyId !== undefined) {
              assignment.push(
                'LinkProp',
                linkPropertyLabels.get(element.linkPropertyId) ?? element.linkPropertyId,
              );
            }
            this.add(T.linkAssignments, element, assignment);
          }
          break;
        }
        case 'Component': {
          const table = element.kind === 'solid' ? T.solids : T.tendons;
          const cells: Row = [element.kind === 'solid' ? 'Solid' : 'Tendon', label];
          const fields =
            element.kind === 'solid' ? element.nodeIds.map((_, i) => `Joint${i + 1}`) : ['JointI', 'JointJ'];
          element.nodeIds.forEach((nodeId, index) => {
            const field = fields[index];
            if (field !== undefined) cells.push(field, this.nodeLabel(nodeId));
          });
          this.add(table, element, cells);
          break;
        }
        default:
          break;
      }
      this.addRawRows(element);
    }
    return { markers };
  }

  private writeFrameAssignments(
    element: Extract<Element, { type: 'Beam' | 'Column' | 'Brace' }>,
    label: string,
  ): void {
    const f = this.factors;
    if (
      element.profileId !== undefined ||
      element.materialId !== undefined ||
      this.hasExtras(element, T.frameSectionAssignments)
    ) {
      const cells: Row = ['Frame', label];
      if (this.wantsDefaults(element, T.frameSectionAssignments)) cells.push('AutoSelect', 'N.A.');
      if (element.profileId !== undefined)
        cells.push('AnalSect', this.profileLabels.get(element.profileId) ?? element.profileId);
      cells.push(
        'MatProp',
        element.materialId === undefined
          ? 'Default'
          : (this.materialLabels.get(element.materialId) ?? element.materialId),
      );
      this.add(T.frameSectionAssignments, element, cells);
    }
    if (element.releases) {
      const { i, j } = element.releases;
      this.add(T.frameReleases, element, [
        'Frame',
        label,
        'PI',
        yesNo(i.p),
        'V2I',
        yesNo(i.v2),
        'V3I',
        yesNo(i.v3),
        'TI',
        yesNo(i.t),
        'M2I',
        yesNo(i.m2),
        'M3I',
        yesNo(i.m3),
        'PJ',
        yesNo(j.p),
        'V2J',
        yesNo(j.v2),
        'V3J',
        yesNo(j.v3),
        'TJ',
        yesNo(j.t),
        'M2J',
        yesNo(j.m2),
        'M3J',
        yesNo(j.m3),
      ]);
    }
    if (element.orientationAngle !== undefined || this.hasExtras(element, T.frameLocalAxes)) {
      const cells: Row = ['Frame', label];
      if (element.orientationAngle !== undefined) cells.push('Angle', formatNumber(element.orientationAngle));
      if (this.wantsDefaults(element, T.frameLocalAxes)) cells.push('AdvanceAxes', 'No');
      this.add(T.frameLocalAxes, element, cells);
    }
    if (
      element.cardinalPoint !== undefined ||
      element.insertionOffsets !== undefined ||
      this.hasExtras(element, T.frameInsertion)
    ) {
      const cells: Row = ['Frame', label];
      if (element.cardinalPoint !== undefined)
        cells.push('CardinalPt', CARDINAL_POINTS[element.cardinalPoint - 1] as string);
      if (this.wantsDefaults(element, T.frameInsertion))
        cells.push('Mirror2', 'No', 'Mirror3', 'No', 'Transform', 'Yes');
      const offsets = element.insertionOffsets;
      if (offsets) {
        cells.push(
          'CoordSys',
          'GLOBAL',
          'XI',
          this.num(offsets.i.x, f.length),
          'YI',
          this.num(offsets.i.y, f.length),
          'ZI',
          this.num(offsets.i.z, f.length),
          'XJ',
          this.num(offsets.j.x, f.length),
          'YJ',
          this.num(offsets.j.y, f.length),
          'ZJ',
          this.num(offsets.j.z, f.length),
        );
      }
      this.add(T.frameInsertion, element, cells);
    }
    if (
      element.endOffsets !== undefined ||
      element.rigidZoneFactor !== undefined ||
      this.hasExtras(element, T.frameOffsets)
    ) {
      const cells: Row = ['Frame', label];
      if (this.wantsDefaults(element, T.frameOffsets)) cells.push('Type', 'User');
      if (element.endOffsets) {
        cells.push(
          'LengthI',
          this.num(element.endOffsets.i, f.length),
          'LengthJ',
          this.num(element.endOffsets.j, f.length),
        );
      }
      if (element.rigidZoneFactor !== undefined)
        cells.push('RigidFactor', formatNumber(element.rigidZoneFactor));
      this.add(T.frameOffsets, element, cells);
    }
  }

  private writeLinkProperties(): void {
    const f = this.factors;
    const labels = labelsFor(this.model.linkProperties);
    const dofs = [
      ['u1', 'U1'],
      ['u2', 'U2'],
      ['u3', 'U3'],
      ['r1', 'R1'],
      ['r2', 'R2'],
      ['r3', 'R3'],
    ] as const;
    for (const property of this.model.linkProperties) {
      const label = labels.get(property.id) ?? property.id;
      this.add(T.linkProperties, property, ['Link', label, 'LinkType', property.linkType]);
      const written = new Set<string>();
      // The kept LINEAR rows carry Fixed/damping fields; only their stiffness is refreshed from the model.
      this.addRawRows(property, (table, cells) => {
        if (table !== T.linkLinear) return cells;
        const dofIndex = cells.indexOf('DOF');
        const dof = dofIndex >= 0 && dofIndex % 2 === 0 ? cells[dofIndex + 1] : undefined;
        const entry = dofs.find(([, sap]) => sap === dof);
        const value = entry ? property.stiffness[entry[0]] : undefined;
        if (entry && value !== undefined) {
          const rotational = entry[0].startsWith('r');
          const field = rotational ? 'RotKE' : 'TransKE';
          const at = cells.indexOf(field);
          if (at >= 0 && at % 2 === 0) {
            cells[at + 1] = this.num(value, rotational ? f.rotationalStiffness : f.translationalStiffness);
            written.add(entry[0]);
          }
        }
        return cells;
      });
      for (const [key, sap] of dofs) {
        const value = property.stiffness[key];
        if (value === undefined || written.has(key)) continue;
        const rotational = key.startsWith('r');
        this.rows(T.linkLinear).push([
          'Link',
          label,
          'DOF',
          sap,
          'Fixed',
          'No',
          rotational ? 'RotKE' : 'TransKE',
          this.num(value, rotational ? f.rotationalStiffness : f.translationalStiffness),
        ]);
      }
    }
  }

  private writeLoadDefinitions(): void {
    for (const pattern of this.model.loadPatterns) {
      const label = this.patternLabels.get(pattern.id) ?? pattern.id;
      this.add(T.loadPatterns, pattern, [
        'LoadPat',
        label,
        'DesignType',
        pattern.patternType,
        'SelfWtMult',
        formatNumber(pattern.selfWeightMultiplier),
      ]);
      this.addRawRows(pattern);
    }
    for (const loadCase of this.model.loadCases) {
      const label = this.caseLabels.get(loadCase.id) ?? loadCase.id;
      const caseType = this.csiOrigin
        ? loadCase.caseType
        : (SAP_CASE_TYPES[loadCase.caseType] ?? loadCase.caseType);
      this.add(T.loadCases, loadCase, ['Case', label, 'Type', caseType]);
      for (const load of loadCase.loads) {
        this.rows(T.staticCaseLoads).push([
          'Case',
          label,
          'LoadType',
          'Load pattern',
          'LoadName',
          this.patternLabels.get(load.patternId) ?? load.patternId,
          'LoadSF',
          formatNumber(load.scale),
        ]);
      }
      this.addRawRows(loadCase);
    }
    for (const combination of this.model.loadCombinations) {
      const label = this.combinationLabels.get(combination.id) ?? combination.id;
      const itemLabel = (item: (typeof combination.items)[number]): string =>
        (item.kind === 'combination'
          ? this.combinationLabels.get(item.id)
          : item.kind === 'case'
            ? this.caseLabels.get(item.id)
            : this.patternLabels.get(item.id)) ?? item.id;
      const first: Row = ['ComboName', label, 'ComboType', combination.combinationType];
      const [head, ...rest] = combination.items;
      if (head) first.push('CaseName', itemLabel(head), 'ScaleFactor', formatNumber(head.scale));
      this.add(T.combinations, combination, first);
      for (const item of rest) {
        this.rows(T.combinations).push([
          'ComboName',
          label,
          'CaseName',
          itemLabel(item),
          'ScaleFactor',
          formatNumber(item.scale),
        ]);
      }
      if (combination.items.some((item) => item.kind === 'pattern')) {
        this.report.approximated(
          'LoadCombination',
          'SAP2000 combinations name cases; pattern items are written by name',
          {
            id: combination.id,
          },
        );
      }
      this.addRawRows(combination);
    }
  }

  private writeLoads(): void {
    const f = this.factors;
    for (const load of this.model.loads) {
      const pattern = this.patternLabels.get(load.patternId) ?? load.patternId;
      if (load.type === 'PointLoad') {
        if (!this.nodes.has(load.nodeId)) {
          this.report.dropped('PointLoad', 'its node is missing from the model', { id: load.id });
          this.notWritten.add(load);
          continue;
        }
        this.add(T.jointLoads, load, [
          'Joint',
          this.nodeLabel(load.nodeId),
          'LoadPat',
          pattern,
          'CoordSys',
          load.coordinateSystem,
          'F1',
          this.num(load.fx, f.force),
          'F2',
          this.num(load.fy, f.force),
          'F3',
          this.num(load.fz, f.force),
          'M1',
          this.num(load.mx, f.moment),
          'M2',
          this.num(load.my, f.moment),
          'M3',
          this.num(load.mz, f.moment),
        ]);
        continue;
      }
      const label = this.elementLabels.get(load.elementId);
      const kind = this.elementKinds.get(load.elementId);
      if (load.type === 'LinearLoad') {
        if (label === undefined || kind !== 'Frame' || load.direction === undefined) {
          this.report.dropped(
            'LinearLoad',
            load.direction === undefined
              ? 'the load has no direction SAP2000 can name'
              : 'it is not on a frame',
            {
              id: load.id,
            },
          );
          this.notWritten.add(load);
          continue;
        }
        const local = load.direction === '1' || load.direction === '2' || load.direction === '3';
        const moment = load.quantity === 'moment';
        const cells: Row = [
          'Frame',
          label,
          'LoadPat',
          pattern,
          'CoordSys',
          local ? 'Local' : 'GLOBAL',
          'Type',
          moment ? 'Moment' : 'Force',
          'Dir',
          sapDirection(load.direction),
          'DistType',
          load.distribution.relative ? 'RelDist' : 'AbsDist',
        ];
        const distance = (value: number): string =>
          load.distribution.relative ? formatNumber(value) : this.num(value, f.length);
        if (load.distribution.kind === 'distributed') {
          const d = load.distribution;
          const factor = moment ? f.lineMoment : f.lineLoad;
          cells.push(
            d.relative ? 'RelDistA' : 'AbsDistA',
            distance(d.start),
            d.relative ? 'RelDistB' : 'AbsDistB',
            distance(d.end),
            moment ? 'MOverLA' : 'FOverLA',
            this.num(d.startValue, factor),
            moment ? 'MOverLB' : 'FOverLB',
            this.num(d.endValue, factor),
          );
          this.add(T.frameDistributedLoads, load, cells);
        } else {
          const d = load.distribution;
          cells.push(
            d.relative ? 'RelDist' : 'AbsDist',
            distance(d.start),
            moment ? 'Moment' : 'Force',
            this.num(d.value, moment ? f.moment : f.force),
          );
          this.add(T.framePointLoads, load, cells);
        }
        continue;
      }
      if (label === undefined || kind !== 'Area') {
        this.report.dropped('AreaLoad', 'it is not on an area', { id: load.id });
        this.notWritten.add(load);
        continue;
      }
      const direction = load.direction ?? 'Gravity';
      if (load.direction === undefined) {
        this.report.approximated('AreaLoad', 'load without a direction written as Gravity', { id: load.id });
      }
      const local = direction === '1' || direction === '2' || direction === '3';
      this.add(T.areaUniformLoads, load, [
        'Area',
        label,
        'LoadPat',
        pattern,
        'CoordSys',
        local ? 'Local' : 'GLOBAL',
        'Dir',
        sapDirection(direction),
        'UnifLoad',
        this.num(load.value, f.pressure),
      ]);
    }
  }

  private writeGroups(markers: Map<string, string[]>): void {
    for (const group of this.model.groups) {
      this.add(T.groups, group, ['GroupName', group.name]);
      for (const member of group.members) {
        if (member.kind === 'node') {
          if (!this.nodes.has(member.id)) continue;
          this.rows(T.groupAssignments).push([
            'GroupName',
            group.name,
            'ObjectType',
            'Joint',
            'ObjectLabel',
            this.nodeLabel(member.id),
          ]);
        } else if (member.kind === 'element') {
          const kind = this.elementKinds.get(member.id);
          const label = this.elementLabels.get(member.id);
          if (kind === undefined || label === undefined) {
            this.report.dropped('Group', `member ${member.id} has no SAP2000 object`, { id: group.id });
            continue;
          }
          this.rows(T.groupAssignments).push([
            'GroupName',
            group.name,
            'ObjectType',
            kind,
            'ObjectLabel',
            label,
          ]);
        } else {
          this.report.dropped('Group', 'SAP2000 groups do not hold loads', { id: group.id });
        }
      }
      this.addRawRows(group);
    }
    for (const [group, labels] of markers) {
      this.rows(T.groups).push(['GroupName', group, 'Selection', 'Yes']);
      const objectType =
        group === 'GUSSET_FLOOR' || group === 'GUSSET_WALL' || group === 'GUSSET_OPENING' ? 'Area' : 'Frame';
      for (const label of labels)
        this.rows(T.groupAssignments).push([
          'GroupName',
          group,
          'ObjectType',
          objectType,
          'ObjectLabel',
          label,
        ]);
      this.report.approximated(
        'Element type',
        `${labels.length} objects whose type SAP2000 would not infer are listed in group ${group}`,
      );
    }
  }

  write(): string {
    this.writeProgramControl();
    this.writeGrids();
    this.writeMaterials();
    this.writeProfiles();
    this.writeLinkProperties();
    this.writeLoadDefinitions();
    this.writeNodes();
    const { markers } = this.writeElements();
    this.writeLoads();
    this.writeGroups(markers);
    for (const spring of this.model.springProperties) this.addRawRows(spring);
    for (const load of this.model.loads) this.addRawRows(load);
    for (const grid of this.model.grids) this.addRawRows(grid);

    const raw = own(this.model.attributes, RAW_TABLES_KEY);
    if (Array.isArray(raw)) {
      for (const table of raw) {
        if (!isRecord(table) || typeof table.name !== 'string' || !Array.isArray(table.rows)) continue;
        const rows = this.rows(table.name);
        for (const row of table.rows) if (Array.isArray(row)) rows.push(row.map(attributeText));
      }
    }
    const ordered = [
      ...TABLE_ORDER.filter((name) => this.tables.has(name)),
      ...[...this.tables.keys()].filter((name) => !TABLE_ORDER.includes(name)),
    ];
    const result = writeCsiTables({
      preamble: ['File gusset.s2k was saved by Gusset'],
      tables: ordered.map((name) => ({ name, rows: this.tables.get(name) ?? [] })),
    });
    for (const issue of result.issues) this.report.approximated('text', issue);
    return result.text;
  }
}

/** Writes a canonical model as SAP2000 table text (UTF-8, CRLF). */
export function writeSap2000(model: Model): WriteResult {
  const writer = new SapWriter(model);
  const text = writer.write();
  // Counted as written: SAP2000 has no stories and no general grid lines.
  const written: Model = {
    ...model,
    levels: [],
    grids: model.grids.filter((grid) => grid.geometry.kind === 'axis'),
    elements: model.elements.filter((element) => !writer.notWritten.has(element)),
    loads: model.loads.filter((load) => !writer.notWritten.has(load)),
  };
  return { bytes: encodeUtf8(text), report: writer.report.build(FORMAT_ID, 'write', written) };
}
