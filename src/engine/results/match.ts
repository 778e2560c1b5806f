/**
 * Results belong to a version: each row's label is matched to the model's element, node or level. ETABS names a
 * member by its label and story (`B12` on `Story3`), which the ETABS reader makes the id `B12@Story3`; SAP2000
 * names it by its label alone. What does not match is reported, never dropped in silence: results for members the
 * model does not have usually mean the results came from another revision of the model.
 */
import type { ReportItem } from '../formats/report';
import { REPORT_ITEMS_PER_KIND } from '../formats/report';
import type { Model } from '../schema';
import { RESULT_TABLES, type ResultKind } from './catalogue';
import type { ResultSet, ResultTable, TextColumn } from './store';

export type ResultSubject = 'element' | 'node' | 'level';

export interface TableMatch {
  readonly kind: ResultKind;
  readonly subject: ResultSubject;
  /** Per row: the index of its element, node or level in the model, or -1. */
  readonly targets: Int32Array;
  /** Distinct labels found in the model. */
  readonly matched: number;
  /** Distinct labels the model does not have (all of them; the report lists the first few). */
  readonly unmatched: readonly string[];
  readonly unmatchedRows: number;
  /** Frame members of the model (beams, columns, braces) without a row, for member forces. */
  readonly membersWithoutResults: number;
}

export interface ResultsMatch {
  readonly tables: readonly TableMatch[];
  readonly items: readonly ReportItem[];
}

const LABEL_FIELD: Readonly<Record<ResultSubject, string>> = {
  element: 'element',
  node: 'joint',
  level: 'story',
};
const FRAME_TYPES = new Set(['Beam', 'Column', 'Brace']);

function indexBy<T extends { id: string; name: string }>(objects: readonly T[]): Map<string, number> {
  const index = new Map<string, number>();
  objects.forEach((object, at) => index.set(object.id, at));
  return index;
}

function matchTable(table: ResultTable, subject: ResultSubject, model: Model): TableMatch {
  const label = table.text[LABEL_FIELD[subject]] as TextColumn | undefined;
  const story = subject === 'level' ? undefined : table.text.story;
  const targets = new Int32Array(table.rowCount).fill(-1);
  const byId =
    subject === 'element'
      ? indexBy(model.elements)
      : subject === 'node'
        ? indexBy(model.nodes)
        : indexBy(model.levels);
  if (subject === 'level')
    model.levels.forEach((level, at) => byId.has(level.name) || byId.set(level.name, at));
  const found = new Map<number, number>();
  const unmatched = new Set<string>();
  let unmatchedRows = 0;
  const storyCount = (story?.values.length ?? 0) + 1;
  for (let row = 0; row < table.rowCount; row++) {
    const labelCode = label ? (label.codes[row] as number) : 0;
    const storyCode = story ? (story.codes[row] as number) : 0;
    const pair = labelCode * storyCount + storyCode;
    let target = found.get(pair);
    if (target === undefined) {
      const name = labelCode === 0 ? '' : (label?.values[labelCode - 1] as string);
      const level = storyCode === 0 ? undefined : story?.values[storyCode - 1];
      const key = level === undefined ? name : `${name}@${level}`;
      target = byId.get(key) ?? (level === undefined ? undefined : byId.get(name)) ?? -1;
      found.set(pair, target);
      if (target < 0) unmatched.add(key);
    }
    targets[row] = target;
    if (target < 0) unmatchedRows += 1;
  }
  const matchedTargets = new Set<number>();
  for (const target of found.values()) if (target >= 0) matchedTargets.add(target);
  let membersWithoutResults = 0;
  if (subject === 'element') {
    model.elements.forEach((element, at) => {
      if (FRAME_TYPES.has(element.type) && !matchedTargets.has(at)) membersWithoutResults += 1;
    });
  }
  return {
    kind: table.kind,
    subject,
    targets,
    matched: matchedTargets.size,
    unmatched: [...unmatched],
    unmatchedRows,
    membersWithoutResults,
  };
}

const NOUN: Readonly<Record<ResultSubject, string>> = { element: 'member', node: 'joint', level: 'story' };

/** Matches every table that names model objects to the model, with a report item for what does not match. */
export function matchResults(set: ResultSet, model: Model): ResultsMatch {
  const tables: TableMatch[] = [];
  const items: ReportItem[] = [];
  for (const table of set.tables) {
    const subject = RESULT_TABLES.find((spec) => spec.kind === table.kind)?.subject;
    if (subject === undefined) continue;
    const match = matchTable(table, subject, model);
    tables.push(match);
    const where = table.sources.join(', ');
    if (match.unmatched.length > 0) {
      const listed = match.unmatched.slice(0, REPORT_ITEMS_PER_KIND);
      items.push({
        severity: 'dropped',
        subject: where,
        reason: `${match.unmatched.length} ${NOUN[subject]}(s) in the results are not in the model (${match.unmatchedRows} row(s)), e.g. ${listed.slice(0, 5).join(', ')}: were the results made from another revision?`,
        concept: 'results',
        ids: listed,
        count: match.unmatched.length,
      });
    }
    if (match.membersWithoutResults > 0) {
      items.push({
        severity: 'warning',
        subject: where,
        reason: `${match.membersWithoutResults} beam(s), column(s) or brace(s) of the model have no forces in the results`,
        concept: 'results',
        count: match.membersWithoutResults,
      });
    }
  }
  return { tables, items };
}
