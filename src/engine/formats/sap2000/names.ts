/**
 * Names shared by the SAP2000 reader and writer: table names, id prefixes, attribute keys and the vocabularies
 * (element kinds, cardinal points, load directions) as the fixtures spell them.
 */
import type {
  ElementType,
  JointConstraintKind,
  LoadDirection,
  MaterialKind,
  ShellProfile,
} from '../../schema';

type ShellUse = ShellProfile['use'];

export const FORMAT_ID = 's2k';

/** Attribute key for the rows or fields of one source table kept on an object (`s2k:FRAME DESIGN PROCEDURES`). */
export function tableKey(table: string): string {
  return `s2k:${table}`;
}
export const TABLE_KEY_PREFIX = 's2k:';
/** Model attribute: tables no object took, in file order, as `{ name, rows }` with rows as flat cell lists. */
export const RAW_TABLES_KEY = 's2k:tables';
/**
 * Section attribute holding the source row of a FRAME/AREA/CABLE section table as `{ table, cells }`: the writer
 * gives back each field as it was read (text and order) unless the model changed its value.
 */
export const SOURCE_ROW_KEY = 's2k:@sourceRow';
/** Profile attribute marking a section read from CABLE SECTION DEFINITIONS, so it is written back there. */
export const CABLE_SECTION_FLAG = 's2k:@cableSection';

export const T = {
  programControl: 'PROGRAM CONTROL',
  gridLines: 'GRID LINES',
  coordinateSystems: 'COORDINATE SYSTEMS',
  joints: 'JOINT COORDINATES',
  restraints: 'JOINT RESTRAINT ASSIGNMENTS',
  springs: 'JOINT SPRING ASSIGNMENTS 1 - UNCOUPLED',
  diaphragms: 'CONSTRAINT DEFINITIONS - DIAPHRAGM',
  jointConstraints: 'JOINT CONSTRAINT ASSIGNMENTS',
  bodyConstraints: 'CONSTRAINT DEFINITIONS - BODY',
  equalConstraints: 'CONSTRAINT DEFINITIONS - EQUAL',
  localConstraints: 'CONSTRAINT DEFINITIONS - LOCAL',
  weldConstraints: 'CONSTRAINT DEFINITIONS - WELD',
  beamConstraints: 'CONSTRAINT DEFINITIONS - BEAM',
  plateConstraints: 'CONSTRAINT DEFINITIONS - PLATE',
  rodConstraints: 'CONSTRAINT DEFINITIONS - ROD',
  lineConstraints: 'CONSTRAINT DEFINITIONS - LINE',
  materials: 'MATERIAL PROPERTIES 01 - GENERAL',
  materialMechanical: 'MATERIAL PROPERTIES 02 - BASIC MECHANICAL PROPERTIES',
  materialSteel: 'MATERIAL PROPERTIES 03A - STEEL DATA',
  materialConcrete: 'MATERIAL PROPERTIES 03B - CONCRETE DATA',
  frameSections: 'FRAME SECTION PROPERTIES 01 - GENERAL',
  areaSections: 'AREA SECTION PROPERTIES',
  cableSections: 'CABLE SECTION DEFINITIONS',
  frames: 'CONNECTIVITY - FRAME',
  frameSectionAssignments: 'FRAME SECTION ASSIGNMENTS',
  frameReleases: 'FRAME RELEASE ASSIGNMENTS 1 - GENERAL',
  frameLocalAxes: 'FRAME LOCAL AXES ASSIGNMENTS 1 - TYPICAL',
  frameInsertion: 'FRAME INSERTION POINT ASSIGNMENTS',
  frameOffsets: 'FRAME OFFSET ALONG LENGTH ASSIGNMENTS',
  frameAutoMesh: 'FRAME AUTO MESH ASSIGNMENTS',
  areas: 'CONNECTIVITY - AREA',
  areaSectionAssignments: 'AREA SECTION ASSIGNMENTS',
  cables: 'CONNECTIVITY - CABLE',
  cableSectionAssignments: 'CABLE SECTION ASSIGNMENTS',
  solids: 'CONNECTIVITY - SOLID',
  tendons: 'CONNECTIVITY - TENDON',
  links: 'CONNECTIVITY - LINK',
  linkProperties: 'LINK PROPERTY DEFINITIONS 01 - GENERAL',
  linkLinear: 'LINK PROPERTY DEFINITIONS 02 - LINEAR',
  linkAssignments: 'LINK PROPERTY ASSIGNMENTS',
  loadPatterns: 'LOAD PATTERN DEFINITIONS',
  loadCases: 'LOAD CASE DEFINITIONS',
  staticCaseLoads: 'CASE - STATIC 1 - LOAD ASSIGNMENTS',
  combinations: 'COMBINATION DEFINITIONS',
  jointLoads: 'JOINT LOADS - FORCE',
  frameDistributedLoads: 'FRAME LOADS - DISTRIBUTED',
  framePointLoads: 'FRAME LOADS - POINT',
  areaUniformLoads: 'AREA LOADS - UNIFORM',
  areaUniformToFrameLoads: 'AREA LOADS - UNIFORM TO FRAME',
  areaSurfacePressure: 'AREA LOADS - SURFACE PRESSURE',
  groups: 'GROUPS 1 - DEFINITIONS',
  groupAssignments: 'GROUPS 2 - ASSIGNMENTS',
} as const;

