/**
 * SAP2000 `.s2k` / `.$2k`, CSiBridge `.b2k` and SAFE `.F2K` → canonical model.
 *
 * Every table row either becomes (part of) a canonical object or is kept verbatim: rows of tables we do not map
 * are attached to the object their first field names (a `Frame=…` row to that frame) under `s2k:<TABLE>`, or, when
 * no object claims them, kept on the model under `s2k:tables`. Fields of mapped rows that the canonical model has
 * no place for are kept on the object as `s2k:<TABLE>` → `{ field: value }`. The writer puts all of it back.
 * Values are converted from the file's `CurrUnits` to canonical units (mm, N, N·m, Pa…).
 */
import type {
  Attributes,
  AttributeValue,
  Cable,
  Component,
  Diaphragm,
  Element,
  ElementType,
  FrameAutoMesh,
  Grid,
  Group,
  JointConstraint,
  AreaLoad,
  LinearLoad,
  Link,
  LinkProperty,
  LoadDirection,
  LoadCase,
  LoadCombination,
  LoadPattern,
  Material,
  Model,
  Node,
  Profile,
  Releases,
  Restraint,
  SectionShape,
  Source,
  SourceTool,
  SpringProperty,
} from '../../schema';
import { emptyModel, setAttribute } from '../../schema';
import type { QuantityFactors, UnitSystem } from '../../units';
import { parseCsiUnits, quantityFactors, UnknownUnitError } from '../../units';
import { checkLimit, type ReadLimits } from '../limits';
import { ParseError } from '../parseError';
import type { FidelityConcept } from '../report';
import { ReportBuilder } from '../report';
import { GroupedItems } from '../reportGroups';
import type { ReadResult } from '../types';
import {
  ANALYSIS_TABLES,
  MEMBER_AREA_MODIFIERS,
  MEMBER_FRAME_MODIFIERS,
  modifierFieldNames,
  readAnalysisTables,
  rowModifiers,
  SECTION_AREA_MODIFIERS,
  SECTION_FRAME_MODIFIERS,
} from './analysis';
import { inferFrameType } from './geometry';
import { NameIndex } from './nameIndex';
import {
  CABLE_SECTION_FLAG,
  CONSTRAINT_TABLES,
  FORMAT_ID,
  ID_PREFIX,
  LOAD_DIRECTION_FROM_SAP,
  MATERIAL_TYPES,
  RAW_TABLES_KEY,
  SAFE,
  SHELL_USE_FIELD,
  SHELL_USE_WORDS,
  SOURCE_ROW_KEY,
  T,
  tableKey,
  TYPE_MARKER_GROUPS,
  jointSpringId,
} from './names';
import type { CsiDocument, CsiRowLayout, CsiTable } from './tables';
import { parseCsiTables } from './tables';
import { decodeCsiText, looksBinary } from './text';

export interface SapReadOptions {
  /** Files larger than this are refused before decoding (default 512 MiB: V8 strings stop near 512 M chars). */
  readonly maxBytes?: number;
  /** Joint and connectivity rows past these are refused before any object is built (ModelLimitError). */
  readonly limits?: ReadLimits;
}

/** The tables whose rows are elements, counted against ReadLimits.maxElements before the model is built. */
const ELEMENT_TABLES = [T.frames, T.areas, T.cables, T.solids, T.tendons, T.links];

const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

/**
 * The attribute bag of every joint, frame, area and load read with nothing left over: one frozen object rather
 * than a million empty ones for the garbage collector to copy. `bagOf` gives an object its own bag before
 * anything is added; anything else that tries fails loudly instead of changing them all.
 */
const NO_ATTRIBUTES: Attributes = Object.freeze({}) as Attributes;

/**
 * `owner`'s attribute bag, made its own first if it is shared: {@link NO_ATTRIBUTES} and the bags `keepExtras`
 * shares between owners with identical extras are frozen, so a missed copy throws instead of changing them all.
 */
function bagOf(owner: Owner): Attributes {
  if (Object.isFrozen(owner.attributes)) owner.attributes = { ...owner.attributes };
  return owner.attributes;
}

type FrameMember = Extract<Element, { type: 'Beam' | 'Column' | 'Brace' }>;
type AreaMember = Extract<Element, { type: 'Area' | 'Floor' | 'Wall' | 'Opening' }>;

interface Owner {
  attributes: Attributes;
}

/** Where the fields a reader does not map sit in rows of one layout: first occurrences only, in file order. */
interface ExtrasPlan {
  readonly positions: readonly number[];
  readonly names: readonly string[];
  /**
   * The extras last made for a row of this layout and their values: consecutive rows with the same values (every
   * frame's `IsCurved=No`, `AutoSelect=N.A.`…) share that one frozen object instead of a million equal ones.
   */
  lastExtras: Readonly<Record<string, AttributeValue>> | null;
  lastValues: string[];
}

function extrasPlan(layout: CsiRowLayout, mapped: ReadonlySet<string>): ExtrasPlan {
  const positions: number[] = [];
  const names: string[] = [];
  const seen = new Set<string>();
  layout.names.forEach((name, index) => {
    if (mapped.has(name) || seen.has(name)) return;
    seen.add(name);
    positions.push(index);
    names.push(name);
  });
  return { positions, names, lastExtras: null, lastValues: [] };
}

/** The release fields of a frame row, end I then end J, in the order of the canonical `Releases`. */
const RELEASE_FIELDS = ['PI', 'V2I', 'V3I', 'TI', 'M2I', 'M3I', 'PJ', 'V2J', 'V3J', 'TJ', 'M2J', 'M3J'];

function releasePositions(layout: CsiRowLayout): number[] {
  return RELEASE_FIELDS.map((field) => layout.indexOf(field));
}

/** Shared bags are made only while fewer than this many exist; past it owners get bags of their own. */
const MAX_SHARED_BAGS = 4096;

/** Memo key for the places of Joint1, Joint2… (up to the first one missing) in an area row layout. */
const AREA_JOINTS = {};

function areaJointPositions(layout: CsiRowLayout): number[] {
  const positions: number[] = [];
  for (let index = 1; ; index++) {
    const at = layout.indexOf(`Joint${index}`);
    if (at < 0) return positions;
    positions.push(at);
  }
}

const fieldSet = (...fields: string[]): ReadonlySet<string> => new Set(fields);

/** Whether every field of the row is one of `fields`. */
function onlyFields(table: CsiTable, row: number, fields: ReadonlySet<string>): boolean {
  return table.layout(row).names.every((name) => fields.has(name));
}

/*
 * The fields each row kind maps, made once: `keepExtras` memoises its work per (row layout, field set), which only
 * pays when the same set object comes back row after row.
 */
const MAPPED = {
  joint: fieldSet('Joint', 'CoordSys', 'CoordType', 'XorR', 'Y', 'Z', 'GlobalX', 'GlobalY', 'GlobalZ'),
  safePoint: fieldSet('Point', 'GlobalX', 'GlobalY', 'GlobalZ'),
  restraint: fieldSet('Joint', 'U1', 'U2', 'U3', 'R1', 'R2', 'R3'),
  spring: fieldSet('Joint', 'CoordSys', 'U1', 'U2', 'U3', 'R1', 'R2', 'R3'),
  constraint: fieldSet('Joint', 'Constraint'),
  constraintAssignment: fieldSet('Joint', 'Constraint', 'Type'),
  constraintDefinition: fieldSet('Name'),
  weld: fieldSet('Name', 'Tolerance'),
  frame: fieldSet('Frame', 'JointI', 'JointJ', 'Length', 'CentroidX', 'CentroidY', 'CentroidZ'),
  frameAssignment: [
    fieldSet('Frame'),
    fieldSet('Frame', 'AnalSect'),
    fieldSet('Frame', 'MatProp'),
    fieldSet('Frame', 'AnalSect', 'MatProp'),
  ],
  frameRelease: fieldSet(
    'Frame',
    'PI',
    'V2I',
    'V3I',
    'TI',
    'M2I',
    'M3I',
    'PJ',
    'V2J',
    'V3J',
    'TJ',
    'M2J',
    'M3J',
  ),
  frameAxes: fieldSet('Frame', 'Angle'),
  frameInsertion: [
    fieldSet('Frame'),
    fieldSet('Frame', 'CardinalPt'),
    fieldSet('Frame', 'CoordSys', 'XI', 'YI', 'ZI', 'XJ', 'YJ', 'ZJ'),
    fieldSet('Frame', 'CardinalPt', 'CoordSys', 'XI', 'YI', 'ZI', 'XJ', 'YJ', 'ZJ'),
  ],
  frameOffsets: fieldSet('Frame', 'LengthI', 'LengthJ', 'RigidFactor'),
  frameAutoMesh: fieldSet(
    'Frame',
    'AutoMesh',
    'AtJoints',
    'AtFrames',
    'NumSegments',
    'MaxLength',
    'MaxDegrees',
  ),
  areaAssignment: [
    fieldSet('Area'),
    fieldSet('Area', 'Section'),
    fieldSet('Area', 'MatProp'),
    fieldSet('Area', 'Section', 'MatProp'),
  ],
  areaLoad: fieldSet('Area', 'LoadPat', 'CoordSys', 'Dir', 'UnifLoad'),
  // Face stays as an extra field: it is what tells the writer to give the load back as a surface pressure.
  surfacePressure: fieldSet('Area', 'LoadPat', 'Pressure'),
} as const;

/** The concept a table's rows are about, for report items on rows that refer to nothing or repeat a name. */
const CONCEPT_BY_TABLE: Readonly<Record<string, FidelityConcept>> = {
  [T.gridLines]: 'grid',
  [T.materials]: 'material',
  [T.materialMechanical]: 'material',
  [T.materialSteel]: 'material',
  [T.materialConcrete]: 'material',
  [T.frameSections]: 'section',
  [T.areaSections]: 'section',
  [T.cableSections]: 'section',
  [T.joints]: 'node',
  [T.restraints]: 'restraint',
  [T.springs]: 'spring',
  [T.diaphragms]: 'diaphragm',
  [T.frameSectionAssignments]: 'section',
  [T.frameReleases]: 'release',
  [T.frameLocalAxes]: 'localAxis',
  [T.frameInsertion]: 'cardinalPoint',
  [T.frameOffsets]: 'offset',
  [T.areaSectionAssignments]: 'section',
  [T.cableSectionAssignments]: 'section',
  [T.linkProperties]: 'link',
  [T.linkAssignments]: 'link',
  [T.loadPatterns]: 'pattern',
  [T.loadCases]: 'case',
  [T.combinations]: 'combination',
  [T.groups]: 'group',
};

/** Object load tables (JOINT LOADS - …, AREA LOADS - …): rows of the ones no step maps are lost to other formats. */
const OBJECT_LOAD_TABLE = /^(JOINT|FRAME|AREA|CABLE|TENDON|SOLID|LINK) LOADS - /;

/** The face words of AREA LOADS - SURFACE PRESSURE and the sign that turns a pressure into a load along local 3. */
const SURFACE_PRESSURE_SIGN: Readonly<Record<string, 1 | -1>> = {
  // SAP2000 surface pressure pushes into the face it is on: on the top (+3) face it acts along −3.
  TOP: -1,
  BOTTOM: 1,
};

const AREA_MAPPED_BASE = [
  'Area',
  'NumJoints',
  'Perimeter',
  'AreaArea',
  'Volume',
  'CentroidX',
  'CentroidY',
  'CentroidZ',
];

/** One reading session: the document, the unit factors and the lookup maps every table step shares. */
class SapReader {
  readonly report = new ReportBuilder();
  readonly model: Model;
  factors!: QuantityFactors;
  units!: UnitSystem;
  private readonly consumed = new Set<string>();
  private readonly unclaimed: Array<{ table: CsiTable; row: number }> = [];
  private decimalCommaReported = false;
  /** Report items that stand for many rows: one per kind, with every id it covers. */
  private readonly grouped = new GroupedItems();

