/**
 * The Gusset workbook: the canonical model as one worksheet per table, for engineers who edit models in Excel.
 *
 * Every sheet has a header row of field names (nested fields as dotted paths: `section.depth`, `source.tool`), a
 * units row (lengths in the model's display unit, everything else in the canonical SI units, `Text`, `Yes/No`,
 * `JSON`), then one row per object with its id in the first column. Lists (area vertices, case loads,
 * combination items, group members) and attribute bags are JSON text in one cell. Node restraints and member end
 * releases have sheets of their own (one row per restrained node / released member). Tables the issue does not
 * name (Areas, Cables, Links, …) and the model itself (units, source, attributes) come after them, so that
 * `read(write(model))` is the same model, canonical hash for hash.
 */
import type { DisplayUnit, Element, Model, ModelCollection } from '../../schema';
import { ModelSchema, SCHEMA_VERSION, setAttribute } from '../../schema';
import { ParseError } from '../parseError';
import { countModel } from '../report';
import type { ReadResult, WriteResult } from '../types';
import type { CellValue, RawSheet, RawWorkbook } from './sheets';
import { encodeXstring } from './sheets';

export const XLSX_FORMAT_ID = 'xlsx';

/** Where a table's rows come from and go to. */
interface TableSpec {
  readonly sheet: string;
  /** The canonical collection, or the embedded restraint/release records, or result rows. */
  readonly target: ModelCollection | 'restraints' | 'releases' | ResultRows;
  /** The `type` the objects of this sheet have (and the element type that selects them). */
  readonly type?: string;
  /** Top-level fields written on another sheet. */
  readonly exclude?: readonly string[];
}

/** The analysis result rows a workbook carries (model.results), each on a sheet of its own. */
type ResultRows = 'memberForces' | 'jointReactions' | 'jointDisplacements';
const RESULT_ROWS: readonly string[] = ['memberForces', 'jointReactions', 'jointDisplacements'];
const isResultRows = (target: TableSpec['target']): target is ResultRows => RESULT_ROWS.includes(target);

const FRAME_EXCLUDE = ['releases'] as const;

/** The sheets, in the issue's order, then the tables it does not name. */
export const GUSSET_TABLES: readonly TableSpec[] = [
  { sheet: 'Levels', target: 'levels', type: 'Level' },
  { sheet: 'Grids', target: 'grids', type: 'Grid' },
  { sheet: 'Nodes', target: 'nodes', type: 'Node', exclude: ['restraint'] },
  { sheet: 'Materials', target: 'materials', type: 'Material' },
  { sheet: 'Sections', target: 'profiles', type: 'Profile' },
  { sheet: 'Beams', target: 'elements', type: 'Beam', exclude: FRAME_EXCLUDE },
  { sheet: 'Columns', target: 'elements', type: 'Column', exclude: FRAME_EXCLUDE },
  { sheet: 'Braces', target: 'elements', type: 'Brace', exclude: FRAME_EXCLUDE },
  { sheet: 'Walls', target: 'elements', type: 'Wall' },
  { sheet: 'Floors', target: 'elements', type: 'Floor' },
  { sheet: 'Openings', target: 'elements', type: 'Opening' },
  { sheet: 'Restraints', target: 'restraints', type: 'Restraint' },
  { sheet: 'Releases', target: 'releases', type: 'Releases' },
  { sheet: 'Load Patterns', target: 'loadPatterns', type: 'LoadPattern' },
  { sheet: 'Load Cases', target: 'loadCases', type: 'LoadCase' },
  { sheet: 'Load Combinations', target: 'loadCombinations', type: 'LoadCombination' },
  { sheet: 'Point Loads', target: 'loads', type: 'PointLoad' },
  { sheet: 'Linear Loads', target: 'loads', type: 'LinearLoad' },
  { sheet: 'Area Loads', target: 'loads', type: 'AreaLoad' },
  { sheet: 'Groups', target: 'groups', type: 'Group' },
  { sheet: 'Areas', target: 'elements', type: 'Area' },
  { sheet: 'Cables', target: 'elements', type: 'Cable' },
  { sheet: 'Links', target: 'elements', type: 'Link' },
  { sheet: 'Components', target: 'elements', type: 'Component' },
  { sheet: 'Foundations', target: 'elements', type: 'Foundation' },
  { sheet: 'Geo Elements', target: 'elements', type: 'GeoElement' },
  { sheet: 'Link Properties', target: 'linkProperties', type: 'LinkProperty' },
  { sheet: 'Spring Properties', target: 'springProperties', type: 'SpringProperty' },
  { sheet: 'Diaphragms', target: 'diaphragms', type: 'Diaphragm' },
  { sheet: 'Member Forces', target: 'memberForces' },
  { sheet: 'Joint Reactions', target: 'jointReactions' },
  { sheet: 'Joint Displacements', target: 'jointDisplacements' },
];

