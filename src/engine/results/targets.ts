/**
 * Results tied to the model objects they matched: each row of a matched table carries the id of its element,
 * joint or story (a text column, `target`). Stored that way, results can be coloured onto the scene, drawn along
 * members and compared between versions by object id without rebuilding the model they were matched against.
 */
import type { Model } from '../schema';
import type { ResultsMatch } from './match';
import { TextColumnBuilder, textAt, type ResultSet, type ResultTable } from './store';

/** The text field naming the model object a row matched (absent where the row matched nothing). */
export const TARGET_FIELD = 'target';

/** The set with a `target` column on every table the match covers. */
export function withTargets(set: ResultSet, match: ResultsMatch, model: Model): ResultSet {
  const tables = set.tables.map((table): ResultTable => {
    const tableMatch = match.tables.find((candidate) => candidate.kind === table.kind);
    if (!tableMatch) return table;
    const objects: ReadonlyArray<{ id: string }> =
      tableMatch.subject === 'element'
        ? model.elements
        : tableMatch.subject === 'node'
          ? model.nodes
          : model.levels;
    const column = new TextColumnBuilder(table.rowCount);
    const codeOfTarget = new Map<number, number>();
    for (let row = 0; row < table.rowCount; row++) {
      const target = tableMatch.targets[row] as number;
      if (target < 0) continue;
      let code = codeOfTarget.get(target);
      if (code === undefined) {
        code = column.codeOf((objects[target] as { id: string }).id);
        codeOfTarget.set(target, code);
      }
      column.setCode(row, code);
    }
    return { ...table, text: { ...table.text, [TARGET_FIELD]: column.build() } };
  });
  return { ...set, tables };
}

/** Whether a row belongs to the case (every row when no case is asked for). */
function caseFilter(table: ResultTable, caseName: string | undefined): (row: number) => boolean {
  if (caseName === undefined) return () => true;
  const column = table.text.case;
  const code = column ? column.values.indexOf(caseName) + 1 : 0;
  if (!column || code === 0) return () => false;
  return (row) => column.codes[row] === code;
}

export interface ObjectValues {
  /**
   * Every model object the table matched, in the stored set's own order (its `target` dictionary): the same
   * array for every case and component of one stored set, so a viewer resolves ids to elements once.
   */
  readonly ids: readonly string[];
  /** Per id: the signed value of greatest magnitude over its rows (stations, envelope steps); NaN for none. */
  readonly values: Float64Array;
}

/**
 * Per matched model object, the signed extreme of `component` in one output case (Max and Min steps of an
 * envelope both count), or over every case when `caseName` is undefined. Rows that matched nothing are left out.
 */
export function objectExtremes(table: ResultTable, component: string, caseName?: string): ObjectValues {
  const target = table.text[TARGET_FIELD];
  const values = table.numbers[component];
  if (!target) return { ids: [], values: new Float64Array(0) };
  const extremes = new Float64Array(target.values.length).fill(Number.NaN);
  if (!values) return { ids: target.values, values: extremes };
  const inCase = caseFilter(table, caseName);
  for (let row = 0; row < table.rowCount; row++) {
    const code = target.codes[row] as number;
    const value = values[row] as number;
    if (code === 0 || value !== value || !inCase(row)) continue;
    const current = extremes[code - 1] as number;
    if (current !== current || Math.abs(value) > Math.abs(current)) extremes[code - 1] = value;
  }
  return { ids: target.values, values: extremes };
}

export interface MemberDiagram {
  /** The member's id in the model. */
  readonly id: string;
  /** mm from the i-end, ascending. */
  readonly stations: readonly number[];
  /** At each station, the largest and smallest value over the case's steps (equal when it has one step). */
  readonly max: readonly number[];
  readonly min: readonly number[];
}

/**
 * The force diagram of `component` along every matched member in one output case: per station, the envelope's
 * two lines (max and min over Max/Min steps or modes), stations in order.
 */