  readonly nodes = new NameIndex<Node>();
  readonly frames = new NameIndex<FrameMember>();
  readonly areas = new NameIndex<AreaMember>();
  readonly cables = new Map<string, Cable>();
  readonly solids = new Map<string, Component>();
  readonly tendons = new Map<string, Component>();
  readonly links = new Map<string, Link>();
  readonly materials = new Map<string, Material>();
  readonly frameProfiles = new Map<string, Profile>();
  readonly shellProfiles = new Map<string, Profile>();
  readonly cableProfiles = new Map<string, Profile>();
  readonly linkProperties = new Map<string, LinkProperty>();
  readonly diaphragms = new Map<string, Diaphragm>();
  readonly constraints = new Map<string, JointConstraint>();
  readonly patterns = new Map<string, LoadPattern>();
  readonly cases = new Map<string, LoadCase>();
  readonly combinations = new Map<string, LoadCombination>();
  readonly groups = new Map<string, Group>();
  private readonly loadCounters = new Map<string, number>();
  /** Counters for owners and patterns without a colon: prefix → pattern → owner → loads so far. */
  private readonly plainLoadCounters = new Map<string, Map<string, Map<string, number>>>();
  private readonly attributeKeys = new Map<string, string>();
  private readonly sharedBags = new Map<
    Attributes,
    Map<string, Map<Readonly<Record<string, AttributeValue>>, Attributes>>
  >();
  private sharedBagCount = 0;
  private readonly releasePatterns = new Map<number, Releases>();
  /** Area rows map Joint1…JointN besides the fixed fields: one set per N. */
  private readonly areaMapped = new Map<number, ReadonlySet<string>>();

  constructor(readonly doc: CsiDocument) {
    this.model = emptyModel({ tool: 'sap2000' });
  }

  // ---------------------------------------------------------------- helpers

  table(name: string): CsiTable | undefined {
    const table = this.doc.table(name);
    if (table) this.consumed.add(name);
    return table;
  }

  /** Rows we could not (or chose not to) map stay as they were, to be written back. */
  keepRaw(table: CsiTable, row: number): void {
    this.unclaimed.push({ table, row });
  }

  groupedItem(...args: Parameters<GroupedItems['add']>): void {
    this.grouped.add(...args);
  }

  fail(line: number, message: string): never {
    throw new ParseError(FORMAT_ID, line, message);
  }

  number(table: CsiTable, row: number, field: string, raw: string): number {
    const first = raw.charCodeAt(0);
    const plausible = (first >= 48 && first <= 57) || first === 45 || first === 43 || first === 46;
    if (plausible) {
      const value = Number(raw);
      if (Number.isFinite(value)) return value;
      // Some locales write a decimal comma ([P-STAAD] rewrites "," to "." before parsing).
      if (/^[+-]?\d*,\d+(?:[eE][+-]?\d+)?$/.test(raw)) {
        const comma = Number(raw.replace(',', '.'));
        if (Number.isFinite(comma)) {
          if (!this.decimalCommaReported) {
            this.decimalCommaReported = true;
            this.report.approximated(table.name, `decimal comma read as a decimal point (${field}=${raw})`, {
              line: table.rowLine(row),
            });
          }
          return comma;
        }
      }
    }
    return this.fail(table.rowLine(row), `${table.name}: ${field}=${raw} is not a finite number`);
  }

  required(table: CsiTable, row: number, field: string): string {
    const value = table.get(row, field);
    if (value === undefined || value === '') {
      return this.fail(table.rowLine(row), `${table.name}: row has no ${field}`);
    }
    return value;
  }

  /** {@link required} for a value many rows repeat (a load pattern), returned as one shared string. */
  requiredShared(table: CsiTable, row: number, field: string): string {
    const value = this.sharedGet(table, row, field);
    if (value === undefined || value === '') {
      return this.fail(table.rowLine(row), `${table.name}: row has no ${field}`);
    }
    return value;
  }

  requiredNumber(table: CsiTable, row: number, field: string): number {
    return this.number(table, row, field, this.required(table, row, field));
  }

  optionalNumber(table: CsiTable, row: number, field: string): number | undefined {
    const raw = table.get(row, field);
    return raw === undefined || raw === '' ? undefined : this.number(table, row, field, raw);
  }

  /** Fields of a mapped row the canonical model has no place for, kept under the (SAP) table they belong to. */
  keepExtras(
    owner: Owner,
    table: CsiTable,
    row: number,
    mapped: ReadonlySet<string>,
    key = table.name,
  ): void {
    const plan = table.layout(row).memo(mapped, (layout) => extrasPlan(layout, mapped));
    const positions = plan.positions;
    if (positions.length === 0) return;
    const names = plan.names;
    let extras = plan.lastExtras;
    const lastValues = plan.lastValues;
    for (let index = 0; extras !== null && index < positions.length; index++) {
      if (!table.valueEquals(row, positions[index] as number, lastValues[index] as string)) extras = null;
    }
    const reused = extras !== null;
    if (extras === null) {
      const made: Record<string, AttributeValue> = {};
      for (let index = 0; index < positions.length; index++) {
        const name = names[index] as string;
        const value = table.sharedValue(row, positions[index] as number);
        lastValues[index] = value;
        // Plain assignment is much faster than defineProperty; only `__proto__` needs the latter to stay data.
        if (name === '__proto__') setAttribute(made, name, value);
        else made[name] = value;
      }
      extras = Object.freeze(made);
      plan.lastExtras = extras;
    }
    const attributeKey = this.attributeKey(key);
    const existing = Object.hasOwn(owner.attributes, attributeKey)
      ? owner.attributes[attributeKey]
      : undefined;
    if (existing && typeof existing === 'object' && !Array.isArray(existing)) {
      let merged = existing as Record<string, AttributeValue>;
      for (const [name, value] of Object.entries(extras)) {
        if (Object.hasOwn(merged, name)) continue;
        if (Object.isFrozen(merged)) {
          merged = { ...merged };
          bagOf(owner)[attributeKey] = merged;
        }
        setAttribute(merged, name, value);
      }
    } else if (reused && existing === undefined && Object.isFrozen(owner.attributes)) {
      owner.attributes = this.sharedBagWith(owner.attributes, attributeKey, extras);
    } else {
      // `s2k:` keys are never `__proto__`, so plain assignment makes the same own data property.
      bagOf(owner)[attributeKey] = extras;
    }
  }

  /**
   * The releases whose bit `n` is set when {@link RELEASE_FIELDS}[n] says Yes: one frozen object per pattern (a
   * model uses a handful), shared by every frame released that way, as the ETABS reader does.
   */
  private releasesFor(pattern: number): Releases {
    let releases = this.releasePatterns.get(pattern);
    if (releases === undefined) {
      const released = (bit: number): boolean => (pattern & (1 << bit)) !== 0;
      releases = Object.freeze({
        type: 'Releases' as const,
        i: Object.freeze({
          p: released(0),
          v2: released(1),
          v3: released(2),
          t: released(3),
          m2: released(4),
          m3: released(5),
        }),
        j: Object.freeze({
          p: released(6),
          v2: released(7),
          v3: released(8),
          t: released(9),
          m2: released(10),
          m3: released(11),
        }),
      });
      this.releasePatterns.set(pattern, releases);
    }
    return releases;
  }

  /** The frozen bag `bag` plus `key` → `extras`, made once for every owner whose bags agree. */
  private sharedBagWith(
    bag: Attributes,
    key: string,
    extras: Readonly<Record<string, AttributeValue>>,
  ): Attributes {
    let byKey = this.sharedBags.get(bag);
    if (byKey === undefined) {
      byKey = new Map();
      this.sharedBags.set(bag, byKey);
    }
    let byExtras = byKey.get(key);
    if (byExtras === undefined) {
      byExtras = new Map();
      byKey.set(key, byExtras);
    }
    let shared = byExtras.get(extras);
    if (shared === undefined) {
      if (this.sharedBagCount >= MAX_SHARED_BAGS) return { ...bag, [key]: extras };
      shared = Object.freeze({ ...bag, [key]: extras });
      this.sharedBagCount++;
      byExtras.set(extras, shared);
    }
    return shared;
  }

  attributeKey(table: string): string {
    let key = this.attributeKeys.get(table);
    if (key === undefined) {
      key = tableKey(table);
      this.attributeKeys.set(table, key);
    }
    return key;
  }

  /** A field value that many rows repeat (a pattern name, a coordinate system), as one shared string. */
  sharedGet(table: CsiTable, row: number, field: string): string | undefined {
    const index = table.layout(row).indexOf(field);
    return index < 0 ? undefined : table.sharedValue(row, index);
  }

  source(): Source {
    return this.model.source;
  }

  nextLoadId(prefix: string, owner: string, pattern: string): string {
    if (owner.includes(':') || pattern.includes(':')) {
      const key = `${prefix}:${owner}:${pattern}`;
      const count = (this.loadCounters.get(key) ?? 0) + 1;
      this.loadCounters.set(key, count);
      return `${key}:${count}`;
    }
    // Without a colon in either part the joined key is unique to this (owner, pattern), so the counter can be
    // found without building and hashing that key for every load of a million.
    let byPattern = this.plainLoadCounters.get(prefix);
    if (byPattern === undefined) {
      byPattern = new Map();
      this.plainLoadCounters.set(prefix, byPattern);
    }
    let byOwner = byPattern.get(pattern);
    if (byOwner === undefined) {
      byOwner = new Map();
      byPattern.set(pattern, byOwner);
    }
    const count = (byOwner.get(owner) ?? 0) + 1;
    byOwner.set(owner, count);
    return `${prefix}:${owner}:${pattern}:${count}`;
  }

  node(
    table: CsiTable,
    row: number,
    field: string,
    subject: string,
    id: string,
    concept: FidelityConcept = 'element',
  ): Node | undefined {
    const index = table.layout(row).indexOf(field);
    const ordinal = index < 0 ? -1 : table.valueOrdinal(this.nodes, row, index);
    if (ordinal >= 0) return this.nodes.valueAt(ordinal);
    const name = index < 0 ? undefined : table.fieldValue(row, index);
    this.report.dropped(
      subject,
      `${field}=${name ?? '(missing)'} is not a joint of the model; row kept as is`,
      {
        id,
        line: table.rowLine(row),
        concept,
      },
    );
    return undefined;
  }

  // ---------------------------------------------------------------- tables

  readProgramControl(): void {
    const table = this.table(T.programControl);
    if (!table || table.rowCount === 0) {
      this.fail(0, 'no PROGRAM CONTROL table: the units of the file are unknown');
    }
    const row = 0;
    const programName = table.get(row, 'ProgramName') ?? 'SAP2000';
    const version = table.get(row, 'Version');
    const tool: SourceTool = /csibridge/i.test(programName)
      ? 'csibridge'
      : /safe/i.test(programName)
        ? 'safe'
        : 'sap2000';
    this.model.source = version === undefined ? { tool } : { tool, version };
    const currentUnits = table.get(row, 'CurrUnits');
    if (currentUnits === undefined) this.fail(table.rowLine(row), 'PROGRAM CONTROL has no CurrUnits');
    try {
      this.units = parseCsiUnits(currentUnits);
    } catch (error) {
      if (error instanceof UnknownUnitError) {
        this.fail(table.rowLine(row), `unknown units CurrUnits="${currentUnits}"`);
      }
      throw error;
    }
    const [force = '', length = '', temperature] = currentUnits.split(',').map((part) => part.trim());
    this.model.sourceUnits = temperature ? { force, length, temperature } : { force, length };
    this.model.units = this.units.length.toLowerCase() as Model['units'];
    this.factors = quantityFactors(this.units);
    this.keepExtras(this.model, table, row, new Set(['Version', 'CurrUnits']));
    for (let extra = 1; extra < table.rowCount; extra++) this.keepRaw(table, extra);
  }

