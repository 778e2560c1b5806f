/**
 * The analysis result tables Gusset reads, by the names SAP2000 and ETABS give them, and their fields by name
 * (never by position: field sets grow from one program version to the next). One kind of result can come from
 * several tables: ETABS splits frame forces into beams, columns and braces where SAP2000 has one frame table.
 *
 * Field names are compared without case, spaces, underscores or hyphens, because the same field is `OutputCase` in
 * a text export and `Output Case` in an ETABS Excel export.
 */
import type { Quantity } from './quantities';

export const RESULT_KINDS = [
  'frameForces',
  'jointReactions',
  'jointDisplacements',
  'baseReactions',
  'modalPeriods',
  'modalMassRatios',
  'storyDrifts',
  'storyForces',
] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

/** A field of a result table: its canonical name, the names the tools write, and text or a quantity. */
export interface FieldSpec {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly type: 'text' | Quantity;
}

export interface ResultTableSpec {
  readonly kind: ResultKind;
  /** Table names as the tools write them (compared upper-case). */
  readonly tables: readonly string[];
  readonly fields: readonly FieldSpec[];
  /** Fields without which a row means nothing: the table is refused when its rows lack them. */
  readonly required: readonly string[];
  /** Of these, at least one must be there (the components): a table with none of them holds no result. */
  readonly components: readonly string[];
  /** What the rows' label names in the model, for matching to a version (absent: the whole model). */
  readonly subject?: 'element' | 'node' | 'level';
  /** A plain description for reports and the CLI. */
  readonly title: string;
}

/** A field by its canonical name and the names the tools write, in order of preference. */
const text = (name: string, ...aliases: string[]): FieldSpec => ({ name, aliases, type: 'text' });
const number = (name: string, type: Quantity, ...aliases: string[]): FieldSpec => ({
  name,
  aliases: aliases.length > 0 ? aliases : [name],
  type,
});

/** Output case, its type and the step: kept on every row (an envelope has a Max and a Min row). */
const CASE_FIELDS: readonly FieldSpec[] = [
  text('case', 'OutputCase', 'LoadCase', 'Case', 'Combo', 'LoadCombo'),
  text('caseType', 'CaseType'),
  text('stepType', 'StepType'),
  number('stepNum', 'count', 'StepNum', 'StepNumber', 'Mode'),
];

/** A joint of SAP2000 (its label) or ETABS (label and story, and its unique name), and the case. */
const JOINT_FIELDS: readonly FieldSpec[] = [
  text('joint', 'Joint', 'Label', 'Point'),
  text('story', 'Story'),
  text('uniqueName', 'UniqueName'),
  ...CASE_FIELDS,
];