/** The sheet with the model's own fields; its presence is what makes a workbook a Gusset workbook. */
export const MODEL_SHEET = 'Model';
const MODEL_HEADER = ['field', 'key', 'value'] as const;
/** Excel shows at most 32,767 characters in a cell; longer JSON continues on the next rows. */
const CELL_TEXT_LIMIT = 32_000;

const MM_PER_UNIT: Record<DisplayUnit, number> = { mm: 1, cm: 10, m: 1000, in: 25.4, ft: 304.8 };

const SECTION_LENGTHS = new Set([
  'section.depth',
  'section.width',
  'section.diameter',
  'section.flangeWidth',
  'section.flangeThickness',
  'section.webThickness',
  'section.bottomFlangeWidth',
  'section.bottomFlangeThickness',
  'section.wallThickness',
  'thickness',
]);
const SECTION_AREAS = new Set(['properties.area', 'properties.as2', 'properties.as3']);
const SECTION_INERTIAS = new Set(['properties.i22', 'properties.i33', 'properties.j']);
const GRID_LENGTHS = new Set([
  'geometry.coordinate',
  'geometry.start.x',
  'geometry.start.y',
  'geometry.end.x',
  'geometry.end.y',
]);

/**
 * The power of length a number at `path` carries (1 for mm, 2 for mm², 4 for mm⁴), so it is written in the
 * model's display unit; 0 for everything else (forces, pressures, angles stay in canonical SI units).
 */
function lengthPower(table: TableSpec, path: string, object: Readonly<Record<string, unknown>>): number {
  switch (table.target) {
    case 'nodes':
      return path === 'x' || path === 'y' || path === 'z' ? 1 : 0;
    case 'levels':
      return path === 'elevation' || path === 'height' ? 1 : 0;
    case 'grids':
      return GRID_LENGTHS.has(path) ? 1 : 0;
    case 'profiles':
      if (SECTION_LENGTHS.has(path)) return 1;
      if (SECTION_AREAS.has(path)) return 2;
      return SECTION_INERTIAS.has(path) ? 4 : 0;
    case 'elements':
      return path.startsWith('endOffsets.') || path.startsWith('insertionOffsets.') ? 1 : 0;
    case 'loads': {
      if (path !== 'distribution.start' && path !== 'distribution.end') return 0;
      const distribution = object['distribution'] as { relative?: unknown } | undefined;
      return distribution?.relative === false ? 1 : 0;
    }
    case 'memberForces':
      return path === 'station' ? 1 : 0;
    case 'jointDisplacements':
      return ['ux', 'uy', 'uz'].includes(path) ? 1 : 0;
    default:
      return 0;
  }
}

const SUPERSCRIPT = ['', '', '²', '³', '⁴'];