  readGrids(): void {
    const table = this.table(T.gridLines);
    if (!table) return;
    const mapped = new Set(['CoordSys', 'AxisDir', 'GridID', 'XRYZCoord', 'Ordinate']);
    const seen = new Set<string>();
    for (let row = 0; row < table.rowCount; row++) {
      const axis = table.get(row, 'AxisDir');
      const system = table.get(row, 'CoordSys') ?? 'GLOBAL';
      const label = table.get(row, 'GridID') ?? '';
      const coordinateText = table.get(row, 'XRYZCoord') ?? table.get(row, 'Ordinate');
      if ((axis !== 'X' && axis !== 'Y') || coordinateText === undefined) {
        // Z lines are elevations and R/T lines belong to cylindrical systems: no canonical grid holds them.
        this.keepRaw(table, row);
        continue;
      }
      const coordinate = this.number(table, row, 'XRYZCoord', coordinateText);
      // Older files leave grid lines unlabelled; their coordinate is then what tells them apart.
      const id = `${system}/${axis}/${label === '' ? `@${coordinate}` : label}`;
      if (seen.has(id)) {
        this.report.dropped('GRID LINES', `grid line ${id} defined twice; the first is kept`, {
          id,
          line: table.rowLine(row),
          concept: 'grid',
        });
        this.keepRaw(table, row);
        continue;
      }
      seen.add(id);
      const grid: Grid = {
        id,
        source: this.source(),
        name: label,
        attributes: {},
        type: 'Grid',
        system,
        label,
        geometry: {
          kind: 'axis',
          direction: axis,
          coordinate: coordinate * this.factors.length,
        },
      };
      this.keepExtras(grid, table, row, mapped, T.gridLines);
      this.model.grids.push(grid);
    }
    if (table.rowCount > this.model.grids.length) {
      this.report.approximated(
        'GRID LINES',
        'Z (elevation) and cylindrical grid lines are kept as source rows only',
        { concept: 'grid' },
      );
    }
  }

  readMaterials(): void {
    const general = this.table(T.materials);
    if (!general) return;
    const mapped = new Set(['Material', 'Type', 'Grade']);
    for (let row = 0; row < general.rowCount; row++) {
      const name = this.required(general, row, 'Material');
      if (this.materials.has(name)) {
        this.duplicate(general, row, 'Material', name);
        continue;
      }
      const type = general.get(row, 'Type') ?? 'Other';
      const kind = MATERIAL_TYPES.find(([sap]) => sap.toLowerCase() === type.toLowerCase())?.[1] ?? 'other';
      const material: Material = {
        id: name,
        source: this.source(),
        name,
        attributes: {},
        type: 'Material',
        kind,
      };
      const grade = general.get(row, 'Grade');
      if (grade !== undefined) material.grade = grade;
      // An unusual Type (NoDesign…) is kept word for word; the usual ones follow from `kind`.
      const typeIsKind = MATERIAL_TYPES.some(([sap, k]) => sap === type && k === kind);
      this.keepExtras(material, general, row, typeIsKind ? mapped : new Set(['Material', 'Grade']));
      this.materials.set(name, material);
      this.model.materials.push(material);
    }
    const f = this.factors;
    this.forEachOwnedRow(T.materialMechanical, 'Material', this.materials, (material, table, row) => {
      const set = (field: string, key: keyof Material, factor: number): void => {
        const value = this.optionalNumber(table, row, field);
        if (value !== undefined) (material as Record<string, unknown>)[key] = value * factor;
      };
      set('E1', 'elasticModulus', f.pressure);
      set('G12', 'shearModulus', f.pressure);
      set('U12', 'poissonRatio', 1);
      set('A1', 'thermalCoefficient', f.thermalCoefficient);
      set('UnitWeight', 'unitWeight', f.unitWeight);
      set('UnitMass', 'massDensity', f.massDensity);
      this.keepExtras(
        material,
        table,
        row,
        new Set(['Material', 'E1', 'G12', 'U12', 'A1', 'UnitWeight', 'UnitMass']),
      );
    });
    this.forEachOwnedRow(T.materialSteel, 'Material', this.materials, (material, table, row) => {
      const fy = this.optionalNumber(table, row, 'Fy');
      const fu = this.optionalNumber(table, row, 'Fu');
      if (fy !== undefined) material.fy = fy * f.pressure;
      if (fu !== undefined) material.fu = fu * f.pressure;
      this.keepExtras(material, table, row, new Set(['Material', 'Fy', 'Fu']));
    });
    this.forEachOwnedRow(T.materialConcrete, 'Material', this.materials, (material, table, row) => {
      const fc = this.optionalNumber(table, row, 'Fc');
      if (fc !== undefined) material.fc = fc * f.pressure;
      this.keepExtras(material, table, row, new Set(['Material', 'Fc']));
    });
  }

  /**
   * One row of FRAME or AREA SECTION ASSIGNMENTS: the section and material references, then whatever the row
   * holds beyond them. `mapped[variant]` names the fields consumed, by which of the two references resolved.
   */
  assignSectionAndMaterial(
    member: Owner & { id: string; profileId?: string; materialId?: string },
    assignments: CsiTable,
    row: number,
    how: {
      table: string;
      sectionField: string;
      profiles: ReadonlyMap<string, Profile>;
      kind: 'frame' | 'area';
      mapped: readonly ReadonlySet<string>[];
    },
  ): void {
    let variant = 0;
    const section = this.sharedGet(assignments, row, how.sectionField);
    const profile = section === undefined ? undefined : how.profiles.get(section);
    if (profile) {
      member.profileId = profile.id;
      variant |= 1;
    } else if (section !== undefined && section !== 'None') {
      this.report.warning(how.table, `${how.sectionField}=${section} is not a defined ${how.kind} section`, {
        id: member.id,
        line: assignments.rowLine(row),
        concept: 'section',
      });
    }
    const materialId = this.materialRef(assignments, row, 'MatProp', member.id);
    if (materialId !== undefined) {
      member.materialId = materialId;
      variant |= 2;
    } else if (assignments.get(row, 'MatProp') === 'Default') {
      variant |= 2;
    }
    this.keepExtras(member, assignments, row, how.mapped[variant] as ReadonlySet<string>);
  }

  /** Runs `apply` on the first row of each owner in a one-row-per-owner table; other rows stay raw. */
  forEachOwnedRow<O extends Owner>(
    tableName: string,
    keyField: string,
    owners: ReadonlyMap<string, O> | NameIndex<O>,
    apply: (owner: O, table: CsiTable, row: number) => void,
  ): void {
    const table = this.table(tableName);
    if (!table) return;
    if (owners instanceof NameIndex) {
      this.forEachIndexedRow(table, keyField, owners, apply);
      return;
    }
    const done = new Set<string>();
    const key = table.column(keyField);
    for (let row = 0; row < table.rowCount; row++) {
      const name = key.get(row);
      const owner = name === undefined ? undefined : owners.get(name);
      if (!owner || done.has(name as string)) {
        if (!owner) {
          this.report.warning(
            tableName,
            `${keyField}=${name ?? '(missing)'} refers to nothing; row kept as is`,
            {
              line: table.rowLine(row),
              ...this.aboutRow(tableName, name),
            },
          );
        }
        this.keepRaw(table, row);
        continue;
      }
      done.add(name as string);
      apply(owner, table, row);
    }
  }

  /** {@link forEachOwnedRow} over a name index: the same rows go to the same owners, found without a string each. */
  private forEachIndexedRow<O extends Owner>(
    table: CsiTable,
    keyField: string,
    owners: NameIndex<O>,
    apply: (owner: O, table: CsiTable, row: number) => void,
  ): void {
    const done = new Uint8Array(owners.size);
    const key = table.column(keyField);
    // Files list assignments in the order the objects were defined, so the owner after the last one is tried first.
    let expected = 0;
    for (let row = 0; row < table.rowCount; row++) {
      const index = key.indexIn(row);
      let ordinal = -1;
      if (index >= 0) {
        ordinal =
          expected < owners.size && table.valueEquals(row, index, owners.nameAt(expected))
            ? expected
            : table.valueOrdinal(owners, row, index);
      }
      if (ordinal < 0 || done[ordinal] === 1) {
        if (ordinal < 0) {
          const name = index < 0 ? undefined : table.fieldValue(row, index);
          this.report.warning(
            table.name,
            `${keyField}=${name ?? '(missing)'} refers to nothing; row kept as is`,
            {
              line: table.rowLine(row),
              ...this.aboutRow(table.name, name),
            },
          );
        }
        this.keepRaw(table, row);
        continue;
      }
      done[ordinal] = 1;
      expected = ordinal + 1;
      apply(owners.valueAt(ordinal), table, row);
    }
  }

  /** The concept and source name a report item on a row of `tableName` is about. */
  aboutRow(tableName: string, name: string | undefined): { concept?: FidelityConcept; id?: string } {
    const concept = Object.hasOwn(CONCEPT_BY_TABLE, tableName) ? CONCEPT_BY_TABLE[tableName] : undefined;
    return { ...(concept === undefined ? {} : { concept }), ...(name === undefined ? {} : { id: name }) };
  }

  /**
   * A section's whole source row (few per model), so the writer gives back the fields it did not change as they
   * were written: their order and text (2.6E-06 stays 2.6E-06), not our formatting of the value.
   */
  keepSourceRow(profile: Profile, table: CsiTable, row: number): void {
    setAttribute(bagOf(profile), SOURCE_ROW_KEY, { table: table.name, cells: table.cells(row) });
  }

  duplicate(table: CsiTable, row: number, field: string, name: string): void {
    this.report.dropped(table.name, `${field}=${name} is defined twice; the first definition is kept`, {
      line: table.rowLine(row),
      ...this.aboutRow(table.name, name),
      id: name,
    });
    this.keepRaw(table, row);
  }

  materialRef(table: CsiTable, row: number, field: string, owner: string): string | undefined {
    const name = this.sharedGet(table, row, field);
    if (name === undefined || name === 'Default' || name === 'None') return undefined;
    if (this.materials.has(name)) return name;
    this.report.warning(table.name, `${field}=${name} is not a defined material`, {
      id: owner,
      line: table.rowLine(row),
      concept: 'material',
    });
    return undefined;
  }

