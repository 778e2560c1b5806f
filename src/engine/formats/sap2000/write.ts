/**
 * Canonical model → SAP2000 `.s2k` text, with the table and field names SAP2000 25.x writes (fixtures [S25],
 * [S25V]). Numbers go out in the model's source units when it came from a CSI table file, so the rows and fields
 * the reader kept verbatim (`s2k:<TABLE>` attributes) stay consistent with the numbers we convert.
 */
import { renameReason } from '../names';
import type {
  Attributes,
  AttributeValue,
  Element,
  Load,
  LoadCase,
  Material,
  Model,
  Node,
  Profile,
  SpringProperty,
} from '../../schema';
import { isAreaElement, isFrameElement } from '../../schema';
import type { QuantityFactors, UnitSystem } from '../../units';
import { parseCsiUnits, quantityFactors } from '../../units';
import { ReportBuilder, type FidelityConcept } from '../report';
import { GroupedItems } from '../reportGroups';
import { deckEquivalentThickness } from '../sections';
import type { WriteResult } from '../types';
import {
  ANALYSIS_TABLES,
  MEMBER_AREA_MODIFIERS,
  MEMBER_FRAME_MODIFIERS,
  modeType,
  modifierCells,
  ritzLoadName,
  SECTION_AREA_MODIFIERS,
  SECTION_FRAME_MODIFIERS,
  SPECTRUM_CODE_PREFIX,
} from './analysis';
import { inferFrameType } from './geometry';
import {
  CABLE_SECTION_FLAG,
  CARDINAL_POINTS,
  CONSTRAINT_TABLES,
  FORMAT_ID,
  jointSpringId,
  markerGroupFor,
  MATERIAL_TYPES,
  RAW_TABLES_KEY,
  SAP_FORCE_SPELLING,
  SAP_LENGTH_SPELLING,
  sapDirection,
  SHELL_USE_FIELD,
  SHELL_USE_WORDS,
  SOURCE_ROW_KEY,
  T,
  TABLE_KEY_PREFIX,
  tableKey,
} from './names';
import { writeCsiTables, writtenValueText } from './tables';
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
  ...CONSTRAINT_TABLES.map(([, table]) => table),
  T.jointConstraints,
  T.restraints,
  T.springs,
  T.frameSectionAssignments,
  T.frameReleases,
  T.frameLocalAxes,
  T.frameInsertion,
  T.frameOffsets,
  T.frameAutoMesh,
  T.cableSectionAssignments,
  T.areaSectionAssignments,
  T.linkAssignments,
  T.groupAssignments,
  T.jointLoads,
  T.frameDistributedLoads,
  T.framePointLoads,
  T.areaUniformLoads,
  T.areaUniformToFrameLoads,
  T.areaSurfacePressure,
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

/**
 * Labels for one SAP namespace, as the file will hold them (`writtenValueText`): the name when no other object's
 * name is written the same, else the id, with a `~2`… suffix where that is taken too, so two objects whose names
 * a SAP2000 line cannot tell apart (a line break and a space) never become one.
 */