/** SAFE 2016 [F16] names for the same ideas; read, and written back under the SAP2000 names above. */
/** Joint constraint definition tables other than diaphragms, per canonical kind (schema/constraint.ts). */
export const CONSTRAINT_TABLES: ReadonlyArray<readonly [JointConstraintKind, string]> = [
  ['body', T.bodyConstraints],
  ['equal', T.equalConstraints],
  ['local', T.localConstraints],
  ['weld', T.weldConstraints],
  ['beam', T.beamConstraints],
  ['plate', T.plateConstraints],
  ['rod', T.rodConstraints],
  ['line', T.lineConstraints],
];

export const SAFE = {
  points: 'OBJECT GEOMETRY - POINT COORDINATES',
  loadPatterns: 'LOAD PATTERNS',
  loadCases: 'LOAD CASES 01 - GENERAL',
  caseLoads: 'LOAD CASES 06 - LOADS APPLIED',
  combinations: 'LOAD COMBINATIONS',
  pointLoads: 'LOAD ASSIGNMENTS - POINT LOADS',
  groups: 'GROUP DEFINITIONS',
} as const;

/** Element id prefixes: SAP numbers frames, areas, links… independently, so only frames keep the bare label. */
export const ID_PREFIX = {
  area: 'area:',
  cable: 'cable:',
  link: 'link:',
  solid: 'solid:',
  tendon: 'tendon:',
} as const;

/**
 * Group names that carry the canonical element type when SAP geometry alone would infer another one (an inclined
 * column, a floor): SAP has no such property, and a group is the one place it keeps user data on an object.
 */
export const TYPE_MARKER_GROUPS: Readonly<Record<string, ElementType>> = {
  GUSSET_BEAM: 'Beam',
  GUSSET_COLUMN: 'Column',
  GUSSET_BRACE: 'Brace',
  GUSSET_FLOOR: 'Floor',
  GUSSET_WALL: 'Wall',
  GUSSET_OPENING: 'Opening',
};

/**
 * Extra AREA SECTION PROPERTIES field carrying what a shell property is for (ETABS slab, deck or wall): SAP2000's
 * own AreaType/Type say how the area behaves (shell, plate, membrane), not what it is, and a floor property must
 * not come back from SAP as "other".
 */
export const SHELL_USE_FIELD = 'GussetUse';
export const SHELL_USE_WORDS: ReadonlyArray<readonly [string, Exclude<ShellUse, 'other'>]> = [
  ['Slab', 'slab'],
  ['Deck', 'deck'],
  ['Wall', 'wall'],
];

export function markerGroupFor(type: ElementType): string | undefined {
  for (const [group, markerType] of Object.entries(TYPE_MARKER_GROUPS)) if (markerType === type) return group;
  return undefined;
}

export const MATERIAL_TYPES: ReadonlyArray<readonly [string, MaterialKind]> = [
  ['Steel', 'steel'],
  ['Concrete', 'concrete'],
  ['Rebar', 'rebar'],
  ['Tendon', 'tendon'],
  ['Aluminum', 'aluminum'],
  ['ColdFormed', 'coldformed'],
  ['Masonry', 'masonry'],
  ['Other', 'other'],
];

export const CARDINAL_POINTS = [
  '1 (bottom left)',
  '2 (bottom center)',
  '3 (bottom right)',
  '4 (middle left)',
  '5 (middle center)',
  '6 (middle right)',
  '7 (top left)',
  '8 (top center)',
  '9 (top right)',
  '10 (centroid)',
  '11 (shear center)',
] as const;

/** SAP `Dir` values → canonical load directions. Local directions 1–3 only with CoordSys=Local. */
export const LOAD_DIRECTION_FROM_SAP: Readonly<Record<string, LoadDirection>> = {
  '1': '1',
  '2': '2',
  '3': '3',
  X: 'X',
  Y: 'Y',
  Z: 'Z',
  Gravity: 'Gravity',
  'X Proj': 'X-projected',
  'Y Proj': 'Y-projected',
  'Z Proj': 'Z-projected',
  'Gravity Proj': 'Gravity-projected',
};

export function sapDirection(direction: LoadDirection): string {
  for (const [sap, canonical] of Object.entries(LOAD_DIRECTION_FROM_SAP))
    if (canonical === direction) return sap;
  return direction;
}

/** SAP's spelling of the units it writes in PROGRAM CONTROL CurrUnits. */
export const SAP_FORCE_SPELLING: Readonly<Record<string, string>> = {
  N: 'N',
  KN: 'KN',
  MN: 'MN',
  KGF: 'Kgf',
  TONF: 'Tonf',
  TON: 'Tonf',
  LB: 'lb',
  KIP: 'Kip',
};
export const SAP_LENGTH_SPELLING: Readonly<Record<string, string>> = {
  MM: 'mm',
  CM: 'cm',
  M: 'm',
  IN: 'in',
  FT: 'ft',
};

/** Horizontal or vertical within this fraction of the member length (about 0.06°). */
export const ORIENTATION_TOLERANCE = 1e-3;

/** Id of the spring read from a joint's stiffness row: SAP2000 springs belong to joints, not to named properties. */
export function jointSpringId(jointLabel: string): string {
  return `joint:${jointLabel}`;
}