  readFrameSections(): void {
    const f = this.factors;
    const table = this.table(T.frameSections);
    if (table) {
      for (let row = 0; row < table.rowCount; row++) {
        const name = this.required(table, row, 'SectionName');
        if (this.frameProfiles.has(name)) {
          this.duplicate(table, row, 'SectionName', name);
          continue;
        }
        const mapped = new Set(['SectionName', 'Area', 'I33', 'I22', 'TorsConst', 'AS2', 'AS3']);
        const shapeName = table.get(row, 'Shape') ?? '';
        const dim = (field: string): number | undefined => {
          const value = this.optionalNumber(table, row, field);
          return value === undefined ? undefined : value * f.length;
        };
        let section: SectionShape = { shape: 'general' };
        const t3 = dim('t3');
        const t2 = dim('t2');
        const tf = dim('tf');
        const tw = dim('tw');
        if (shapeName === 'Rectangular' && t3 !== undefined && t2 !== undefined) {
          section = { shape: 'rectangle', depth: t3, width: t2 };
          mapped.add('Shape').add('t3').add('t2');
        } else if (shapeName === 'Circle' && t3 !== undefined) {
          section = { shape: 'circle', diameter: t3 };
          mapped.add('Shape').add('t3');
        } else if (shapeName === 'Pipe' && t3 !== undefined && tw !== undefined) {
          section = { shape: 'pipe', diameter: t3, wallThickness: tw };
          mapped.add('Shape').add('t3').add('tw');
        } else if (
          shapeName === 'Box/Tube' &&
          t3 !== undefined &&
          t2 !== undefined &&
          tf !== undefined &&
          tw !== undefined
        ) {
          section = { shape: 'tube', depth: t3, width: t2, flangeThickness: tf, webThickness: tw };
          mapped.add('Shape').add('t3').add('t2').add('tf').add('tw');
        } else if (
          shapeName === 'I/Wide Flange' &&
          t3 !== undefined &&
          t2 !== undefined &&
          tf !== undefined &&
          tw !== undefined
        ) {
          section = { shape: 'i', depth: t3, flangeWidth: t2, flangeThickness: tf, webThickness: tw };
          const t2b = dim('t2b');
          const tfb = dim('tfb');
          if (t2b !== undefined) section.bottomFlangeWidth = t2b;
          if (tfb !== undefined) section.bottomFlangeThickness = tfb;
          mapped.add('Shape').add('t3').add('t2').add('tf').add('tw').add('t2b').add('tfb');
        }
        const fromFile = table.get(row, 'FromFile');
        const designation = table.get(row, 'SectInFile');
        if (section.shape === 'general' && fromFile === 'Yes' && designation) {
          section = { shape: 'library', designation };
          const library = table.get(row, 'FileName');
          if (library) section.library = library;
          mapped.add('SectInFile').add('FileName');
        }
        const profile: Profile = {
          id: name,
          source: this.source(),
          name,
          attributes: {},
          type: 'Profile',
          kind: 'frame',
          section,
        };
        const materialId = this.materialRef(table, row, 'Material', name);
        if (materialId !== undefined) {
          profile.materialId = materialId;
          mapped.add('Material');
        }
        const properties: NonNullable<Extract<Profile, { kind: 'frame' }>['properties']> = {};
        const property = (field: string, key: keyof typeof properties, factor: number): void => {
          const value = this.optionalNumber(table, row, field);
          if (value !== undefined) properties[key] = value * factor;
        };
        property('Area', 'area', f.area);
        property('I33', 'i33', f.inertia);
        property('I22', 'i22', f.inertia);
        property('TorsConst', 'j', f.inertia);
        property('AS2', 'as2', f.area);
        property('AS3', 'as3', f.area);
        if (Object.keys(properties).length > 0) profile.properties = properties;
        const modifiers = rowModifiers(this, table, row, SECTION_FRAME_MODIFIERS);
        if (modifiers) profile.modifiers = modifiers;
        for (const field of modifierFieldNames(SECTION_FRAME_MODIFIERS)) mapped.add(field);
        this.keepExtras(profile, table, row, mapped);
        this.keepSourceRow(profile, table, row);
        this.frameProfiles.set(name, profile);
        this.model.profiles.push(profile);
      }
    }

    const cables = this.table(T.cableSections);
    if (cables) {
      for (let row = 0; row < cables.rowCount; row++) {
        const name = this.required(cables, row, 'CableSect');
        if (this.cableProfiles.has(name)) {
          this.duplicate(cables, row, 'CableSect', name);
          continue;
        }
        const mapped = new Set(['CableSect', 'Diameter', 'Area']);
        const diameter = this.optionalNumber(cables, row, 'Diameter');
        const area = this.optionalNumber(cables, row, 'Area');
        const profile: Profile = {
          id: this.frameProfiles.has(name) ? `${ID_PREFIX.cable}${name}` : name,
          source: this.source(),
          name,
          attributes: {},
          type: 'Profile',
          kind: 'frame',
          section:
            diameter === undefined
              ? { shape: 'general' }
              : { shape: 'circle', diameter: diameter * f.length },
        };
        if (area !== undefined) profile.properties = { area: area * f.area };
        const materialId = this.materialRef(cables, row, 'Material', name);
        if (materialId !== undefined) {
          profile.materialId = materialId;
          mapped.add('Material');
        }
        setAttribute(profile.attributes, CABLE_SECTION_FLAG, true);
        this.keepExtras(profile, cables, row, mapped);
        this.keepSourceRow(profile, cables, row);
        this.cableProfiles.set(name, profile);
        this.model.profiles.push(profile);
      }
    }

    const shells = this.table(T.areaSections);
    if (shells) {
      for (let row = 0; row < shells.rowCount; row++) {
        const name = this.required(shells, row, 'Section');
        if (this.shellProfiles.has(name)) {
          this.duplicate(shells, row, 'Section', name);
          continue;
        }
        const mapped = new Set(['Section', 'Thickness', 'Type']);
        const thickness = this.optionalNumber(shells, row, 'Thickness');
        const behaviour = shells.get(row, 'Type');
        const taken = this.frameProfiles.has(name) || this.cableProfiles.has(name);
        const profile: Profile = {
          id: taken ? `${ID_PREFIX.area}${name}` : name,
          source: this.source(),
          name,
          attributes: {},
          type: 'Profile',
          kind: 'shell',
          use: 'other',
        };
        if (behaviour !== undefined) profile.behaviour = behaviour;
        if (thickness !== undefined) profile.thickness = thickness * f.length;
        const useWord = shells.get(row, SHELL_USE_FIELD);
        const use = SHELL_USE_WORDS.find(([word]) => word === useWord)?.[1];
        if (use !== undefined) {
          profile.use = use;
          mapped.add(SHELL_USE_FIELD);
        }
        const materialId = this.materialRef(shells, row, 'Material', name);
        if (materialId !== undefined) {
          profile.materialId = materialId;
          mapped.add('Material');
        }
        const modifiers = rowModifiers(this, shells, row, SECTION_AREA_MODIFIERS);
        if (modifiers && profile.kind === 'shell') profile.modifiers = modifiers;
        for (const field of modifierFieldNames(SECTION_AREA_MODIFIERS)) mapped.add(field);
        this.keepExtras(profile, shells, row, mapped);
        this.keepSourceRow(profile, shells, row);
        this.shellProfiles.set(name, profile);
        this.model.profiles.push(profile);
      }
    }
  }

  readJoints(): void {
    const f = this.factors;
    const sap = this.table(T.joints);
    if (sap) {
      const jointColumn = sap.column('Joint');
      const xColumn = sap.column('XorR');
      const yColumn = sap.column('Y');
      const zColumn = sap.column('Z');
      const systemColumn = sap.column('CoordSys');
      const typeColumn = sap.column('CoordType');
      const mapped = MAPPED.joint;
      const converted: string[] = [];
      for (let row = 0; row < sap.rowCount; row++) {
        const name = jointColumn.get(row);
        if (name === undefined || name === '')
          this.fail(sap.rowLine(row), 'JOINT COORDINATES row has no Joint');
        if (this.nodes.has(name)) {
          this.duplicate(sap, row, 'Joint', name);
          continue;
        }
        const system = systemColumn.get(row) ?? 'GLOBAL';
        const coordType = typeColumn.get(row) ?? 'Cartesian';
        let x: number;
        let y: number;
        let z: number;
        if (system === 'GLOBAL' && coordType === 'Cartesian') {
          x = this.number(sap, row, 'XorR', xColumn.get(row) ?? this.required(sap, row, 'XorR'));
          y = this.number(sap, row, 'Y', yColumn.get(row) ?? this.required(sap, row, 'Y'));
          z = this.number(sap, row, 'Z', zColumn.get(row) ?? this.required(sap, row, 'Z'));
        } else if (sap.get(row, 'GlobalX') !== undefined) {
          // 25.3.1 writes the global position beside the local one; it is exact.
          x = this.requiredNumber(sap, row, 'GlobalX');
          y = this.requiredNumber(sap, row, 'GlobalY');
          z = this.requiredNumber(sap, row, 'GlobalZ');
          converted.push(name);
        } else if (system === 'GLOBAL' && (coordType === 'Cylindrical' || coordType === 'Spherical')) {
          const r = this.requiredNumber(sap, row, 'XorR');
          const second = this.requiredNumber(sap, row, coordType === 'Cylindrical' ? 'Y' : 'Y');
          const third = this.requiredNumber(sap, row, 'Z');
          const radians = Math.PI / 180;
          if (coordType === 'Cylindrical') {
            x = r * Math.cos(second * radians);
            y = r * Math.sin(second * radians);
            z = third;
          } else {
            // Spherical: B (from +Z) in Y, A (in plan) in Z, as CSI orders them.
            x = r * Math.sin(second * radians) * Math.cos(third * radians);
            y = r * Math.sin(second * radians) * Math.sin(third * radians);
            z = r * Math.cos(second * radians);
          }
          converted.push(name);
        } else {
          this.report.dropped(
            'JOINT COORDINATES',
            `joint in coordinate system ${system} without GlobalX/Y/Z`,
            {
              id: name,
              line: sap.rowLine(row),
              concept: 'node',
            },
          );
          this.keepRaw(sap, row);
          continue;
        }
        const node: Node = {
          id: name,
          source: this.source(),
          name,
          attributes: NO_ATTRIBUTES,
          type: 'Node',
          x: x * f.length,
          y: y * f.length,
          z: z * f.length,
        };
        this.keepExtras(node, sap, row, mapped);
        this.nodes.set(name, node);
        this.model.nodes.push(node);
      }
      if (converted.length > 0) {
        this.report.approximated(
          'JOINT COORDINATES',
          `${converted.length} joints given in another coordinate system are written back in GLOBAL Cartesian`,
          { concept: 'node', ids: converted },
        );
      }
    }
    const safe = this.table(SAFE.points);
    if (safe) {
      const mapped = MAPPED.safePoint;
      for (let row = 0; row < safe.rowCount; row++) {
        const name = this.required(safe, row, 'Point');
        if (this.nodes.has(name)) {
          this.duplicate(safe, row, 'Point', name);
          continue;
        }
        const node: Node = {
          id: name,
          source: this.source(),
          name,
          attributes: NO_ATTRIBUTES,
          type: 'Node',
          x: this.requiredNumber(safe, row, 'GlobalX') * f.length,
          y: this.requiredNumber(safe, row, 'GlobalY') * f.length,
          z: (this.optionalNumber(safe, row, 'GlobalZ') ?? 0) * f.length,
        };
        this.keepExtras(node, safe, row, mapped, T.joints);
        this.nodes.set(name, node);
        this.model.nodes.push(node);
      }
    }
  }

  readJointAssignments(): void {
    this.forEachOwnedRow(T.restraints, 'Joint', this.nodes, (node, table, row) => {
      const fixed = (field: string): boolean => table.get(row, field) === 'Yes';
      const restraint: Restraint = {
        type: 'Restraint',
        ux: fixed('U1'),
        uy: fixed('U2'),
        uz: fixed('U3'),
        rx: fixed('R1'),
        ry: fixed('R2'),
        rz: fixed('R3'),
      };
      node.restraint = restraint;
      this.keepExtras(node, table, row, MAPPED.restraint);
    });

    const f = this.factors;
    this.forEachOwnedRow(T.springs, 'Joint', this.nodes, (node, table, row) => {
      const value = (field: string, factor: number): number =>
        (this.optionalNumber(table, row, field) ?? 0) * factor;
      const spring: SpringProperty = {
        id: jointSpringId(node.id),
        source: this.source(),
        name: node.name,
        attributes: {},
        type: 'SpringProperty',
        ux: value('U1', f.translationalStiffness),
        uy: value('U2', f.translationalStiffness),
        uz: value('U3', f.translationalStiffness),
        rx: value('R1', f.rotationalStiffness),
        ry: value('R2', f.rotationalStiffness),
        rz: value('R3', f.rotationalStiffness),
      };
      const system = table.get(row, 'CoordSys');
      if (system !== undefined && system !== 'GLOBAL') {
        this.report.approximated(T.springs, `spring given in ${system} axes is read as global`, {
          id: spring.id,
          line: table.rowLine(row),
          concept: 'spring',
        });
      }
      this.keepExtras(spring, table, row, MAPPED.spring);
      node.springPropertyId = spring.id;
      this.model.springProperties.push(spring);
    });

    const definitions = this.table(T.diaphragms);
    if (definitions) {
      for (let row = 0; row < definitions.rowCount; row++) {
        const name = this.required(definitions, row, 'Name');
        if (this.diaphragms.has(name)) {
          this.duplicate(definitions, row, 'Name', name);
          continue;
        }
        const diaphragm: Diaphragm = {
          id: name,
          source: this.source(),
          name,
          attributes: {},
          type: 'Diaphragm',
          rigidity: 'rigid',
        };
        this.keepExtras(diaphragm, definitions, row, new Set(['Name']));
        this.diaphragms.set(name, diaphragm);
        this.model.diaphragms.push(diaphragm);
      }
    }
    // Body, equal, weld… constraints: their settings (DOFs, axes, tolerance) stay in attributes as read.
    const constraintList: JointConstraint[] = [];
    for (const [kind, tableName] of CONSTRAINT_TABLES) {
      const table = this.table(tableName);
      if (!table) continue;
      for (let row = 0; row < table.rowCount; row++) {
        const name = this.required(table, row, 'Name');
        if (this.diaphragms.has(name) || this.constraints.has(name)) {
          this.duplicate(table, row, 'Name', name);
          continue;
        }
        const constraint: JointConstraint = {
          id: name,
          source: this.source(),
          name,
          attributes: {},
          type: 'Constraint',
          kind,
          nodeIds: [],
        };
        const tolerance = kind === 'weld' ? this.optionalNumber(table, row, 'Tolerance') : undefined;
        if (tolerance !== undefined) constraint.tolerance = tolerance * this.factors.length;
        this.keepExtras(constraint, table, row, kind === 'weld' ? MAPPED.weld : MAPPED.constraintDefinition);
        this.constraints.set(name, constraint);
        constraintList.push(constraint);
      }
    }
    const constraints = this.table(T.jointConstraints);
    if (constraints) {
      const jointColumn = constraints.column('Joint');
      const constraintColumn = constraints.column('Constraint');
      for (let row = 0; row < constraints.rowCount; row++) {
        const node = this.nodes.get(jointColumn.get(row) ?? '');
        const constraint = constraintColumn.get(row) ?? '';
        const tied = this.constraints.get(constraint);
        if (node && this.diaphragms.has(constraint) && node.diaphragmId === undefined) {
          node.diaphragmId = constraint;
          this.keepExtras(node, constraints, row, MAPPED.constraint);
        } else if (
          node &&
          tied &&
          !tied.nodeIds.includes(node.id) &&
          onlyFields(constraints, row, MAPPED.constraintAssignment)
        ) {
          // `Type` repeats the definition's kind; any other column keeps the row raw below.
          tied.nodeIds.push(node.id);
        } else {
          this.keepRaw(constraints, row);
        }
      }
    }
    if (constraintList.length > 0) this.model.constraints = constraintList;
  }

