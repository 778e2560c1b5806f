/*
 * The engineering diff (issue #7): diff, apply, select, merge and describe. The work is in the files beside this
 * one; these are the public signatures the server, the client and the CLI use.
 */
import type { DisplayUnit, Model } from '../schema';
import { applyChanges, selectKeys, selectParts, takenDiff, type TakenPart } from './apply';
import { describe } from './describe';
import { computeDiff } from './diff';
import { merge } from './merge';
import type {
  ChangeSelection,
  DiffHints,
  DiffOptions,
  DiffView,
  MergeInput,
  MergeResult,
  ModelDiff,
} from './types';

export * from './types';
export { formatLength } from './describe';
export {
  changeSummaryText,
  summarizeDiff,
  summaryPhraseText,
  SUMMARY_MAX_PHRASES,
  SUMMARY_PHRASE_KINDS,
  type ChangeSummary,
  type SummaryPhrase,
  type SummaryPhraseKind,
} from './summary';

/**
 * The diff before → after: identity by id, unchanged skipped by content, geometric matching as fallback. `hints`
 * (optional) give each object's content hash, e.g. from a version manifest: pairs with equal hashes are then
 * unchanged without a deep comparison. The result is the same with or without them (see DiffHints).
 */
export function diffModels(
  before: Model,
  after: Model,
  options?: Partial<DiffOptions>,
  hints?: DiffHints,
): ModelDiff {
  return computeDiff(before, after, options, hints);
}

/**
 * `model` with the selected changes of `diff` applied (all when no selection), with the dependencies of what is
 * taken (nodes, profiles, materials, levels, patterns an added element needs). applyDiff(a, diffModels(a, b)) is
 * b (hash-equal with zero tolerance).
 */
export function applyDiff(model: Model, diff: ModelDiff, selection?: ChangeSelection): Model {
  return applyChanges(model, diff, selection);
}

/** The keys a selection takes, dependencies included. */
export function selectChanges(diff: ModelDiff, selection: ChangeSelection): Set<string> {
  return selectKeys(diff, selection);
}

/** What a selection takes of each change it takes (whole, or some property groups), dependencies included. */
export function selectChangeParts(diff: ModelDiff, selection: ChangeSelection): Map<string, TakenPart> {
  return selectParts(diff, selection);
}

/** The diff of exactly what a selection takes (for its summary and the version message it makes). */
export function selectedDiff(diff: ModelDiff, selection: ChangeSelection): ModelDiff {
  return takenDiff(diff, selection);
}

export type { TakenPart };

/** Three-way merge: the selected changes base → source applied to target, conflicts listed. */
export function mergeModels(input: MergeInput): MergeResult {
  return merge(input);
}

/** The diff as people read it, in display units ('B12 at Story 4: Profile W12X26 → W14X30'). */
export function describeDiff(diff: ModelDiff, before: Model, after: Model, units: DisplayUnit): DiffView {
  return describe(diff, before, after, units);
}