function labelsFor<T extends { id: string; name: string }>(items: readonly T[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const name = writtenValueText(item.name);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const labels = new Map<string, string>();
  const used = new Set<string>();
  const rest: T[] = [];
  for (const item of items) {
    const name = writtenValueText(item.name);
    if (item.name !== '' && counts.get(name) === 1) {
      labels.set(item.id, name);
      used.add(name);
    } else rest.push(item);
  }
  for (const item of rest) {
    const wanted = writtenValueText(item.id);
    let label = wanted;
    for (let suffix = 2; used.has(label); suffix++) label = `${wanted}~${suffix}`;
    labels.set(item.id, label);
    used.add(label);
  }
  return labels;
}

/**
 * Two texts of a field that say the same: equal, or numbers within float noise of a unit conversion (the model
 * holds mm and Pa; 1e-12 is far below any change an engineer makes and far above the noise).
 */
function sameFieldText(source: string, written: string): boolean {
  if (source === written) return true;
  const a = Number(source);
  const b = Number(written);
  if (source.trim() === '' || written.trim() === '' || !Number.isFinite(a) || !Number.isFinite(b))
    return false;
  return Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
}

class SapWriter {
  readonly report = new ReportBuilder();
  /** Items that stand for many objects, added to the report at the end. */
  private readonly grouped = new GroupedItems();
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
  private readonly functionLabels: Map<string, string>;
  private readonly groupLabels: Map<string, string>;
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
    this.functionLabels = labelsFor(model.functions ?? []);
    this.reportRenamed(model.profiles, this.profileLabels, 'Section', 'section');
    this.reportRenamed(model.materials, this.materialLabels, 'Material', 'material');
    this.reportRenamed(model.loadPatterns, this.patternLabels, 'LoadPat', 'pattern');
    this.reportRenamed(model.loadCases, this.caseLabels, 'LoadCase', 'case');
    this.reportRenamed(model.loadCombinations, this.combinationLabels, 'Combo', 'combination');
    this.reportRenamed(model.nodes, this.nodeLabels, 'Joint', 'node');
    this.groupLabels = labelsFor(model.groups);
    this.reportRenamed(model.groups, this.groupLabels, 'Group', 'group');
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
    this.reportRenamed(
      model.elements.filter((element) => this.elementLabels.has(element.id)),
      this.elementLabels,
      'Element',
      'element',
    );
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
  /**
   * Definitions written under another name than the engineer's: a name shared by two definitions is written as
   * its id, and a double quote inside a name that needs quoting becomes a single quote (SAP2000 text has no
   * escape for it). Reported once per kind, every renamed definition listed.
   */
  private reportRenamed(
    items: readonly { id: string; name: string }[],
    labels: ReadonlyMap<string, string>,
    subject: string,
    concept: FidelityConcept,
  ): void {
    for (const item of items) {
      const written = labels.get(item.id) ?? writtenValueText(item.id);
      if (written === item.name) continue;
      const reason =
        writtenValueText(item.name) === item.name
          ? 'names that are empty or shared by two definitions are written as their ids'
          : item.name.includes('"')
            ? 'names with a double quote are written with single quotes: SAP2000 text cannot quote a double quote'
            : renameReason('SAP2000 text', 'line breaks, control characters or unpaired surrogates');
      this.grouped.add('approximated', subject, reason, concept, item.id);
    }
  }

  private add(table: string, owner: { attributes: Attributes; id?: string } | null, cells: Row): void {
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
    this.rows(table).push(owner ? this.asSourceRow(table, owner, cells) : cells);
  }

  /**
   * The row as the reader found it (field order and text) where the owner kept its source row for this table:
   * each field the model did not change keeps its source text, changed ones take the new value, new ones follow.
   * Source fields the row no longer has (a section whose shape changed loses its flange fields) are reported.
   */
  private asSourceRow(table: string, owner: { attributes: Attributes; id?: string }, cells: Row): Row {
    const kept = own(owner.attributes, SOURCE_ROW_KEY);
    if (!isRecord(kept) || kept.table !== table || !Array.isArray(kept.cells)) return cells;
    const written = new Map<string, string>();
    for (let index = 0; index + 1 < cells.length; index += 2) {
      const field = cells[index] as string;
      if (!written.has(field)) written.set(field, cells[index + 1] as string);
    }
    const source = kept.cells.map(attributeText);
    const row: Row = [];
    const lost: string[] = [];
    for (let index = 0; index + 1 < source.length; index += 2) {
      const field = source[index] as string;
      const text = source[index + 1] as string;
      const value = written.get(field);
      if (value === undefined) {
        lost.push(field);
        continue;
      }
      row.push(field, sameFieldText(text, value) ? text : value);
      written.delete(field);
    }
    for (const [field, value] of written) row.push(field, value);
    if (lost.length > 0 && owner.id !== undefined) {
      this.grouped.add(
        'dropped',
        table,
        `source fields the changed section no longer has are not written (${lost.join(', ')})`,
        'section',
        owner.id,
      );
    }
    return row;
  }

  /**
   * SAP's usual companion fields (IsCurved=No, AutoSelect=N.A.…) are added only for models that did not come from a
   * CSI table file: a file that left them out is written back without them.
   */
  /**
   * A section's modifier fields: every factor that is not 1, and the fields the source row stated (SAP2000 states
   * all eight, hand-made files fewer), so a row goes back as it came; 1 is SAP's default for the rest.
   */
  private sectionModifierCells<K extends string>(
    owner: { attributes: Attributes; modifiers?: Partial<Record<K, number>> },
    table: string,
    fields: readonly (readonly [string, K])[],
  ): string[] {
    const kept = own(owner.attributes, SOURCE_ROW_KEY);
    const stated = new Set<string>();
    if (isRecord(kept) && kept.table === table && Array.isArray(kept.cells))
      kept.cells.forEach((cell, index) => {
        if (index % 2 === 0) stated.add(attributeText(cell));
      });
    const written = fields.filter(
      ([field, key]) => owner.modifiers?.[key] !== undefined || stated.has(field),
    );
    return modifierCells(written, owner.modifiers, formatNumber);
  }

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
        this.grouped.add(
          'dropped',
          'Grid',
          'general (non-axis) grid lines have no SAP2000 GRID LINES row',
          'grid',
          grid.id,
        );
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
        { concept: 'level', ids: this.model.levels.map((level) => level.id) },
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
        // SAP2000 needs a shell formulation; a source that states none (IFC) gets SAP's own default, said so.
        cells.push('Type', profile.behaviour ?? 'Shell-Thin');
        if (profile.behaviour === undefined)
          this.grouped.add(
            'approximated',
            'Section',
            "shell section with no stated formulation written as Shell-Thin, SAP2000's default (membrane and plate bending, no transverse shear deformation)",
            'section',
            profile.id,
          );
        const thickness = profile.thickness ?? this.deckThickness(profile);
        if (thickness !== undefined) {
          cells.push('Thickness', this.num(thickness, f.length));
          if (defaults) cells.push('BendThick', this.num(thickness, f.length));
        }
        const useWord = SHELL_USE_WORDS.find(([, use]) => use === profile.use)?.[0];
        if (useWord !== undefined) cells.push(SHELL_USE_FIELD, useWord);
        cells.push(...this.sectionModifierCells(profile, T.areaSections, SECTION_AREA_MODIFIERS));
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
      this.reportForeignSectionFields(profile);
      this.addRawRows(profile);
    }
  }

  /**
   * An ETABS deck states its geometry, not a thickness; SAP2000 needs one, so it gets the equivalent thickness
   * {@link deckEquivalentThickness} derives (reported), or none (reported too).
   */
  private deckThickness(profile: Extract<Profile, { kind: 'shell' }>): number | undefined {
    if (profile.use !== 'deck') return undefined;
    const deck = deckEquivalentThickness(profile, this.model);
    if (deck === undefined) {
      this.grouped.add(
        'dropped',
        'SHELLPROP',
        'a deck with no concrete slab depth (unfilled, or not given) is written without a thickness',
        'section',
        profile.id,
      );
      return undefined;
    }
    this.grouped.add(
      'approximated',
      'SHELLPROP',
      `a composite deck is written as a shell of equivalent thickness: ${deck.how}; the deck geometry is not written`,
      'section',
      profile.id,
    );
    return deck.thickness;
  }

  /**
   * Attributes another tool gave a section (ETABS keywords such as FILLETRADIUS, deck geometry, modifiers) that no
   * AREA/FRAME SECTION field carries: named in one report item per kind, with the sections that had them.
   */
  private reportForeignSectionFields(profile: Profile): void {
    if (this.csiOrigin) return;
    const keys = Object.keys(profile.attributes).filter((key) => !key.startsWith(TABLE_KEY_PREFIX));
    if (keys.length === 0) return;
    this.grouped.add(
      'dropped',
      profile.kind === 'shell' ? 'SHELLPROP' : 'FRAMESECTION',
      `${this.model.source.tool} section fields with no SAP2000 field are not written (${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''})`,
      'section',
      profile.id,
    );
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
    cells.push(...this.sectionModifierCells(profile, T.frameSections, SECTION_FRAME_MODIFIERS));
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
        this.grouped.add(
          'approximated',
          'Diaphragm',
          'a semi-rigid diaphragm is written as a SAP2000 diaphragm constraint, which is rigid',
          'diaphragm',
          diaphragm.id,
        );
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
        this.grouped.add(
          'approximated',
          'Diaphragm',
          'area diaphragm written as a joint constraint on its joints',
          'diaphragm',
          element.id,
        );
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
    // SAP2000 has no named joint spring: each joint gets its own stiffness row, read back as a spring named after
    // the joint (`joint:<label>`). The stiffness of every joint is kept; the property's name and sharing are not.
    const jointsBySpring = new Map<string, string[]>();
    for (const node of this.model.nodes) {
      if (node.springPropertyId === undefined || !springs.has(node.springPropertyId)) continue;
      let joints = jointsBySpring.get(node.springPropertyId);
      if (!joints) jointsBySpring.set(node.springPropertyId, (joints = []));
      joints.push(node.id);
    }
    for (const [springId, joints] of jointsBySpring) {
      const spring = springs.get(springId) as SpringProperty;
      const only = joints.length === 1 ? this.nodeLabel(joints[0] as string) : undefined;
      if (only !== undefined && jointSpringId(only) === springId && spring.name === only) continue;
      const reason =
        'SAP2000 assigns springs per joint: a named spring property comes back as one spring per joint, named after the joint, with the same stiffness';
      for (const id of [springId, ...joints])
        this.grouped.add('approximated', 'SpringProperty', reason, 'spring', id);
      for (const nodeId of joints)
        this.grouped.add(
          'approximated',
          'SpringProperty',
          reason,
          'spring',
          jointSpringId(this.nodeLabel(nodeId)),
        );
    }
    for (const spring of this.model.springProperties) {
      if (jointsBySpring.has(spring.id)) continue;
      this.grouped.add(
        'dropped',
        'SpringProperty',
        'a spring property no joint uses is not written: SAP2000 springs are joint assignments',
        'spring',
        spring.id,
      );
    }
  }

  /** Body, equal, weld… constraints: a definition row in their kind's table, then one assignment per joint. */
  private writeConstraints(): void {
    const constraints = this.model.constraints ?? [];
    const labels = labelsFor(constraints);
    const tables = new Map(CONSTRAINT_TABLES);
    for (const constraint of constraints) {
      const table = tables.get(constraint.kind) as string;
      const label = labels.get(constraint.id) ?? constraint.id;
      const cells: Row = ['Name', label];
      // SAP2000 needs the constrained DOFs; a constraint from elsewhere ties all six, in global axes.
      if (this.wantsDefaults(constraint, table) && constraint.kind !== 'weld')
        cells.push(
          'CoordSys',
          'GLOBAL',
          'UX',
          'Yes',
          'UY',
          'Yes',
          'UZ',
          'Yes',
          'RX',
          'Yes',
          'RY',
          'Yes',
          'RZ',
          'Yes',
        );
      if (constraint.tolerance !== undefined)
        cells.push('Tolerance', this.num(constraint.tolerance, this.factors.length));
      this.add(table, constraint, cells);
      for (const nodeId of constraint.nodeIds)
        this.add(T.jointConstraints, null, [
          'Joint',
          this.nodeLabel(nodeId),
          'Constraint',
          label,
          'Type',
          constraint.kind[0]!.toUpperCase() + constraint.kind.slice(1),
        ]);
    }
  }

  private writeElements(): { markers: Map<string, string[]> } {
    const markers = new Map<string, string[]>();
    const mark = (group: string, label: string, id: string): void => {
      let list = markers.get(group);
      if (!list) markers.set(group, (list = []));
      list.push(label);
      this.grouped.add(
        'approximated',
        'Element type',
        `objects whose type SAP2000 would not infer from their geometry are listed in groups GUSSET_*`,
        'element',
        id,
      );
    };
    const linkPropertyLabels = labelsFor(this.model.linkProperties);
    for (const element of this.model.elements) {
      const label = this.elementLabels.get(element.id);
      if (label === undefined) {
        this.grouped.add(
          'dropped',
          element.type,
          element.type === 'Component'
            ? `component of kind ${element.kind} has no SAP2000 object`
            : `${element.type} has no SAP2000 object`,
          'element',
          element.id,
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
            this.grouped.add(
              'dropped',
              element.type,
              'a node of the member is missing from the model',
              'element',
              element.id,
            );
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
            mark(markerGroupFor(element.type) as string, label, element.id);
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
          if (element.type !== 'Area') mark(markerGroupFor(element.type) as string, label, element.id);
          if (element.type === 'Opening') {
            this.grouped.add(
              'approximated',
              'Opening',
              'SAP2000 has no openings: written as an area in group GUSSET_OPENING',
              'element',
              element.id,
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
            this.grouped.add(
              'dropped',
              'Area',
              'area local axis angle is not written',
              'localAxis',
              element.id,
            );
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
    const mesh = element.autoMesh;
    if (mesh) {
      // A detail the source left to its tool is written as ETABS would do it: meshed at joints when meshed.
      const cells: Row = ['Frame', label, 'AutoMesh', yesNo(mesh.enabled)];
      cells.push('AtJoints', yesNo(mesh.atJoints ?? mesh.enabled));
      cells.push('AtFrames', yesNo(mesh.atIntersections ?? false));
      if (mesh.numSegments !== undefined) cells.push('NumSegments', String(mesh.numSegments));
      if (mesh.maxLength !== undefined) cells.push('MaxLength', this.num(mesh.maxLength, f.length));
      if (mesh.maxDegrees !== undefined) cells.push('MaxDegrees', formatNumber(mesh.maxDegrees));
      this.add(T.frameAutoMesh, element, cells);
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
      const caseCells: Row = ['Case', label, 'Type', caseType];
      const modalCase = loadCase.responseSpectrum?.modalCaseId;
      if (modalCase !== undefined) caseCells.push('ModalCase', this.caseLabels.get(modalCase) ?? modalCase);
      this.add(T.loadCases, loadCase, caseCells);
      this.writeCaseParameters(loadCase, label);
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
        this.grouped.add(
          'approximated',
          'LoadCombination',
          'SAP2000 combinations name cases; pattern items are written by name',
          'combination',
          combination.id,
        );
      }
      this.addRawRows(combination);
    }
  }

  /** CASE - MODAL and CASE - RESPONSE SPECTRUM rows of one case. */
  private writeCaseParameters(loadCase: LoadCase, label: string): void {
    const modal = loadCase.modal;
    if (modal) {
      const cells: Row = ['Case', label, 'ModeType', modeType(loadCase)];
      const push = (field: string, value: number | undefined): void => {
        if (value !== undefined) cells.push(field, formatNumber(value));
      };
      push('MaxNumModes', modal.maxModes);
      push('MinNumModes', modal.minModes);
      push('EigenShift', modal.shift);
      push('EigenCutoff', modal.cutoff);
      push('EigenTol', modal.tolerance);
      if (modal.autoShift !== undefined) cells.push('AutoShift', yesNo(modal.autoShift));
      this.add(ANALYSIS_TABLES.modalGeneral, loadCase, cells);
      for (const vector of modal.startingVectors ?? []) {
        const [loadType, loadName] = ritzLoadName(vector);
        const name = vector.kind === 'pattern' ? (this.patternLabels.get(loadName) ?? loadName) : loadName;
        const row: Row = ['Case', label, 'LoadType', loadType, 'LoadName', name];
        if (vector.maxCycles !== undefined) row.push('MaxCycles', formatNumber(vector.maxCycles));
        if (vector.targetParticipation !== undefined)
          row.push('TargetPar', formatNumber(vector.targetParticipation));
        this.rows(ANALYSIS_TABLES.modalRitz).push(row);
      }
    }
    const spectrum = loadCase.responseSpectrum;
    if (spectrum) {
      const cells: Row = ['Case', label];
      if (spectrum.modalCombination !== undefined) cells.push('ModalCombo', spectrum.modalCombination);
      if (spectrum.directionalCombination !== undefined)
        cells.push('DirCombo', spectrum.directionalCombination);
      if (spectrum.damping !== undefined) cells.push('ConstDamp', formatNumber(spectrum.damping));
      if (spectrum.eccentricity !== undefined) cells.push('EccenRatio', formatNumber(spectrum.eccentricity));
      this.add(ANALYSIS_TABLES.spectrumGeneral, loadCase, cells);
      for (const load of spectrum.loads) {
        // The scale is m/s²; SAP states it in its length unit per s² (1 g = 386.09 in/s² = 9806.65 mm/s²).
        this.rows(ANALYSIS_TABLES.spectrumLoads).push([
          'Case',
          label,
          'LoadName',
          load.direction,
          'CoordSys',
          load.coordinateSystem ?? 'GLOBAL',
          'Function',
          this.functionLabels.get(load.functionId) ?? load.functionId,
          'Angle',
          formatNumber(load.angle ?? 0),
          'TransAccSF',
          this.num(load.scale * 1000, this.factors.length),
        ]);
      }
    }
  }

  /** Response spectrum and time history functions: user ones by their points, SAP's own code ones as read. */
  private writeFunctions(): void {
    const dropped: string[] = [];
    for (const fn of this.model.functions ?? []) {
      const label = this.functionLabels.get(fn.id) ?? fn.id;
      if (fn.definition === 'user') {
        const spectrum = fn.functionType === 'responseSpectrum';
        const table = spectrum ? ANALYSIS_TABLES.spectrumUser : ANALYSIS_TABLES.historyUser;
        (fn.points ?? []).forEach((point, index) => {
          const row: Row = ['Name', label, spectrum ? 'Period' : 'Time', formatNumber(point.x)];
          row.push(spectrum ? 'Accel' : 'Value', formatNumber(point.y));
          if (index === 0 && fn.damping !== undefined) row.push('FuncDamp', formatNumber(fn.damping));
          this.rows(table).push(row);
        });
        continue;
      }
      if (fn.functionType !== 'responseSpectrum' || !CSI_TABLE_TOOLS.has(fn.source.tool)) {
        dropped.push(fn.id);
        continue;
      }
      const cells: Row = ['Name', label];
      if (fn.damping !== undefined) cells.push('FuncDamp', formatNumber(fn.damping));
      this.add(`${SPECTRUM_CODE_PREFIX}${fn.definition}`, fn, cells);
    }
    if (dropped.length > 0) {
      this.report.dropped(
        'Function',
        `${dropped.length} code-defined functions of another tool are not written: SAP2000 spells its own codes' parameters`,
        { ids: dropped, concept: 'function' },
      );
    }
  }

  /** FRAME PROPERTY MODIFIERS and AREA STIFFNESS MODIFIERS of the elements written. */
  private writeMemberModifiers(): void {
    for (const element of this.model.elements) {
      if (this.notWritten.has(element) || !('modifiers' in element) || !element.modifiers) continue;
      const label = this.elementLabels.get(element.id) ?? element.id;
      if (isFrameElement(element)) {
        const cells = modifierCells(MEMBER_FRAME_MODIFIERS, element.modifiers, formatNumber);
        this.add(ANALYSIS_TABLES.frameModifiers, element, ['Frame', label, ...cells]);
      } else if (isAreaElement(element)) {
        const cells = modifierCells(MEMBER_AREA_MODIFIERS, element.modifiers, formatNumber);
        this.add(ANALYSIS_TABLES.areaModifiers, element, ['Area', label, ...cells]);
      }
    }
  }

  private writeLoads(): void {
    const f = this.factors;
    for (const load of this.model.loads) {
      const pattern = this.patternLabels.get(load.patternId) ?? load.patternId;
      if (load.type === 'PointLoad') {
        if (!this.nodes.has(load.nodeId)) {
          this.grouped.add('dropped', 'PointLoad', 'its node is missing from the model', 'load', load.id);
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
          this.grouped.add(
            'dropped',
            'LinearLoad',
            load.direction === undefined
              ? 'the load has no direction SAP2000 can name'
              : 'it is not on a frame',
            'load',
            load.id,
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
        this.grouped.add('dropped', 'AreaLoad', 'it is not on an area', 'load', load.id);
        this.notWritten.add(load);
        continue;
      }
      const direction = load.direction ?? 'Gravity';
      if (load.direction === undefined) {
        this.grouped.add(
          'approximated',
          'AreaLoad',
          'load without a direction written as Gravity',
          'load',
          load.id,
        );
      }
      // A load read from AREA LOADS - SURFACE PRESSURE (its Face kept) goes back there while it is still normal to
      // the area: the pressure pushes into its face, so on the top face it is minus the load along local 3.
      const pressure = own(load.attributes, tableKey(T.areaSurfacePressure));
      const face = isRecord(pressure) && typeof pressure.Face === 'string' ? pressure.Face : undefined;
      const faceSign = face?.toUpperCase() === 'TOP' ? -1 : face?.toUpperCase() === 'BOTTOM' ? 1 : 0;
      if (direction === '3' && faceSign !== 0) {
        this.add(T.areaSurfacePressure, load, [
          'Area',
          label,
          'LoadPat',
          pattern,
          'Face',
          face as string,
          'Pressure',
          this.num(faceSign * load.value, f.pressure),
        ]);
        continue;
      }
      const local = direction === '1' || direction === '2' || direction === '3';
      // A load read from AREA LOADS - UNIFORM TO FRAME (its DistType kept) goes back to that table.
      const table = this.hasExtras(load, T.areaUniformToFrameLoads)
        ? T.areaUniformToFrameLoads
        : T.areaUniformLoads;
      this.add(table, load, [
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
      const name = this.groupLabels.get(group.id) as string;
      this.add(T.groups, group, ['GroupName', name]);
      for (const member of group.members) {
        if (member.kind === 'node') {
          if (!this.nodes.has(member.id)) {
            this.grouped.add(
              'dropped',
              'Group',
              'members with no SAP2000 object are left out of the group',
              'group',
              group.id,
            );
            continue;
          }
          this.rows(T.groupAssignments).push([
            'GroupName',
            name,
            'ObjectType',
            'Joint',
            'ObjectLabel',
            this.nodeLabel(member.id),
          ]);
        } else if (member.kind === 'element') {
          const kind = this.elementKinds.get(member.id);
          const label = this.elementLabels.get(member.id);
          if (kind === undefined || label === undefined) {
            this.grouped.add(
              'dropped',
              'Group',
              'members with no SAP2000 object are left out of the group',
              'group',
              group.id,
            );
            continue;
          }
          this.rows(T.groupAssignments).push(['GroupName', name, 'ObjectType', kind, 'ObjectLabel', label]);
        } else {
          this.grouped.add('dropped', 'Group', 'SAP2000 groups do not hold loads', 'group', group.id);
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
    this.writeConstraints();
    const { markers } = this.writeElements();
    this.writeMemberModifiers();
    this.writeFunctions();
    this.writeLoads();
    this.writeGroups(markers);
    for (const spring of this.model.springProperties) this.addRawRows(spring);
    for (const load of this.model.loads) this.addRawRows(load);
    for (const grid of this.model.grids) this.addRawRows(grid);
    if (this.model.results !== undefined) {
      this.report.dropped('Results', 'analysis results are not written: SAP2000 table text holds the model', {
        concept: 'results',
      });
    }

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
    this.grouped.flushInto(this.report);
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