  readFrames(): void {
    const table = this.table(T.frames);
    if (!table) return;
    const frameColumn = table.column('Frame');
    const mapped = MAPPED.frame;
    for (let row = 0; row < table.rowCount; row++) {
      const name = frameColumn.get(row);
      if (name === undefined || name === '')
        this.fail(table.rowLine(row), 'CONNECTIVITY - FRAME row has no Frame');
      if (this.frames.has(name)) {
        this.duplicate(table, row, 'Frame', name);
        continue;
      }
      const start = this.node(table, row, 'JointI', 'Frame', name);
      const end = start && this.node(table, row, 'JointJ', 'Frame', name);
      if (!start || !end) {
        this.keepRaw(table, row);
        continue;
      }
      const frame: FrameMember = {
        id: name,
        source: this.source(),
        name,
        attributes: NO_ATTRIBUTES,
        type: inferFrameType(start, end),
        startNodeId: start.id,
        endNodeId: end.id,
      };
      this.keepExtras(frame, table, row, mapped);
      this.frames.set(name, frame);
      this.model.elements.push(frame);
    }
    if (this.frames.size > 0) {
      this.report.approximated(
        'Frame',
        'SAP2000 does not say which frames are beams, columns or braces: vertical frames are read as columns, horizontal ones as beams, others as braces',
      );
    }

    const f = this.factors;
    this.forEachOwnedRow(T.frameSectionAssignments, 'Frame', this.frames, (frame, assignments, row) =>
      this.assignSectionAndMaterial(frame, assignments, row, {
        table: T.frameSectionAssignments,
        sectionField: 'AnalSect',
        profiles: this.frameProfiles,
        kind: 'frame',
        mapped: MAPPED.frameAssignment,
      }),
    );
    this.forEachOwnedRow(T.frameReleases, 'Frame', this.frames, (frame, releases, row) => {
      const positions = releases.layout(row).memo(RELEASE_FIELDS, releasePositions);
      let pattern = 0;
      for (let bit = 0; bit < positions.length; bit++) {
        const position = positions[bit] as number;
        if (position >= 0 && releases.valueEquals(row, position, 'Yes')) pattern |= 1 << bit;
      }
      frame.releases = this.releasesFor(pattern);
      this.keepExtras(frame, releases, row, MAPPED.frameRelease);
    });
    this.forEachOwnedRow(T.frameLocalAxes, 'Frame', this.frames, (frame, axes, row) => {
      const angle = this.optionalNumber(axes, row, 'Angle');
      if (angle !== undefined) frame.orientationAngle = angle;
      this.keepExtras(frame, axes, row, MAPPED.frameAxes);
    });
    this.forEachOwnedRow(T.frameInsertion, 'Frame', this.frames, (frame, insertion, row) => {
      let variant = 0;
      const cardinal = insertion.get(row, 'CardinalPt');
      const point = cardinal === undefined ? NaN : Number.parseInt(cardinal, 10);
      if (Number.isInteger(point) && point >= 1 && point <= 11) {
        frame.cardinalPoint = point;
        variant |= 1;
      }
      const system = insertion.get(row, 'CoordSys');
      if (insertion.get(row, 'XI') !== undefined && (system === undefined || system === 'GLOBAL')) {
        const offset = (field: string): number =>
          (this.optionalNumber(insertion, row, field) ?? 0) * f.length;
        frame.insertionOffsets = {
          i: { x: offset('XI'), y: offset('YI'), z: offset('ZI') },
          j: { x: offset('XJ'), y: offset('YJ'), z: offset('ZJ') },
        };
        variant |= 2;
      }
      this.keepExtras(frame, insertion, row, MAPPED.frameInsertion[variant] as ReadonlySet<string>);
    });
    this.forEachOwnedRow(T.frameOffsets, 'Frame', this.frames, (frame, offsets, row) => {
      const lengthI = this.optionalNumber(offsets, row, 'LengthI');
      const lengthJ = this.optionalNumber(offsets, row, 'LengthJ');
      const rigid = this.optionalNumber(offsets, row, 'RigidFactor');
      if (lengthI !== undefined || lengthJ !== undefined) {
        frame.endOffsets = { i: (lengthI ?? 0) * f.length, j: (lengthJ ?? 0) * f.length };
      }
      if (rigid !== undefined) frame.rigidZoneFactor = rigid;
      this.keepExtras(frame, offsets, row, MAPPED.frameOffsets);
    });
    this.forEachOwnedRow(T.frameAutoMesh, 'Frame', this.frames, (frame, mesh, row) => {
      const flag = (field: string): boolean | undefined => {
        const value = mesh.get(row, field);
        return value === 'Yes' ? true : value === 'No' ? false : undefined;
      };
      const enabled = flag('AutoMesh');
      const fields = [flag('AtJoints'), flag('AtFrames')] as const;
      const numbers = ['NumSegments', 'MaxLength', 'MaxDegrees'].map((field) =>
        this.optionalNumber(mesh, row, field),
      );
      const [segments, maxLength, maxDegrees] = numbers;
      // Only a row whose every field reads is mapped; anything odd stays a source row for SAP2000.
      const complete =
        enabled !== undefined &&
        fields.every(
          (value, k) => value !== undefined || mesh.get(row, k === 0 ? 'AtJoints' : 'AtFrames') === undefined,
        ) &&
        (segments === undefined || Number.isInteger(segments)) &&
        numbers.every(
          (value, k) =>
            value !== undefined ||
            mesh.get(row, ['NumSegments', 'MaxLength', 'MaxDegrees'][k] as string) === undefined,
        ) &&
        numbers.every((value) => value === undefined || value >= 0);
      if (!complete) {
        this.keepExtras(frame, mesh, row, new Set(['Frame']));
        return;
      }
      const autoMesh: FrameAutoMesh = { enabled };
      if (fields[0] !== undefined) autoMesh.atJoints = fields[0];
      if (fields[1] !== undefined) autoMesh.atIntersections = fields[1];
      if (segments !== undefined) autoMesh.numSegments = segments;
      if (maxLength !== undefined) autoMesh.maxLength = maxLength * f.length;
      if (maxDegrees !== undefined) autoMesh.maxDegrees = maxDegrees;
      frame.autoMesh = autoMesh;
      this.keepExtras(frame, mesh, row, MAPPED.frameAutoMesh);
    });
    const frameModifierFields = new Set(['Frame', ...modifierFieldNames(MEMBER_FRAME_MODIFIERS)]);
    this.forEachOwnedRow(ANALYSIS_TABLES.frameModifiers, 'Frame', this.frames, (frame, table, row) => {
      const modifiers = rowModifiers(this, table, row, MEMBER_FRAME_MODIFIERS);
      if (modifiers) frame.modifiers = modifiers;
      this.keepExtras(frame, table, row, frameModifierFields);
    });
  }

  readAreas(): void {
    const table = this.table(T.areas);
    if (table) {
      for (let row = 0; row < table.rowCount; row++) {
        const name = this.required(table, row, 'Area');
        const id = `${ID_PREFIX.area}${name}`;
        if (this.areas.has(name)) {
          this.duplicate(table, row, 'Area', name);
          continue;
        }
        const declared = this.optionalNumber(table, row, 'NumJoints');
        const jointPositions = table.layout(row).memo(AREA_JOINTS, areaJointPositions);
        const nodeIds: string[] = [];
        let dangling = false;
        for (let index = 1; index <= jointPositions.length; index++) {
          const position = jointPositions[index - 1] as number;
          const ordinal = table.valueOrdinal(this.nodes, row, position);
          const node = ordinal < 0 ? undefined : this.nodes.valueAt(ordinal);
          if (!node) {
            const joint = table.fieldValue(row, position);
            this.report.dropped(
              'Area',
              `Joint${index}=${joint} is not a joint of the model; row kept as is`,
              {
                id,
                line: table.rowLine(row),
                concept: 'element',
              },
            );
            dangling = true;
            break;
          }
          nodeIds.push(node.id);
        }
        if (dangling || nodeIds.length < 3) {
          if (!dangling) {
            this.report.dropped('Area', `an area needs at least 3 joints, this one has ${nodeIds.length}`, {
              id,
              line: table.rowLine(row),
              concept: 'element',
            });
          }
          this.keepRaw(table, row);
          continue;
        }
        if (declared !== undefined && declared !== nodeIds.length) {
          this.report.warning('Area', `NumJoints=${declared} but ${nodeIds.length} joints are listed`, {
            id,
            line: table.rowLine(row),
            concept: 'element',
          });
        }
        const area: AreaMember = {
          id,
          source: this.source(),
          name,
          attributes: NO_ATTRIBUTES,
          type: 'Area',
          nodeIds,
        };
        this.keepExtras(area, table, row, this.areaMappedFields(nodeIds.length));
        this.areas.set(name, area);
        this.model.elements.push(area);
      }
    }
    this.forEachOwnedRow(T.areaSectionAssignments, 'Area', this.areas, (area, assignments, row) =>
      this.assignSectionAndMaterial(area, assignments, row, {
        table: T.areaSectionAssignments,
        sectionField: 'Section',
        profiles: this.shellProfiles,
        kind: 'area',
        mapped: MAPPED.areaAssignment,
      }),
    );
    const areaModifierFields = new Set(['Area', ...modifierFieldNames(MEMBER_AREA_MODIFIERS)]);
    this.forEachOwnedRow(ANALYSIS_TABLES.areaModifiers, 'Area', this.areas, (area, table, row) => {
      const modifiers = rowModifiers(this, table, row, MEMBER_AREA_MODIFIERS);
      if (modifiers) area.modifiers = modifiers;
      this.keepExtras(area, table, row, areaModifierFields);
    });
  }

  areaMappedFields(joints: number): ReadonlySet<string> {
    let mapped = this.areaMapped.get(joints);
    if (mapped === undefined) {
      mapped = new Set([...AREA_MAPPED_BASE, ...Array.from({ length: joints }, (_, i) => `Joint${i + 1}`)]);
      this.areaMapped.set(joints, mapped);
    }
    return mapped;
  }