export function memberDiagrams(table: ResultTable, component: string, caseName: string): MemberDiagram[] {
  const target = table.text[TARGET_FIELD];
  const values = table.numbers[component];
  const station = table.numbers.station;
  if (!target || !values || !station) return [];
  const inCase = caseFilter(table, caseName);
  const byMember = new Map<number, Map<number, { max: number; min: number }>>();
  for (let row = 0; row < table.rowCount; row++) {
    const code = target.codes[row] as number;
    const value = values[row] as number;
    const at = station[row] as number;
    if (code === 0 || value !== value || at !== at || !inCase(row)) continue;
    let stations = byMember.get(code);
    if (!stations) {
      stations = new Map();
      byMember.set(code, stations);
    }
    const seen = stations.get(at);
    if (!seen) stations.set(at, { max: value, min: value });
    else {
      if (value > seen.max) seen.max = value;
      if (value < seen.min) seen.min = value;
    }
  }
  return [...byMember].map(([code, stations]) => {
    const ordered = [...stations].sort((a, b) => a[0] - b[0]);
    return {
      id: target.values[code - 1] as string,
      stations: ordered.map(([at]) => at),
      max: ordered.map(([, value]) => value.max),
      min: ordered.map(([, value]) => value.min),
    };
  });
}

/** The output cases of a table with their type (`LinStatic`, `Combination`…), in file order. */
export function outputCases(table: ResultTable): Array<{ name: string; type?: string }> {
  const column = table.text.case;
  if (!column) return [];
  const types = new Map<number, string | undefined>();
  for (let row = 0; row < table.rowCount && types.size < column.values.length; row++) {
    const code = column.codes[row] as number;
    if (code !== 0 && !types.has(code)) types.set(code, textAt(table.text.caseType, row));
  }
  return column.values.map((name, index) => {
    const type = types.get(index + 1);
    return type === undefined ? { name } : { name, type };
  });
}

export interface StoryDrift {
  /** The level's id in the model. */
  readonly id: string;
  /** The largest drift ratio in X and in Y over the case's steps and points (NaN: none in that direction). */
  readonly x: number;
  readonly y: number;
}

/** Per matched story, its largest drift ratio in each direction in one output case (ETABS Story Drifts). */
export function storyDrifts(table: ResultTable, caseName: string): StoryDrift[] {
  const target = table.text[TARGET_FIELD];
  const drift = table.numbers.drift;
  const direction = table.text.direction;
  if (!target || !drift || !direction) return [];
  const inCase = caseFilter(table, caseName);
  const x = new Float64Array(target.values.length).fill(Number.NaN);
  const y = new Float64Array(target.values.length).fill(Number.NaN);
  const seen = new Set<number>();
  for (let row = 0; row < table.rowCount; row++) {
    const code = target.codes[row] as number;
    const value = drift[row] as number;
    if (code === 0 || value !== value || !inCase(row)) continue;
    const axis = textAt(direction, row)?.trim().toUpperCase();
    const into = axis === 'X' ? x : axis === 'Y' ? y : undefined;
    if (!into) continue;
    const current = into[code - 1] as number;
    if (current !== current || Math.abs(value) > Math.abs(current)) into[code - 1] = value;
    seen.add(code - 1);
  }
  return [...seen].map((index) => ({
    id: target.values[index] as string,
    x: x[index] as number,
    y: y[index] as number,
  }));
}

export interface JointDisplacement {
  /** The joint's node id in the model. */
  readonly id: string;
  /** Translation (mm) and rotation (rad) in global axes; NaN where the file has no such column. */
  readonly u: readonly [number, number, number];
  readonly r: readonly [number, number, number];
}

export interface DeformedShape {
  /** The step shown when the case has several (`Max`, `Mode 1`): the one asked for, else the first. */
  readonly step?: string;
  /** Every step of the case, as the file lists them (none for a case of one step). */
  readonly steps: readonly string[];
  readonly joints: readonly JointDisplacement[];
}