/** What the units row says for a column, from the first value written in it. */
function unitLabel(
  table: TableSpec,
  path: string,
  sample: unknown,
  units: DisplayUnit,
  json: boolean,
): string {
  if (json) return path === 'points' ? `JSON (mm)` : 'JSON';
  if (typeof sample === 'string') return 'Text';
  if (typeof sample === 'boolean') return 'Yes/No';
  if (table.target === 'loads' && (path === 'distribution.start' || path === 'distribution.end')) {
    return `${units}, or 0–1 when relative`;
  }
  const power = lengthPower(table, path, {});
  if (power > 0) return `${units}${SUPERSCRIPT[power] ?? ''}`;
  const leaf = path.slice(path.lastIndexOf('.') + 1);
  if (path === 'orientationAngle') return 'deg';
  if (table.target === 'materials') {
    if (['elasticModulus', 'shearModulus', 'fy', 'fu', 'fc'].includes(leaf)) return 'Pa';
    if (leaf === 'unitWeight') return 'N/m³';
    if (leaf === 'massDensity') return 'kg/m³';
    if (leaf === 'thermalCoefficient') return '1/°C';
    return '';
  }
  if (table.type === 'PointLoad') return leaf.startsWith('f') ? 'N' : 'N·m';
  if (table.type === 'LinearLoad') return 'N/m (N at a point; ·m for moments)';
  if (table.type === 'AreaLoad') return 'Pa';
  if (table.target === 'springProperties' || table.target === 'linkProperties') {
    return leaf.startsWith('u') ? 'N/m' : 'N·m/rad';
  }
  if (table.target === 'memberForces') return ['p', 'v2', 'v3'].includes(leaf) ? 'N' : 'N·m';
  if (table.target === 'jointReactions') return leaf.startsWith('f') ? 'N' : 'N·m';
  if (table.target === 'jointDisplacements') return 'rad';
  return '';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Flattens an object into `path → cell` pairs: nested objects become dotted paths; lists, empty objects and the
 * attribute bag become JSON text (marked in `jsonPaths`).
 */
function flatten(
  object: Readonly<Record<string, unknown>>,
  exclude: ReadonlySet<string>,
  out: Map<string, unknown>,
  jsonPaths: Set<string>,
  prefix = '',
): void {
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (value === undefined) continue;
    if (prefix === '' && (exclude.has(key) || key === 'type')) continue;
    const path = prefix + key;
    if ((prefix === '' && key === 'attributes') || Array.isArray(value) || value === null) {
      out.set(path, JSON.stringify(value));
      jsonPaths.add(path);
    } else if (isPlainObject(value)) {
      if (Object.keys(value).length === 0) {
        out.set(path, '{}');
        jsonPaths.add(path);
      } else {
        flatten(value, exclude, out, jsonPaths, `${path}.`);
      }
    } else {
      out.set(path, value);
    }
  }
}

/** The objects a table writes, as plain records. */
function tableObjects(model: Model, table: TableSpec): Array<Record<string, unknown>> {
  switch (table.target) {
    case 'elements':
      return model.elements.filter((element) => element.type === table.type) as unknown as Array<
        Record<string, unknown>
      >;
    case 'loads':
      return model.loads.filter((load) => load.type === table.type) as unknown as Array<
        Record<string, unknown>
      >;
    case 'restraints':
      return model.nodes.flatMap((node) => (node.restraint ? [{ id: node.id, ...node.restraint }] : []));
    case 'releases':
      return model.elements.flatMap((element) =>
        'releases' in element && element.releases ? [{ id: element.id, ...element.releases }] : [],
      );
    case 'memberForces':
    case 'jointReactions':
    case 'jointDisplacements':
      return (model.results?.[table.target] ?? []) as unknown as Array<Record<string, unknown>>;
    default:
      return model[table.target] as unknown as Array<Record<string, unknown>>;
  }
}

/** Splits long text into pieces Excel can show, at most {@link CELL_TEXT_LIMIT} characters each. */
function chunks(text: string): string[] {
  if (text.length <= CELL_TEXT_LIMIT) return [text];
  const out: string[] = [];
  for (let at = 0; at < text.length; at += CELL_TEXT_LIMIT) out.push(text.slice(at, at + CELL_TEXT_LIMIT));
  return out;
}