  readTwoJointObjects(): void {
    const cables = this.table(T.cables);
    if (cables) {
      for (let row = 0; row < cables.rowCount; row++) {
        const name = this.required(cables, row, 'Cable');
        if (this.cables.has(name)) {
          this.duplicate(cables, row, 'Cable', name);
          continue;
        }
        const id = `${ID_PREFIX.cable}${name}`;
        const start = this.node(cables, row, 'JointI', 'Cable', name);
        const end = start && this.node(cables, row, 'JointJ', 'Cable', name);
        if (!start || !end) {
          this.keepRaw(cables, row);
          continue;
        }
        const cable: Cable = {
          id,
          source: this.source(),
          name,
          attributes: {},
          type: 'Cable',
          startNodeId: start.id,
          endNodeId: end.id,
        };
        this.keepExtras(
          cable,
          cables,
          row,
          new Set(['Cable', 'JointI', 'JointJ', 'Length', 'CentroidX', 'CentroidY', 'CentroidZ']),
        );
        this.cables.set(name, cable);
        this.model.elements.push(cable);
      }
    }
    this.forEachOwnedRow(T.cableSectionAssignments, 'Cable', this.cables, (cable, assignments, row) => {
      const mapped = new Set(['Cable']);
      const section = assignments.get(row, 'CableSect');
      const profile = section === undefined ? undefined : this.cableProfiles.get(section);
      if (profile) {
        cable.profileId = profile.id;
        mapped.add('CableSect');
      }
      const materialId = this.materialRef(assignments, row, 'MatProp', cable.id);
      if (materialId !== undefined) {
        cable.materialId = materialId;
        mapped.add('MatProp');
      } else if (assignments.get(row, 'MatProp') === 'Default') {
        mapped.add('MatProp');
      }
      this.keepExtras(cable, assignments, row, mapped);
    });

    this.readComponents(T.solids, 'Solid', 'solid', ID_PREFIX.solid, this.solids, 8);
    this.readComponents(T.tendons, 'Tendon', 'tendon', ID_PREFIX.tendon, this.tendons, 2);

    const properties = this.table(T.linkProperties);
    if (properties) {
      for (let row = 0; row < properties.rowCount; row++) {
        const name = this.required(properties, row, 'Link');
        if (this.linkProperties.has(name)) {
          this.duplicate(properties, row, 'Link', name);
          continue;
        }
        const property: LinkProperty = {
          id: name,
          source: this.source(),
          name,
          attributes: {},
          type: 'LinkProperty',
          linkType: properties.get(row, 'LinkType') ?? 'Linear',
          stiffness: {},
        };
        this.keepExtras(property, properties, row, new Set(['Link', 'LinkType']));
        this.linkProperties.set(name, property);
        this.model.linkProperties.push(property);
      }
    }
    const linear = this.table(T.linkLinear);
    if (linear) {
      const f = this.factors;
      const dofKeys = { U1: 'u1', U2: 'u2', U3: 'u3', R1: 'r1', R2: 'r2', R3: 'r3' } as const;
      for (let row = 0; row < linear.rowCount; row++) {
        const property = this.linkProperties.get(linear.get(row, 'Link') ?? '');
        const dof = linear.get(row, 'DOF') as keyof typeof dofKeys | undefined;
        const key = dof !== undefined && Object.hasOwn(dofKeys, dof) ? dofKeys[dof] : undefined;
        if (property && key && !(key in property.stiffness)) {
          const rotational = key.startsWith('r');
          const value = this.optionalNumber(linear, row, rotational ? 'RotKE' : 'TransKE');
          if (value !== undefined) {
            property.stiffness[key] = value * (rotational ? f.rotationalStiffness : f.translationalStiffness);
            // The whole row is kept too (Fixed, damping, DJ): the writer refreshes only the stiffness in it.
            this.keepRaw(linear, row);
            continue;
          }
        }
        this.keepRaw(linear, row);
      }
    }
    const links = this.table(T.links);
    if (links) {
      for (let row = 0; row < links.rowCount; row++) {
        const name = this.required(links, row, 'Link');
        if (this.links.has(name)) {
          this.duplicate(links, row, 'Link', name);
          continue;
        }
        const start = this.node(links, row, 'JointI', 'Link', name);
        if (!start) {
          this.keepRaw(links, row);
          continue;
        }
        const endName = links.get(row, 'JointJ');
        const mapped = new Set(['Link', 'JointI', 'Length', 'CentroidX', 'CentroidY', 'CentroidZ']);
        const link: Link = {
          id: `${ID_PREFIX.link}${name}`,
          source: this.source(),
          name,
          attributes: {},
          type: 'Link',
          startNodeId: start.id,
        };
        if (endName !== undefined && endName !== '' && endName !== 'None') {
          const end = this.node(links, row, 'JointJ', 'Link', name);
          if (!end) {
            this.keepRaw(links, row);
            continue;
          }
          link.endNodeId = end.id;
          mapped.add('JointJ');
        }
        this.keepExtras(link, links, row, mapped);
        this.links.set(name, link);
        this.model.elements.push(link);
      }
    }
    this.forEachOwnedRow(T.linkAssignments, 'Link', this.links, (link, assignments, row) => {
      const mapped = new Set(['Link']);
      const property = this.linkProperties.get(assignments.get(row, 'LinkProp') ?? '');
      if (property) {
        link.linkPropertyId = property.id;
        mapped.add('LinkProp');
      }
      this.keepExtras(link, assignments, row, mapped);
    });
  }

  readComponents(
    tableName: string,
    keyField: string,
    kind: string,
    prefix: string,
    into: Map<string, Component>,
    maxJoints: number,
  ): void {
    const table = this.table(tableName);
    if (!table) return;
    for (let row = 0; row < table.rowCount; row++) {
      const name = this.required(table, row, keyField);
      if (into.has(name)) {
        this.duplicate(table, row, keyField, name);
        continue;
      }
      const fields =
        maxJoints === 2 ? ['JointI', 'JointJ'] : Array.from({ length: maxJoints }, (_, i) => `Joint${i + 1}`);
      const nodeIds: string[] = [];
      let dangling = false;
      for (const field of fields) {
        if (table.get(row, field) === undefined) continue;
        const node = this.node(table, row, field, keyField, name);
        if (!node) {
          dangling = true;
          break;
        }
        nodeIds.push(node.id);
      }
      if (dangling || nodeIds.length === 0) {
        this.keepRaw(table, row);
        continue;
      }
      const component: Component = {
        id: `${prefix}${name}`,
        source: this.source(),
        name,
        attributes: {},
        type: 'Component',
        kind,
        nodeIds,
      };
      this.keepExtras(component, table, row, new Set([keyField, ...fields]));
      into.set(name, component);
      this.model.elements.push(component);
    }
    if (into.size > 0) {
      this.report.approximated(
        keyField,
        `${into.size} ${kind} objects kept as Component (joints only; their properties stay as source rows)`,
        { concept: 'element', ids: [...into.values()].map((component) => component.id) },
      );
    }
  }

  readPatternsAndCases(): void {
    for (const [tableName, typeField] of [
      [T.loadPatterns, 'DesignType'],
      [SAFE.loadPatterns, 'Type'],
    ] as const) {
      const table = this.table(tableName);
      if (!table) continue;
      for (let row = 0; row < table.rowCount; row++) {
        const name = this.required(table, row, 'LoadPat');
        if (this.patterns.has(name)) {
          this.duplicate(table, row, 'LoadPat', name);
          continue;
        }
        const pattern: LoadPattern = {
          id: name,
          source: this.source(),
          name,
          attributes: {},
          type: 'LoadPattern',
          patternType: table.get(row, typeField) ?? 'Other',
          selfWeightMultiplier: this.optionalNumber(table, row, 'SelfWtMult') ?? 0,
        };
        this.keepExtras(pattern, table, row, new Set(['LoadPat', typeField, 'SelfWtMult']), T.loadPatterns);
        this.patterns.set(name, pattern);
        this.model.loadPatterns.push(pattern);
      }
    }
    for (const [tableName, keyField] of [
      [T.loadCases, 'Case'],
      [SAFE.loadCases, 'LoadCase'],
    ] as const) {
      const table = this.table(tableName);
      if (!table) continue;
      for (let row = 0; row < table.rowCount; row++) {
        const name = this.required(table, row, keyField);
        if (this.cases.has(name)) {
          this.duplicate(table, row, keyField, name);
          continue;
        }
        const loadCase: LoadCase = {
          id: name,
          source: this.source(),
          name,
          attributes: {},
          type: 'LoadCase',
          caseType: table.get(row, 'Type') ?? 'LinStatic',
          loads: [],
        };
        this.keepExtras(loadCase, table, row, new Set([keyField, 'Type']), T.loadCases);
        this.cases.set(name, loadCase);
        this.model.loadCases.push(loadCase);
      }
    }
    const staticLoads = this.table(T.staticCaseLoads);
    if (staticLoads) {
      for (let row = 0; row < staticLoads.rowCount; row++) {
        const loadCase = this.cases.get(staticLoads.get(row, 'Case') ?? '');
        const loadType = staticLoads.get(row, 'LoadType');
        const pattern = staticLoads.get(row, 'LoadName');
        // Only the standard four fields map: anything more would be lost on the way back.
        if (
          !loadCase ||
          loadType !== 'Load pattern' ||
          pattern === undefined ||
          staticLoads.fieldCount(row) !== 4
        ) {
          this.keepRaw(staticLoads, row);
          continue;
        }
        this.patternRef(staticLoads, row, pattern, loadCase.id);
        loadCase.loads.push({
          patternId: pattern,
          scale: this.optionalNumber(staticLoads, row, 'LoadSF') ?? 1,
        });
      }
    }
    const safeLoads = this.table(SAFE.caseLoads);
    if (safeLoads) {
      for (let row = 0; row < safeLoads.rowCount; row++) {
        const loadCase = this.cases.get(safeLoads.get(row, 'LoadCase') ?? '');
        const pattern = safeLoads.get(row, 'LoadPat');
        if (!loadCase || pattern === undefined || safeLoads.fieldCount(row) !== 3) {
          this.keepRaw(safeLoads, row);
          continue;
        }
        this.patternRef(safeLoads, row, pattern, loadCase.id);
        loadCase.loads.push({ patternId: pattern, scale: this.optionalNumber(safeLoads, row, 'SF') ?? 1 });
      }
    }
    const functions = readAnalysisTables(this, this.factors.length);
    if (functions.length > 0) this.model.functions = functions;
  }

  patternRef(table: CsiTable, row: number, pattern: string, owner: string): void {
    if (!this.patterns.has(pattern)) {
      this.report.warning(table.name, `load pattern ${pattern} is not defined`, {
        ids: [owner, pattern],
        line: table.rowLine(row),
        concept: 'pattern',
      });
    }
  }

  readCombinations(): void {
    for (const spec of [
      { table: T.combinations, name: 'ComboName', type: 'ComboType', item: 'CaseName', scale: 'ScaleFactor' },
      { table: SAFE.combinations, name: 'Combo', type: 'Type', item: 'Load', scale: 'SF' },
    ]) {
      const table = this.table(spec.table);
      if (!table) continue;
      const pending: Array<{ combination: LoadCombination; name: string; row: number }> = [];
      const itemFields = new Set([spec.name, spec.item, spec.scale]);
      for (let row = 0; row < table.rowCount; row++) {
        const name = this.required(table, row, spec.name);
        let combination = this.combinations.get(name);
        if (!combination) {
          combination = {
            id: name,
            source: this.source(),
            name,
            attributes: {},
            type: 'LoadCombination',
            combinationType: table.get(row, spec.type) ?? 'Linear Add',
            items: [],
          };
          this.keepExtras(
            combination,
            table,
            row,
            new Set([spec.name, spec.type, spec.item, spec.scale]),
            T.combinations,
          );
          this.combinations.set(name, combination);
          this.model.loadCombinations.push(combination);
        } else {
          let plain = true;
          for (let index = 0; index < table.fieldCount(row); index++) {
            if (!itemFields.has(table.fieldName(row, index))) plain = false;
          }
          if (!plain) {
            this.report.dropped(
              spec.table,
              'fields beyond the case name and scale on a later row are not kept',
              {
                id: combination.id,
                line: table.rowLine(row),
                concept: 'combination',
              },
            );
          }
        }
        const item = table.get(row, spec.item);
        if (item === undefined) continue;
        pending.push({ combination, name: item, row });
        combination.items.push({
          kind: 'case',
          id: item,
          scale: this.optionalNumber(table, row, spec.scale) ?? 1,
        });
      }
      // Items are resolved once every combination is known: a combination may name one defined after it.
      for (const { combination, name, row } of pending) {
        const item = combination.items.find(
          (candidate) => candidate.id === name && candidate.kind === 'case',
        );
        if (!item) continue;
        if (this.combinations.has(name) && !this.cases.has(name)) item.kind = 'combination';
        else if (!this.cases.has(name)) {
          if (this.patterns.has(name)) item.kind = 'pattern';
          else {
            this.report.warning(spec.table, `${name} is neither a load case nor a combination`, {
              id: combination.id,
              line: table.rowLine(row),
              concept: 'combination',
            });
          }
        }
      }
    }
  }