export const RESULT_TABLES: readonly ResultTableSpec[] = [
  {
    kind: 'frameForces',
    title: 'member forces',
    tables: [
      'ELEMENT FORCES - FRAMES',
      'ELEMENT FORCES - BEAMS',
      'ELEMENT FORCES - COLUMNS',
      'ELEMENT FORCES - BRACES',
    ],
    subject: 'element',
    fields: [
      text('element', 'Frame', 'Beam', 'Column', 'Brace', 'Line'),
      text('story', 'Story'),
      text('uniqueName', 'UniqueName'),
      ...CASE_FIELDS,
      number('station', 'length', 'Station'),
      number('p', 'force', 'P'),
      number('v2', 'force', 'V2'),
      number('v3', 'force', 'V3'),
      number('t', 'moment', 'T'),
      number('m2', 'moment', 'M2'),
      number('m3', 'moment', 'M3'),
      text('meshElement', 'FrameElem', 'Element'),
      number('meshStation', 'length', 'ElemStation'),
      text('location', 'Location'),
    ],
    required: ['element', 'case', 'station'],
    components: ['p', 'v2', 'v3', 't', 'm2', 'm3'],
  },
  {
    kind: 'jointReactions',
    title: 'joint reactions',
    tables: ['JOINT REACTIONS'],
    subject: 'node',
    fields: [
      ...JOINT_FIELDS,
      number('fx', 'force', 'F1', 'FX'),
      number('fy', 'force', 'F2', 'FY'),
      number('fz', 'force', 'F3', 'FZ'),
      number('mx', 'moment', 'M1', 'MX'),
      number('my', 'moment', 'M2', 'MY'),
      number('mz', 'moment', 'M3', 'MZ'),
    ],
    required: ['joint', 'case'],
    components: ['fx', 'fy', 'fz', 'mx', 'my', 'mz'],
  },
  {
    kind: 'jointDisplacements',
    title: 'joint displacements',
    tables: ['JOINT DISPLACEMENTS'],
    subject: 'node',
    fields: [
      ...JOINT_FIELDS,
      number('ux', 'length', 'U1', 'Ux'),
      number('uy', 'length', 'U2', 'Uy'),
      number('uz', 'length', 'U3', 'Uz'),
      number('rx', 'rotation', 'R1', 'Rx'),
      number('ry', 'rotation', 'R2', 'Ry'),
      number('rz', 'rotation', 'R3', 'Rz'),
    ],
    required: ['joint', 'case'],
    components: ['ux', 'uy', 'uz', 'rx', 'ry', 'rz'],
  },
  {
    kind: 'baseReactions',
    title: 'base reactions',
    tables: ['BASE REACTIONS'],
    fields: [
      ...CASE_FIELDS,
      number('fx', 'force', 'GlobalFX', 'FX'),
      number('fy', 'force', 'GlobalFY', 'FY'),
      number('fz', 'force', 'GlobalFZ', 'FZ'),
      number('mx', 'moment', 'GlobalMX', 'MX'),
      number('my', 'moment', 'GlobalMY', 'MY'),
      number('mz', 'moment', 'GlobalMZ', 'MZ'),
      number('x', 'length', 'GlobalX', 'X'),
      number('y', 'length', 'GlobalY', 'Y'),
      number('z', 'length', 'GlobalZ', 'Z'),
    ],
    required: ['case'],
    components: ['fx', 'fy', 'fz', 'mx', 'my', 'mz'],
  },
  {
    kind: 'modalPeriods',
    title: 'modal periods',
    tables: ['MODAL PERIODS AND FREQUENCIES'],
    fields: [
      ...CASE_FIELDS,
      number('period', 'time', 'Period'),
      number('frequency', 'frequency', 'Frequency'),
      number('circularFrequency', 'angularFrequency', 'CircFreq'),
      number('eigenvalue', 'eigenvalue', 'Eigenvalue'),
    ],
    required: ['case'],
    components: ['period', 'frequency'],
  },
  {
    kind: 'modalMassRatios',
    title: 'modal mass ratios',
    tables: ['MODAL PARTICIPATING MASS RATIOS'],
    fields: [
      ...CASE_FIELDS,
      number('period', 'time', 'Period'),
      ...['UX', 'UY', 'UZ', 'SumUX', 'SumUY', 'SumUZ', 'RX', 'RY', 'RZ', 'SumRX', 'SumRY', 'SumRZ'].map(
        (name) => number(fieldKey(name), 'ratio', name),
      ),
    ],
    required: ['case'],
    components: ['ux', 'uy', 'uz', 'rx', 'ry', 'rz'],
  },
  {
    kind: 'storyDrifts',
    title: 'story drifts',
    tables: ['STORY DRIFTS'],
    subject: 'level',
    fields: [
      text('story', 'Story'),
      ...CASE_FIELDS,
      text('direction', 'Direction'),
      number('drift', 'ratio', 'Drift'),
      text('label', 'Label'),
      number('x', 'length', 'X'),
      number('y', 'length', 'Y'),
      number('z', 'length', 'Z'),
    ],
    required: ['story', 'case', 'direction'],
    components: ['drift'],
  },
  {
    kind: 'storyForces',
    title: 'story forces',
    tables: ['STORY FORCES'],
    subject: 'level',
    fields: [
      text('story', 'Story'),
      ...CASE_FIELDS,
      text('location', 'Location'),
      number('p', 'force', 'P'),
      number('vx', 'force', 'VX'),
      number('vy', 'force', 'VY'),
      number('t', 'moment', 'T'),
      number('mx', 'moment', 'MX'),
      number('my', 'moment', 'MY'),
    ],
    required: ['story', 'case'],
    components: ['p', 'vx', 'vy', 't', 'mx', 'my'],
  },
];

/**
 * The unit systems SAP2000 and ETABS offer, as their `CurrUnits` writes them: what an upload may give for a file
 * that does not say its own (a table exported through the API, a copied grid).
 */