/** Writes the model as a Gusset workbook (exceljs). */
export async function writeGussetWorkbook(model: Model): Promise<WriteResult> {
  // Loaded on first use: exceljs takes a good part of a second to load, which `gusset --help` and the server's
  // start should not pay.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Gusset';
  const units = model.units;
  const factor = MM_PER_UNIT[units];
  const items: WriteResult['report']['items'] = [];

  for (const table of GUSSET_TABLES) {
    const objects = tableObjects(model, table);
    if (objects.length === 0 && isResultRows(table.target)) continue;
    const exclude = new Set(table.exclude ?? []);
    const flat: Array<Map<string, unknown>> = [];
    const jsonPaths = new Set<string>();
    const columns: string[] = isResultRows(table.target) ? [] : ['id', 'name'];
    const known = new Set(columns);
    for (const object of objects) {
      const cells = new Map<string, unknown>();
      flatten(object, exclude, cells, jsonPaths);
      for (const path of cells.keys()) {
        if (!known.has(path) && path !== 'attributes') {
          known.add(path);
          columns.push(path);
        }
      }
      flat.push(cells);
    }
    if (jsonPaths.has('attributes')) columns.push('attributes');
    const samples = new Map<string, unknown>();
    for (const cells of flat) {
      for (const [path, value] of cells) if (!samples.has(path)) samples.set(path, value);
    }
    const sheet = workbook.addWorksheet(table.sheet);
    sheet.addRow(columns);
    sheet.addRow(
      columns.map((path) => unitLabel(table, path, samples.get(path), units, jsonPaths.has(path))),
    );
    const rows: CellValue[][] = [];
    flat.forEach((cells, index) => {
      const object = objects[index] as Record<string, unknown>;
      const row: CellValue[] = new Array<CellValue>(columns.length).fill(null);
      columns.forEach((path, column) => {
        const value = cells.get(path);
        if (value === undefined) return;
        if (typeof value === 'number') {
          const power = lengthPower(table, path, object);
          row[column] = power === 0 ? value : value / factor ** power;
        } else {
          row[column] = typeof value === 'string' ? encodeXstring(value) : (value as CellValue);
        }
        if (typeof value === 'string' && value.length > CELL_TEXT_LIMIT) {
          items.push({
            severity: 'warning',
            subject: table.sheet,
            id: String(object['id'] ?? ''),
            reason: `${path} is ${value.length} characters long; Excel shows only the first 32,767 (Gusset reads all of it)`,
          });
        }
      });
      rows.push(row);
    });
    sheet.addRows(rows);
    sheet.views = [{ state: 'frozen', ySplit: 2 }];
  }

  const modelSheet = workbook.addWorksheet(MODEL_SHEET);
  modelSheet.addRow([...MODEL_HEADER]);
  modelSheet.addRow(['Text', 'Text', 'JSON']);
  const addField = (field: string, key: string, value: unknown): void => {
    for (const piece of chunks(JSON.stringify(value))) modelSheet.addRow([field, key, piece]);
  };
  addField('format', '', 'Gusset workbook');
  addField('schemaVersion', '', model.schemaVersion);
  addField('units', '', model.units);
  addField('source', '', model.source);
  if (model.sourceUnits !== undefined) addField('sourceUnits', '', model.sourceUnits);
  // Functions are model-level lists of period/value pairs, kept whole as JSON rather than a sheet of their own.
  if (model.functions !== undefined) addField('functions', '', model.functions);
  // Joint constraints likewise: a few named lists of joints.
  if (model.constraints !== undefined) addField('constraints', '', model.constraints);
  if (model.results !== undefined) addField('results', '', { present: true });
  for (const key of Object.keys(model.attributes)) addField('attributes', key, model.attributes[key]);

  const buffer = await workbook.xlsx.writeBuffer();
  const bytes = new Uint8Array(buffer as ArrayBuffer);
  return {
    bytes,
    report: { format: XLSX_FORMAT_ID, direction: 'write', counts: countModel(model), items },
  };
}

/** Whether a workbook is one Gusset wrote (its Model sheet), or is laid out like one (a Nodes sheet with ids). */
export function isGussetWorkbook(workbook: RawWorkbook): boolean {
  const model = workbook.sheet(MODEL_SHEET);
  if (model) {
    const header = model.rows[0];
    if (header && MODEL_HEADER.every((name, index) => header[index] === name)) return true;
  }
  const nodes = workbook.sheet('Nodes');
  return nodes?.rows[0]?.[0] === 'id';
}

function columnLetters(column: number): string {
  let out = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26))
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