  /**
   * SAP2000 JOINT LOADS and SAFE point loads: one PointLoad per row. `components` names the fields of fx, fy, fz,
   * mx, my, mz in that order, each with the sign that turns it into the canonical direction.
   */
  readPointLoads(
    tableName: string,
    how: {
      nodeField: string;
      what: string;
      coordinateSystemField?: string;
      components: readonly (readonly [field: string, sign: 1 | -1])[];
      extrasKey?: string;
    },
  ): void {
    const table = this.table(tableName);
    if (!table) return;
    const f = this.factors;
    const mapped = new Set([
      how.nodeField,
      'LoadPat',
      ...(how.coordinateSystemField ? [how.coordinateSystemField] : []),
      ...how.components.map(([field]) => field),
    ]);
    for (let row = 0; row < table.rowCount; row++) {
      const nodeName = this.required(table, row, how.nodeField);
      const pattern = this.requiredShared(table, row, 'LoadPat');
      const node = this.node(table, row, how.nodeField, how.what, nodeName, 'load');
      if (!node) {
        this.keepRaw(table, row);
        continue;
      }
      this.patternRef(table, row, pattern, nodeName);
      const value = (index: number): number => {
        const [field, sign] = how.components[index] as readonly [string, 1 | -1];
        return sign * (this.optionalNumber(table, row, field) ?? 0) * (index < 3 ? f.force : f.moment);
      };
      const load = {
        id: this.nextLoadId('JointLoad', nodeName, pattern),
        source: this.source(),
        name: `${nodeName} ${pattern}`,
        attributes: NO_ATTRIBUTES,
        type: 'PointLoad' as const,
        nodeId: node.id,
        patternId: pattern,
        coordinateSystem:
          (how.coordinateSystemField === undefined ? undefined : table.get(row, how.coordinateSystemField)) ??
          'GLOBAL',
        fx: value(0),
        fy: value(1),
        fz: value(2),
        mx: value(3),
        my: value(4),
        mz: value(5),
      };
      this.keepExtras(load, table, row, mapped, how.extrasKey ?? table.name);
      this.model.loads.push(load);
    }
  }

  readLoads(): void {
    this.readPointLoads(T.jointLoads, {
      nodeField: 'Joint',
      what: 'Joint load',
      coordinateSystemField: 'CoordSys',
      components: [
        ['F1', 1],
        ['F2', 1],
        ['F3', 1],
        ['M1', 1],
        ['M2', 1],
        ['M3', 1],
      ],
    });
    this.readPointLoads(SAFE.pointLoads, {
      nodeField: 'Point',
      what: 'Point load',
      // SAFE gives gravity loads positive downwards.
      components: [
        ['Fx', 1],
        ['Fy', 1],
        ['Fgrav', -1],
        ['Mx', 1],
        ['My', 1],
        ['Mz', 1],
      ],
      extrasKey: T.jointLoads,
    });
    this.readFrameLoads(T.frameDistributedLoads, true);
    this.readFrameLoads(T.framePointLoads, false);

    this.readAreaUniformLoads(T.areaUniformLoads);
    this.readAreaUniformLoads(T.areaUniformToFrameLoads);
    this.readAreaSurfacePressure();
  }

  /**
   * AREA LOADS - UNIFORM, and - UNIFORM TO FRAME: the same uniform load, which SAP2000 either puts on the shell or
   * hands to the frames around the area (DistType one-way or two-way, kept as an extra field so the writer gives
   * the row back to its table). The canonical model has one kind of area load, so the second is approximated.
   */
  readAreaUniformLoads(tableName: string): void {
    const table = this.table(tableName);
    if (!table) return;
    const f = this.factors;
    const toFrame = tableName === T.areaUniformToFrameLoads;
    for (let row = 0; row < table.rowCount; row++) {
      const areaName = this.required(table, row, 'Area');
      const pattern = this.requiredShared(table, row, 'LoadPat');
      const area = this.areas.get(areaName);
      const direction = area ? this.direction(table, row, area.id) : null;
      if (!area || direction === null) {
        if (!area) this.missingOwner(table, row, 'Area', areaName);
        this.keepRaw(table, row);
        continue;
      }
      const value = this.requiredNumber(table, row, 'UnifLoad') * f.pressure;
      const load = this.pushAreaLoad(
        table,
        row,
        areaName,
        area.id,
        pattern,
        value,
        direction,
        MAPPED.areaLoad,
      );
      if (toFrame) {
        this.groupedItem(
          'approximated',
          tableName,
          'a load SAP2000 hands to the frames around the area (one-way or two-way) is read as a uniform load on the area; other formats load the area itself',
          'load',
          load.id,
          table.rowLine(row),
        );
      }
    }
  }

  /**
   * AREA LOADS - SURFACE PRESSURE on the top or bottom face: a pressure normal to the area, which pushes into the
   * face it is on (CSI: positive pressure acts toward the element), so a uniform load along local 3, negative on
   * the top (+3) face. Pressures on edge faces (in-plane) and pressures scaled by a joint pattern have no
   * canonical form: their rows stay with the area, and are reported.
   */
  readAreaSurfacePressure(): void {
    const table = this.table(T.areaSurfacePressure);
    if (!table) return;
    const f = this.factors;
    for (let row = 0; row < table.rowCount; row++) {
      const areaName = this.required(table, row, 'Area');
      const pattern = this.requiredShared(table, row, 'LoadPat');
      const area = this.areas.get(areaName);
      if (!area) {
        this.missingOwner(table, row, 'Area', areaName);
        this.keepRaw(table, row);
        continue;
      }
      const face = table.get(row, 'Face') ?? '';
      const jointPattern = table.get(row, 'JtPattern');
      const sign = SURFACE_PRESSURE_SIGN[face.toUpperCase()];
      const pressure = this.optionalNumber(table, row, 'Pressure');
      if (jointPattern !== undefined && jointPattern !== '' && jointPattern.toLowerCase() !== 'none') {
        this.groupedItem(
          'dropped',
          table.name,
          'a surface pressure scaled by a joint pattern has no canonical (uniform) form: kept as a source row, written back to SAP2000 only',
          'load',
          area.id,
          table.rowLine(row),
        );
        this.keepRaw(table, row);
        continue;
      }
      if (sign === undefined || pressure === undefined) {
        this.groupedItem(
          'dropped',
          table.name,
          'a pressure on an edge face (in the plane of the area) has no canonical form: kept as a source row, written back to SAP2000 only',
          'load',
          area.id,
          table.rowLine(row),
        );
        this.keepRaw(table, row);
        continue;
      }
      const value = sign * pressure * f.pressure;
      this.pushAreaLoad(table, row, areaName, area.id, pattern, value, '3', MAPPED.surfacePressure);
    }
  }

  /** One uniform pressure (Pa) on an area, from one row of an area load table, with the row's other fields kept. */
  private pushAreaLoad(
    table: CsiTable,
    row: number,
    areaName: string,
    areaId: string,
    pattern: string,
    value: number,
    direction: LoadDirection,
    mapped: ReadonlySet<string>,
  ): AreaLoad {
    this.patternRef(table, row, pattern, areaId);
    const load: AreaLoad = {
      id: this.nextLoadId('AreaLoad', areaName, pattern),
      source: this.source(),
      name: `${areaName} ${pattern}`,
      attributes: NO_ATTRIBUTES,
      type: 'AreaLoad',
      elementId: areaId,
      patternId: pattern,
      value,
      direction,
    };
    this.keepExtras(load, table, row, mapped);
    this.model.loads.push(load);
    return load;
  }

  /** A load row whose object does not exist: one report item per table, naming the objects as the file does. */
  missingOwner(table: CsiTable, row: number, field: string, name: string): void {
    this.groupedItem(
      'dropped',
      table.name,
      `the ${field.toLowerCase()} a row names is not an object of the model; row kept as is`,
      'load',
      name,
      table.rowLine(row),
    );
  }

  /** The canonical direction of a load row, or null when its coordinate system cannot be expressed. */
  direction(table: CsiTable, row: number, owner: string): LoadDirection | null {
    const system = table.get(row, 'CoordSys') ?? 'GLOBAL';
    const dir = table.get(row, 'Dir') ?? '';
    const mapped = mapDirection(system, dir);
    if (mapped === null) {
      this.groupedItem(
        'dropped',
        table.name,
        `direction ${dir} in ${system} axes has no canonical form; row kept as is`,
        'load',
        owner,
        table.rowLine(row),
      );
    }
    return mapped;
  }

  readFrameLoads(tableName: string, distributed: boolean): void {
    const table = this.table(tableName);
    if (!table) return;
    const f = this.factors;
    for (let row = 0; row < table.rowCount; row++) {
      const frameName = this.required(table, row, 'Frame');
      const pattern = this.requiredShared(table, row, 'LoadPat');
      const frame = this.frames.get(frameName);
      const direction = frame ? this.direction(table, row, frame.id) : null;
      const quantity = table.get(row, 'Type') === 'Moment' ? 'moment' : 'force';
      if (!frame || direction === null) {
        if (!frame) this.missingOwner(table, row, 'Frame', frameName);
        this.keepRaw(table, row);
        continue;
      }
      this.patternRef(table, row, pattern, frame.id);
      const relative = table.get(row, 'DistType') !== 'AbsDist';
      const mapped = new Set(['Frame', 'LoadPat', 'CoordSys', 'Type', 'Dir', 'DistType', 'GUID']);
      let distribution: LinearLoad['distribution'];
      if (distributed) {
        const valueFactor = quantity === 'moment' ? f.lineMoment : f.lineLoad;
        const startField = relative ? 'RelDistA' : 'AbsDistA';
        const endField = relative ? 'RelDistB' : 'AbsDistB';
        const startValueField = quantity === 'moment' ? 'MOverLA' : 'FOverLA';
        const endValueField = quantity === 'moment' ? 'MOverLB' : 'FOverLB';
        distribution = {
          kind: 'distributed',
          relative,
          start: this.requiredNumber(table, row, startField) * (relative ? 1 : f.length),
          end: this.requiredNumber(table, row, endField) * (relative ? 1 : f.length),
          startValue: this.requiredNumber(table, row, startValueField) * valueFactor,
          endValue: this.requiredNumber(table, row, endValueField) * valueFactor,
        };
        for (const field of ['RelDistA', 'RelDistB', 'AbsDistA', 'AbsDistB', startValueField, endValueField])
          mapped.add(field);
      } else {
        const valueFactor = quantity === 'moment' ? f.moment : f.force;
        const valueField = quantity === 'moment' ? 'Moment' : 'Force';
        distribution = {
          kind: 'point',
          relative,
          start:
            this.requiredNumber(table, row, relative ? 'RelDist' : 'AbsDist') * (relative ? 1 : f.length),
          value: this.requiredNumber(table, row, valueField) * valueFactor,
        };
        for (const field of ['RelDist', 'AbsDist', valueField]) mapped.add(field);
      }
      mapped.delete('GUID');
      const load = {
        id: this.nextLoadId(distributed ? 'FrameLoad' : 'FramePointLoad', frameName, pattern),
        source: this.source(),
        name: `${frameName} ${pattern}`,
        attributes: NO_ATTRIBUTES,
        type: 'LinearLoad' as const,
        elementId: frame.id,
        patternId: pattern,
        quantity,
        direction,
        distribution,
      } satisfies LinearLoad;
      this.keepExtras(load, table, row, mapped);
      this.model.loads.push(load);
    }
  }