export const CSI_UNIT_SYSTEMS = [
  'lb, in, F',
  'lb, ft, F',
  'Kip, in, F',
  'Kip, ft, F',
  'KN, mm, C',
  'KN, m, C',
  'Kgf, mm, C',
  'Kgf, m, C',
  'N, mm, C',
  'N, m, C',
  'Tonf, mm, C',
  'Tonf, m, C',
  'KN, cm, C',
  'Kgf, cm, C',
  'N, cm, C',
  'Tonf, cm, C',
] as const;

/** `Output Case`, `OutputCase`, `output_case` → `outputcase`. */
export function fieldKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

const BY_TABLE = new Map<string, ResultTableSpec>(
  RESULT_TABLES.flatMap((spec) => spec.tables.map((table) => [table, spec] as const)),
);

/** The spec of a table name as written in a file (any case), or undefined when it is not a result table we read. */
export function resultTableSpec(tableName: string): ResultTableSpec | undefined {
  return BY_TABLE.get(tableName.trim().replace(/\s+/g, ' ').toUpperCase());
}

/**
 * The analysis result tables SAP2000 and ETABS write, by the start of their names (their manuals' lists): element
 * and joint results of every kind and variant (`Joint Displacements - Absolute`), section cuts, hinges, links,
 * tendons, modal and buckling, story, pier and spandrel results; not the model tables that share a first word
 * (`Story Definitions`, `Diaphragm Definitions`, `Pier Section Properties`).
 */
const RESULT_TABLE_NAME =
  /^(ELEMENT (FORCES|STRESSES|JOINT FORCES|DEFORMATIONS)|JOINT (ACCELERATIONS|VELOCITIES|DRIFTS|DISPLACEMENTS|REACTIONS)|ASSEMBLED JOINT MASSES|BASE REACTIONS|MODAL (PERIODS|PARTICIPA|LOAD PARTICIPATION|DIRECTION)|STORY (DRIFTS|FORCES|MAX|STIFFNESS|ACCELERATIONS|SHEARS|RESPONSE)|PIER FORCES|SPANDREL FORCES|BUCKLING FACTORS|CENTERS OF MASS|DIAPHRAGM (CENTER|ACCELERATIONS|MAX|FORCES|DRIFTS)|RESPONSE SPECTRUM|SECTION CUT FORCES|PLASTIC HINGE|FRAME HINGE|LINK (DEFORMATIONS|FORCES)|TENDON FORCES|POINT (DISPLACEMENTS|REACTIONS))/i;

/**
 * Result tables a file may hold that Gusset does not read yet: named in the report as not read, so their loss is
 * visible (an engineer exporting "all tables" gets dozens of them).
 */
export function looksLikeResultTable(tableName: string): boolean {
  return RESULT_TABLE_NAME.test(tableName.trim());
}

/**
 * The result table a list of field names is, for a table exported without its title (the CSI API's
 * GetTableForDisplayCSVFile, a grid copied from ETABS): the one whose required fields are all there with at least
 * one component, and the most fields matched; for member forces, the table its element field names (`Beam` →
 * Element Forces - Beams). Undefined when no table fits, or two fit equally well.
 */
export function resultTableOfFields(names: readonly string[]): string | undefined {
  const keys = names.map(fieldKey);
  const has = (field: FieldSpec) => field.aliases.some((alias) => keys.includes(fieldKey(alias)));
  let best: { table: string; matched: number } | undefined;
  let tie = false;
  for (const spec of RESULT_TABLES) {
    const fieldOf = (name: string) => spec.fields.find((field) => field.name === name);
    const requiredThere = spec.required.every((name) => {
      const field = fieldOf(name);
      return field !== undefined && has(field);
    });
    const componentThere = spec.components.some((name) => {
      const field = fieldOf(name);
      return field !== undefined && has(field);
    });
    if (!requiredThere || !componentThere) continue;
    const matched = spec.fields.filter(has).length;
    const element = ['Beam', 'Column', 'Brace'].find((name) => keys.includes(fieldKey(name)));
    const table =
      spec.kind === 'frameForces' && element
        ? `ELEMENT FORCES - ${element.toUpperCase()}S`
        : (spec.tables[0] as string);
    if (best === undefined || matched > best.matched) {
      best = { table, matched };
      tie = false;
    } else if (matched === best.matched) tie = true;
  }
  return tie ? undefined : best?.table;
}