function fail(sheet: string, row: number, column: number | null, message: string): never {
  const where = column === null ? `row ${row + 1}` : `cell ${columnLetters(column)}${row + 1}`;
  throw new ParseError(XLSX_FORMAT_ID, 0, `sheet "${sheet}", ${where}: ${message}`);
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let cursor = target;
  for (let index = 0; index < path.length - 1; index++) {
    const key = path[index] as string;
    let next = Object.hasOwn(cursor, key) ? cursor[key] : undefined;
    if (!isPlainObject(next)) {
      next = {};
      Object.defineProperty(cursor, key, {
        value: next,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    cursor = next as Record<string, unknown>;
  }
  const leaf = path[path.length - 1] as string;
  Object.defineProperty(cursor, leaf, { value, enumerable: true, writable: true, configurable: true });
}

interface Origin {
  readonly sheet: string;
  readonly row: number;
}

function parseJsonCell(text: string, sheet: string, row: number, column: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail(
      sheet,
      row,
      column,
      `"${text.slice(0, 40)}" is not valid JSON (lists are written like ["N1","N2"])`,
    );
  }
}

/** How one column of a table sheet is read, worked out once per sheet from its header and units rows. */
interface ColumnReader {
  readonly column: number;
  /** The header's dotted path, split. */
  readonly path: readonly string[];
  /** A `JSON` column: the cell is JSON text. */
  readonly json: boolean;
  /** Power of length of a number here; {@link RELATIVE_LENGTH} when the row's `distribution.relative` decides. */
  readonly power: number;
  /** No `__proto__` in the path, so plain assignment makes the same own property `setPath` does. */
  readonly plain: boolean;
}

/** A linear load's `distribution.start`/`end`: mm when `relative` is false, a 0–1 fraction otherwise. */
const RELATIVE_LENGTH = -1;

/**
 * The column readers of a sheet, or undefined when two header paths overlap (the same field twice, or `section`
 * next to `section.depth`): then which cell wins depends on the order the row is written in, and the sheet is
 * read by {@link readRowByPaths}, which does exactly that.
 */
function columnReaders(
  table: TableSpec,
  header: readonly CellValue[],
  unitsRow: readonly CellValue[] | undefined,
): ColumnReader[] | undefined {
  const readers: ColumnReader[] = [];
  const seen = new Set<string>();
  for (let column = 0; column < header.length; column++) {
    const cell = header[column];
    if (typeof cell !== 'string' || cell.trim() === '') continue;
    const dotted = cell.trim();
    const path = dotted.split('.');
    for (let depth = 1; depth <= path.length; depth++) {
      const prefix = path.slice(0, depth).join('.');
      if (depth === path.length ? seen.has(prefix) || seenAsParent(seen, prefix) : seen.has(prefix))
        return undefined;
    }
    seen.add(dotted);
    const unit = unitsRow?.[column];
    const relative =
      table.target === 'loads' && (dotted === 'distribution.start' || dotted === 'distribution.end');
    readers.push({
      column,
      path,
      json: typeof unit === 'string' && unit.startsWith('JSON'),
      power: relative ? RELATIVE_LENGTH : lengthPower(table, dotted, {}),
      plain: !path.includes('__proto__'),
    });
  }
  return readers;
}

/** Whether some path already seen continues below `prefix` (`section.depth` below `section`). */
function seenAsParent(seen: ReadonlySet<string>, prefix: string): boolean {
  const below = `${prefix}.`;
  for (const path of seen) if (path.startsWith(below)) return true;
  return false;
}

/** Sets `value` at `path` with plain assignment (the path has no `__proto__`; intermediate objects are ours). */
function assignPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let cursor = target;
  const last = path.length - 1;
  for (let index = 0; index < last; index++) {
    const key = path[index] as string;
    const next = Object.hasOwn(cursor, key) ? cursor[key] : undefined;
    if (isPlainObject(next)) cursor = next;
    else {
      const created: Record<string, unknown> = {};
      cursor[key] = created;
      cursor = created;
    }
  }
  cursor[path[last] as string] = value;
}

function isBlankRow(cells: readonly CellValue[]): boolean {
  for (let column = 0; column < cells.length; column++) {
    const cell = cells[column];
    if (cell !== null && cell !== undefined && cell !== '') return false;
  }
  return true;
}

/** One row by its columns' readers: each cell set once, numbers already in mm. */
function readRow(
  cells: readonly CellValue[],
  readers: readonly ColumnReader[],
  factor: number,
  sheet: string,
  row: number,
): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  let relative = false;
  for (let index = 0; index < readers.length; index++) {
    const reader = readers[index] as ColumnReader;
    const cell = cells[reader.column];
    if (cell === null || cell === undefined) continue;
    let value: unknown = cell;
    if (reader.json) {
      if (typeof cell !== 'string') fail(sheet, row, reader.column, 'expected JSON text');
      value = parseJsonCell(cell, sheet, row, reader.column);
    } else if (typeof cell === 'number' && reader.power !== 0) {
      if (reader.power === RELATIVE_LENGTH) relative = true;
      else value = cell * factor ** reader.power;
    }
    if (reader.plain) assignPath(object, reader.path, value);
    else setPath(object, reader.path, value);
  }
  // A linear load's distances are in mm only when its `relative` cell says No, which may come after them.
  if (relative && (object['distribution'] as { relative?: unknown } | undefined)?.relative === false) {
    for (const reader of readers) {
      const cell = cells[reader.column];
      if (reader.power !== RELATIVE_LENGTH || typeof cell !== 'number') continue;
      if (reader.plain) assignPath(object, reader.path, cell * factor);
      else setPath(object, reader.path, cell * factor);
    }
  }
  return object;
}

