/**
 * What changed in the results between two versions: per member and output case, the extreme value of one
 * component (the signed value of greatest magnitude over the member's stations and envelope steps), before and
 * after, its change and the change in percent. "Did moving that column change the moments in the transfer
 * girder?" is answered by the members whose change passes a threshold, largest first.
 */
import type { ResultTable } from './store';
import { TARGET_FIELD } from './targets';

export interface MemberExtremes {
  /** Member keys: `label@story` when the file gives stories (ETABS), else the label. */
  readonly members: readonly string[];
  readonly cases: readonly string[];
  /** `values[member * cases.length + case]`: the signed extreme, NaN where the member has no row in the case. */
  readonly values: Float64Array;
  /** The largest magnitude in the table, for the noise floor. */
  readonly largest: number;
}

/**
 * How members are told apart: by the file's labels (`label@story` when it gives stories), or by the model object
 * each row matched (results stored on a version, targets.ts), so a member keeps its identity across revisions
 * however the file labels it.
 */
export type MemberKey = 'label' | 'target';

/** Extremes of `component` per member and case, in one pass over the table's columns. */
export function memberExtremes(
  table: ResultTable,
  component: string,
  by: MemberKey = 'label',
): MemberExtremes {
  const values = table.numbers[component];
  const label = by === 'target' ? table.text[TARGET_FIELD] : table.text.element;
  const story = by === 'target' ? undefined : table.text.story;
  const outputCase = table.text.case;
  const cases = outputCase?.values ?? [];
  const caseCount = Math.max(1, cases.length);
  const members: string[] = [];
  const storyCount = (story?.values.length ?? 0) + 1;
  // Member index per label/story pair code, made on first sight (rows come grouped, so most rows repeat the last).
  const memberOf = new Map<number, number>();
  // Sized for one member per row at most; members are appended as they are met.
  let extremes = new Float64Array(Math.max(16, caseCount * 64)).fill(Number.NaN);
  let largest = 0;
  let lastPair = -1;
  let member = -1;
  for (let row = 0; row < table.rowCount; row++) {
    // An unmatched row has no member to count under when members are model objects.
    if (by === 'target' && (label?.codes[row] ?? 0) === 0) continue;
    const pair =
      (label ? (label.codes[row] as number) : 0) * storyCount + (story ? (story.codes[row] as number) : 0);
    if (pair !== lastPair) {
      lastPair = pair;
      const known = memberOf.get(pair);
      if (known !== undefined) member = known;
      else {
        const labelCode = label ? (label.codes[row] as number) : 0;
        const storyCode = story ? (story.codes[row] as number) : 0;
        const name = labelCode === 0 ? '' : (label?.values[labelCode - 1] as string);
        const level = storyCode === 0 ? undefined : story?.values[storyCode - 1];
        member = members.length;
        members.push(level === undefined ? name : `${name}@${level}`);
        memberOf.set(pair, member);
        if ((member + 1) * caseCount > extremes.length) {
          const grown = new Float64Array(extremes.length * 2).fill(Number.NaN);
          grown.set(extremes);
          extremes = grown;
        }
      }
    }
    if (values === undefined) continue;
    const value = values[row] as number;
    if (value !== value) continue;
    const caseIndex = outputCase ? (outputCase.codes[row] as number) - 1 : 0;
    if (caseIndex < 0) continue;
    const at = member * caseCount + caseIndex;
    const current = extremes[at] as number;
    const magnitude = value < 0 ? -value : value;
    if (current !== current || magnitude > (current < 0 ? -current : current)) extremes[at] = value;
    if (magnitude > largest) largest = magnitude;
  }
  return { members, cases, values: extremes.subarray(0, members.length * caseCount), largest };
}

export interface ResultChange {
  readonly member: string;
  readonly case: string;
  readonly before: number;
  readonly after: number;
  readonly change: number;
  /** How much the magnitude grew (negative: shrank), in percent of |before|; Infinity when before was 0. */
  readonly percent: number;
  /** |after − before| over |before|, in percent: what the threshold compares (a sign flip counts in full). */
  readonly relative: number;
}

export interface ResultsDiff {
  readonly component: string;
  /** Changes past the threshold, the largest relative change first (then the largest absolute change). */
  readonly changes: readonly ResultChange[];
  /** Member and case pairs present on both sides. */
  readonly compared: number;
  /** Member and case pairs with a value on one side only (a member added or removed, a case renamed). */
  readonly onlyBefore: number;
  readonly onlyAfter: number;
  /** Changes smaller than this (the component's unit) are not listed: a fraction of the largest value. */
  readonly noiseFloor: number;
}