/** How a row's step reads (`Max`, `Mode 2`, `Step 5`), or '' for a case of one step. */
function stepOf(table: ResultTable, row: number): string {
  const type = textAt(table.text.stepType, row)?.trim() ?? '';
  const number = table.numbers.stepNum?.[row];
  return number === undefined || Number.isNaN(number) ? type : `${type || 'Step'} ${number}`.trim();
}

/**
 * The displaced joints of one output case (Joint Displacements), for the deformed shape: of a case with steps
 * (an envelope's Max and Min, a modal case's modes) one step, `step` or else the first, since a shape of extremes
 * from several steps is no shape the structure takes. A step the case does not have gives no joint.
 */
export function deformedShape(table: ResultTable, caseName: string, step?: string): DeformedShape {
  const target = table.text[TARGET_FIELD];
  if (!target) return { steps: [], joints: [] };
  const inCase = caseFilter(table, caseName);
  const column = (field: string) => table.numbers[field];
  const [ux, uy, uz, rx, ry, rz] = ['ux', 'uy', 'uz', 'rx', 'ry', 'rz'].map(column);
  const at = (values: Float64Array | undefined, row: number) =>
    values ? (values[row] as number) : Number.NaN;
  const steps = new Set<string>();
  let shown = step;
  const seen = new Set<number>();
  const joints: JointDisplacement[] = [];
  for (let row = 0; row < table.rowCount; row++) {
    const code = target.codes[row] as number;
    if (code === 0 || !inCase(row)) continue;
    const rowStep = stepOf(table, row);
    if (rowStep !== '') steps.add(rowStep);
    shown ??= rowStep;
    if (rowStep !== shown || seen.has(code)) continue;
    seen.add(code);
    joints.push({
      id: target.values[code - 1] as string,
      u: [at(ux, row), at(uy, row), at(uz, row)],
      r: [at(rx, row), at(ry, row), at(rz, row)],
    });
  }
  return { ...(shown ? { step: shown } : {}), steps: [...steps], joints };
}

/**
 * The period of each mode of a modal case (Modal Periods And Frequencies), by the step's name as deformedShape
 * gives it (`Mode 2`), in s.
 */
export function modalPeriods(table: ResultTable, caseName: string): Map<string, number> {
  const inCase = caseFilter(table, caseName);
  const period = table.numbers.period;
  const periods = new Map<string, number>();
  if (!period) return periods;
  for (let row = 0; row < table.rowCount; row++) {
    const value = period[row] as number;
    if (!inCase(row) || Number.isNaN(value)) continue;
    const step = stepOf(table, row);
    if (step !== '' && !periods.has(step)) periods.set(step, value);
  }
  return periods;
}

export interface DiagramValue {
  /** mm from the i-end. */
  readonly station: number;
  readonly value: number;
}

/** What an engineer reads off a member's diagram: both ends (an envelope's two lines) and its extremes. */
export interface DiagramReading {
  readonly start: { readonly max: number; readonly min: number };
  readonly end: { readonly max: number; readonly min: number };
  readonly largest: DiagramValue;
  readonly smallest: DiagramValue;
}

/** The ends and extremes of a member's diagram (the first of equal extremes), or null for one with no station. */
export function diagramReading(
  diagram: Pick<MemberDiagram, 'stations' | 'max' | 'min'>,
): DiagramReading | null {
  const last = diagram.stations.length - 1;
  if (last < 0) return null;
  let largest = 0;
  let smallest = 0;
  for (let at = 1; at <= last; at++) {
    if ((diagram.max[at] as number) > (diagram.max[largest] as number)) largest = at;
    if ((diagram.min[at] as number) < (diagram.min[smallest] as number)) smallest = at;
  }
  return {
    start: { max: diagram.max[0] as number, min: diagram.min[0] as number },
    end: { max: diagram.max[last] as number, min: diagram.min[last] as number },
    largest: { station: diagram.stations[largest] as number, value: diagram.max[largest] as number },
    smallest: { station: diagram.stations[smallest] as number, value: diagram.min[smallest] as number },
  };
}