/** One row by its header paths in column order, numbers converted after the whole row is known. */
function readRowByPaths(
  cells: readonly CellValue[],
  paths: ReadonlyArray<string[] | null>,
  json: readonly boolean[],
  table: TableSpec,
  factor: number,
  sheet: string,
  row: number,
): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let column = 0; column < cells.length; column++) {
    const cell = cells[column];
    const path = paths[column];
    if (cell === null || cell === undefined || !path) continue;
    if (json[column]) {
      if (typeof cell !== 'string') fail(sheet, row, column, 'expected JSON text');
      setPath(object, path, parseJsonCell(cell, sheet, row, column));
    } else {
      setPath(object, path, cell);
    }
  }
  // Lengths back to mm, once the whole row is known (a linear load's `relative` decides its distances).
  for (let column = 0; column < cells.length; column++) {
    const cell = cells[column];
    const path = paths[column];
    if (typeof cell !== 'number' || !path) continue;
    const power = lengthPower(table, path.join('.'), object);
    if (power > 0) setPath(object, path, cell * factor ** power);
  }
  return object;
}

/** Reads the rows of one table sheet into plain objects (numbers back in mm), remembering each one's row. */
function readTable(
  sheet: RawSheet,
  table: TableSpec,
  factor: number,
  visit: (object: Record<string, unknown>, row: number) => void,
): void {
  const header = sheet.rows[0];
  const unitsRow = sheet.rows[1];
  if (!header) return;
  const readers = columnReaders(table, header, unitsRow);
  const paths: Array<string[] | null> = header.map((cell) =>
    typeof cell === 'string' && cell.trim() !== '' ? cell.trim().split('.') : null,
  );
  const json = header.map((_, column) => {
    const unit = unitsRow?.[column];
    return typeof unit === 'string' && unit.startsWith('JSON');
  });
  const typed = table.type !== undefined && table.target !== 'restraints' && table.target !== 'releases';
  for (let row = 2; row < sheet.rows.length; row++) {
    const cells = sheet.rows[row];
    if (!cells || isBlankRow(cells)) continue;
    const object = readers
      ? readRow(cells, readers, factor, sheet.name, row)
      : readRowByPaths(cells, paths, json, table, factor, sheet.name, row);
    if (typed) object['type'] = table.type;
    visit(object, row);
  }
}