  readGroups(): void {
    const markers = new Map<string, ElementType>();
    for (const [tableName, keyField] of [
      [T.groups, 'GroupName'],
      [SAFE.groups, 'Group'],
    ] as const) {
      const table = this.table(tableName);
      if (!table) continue;
      for (let row = 0; row < table.rowCount; row++) {
        const name = this.required(table, row, keyField);
        if (Object.hasOwn(TYPE_MARKER_GROUPS, name)) {
          markers.set(name, TYPE_MARKER_GROUPS[name] as ElementType);
          continue;
        }
        if (this.groups.has(name)) {
          this.duplicate(table, row, keyField, name);
          continue;
        }
        const group: Group = {
          id: name,
          source: this.source(),
          name,
          attributes: {},
          type: 'Group',
          members: [],
        };
        this.keepExtras(group, table, row, new Set([keyField]), T.groups);
        this.groups.set(name, group);
        this.model.groups.push(group);
      }
    }
    const assignments = this.table(T.groupAssignments);
    if (!assignments) return;
    // Keyed by the element itself (ids are unique among elements): only the retyped ones are visited below,
    // not a million elements each looked up by its id string.
    const retyped = new Map<Element, ElementType>();
    const groupColumn = assignments.column('GroupName');
    const typeColumn = assignments.column('ObjectType');
    const labelColumn = assignments.column('ObjectLabel');
    for (let row = 0; row < assignments.rowCount; row++) {
      const groupIndex = groupColumn.indexIn(row);
      const typeIndex = typeColumn.indexIn(row);
      const groupName = groupIndex < 0 ? '' : assignments.sharedValue(row, groupIndex);
      const objectType = typeIndex < 0 ? '' : assignments.sharedValue(row, typeIndex);
      const label = labelColumn.get(row) ?? '';
      const marker = markers.get(groupName);
      if (marker) {
        const element =
          objectType === 'Frame'
            ? this.frames.get(label)
            : objectType === 'Area'
              ? this.areas.get(label)
              : undefined;
        if (element) retyped.set(element, marker);
        else this.keepRaw(assignments, row);
        continue;
      }
      const group = this.groups.get(groupName);
      const member = this.memberOf(objectType, label);
      if (!group || !member || assignments.fieldCount(row) !== 3) {
        if (group && !member) {
          this.report.warning(
            T.groupAssignments,
            `${objectType} ${label} is not an object of the model; row kept as is`,
            {
              id: group.id,
              line: assignments.rowLine(row),
              concept: 'group',
            },
          );
        }
        this.keepRaw(assignments, row);
        continue;
      }
      group.members.push(member);
    }
    if (retyped.size > 0) {
      // Retyped in place: `type` keeps its place among the keys, and the lookup maps already hold the object.
      for (const [element, type] of retyped) {
        if (type === element.type) continue;
        (element as { type: ElementType }).type = type;
        const changed = element as Element;
        if (changed.type === 'Beam' || changed.type === 'Column' || changed.type === 'Brace')
          this.frames.set(changed.name, changed);
        else if (changed.type === 'Floor' || changed.type === 'Wall' || changed.type === 'Opening')
          this.areas.set(changed.name, changed);
      }
    }
  }

  memberOf(objectType: string, label: string): Group['members'][number] | undefined {
    switch (objectType) {
      // The ids are the objects' own strings (equal to the label-derived ones): no copy per member.
      case 'Joint':
      case 'Point': {
        const node = this.nodes.get(label);
        return node ? { kind: 'node', id: node.id === label ? node.id : label } : undefined;
      }
      case 'Frame': {
        const frame = this.frames.get(label);
        return frame ? { kind: 'element', id: frame.id === label ? frame.id : label } : undefined;
      }
      case 'Area': {
        const area = this.areas.get(label);
        if (!area) return undefined;
        const prefix = ID_PREFIX.area;
        const own =
          area.id.length === prefix.length + label.length &&
          area.id.startsWith(prefix) &&
          area.id.endsWith(label);
        return { kind: 'element', id: own ? area.id : `${prefix}${label}` };
      }
      case 'Cable':
        return this.cables.has(label) ? { kind: 'element', id: `${ID_PREFIX.cable}${label}` } : undefined;
      case 'Link':
        return this.links.has(label) ? { kind: 'element', id: `${ID_PREFIX.link}${label}` } : undefined;
      case 'Solid':
        return this.solids.has(label) ? { kind: 'element', id: `${ID_PREFIX.solid}${label}` } : undefined;
      case 'Tendon':
        return this.tendons.has(label) ? { kind: 'element', id: `${ID_PREFIX.tendon}${label}` } : undefined;
      default:
        return undefined;
    }
  }

  /** Finds the object a raw row belongs to, from the name and value of its first field. */
  ownerOf(tableName: string, field: string, value: string): Owner | undefined {
    switch (field) {
      case 'Joint':
      case 'Point':
        return this.nodes.get(value);
      case 'Frame':
        return this.frames.get(value);
      case 'Area':
        return this.areas.get(value);
      case 'Cable':
        return this.cables.get(value);
      case 'Solid':
        return this.solids.get(value);
      case 'Tendon':
        return this.tendons.get(value);
      case 'Link':
        return tableName.startsWith('LINK PROPERTY DEFINITIONS')
          ? this.linkProperties.get(value)
          : this.links.get(value);
      case 'SectionName':
        return this.frameProfiles.get(value);
      case 'Section':
        return this.shellProfiles.get(value);
      case 'CableSect':
        return this.cableProfiles.get(value);
      case 'Material':
        return this.materials.get(value);
      case 'LoadPat':
        return this.patterns.get(value);
      case 'Case':
      case 'LoadCase':
        return this.cases.get(value);
      case 'ComboName':
      case 'Combo':
        return this.combinations.get(value);
      case 'GroupName':
      case 'Group':
        return this.groups.get(value);
      default:
        return undefined;
    }
  }

  /** Every row no step mapped: on its owner object if its first field names one, else on the model. */
  keepUnmapped(): void {
    for (const table of this.doc.tables) {
      if (this.consumed.has(table.name)) continue;
      for (let row = 0; row < table.rowCount; row++) this.unclaimed.push({ table, row });
    }
    const modelTables = new Map<string, string[][]>();
    const order = new Map(this.doc.tables.map((table, index) => [table.name, index]));
    this.unclaimed.sort(
      (a, b) => (order.get(a.table.name) ?? 0) - (order.get(b.table.name) ?? 0) || a.row - b.row,
    );
    for (const { table, row } of this.unclaimed) {
      const cells = table.cells(row);
      const owner =
        cells.length >= 2 ? this.ownerOf(table.name, cells[0] as string, cells[1] as string) : undefined;
      if (owner && !this.consumed.has(table.name) && OBJECT_LOAD_TABLE.test(table.name)) {
        // Gravity multipliers, temperatures, pore pressures, rotations, strains…: no canonical load holds them.
        this.groupedItem(
          'dropped',
          table.name,
          'these loads have no canonical form: kept as source rows on their objects and written back to SAP2000 only',
          'load',
          (owner as Owner & { id: string }).id,
          table.rowLine(row),
        );
      }
      if (owner) {
        const key = tableKey(table.name);
        const existing = Object.hasOwn(owner.attributes, key) ? owner.attributes[key] : undefined;
        if (Array.isArray(existing)) existing.push(cells);
        else if (existing === undefined) setAttribute(bagOf(owner), key, [cells]);
        else {
          // A mapped row's extra fields already sit under this key; the extra rows go beside them.
          const rowsKey = `${key}#rows`;
          const rows = Object.hasOwn(owner.attributes, rowsKey) ? owner.attributes[rowsKey] : undefined;
          if (Array.isArray(rows)) rows.push(cells);
          else setAttribute(bagOf(owner), rowsKey, [cells]);
        }
        continue;
      }
      let rows = modelTables.get(table.name);
      if (!rows) {
        rows = [];
        modelTables.set(table.name, rows);
      }
      rows.push(cells);
    }
    if (modelTables.size > 0) {
      const tables: AttributeValue[] = [];
      // Sorted by name: a model's content must not depend on the order tables came in.
      for (const name of [...modelTables.keys()].sort())
        tables.push({ name, rows: modelTables.get(name) ?? [] });
      setAttribute(this.model.attributes, RAW_TABLES_KEY, tables);
    }
    if (this.doc.preamble.length > 0) {
      // `File <path> was saved on …` names a path on the author's disk and a date: file metadata, not model.
      this.report.dropped(
        'preamble',
        `the ${this.doc.preamble.length} line(s) before the first table are not kept`,
      );
    }
    const unmappedTables = this.doc.tables.filter(
      (table) => !this.consumed.has(table.name) && table.rowCount > 0,
    );
    if (unmappedTables.length > 0) {
      this.report.approximated(
        'tables',
        `${unmappedTables.length} tables have no canonical form and are kept as source rows: ${unmappedTables
          .map((table) => table.name)
          .join(', ')}`,
      );
    }
  }

  /** Every node, element, load and item reference points into the model (checked last, as files may list a use before its definition). */
  read(): Model {
    this.readProgramControl();
    this.readGrids();
    this.readMaterials();
    this.readFrameSections();
    this.readJoints();
    this.readJointAssignments();
    this.readFrames();
    this.readAreas();
    this.readTwoJointObjects();
    this.readPatternsAndCases();
    this.readCombinations();
    this.readLoads();
    this.readGroups();
    this.keepUnmapped();
    this.grouped.flushInto(this.report);
    return this.model;
  }
}

function mapDirection(system: string, dir: string): LoadDirection | null {
  const direction = Object.hasOwn(LOAD_DIRECTION_FROM_SAP, dir) ? LOAD_DIRECTION_FROM_SAP[dir] : undefined;
  if (direction === undefined) return null;
  const local = direction === '1' || direction === '2' || direction === '3';
  if (local) return system === 'Local' ? direction : null;
  return system === 'GLOBAL' ? direction : null;
}

/** Reads a SAP2000 / CSiBridge / SAFE table file. Throws only `ParseError`. */
export function readSap2000(bytes: Uint8Array, options: SapReadOptions = {}): ReadResult {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.length === 0) throw new ParseError(FORMAT_ID, 0, 'the file is empty');
  if (bytes.length > maxBytes) {
    throw new ParseError(FORMAT_ID, 0, `the file is larger than ${Math.round(maxBytes / 1048576)} MiB`);
  }
  if (looksBinary(bytes)) throw new ParseError(FORMAT_ID, 0, 'the file is binary, not SAP2000 table text');
  const { text } = decodeCsiText(bytes);
  const doc = parseCsiTables(text, { format: FORMAT_ID });
  if (doc.tables.length === 0) {
    throw new ParseError(FORMAT_ID, doc.lineCount, 'no TABLE: found; this is not a SAP2000 table file');
  }
  // The rows are compact (offsets into the text): counting them first costs nothing, building 6 M joints does.
  const joints = doc.table(T.joints);
  checkLimit(FORMAT_ID, joints?.line ?? 0, 'points', joints?.rowCount ?? 0, options.limits?.maxPoints, true);
  const elements = ELEMENT_TABLES.reduce((sum, name) => sum + (doc.table(name)?.rowCount ?? 0), 0);
  checkLimit(FORMAT_ID, 0, 'elements', elements, options.limits?.maxElements, true);
  const reader = new SapReader(doc);
  const model = reader.read();
  if (!doc.ended) {
    reader.report.warning(
      'END TABLE DATA',
      'the file does not end with END TABLE DATA: it may be truncated',
      {
        line: doc.lineCount,
      },
    );
  }
  return { model, report: reader.report.build(FORMAT_ID, 'read', model) };
}