export interface ResultsDiffOptions {
  /** Smallest change listed, in percent of the value before (default 10). */
  readonly thresholdPercent?: number;
  /**
   * Changes smaller than this fraction of the component's largest magnitude are noise, however large in percent
   * (0.02 kN·m doubling in a secondary beam). Default 0.01.
   */
  readonly noiseFraction?: number;
  /** Members by label (default) or by the model object they matched. */
  readonly by?: MemberKey;
}

/** Compares the extremes of `component` per member and case between two result tables of the same kind. */
export function diffResults(
  before: ResultTable,
  after: ResultTable,
  component: string,
  options: ResultsDiffOptions = {},
): ResultsDiff {
  const threshold = options.thresholdPercent ?? 10;
  const old = memberExtremes(before, component, options.by);
  const next = memberExtremes(after, component, options.by);
  const noiseFloor = Math.max(old.largest, next.largest) * (options.noiseFraction ?? 0.01);
  const nextMember = new Map<string, number>();
  next.members.forEach((member, index) => nextMember.set(member, index));
  const nextCase = new Map<string, number>();
  next.cases.forEach((name, index) => nextCase.set(name, index));
  const caseMap = old.cases.map((name) => nextCase.get(name) ?? -1);
  const oldCases = Math.max(1, old.cases.length);
  const nextCases = Math.max(1, next.cases.length);
  const changes: ResultChange[] = [];
  let compared = 0;
  let onlyBefore = 0;
  let matchedNext = 0;
  for (let member = 0; member < old.members.length; member++) {
    const target = nextMember.get(old.members[member] as string);
    for (let caseIndex = 0; caseIndex < oldCases; caseIndex++) {
      const was = old.values[member * oldCases + caseIndex] as number;
      if (was !== was) continue;
      const targetCase = old.cases.length === 0 ? 0 : (caseMap[caseIndex] as number);
      const now =
        target === undefined || targetCase < 0
          ? Number.NaN
          : (next.values[target * nextCases + targetCase] as number);
      if (now !== now) {
        onlyBefore += 1;
        continue;
      }
      compared += 1;
      matchedNext += 1;
      const change = now - was;
      const size = change < 0 ? -change : change;
      if (size < noiseFloor || size === 0) continue;
      const magnitude = was < 0 ? -was : was;
      const relative = magnitude === 0 ? Number.POSITIVE_INFINITY : (size / magnitude) * 100;
      if (relative < threshold) continue;
      changes.push({
        member: old.members[member] as string,
        case: old.cases[caseIndex] ?? '',
        before: was,
        after: now,
        change,
        percent: magnitude === 0 ? Number.POSITIVE_INFINITY : ((Math.abs(now) - magnitude) / magnitude) * 100,
        relative,
      });
    }
  }
  let valuesAfter = 0;
  for (const value of next.values) if (value === value) valuesAfter += 1;
  changes.sort((a, b) => b.relative - a.relative || Math.abs(b.change) - Math.abs(a.change));
  return { component, changes, compared, onlyBefore, onlyAfter: valuesAfter - matchedNext, noiseFloor };
}

/**
 * One line of the engineering summary: "max M3 in TG-3@Story2 rose 18 % under 1.2D+1.6L (−512.4 → −604.6 kN·m)".
 * `format` writes a value in display units.
 */
export function describeResultChange(
  /** `percent` null (as the wire sends Infinity): the value before was 0. */
  change: Pick<ResultChange, 'member' | 'case' | 'before' | 'after'> & { readonly percent: number | null },
  component: string,
  format: (value: number) => string,
): string {
  const grew = Math.abs(change.after) > Math.abs(change.before);
  const flipped = Math.sign(change.after) !== Math.sign(change.before) && change.before !== 0;
  const verb = flipped ? 'changed sign' : grew ? 'rose' : 'fell';
  const percent = change.percent;
  const amount =
    percent !== null && Number.isFinite(percent) && !flipped ? ` ${Math.round(Math.abs(percent))} %` : '';
  return `max ${component.toUpperCase()} in ${change.member} ${verb}${amount} under ${change.case} (${format(change.before)} → ${format(change.after)})`;
}