/** Reads a Gusset workbook (see the file comment) into a canonical model. Throws only `ParseError`. */
export function readGussetWorkbook(workbook: RawWorkbook): ReadResult {
  const items: ReadResult['report']['items'] = [];
  const header = readModelSheet(workbook);
  const units = header.units;
  const factor = MM_PER_UNIT[units];
  const model: Record<string, unknown> & { [K in ModelCollection]: Array<Record<string, unknown>> } = {
    schemaVersion: header.schemaVersion,
    units,
    source: header.source,
    ...(header.sourceUnits !== undefined ? { sourceUnits: header.sourceUnits } : {}),
    ...(header.functions !== undefined ? { functions: header.functions } : {}),
    ...(header.constraints !== undefined ? { constraints: header.constraints } : {}),
    nodes: [],
    levels: [],
    grids: [],
    materials: [],
    profiles: [],
    elements: [],
    groups: [],
    loadPatterns: [],
    loadCases: [],
    loadCombinations: [],
    loads: [],
    linkProperties: [],
    springProperties: [],
    diaphragms: [],
    attributes: header.attributes,
  };
  const origins = new Map<ModelCollection, Origin[]>();
  const nodesById = new Map<string, Record<string, unknown>>();
  const elementsById = new Map<string, Record<string, unknown>>();
  const resultRows: Record<ResultRows, Array<Record<string, unknown>>> = {
    memberForces: [],
    jointReactions: [],
    jointDisplacements: [],
  };
  const sourceCounts: Record<string, number> = {};

  for (const table of GUSSET_TABLES) {
    const sheet = workbook.sheet(table.sheet);
    if (!sheet) continue;
    let count = 0;
    readTable(sheet, table, factor, (object, row) => {
      count++;
      const id = object['id'];
      if (isResultRows(table.target)) {
        resultRows[table.target].push(object);
        return;
      }
      if (typeof id !== 'string' || id === '') fail(table.sheet, row, 0, 'every row needs an id in column A');
      if (table.target === 'restraints' || table.target === 'releases') {
        const owner = (table.target === 'restraints' ? nodesById : elementsById).get(id);
        if (!owner) {
          fail(table.sheet, row, 0, `no ${table.target === 'restraints' ? 'node' : 'member'} has id "${id}"`);
        }
        const { id: _, ...record } = object;
        owner[table.target === 'restraints' ? 'restraint' : 'releases'] = { type: table.type, ...record };
        return;
      }
      const collection = table.target;
      if (collection === 'nodes') {
        if (nodesById.has(id)) fail(table.sheet, row, 0, `id "${id}" is used twice`);
        nodesById.set(id, object);
      } else if (collection === 'elements') {
        if (elementsById.has(id))
          fail(table.sheet, row, 0, `id "${id}" is used twice (ids are unique across element sheets)`);
        elementsById.set(id, object);
      }
      model[collection].push(object);
      let list = origins.get(collection);
      if (!list) {
        list = [];
        origins.set(collection, list);
      }
      list.push({ sheet: table.sheet, row });
    });
    sourceCounts[table.sheet] = count;
  }
  const { memberForces, jointReactions, jointDisplacements } = resultRows;
  if (header.hasResults || RESULT_ROWS.some((target) => resultRows[target as ResultRows].length > 0)) {
    model['results'] = {
      memberForces,
      ...(jointReactions.length > 0 ? { jointReactions } : {}),
      ...(jointDisplacements.length > 0 ? { jointDisplacements } : {}),
    };
  }

  const parsed = ModelSchema.safeParse(model);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path ?? [];
    const collection = path[0] as ModelCollection | undefined;
    const index = typeof path[1] === 'number' ? path[1] : -1;
    const origin = collection !== undefined ? origins.get(collection)?.[index] : undefined;
    const field = path.slice(2).join('.');
    const message = `${field === '' ? '' : `${field}: `}${issue?.message ?? 'invalid value'}`;
    if (origin) fail(origin.sheet, origin.row, null, message);
    throw new ParseError(
      XLSX_FORMAT_ID,
      0,
      `the workbook is not a valid Gusset model: ${path.join('.')}: ${message}`,
    );
  }
  const result = parsed.data;
  checkReferences(result, origins);
  return {
    model: result,
    report: { format: XLSX_FORMAT_ID, direction: 'read', counts: countModel(result), items, sourceCounts },
  };
}

