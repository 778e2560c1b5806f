/**
 * What a results file holds, as an engineer first asks: which tables, how many rows and cases, and the extreme
 * value of each component with where and under which case it occurs.
 */
import { RESULT_TABLES, type ResultKind } from './catalogue';
import type { Quantity } from './quantities';
import { textAt, type ResultSet, type ResultTable } from './store';

export interface ExtremeAt {
  readonly value: number;
  /** The row's label (member, joint or story, with the story when the file gives one). */
  readonly label?: string;
  readonly case?: string;
  readonly stepType?: string;
  /** mm from the member's i-end, for member forces. */
  readonly station?: number;
}

export interface ComponentExtremes {
  readonly component: string;
  readonly quantity: Quantity;
  readonly max: ExtremeAt;
  readonly min: ExtremeAt;
}

export interface TableSummary {
  readonly kind: ResultKind;
  readonly title: string;
  readonly sources: readonly string[];
  readonly rows: number;
  /** Output cases in the order the file first gives them. */
  readonly cases: readonly string[];
  /** Distinct members, joints or stories. */
  readonly labels: number;
  readonly extremes: readonly ComponentExtremes[];
}

function labelAt(table: ResultTable, field: string | undefined, row: number): string | undefined {
  if (field === undefined) return undefined;
  const name = textAt(table.text[field], row);
  const story = field === 'story' ? undefined : textAt(table.text.story, row);
  return name === undefined ? story : story === undefined ? name : `${name}@${story}`;
}

function extremeAt(
  table: ResultTable,
  labelField: string | undefined,
  row: number,
  value: number,
): ExtremeAt {
  const label = labelAt(table, labelField, row);
  const outputCase = textAt(table.text.case, row);
  const stepType = textAt(table.text.stepType, row);
  const station = table.numbers.station?.[row];
  return {
    value,
    ...(label === undefined ? {} : { label }),
    ...(outputCase === undefined ? {} : { case: outputCase }),
    ...(stepType === undefined ? {} : { stepType }),
    ...(station === undefined || Number.isNaN(station) ? {} : { station }),
  };
}

const LABEL_FIELD: Partial<Record<ResultKind, string>> = {
  frameForces: 'element',
  jointReactions: 'joint',
  jointDisplacements: 'joint',
  storyDrifts: 'story',
  storyForces: 'story',
};

export function summarizeTable(table: ResultTable): TableSummary {
  const spec = RESULT_TABLES.find((candidate) => candidate.kind === table.kind);
  if (spec === undefined) throw new Error(`unknown result kind ${table.kind}`);
  const labelField = LABEL_FIELD[table.kind];
  const extremes: ComponentExtremes[] = [];
  for (const component of spec.components) {
    const values = table.numbers[component];
    const field = spec.fields.find((candidate) => candidate.name === component);
    if (values === undefined || field === undefined || field.type === 'text') continue;
    let maxRow = -1;
    let minRow = -1;
    for (let row = 0; row < values.length; row++) {
      const value = values[row] as number;
      if (Number.isNaN(value)) continue;
      if (maxRow < 0 || value > (values[maxRow] as number)) maxRow = row;
      if (minRow < 0 || value < (values[minRow] as number)) minRow = row;
    }
    if (maxRow < 0) continue;
    extremes.push({
      component,
      quantity: field.type,
      max: extremeAt(table, labelField, maxRow, values[maxRow] as number),
      min: extremeAt(table, labelField, minRow, values[minRow] as number),
    });
  }
  const label = labelField === undefined ? undefined : table.text[labelField];
  const story = labelField === 'story' ? undefined : table.text.story;
  let labels = label?.values.length ?? 0;
  if (label && story) {
    const pairs = new Set<number>();
    const stories = story.values.length + 1;
    for (let row = 0; row < table.rowCount; row++) {
      pairs.add((label.codes[row] as number) * stories + (story.codes[row] as number));
    }
    labels = pairs.size;
  }
  return {
    kind: table.kind,
    title: spec.title,
    sources: table.sources,
    rows: table.rowCount,
    cases: table.text.case?.values ?? [],
    labels,
    extremes,
  };
}

export function summarizeResults(set: ResultSet): TableSummary[] {
  return set.tables.map(summarizeTable);
}