/** Ids an engineer might mistype in Excel: frame and area nodes, sections, load patterns and elements. */
function checkReferences(model: Model, origins: ReadonlyMap<ModelCollection, Origin[]>): void {
  const nodes = new Set(model.nodes.map((node) => node.id));
  const profiles = new Set(model.profiles.map((profile) => profile.id));
  const elements = new Set(model.elements.map((element) => element.id));
  const patterns = new Set(model.loadPatterns.map((pattern) => pattern.id));
  const at = (collection: ModelCollection, index: number, message: string): never => {
    const origin = origins.get(collection)?.[index];
    if (origin) fail(origin.sheet, origin.row, null, message);
    throw new ParseError(XLSX_FORMAT_ID, 0, message);
  };
  model.elements.forEach((element: Element, index) => {
    const nodeIds =
      'nodeIds' in element
        ? element.nodeIds
        : 'startNodeId' in element
          ? [element.startNodeId, ...(element.endNodeId !== undefined ? [element.endNodeId] : [])]
          : [];
    for (const nodeId of nodeIds) {
      if (!nodes.has(nodeId)) at('elements', index, `no node has id "${nodeId}" (see the Nodes sheet)`);
    }
    const profileId = 'profileId' in element ? element.profileId : undefined;
    if (profileId !== undefined && !profiles.has(profileId)) {
      at('elements', index, `no section has id "${profileId}" (see the Sections sheet)`);
    }
  });
  model.loads.forEach((load, index) => {
    if (!patterns.has(load.patternId)) at('loads', index, `no load pattern has id "${load.patternId}"`);
    const target = load.type === 'PointLoad' ? load.nodeId : load.elementId;
    if (!(load.type === 'PointLoad' ? nodes : elements).has(target)) {
      at('loads', index, `no ${load.type === 'PointLoad' ? 'node' : 'element'} has id "${target}"`);
    }
  });
}

interface ModelHeader {
  schemaVersion: typeof SCHEMA_VERSION;
  units: DisplayUnit;
  source: Model['source'];
  sourceUnits?: Model['sourceUnits'];
  functions?: Model['functions'];
  constraints?: Model['constraints'];
  attributes: Model['attributes'];
  hasResults: boolean;
}

function readModelSheet(workbook: RawWorkbook): ModelHeader {
  const header: ModelHeader = {
    schemaVersion: SCHEMA_VERSION,
    units: 'mm',
    // A workbook laid out by hand says nothing about where it came from: it is Excel's.
    source: { tool: 'excel' },
    attributes: {},
    hasResults: false,
  };
  const sheet = workbook.sheet(MODEL_SHEET);
  if (!sheet) return header;
  // Consecutive rows with the same field and key are one JSON text cut into pieces.
  const values: Array<{ field: string; key: string; text: string; row: number }> = [];
  for (let row = 2; row < sheet.rows.length; row++) {
    const cells = sheet.rows[row];
    if (!cells) continue;
    const [field, key, value] = cells;
    if (typeof field !== 'string' || field === '') continue;
    const keyText = typeof key === 'string' ? key : key === null || key === undefined ? '' : String(key);
    const text =
      typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
    const last = values[values.length - 1];
    if (last && last.field === field && last.key === keyText) last.text += text;
    else values.push({ field, key: keyText, text, row });
  }
  for (const { field, key, text, row } of values) {
    const value = parseJsonCell(text, MODEL_SHEET, row, 2);
    switch (field) {
      case 'units': {
        if (typeof value !== 'string' || !Object.hasOwn(MM_PER_UNIT, value)) {
          fail(MODEL_SHEET, row, 2, `units must be one of "mm", "cm", "m", "in", "ft" (in quotes)`);
        }
        header.units = value as DisplayUnit;
        break;
      }
      case 'source':
        header.source = value as Model['source'];
        break;
      case 'sourceUnits':
        header.sourceUnits = value as Model['sourceUnits'];
        break;
      case 'functions':
        header.functions = value as Model['functions'];
        break;
      case 'constraints':
        header.constraints = value as Model['constraints'];
        break;
      case 'results':
        header.hasResults = true;
        break;
      case 'attributes':
        setAttribute(header.attributes, key, value as never);
        break;
      default:
        break;
    }
  }
  return header;
}
