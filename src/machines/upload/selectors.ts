import type { SnapshotFrom } from 'xstate';
import type { TranslationReportWire } from '../../contract/http/versions';
import type { FidelityConcept } from '../../engine/fidelity/types';
import { CONCEPT_WORDS } from '../../engine/fidelity/words';
import { finishedReview, reviewIsOffered, type uploadMachine } from './uploadMachine';

type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;
type ReportItem = TranslationReportWire['items'][number];

export type UploadStep =
  'choosing' | 'uploading' | 'processing' | 'report' | 'done' | 'reviewReady' | 'failed';

/** Which part of the journey the panel shows. */
export function selectUploadStep(snapshot: UploadSnapshot): UploadStep {
  if (snapshot.hasTag('uploading')) return 'uploading';
  if (snapshot.hasTag('processing')) return 'processing';
  if (snapshot.hasTag('report')) return 'report';
  if (snapshot.hasTag('done')) return 'done';
  if (snapshot.hasTag('reviewReady')) return 'reviewReady';
  if (snapshot.hasTag('failed')) return 'failed';
  return 'choosing';
}

export const selectUploadError = (snapshot: UploadSnapshot) => snapshot.context.error;
export const selectChosenFile = (snapshot: UploadSnapshot) => snapshot.context.file;
export const selectModelName = (snapshot: UploadSnapshot) => snapshot.context.modelName;
export const selectAsksModelName = (snapshot: UploadSnapshot) =>
  'organizationId' in snapshot.context.destination;
export const selectCanStart = (snapshot: UploadSnapshot) => snapshot.hasTag('canStart');
export const selectCanRetry = (snapshot: UploadSnapshot) => snapshot.hasTag('canRetry');
export const selectIsBusy = (snapshot: UploadSnapshot) => snapshot.hasTag('busy');
export const selectNewVersion = (snapshot: UploadSnapshot) => snapshot.context.version;
/** Whether the 'Review changes before they become a version' box is offered (a model with a version). */
export const selectReviewOffered = (snapshot: UploadSnapshot) =>
  reviewIsOffered(snapshot.context.destination, snapshot.context.versionCount);
export const selectReviewChosen = (snapshot: UploadSnapshot) => snapshot.context.review;
/** The review screen of a finished review upload: /model/{modelId}/review/{reviewId}. */
export function selectReviewPath(snapshot: UploadSnapshot): string | null {
  const review = finishedReview(snapshot.context.job);
  return (
    review && `/model/${encodeURIComponent(review.modelId)}/review/${encodeURIComponent(review.reviewId)}`
  );
}
/** The billing gating statechart of a new model's upload (null for a new version: never gated). */
export const selectUploadBillingGating = (snapshot: UploadSnapshot) => snapshot.context.billingGating;

/** The translation's stage and percentage while the job runs. */
export function selectProgress(snapshot: UploadSnapshot): { stage: string; percent: number } | null {
  const job = snapshot.context.job;
  return job ? { stage: job.stage, percent: job.progress } : null;
}

/** Where the finished version lives: the history of its model. */
export function selectNewVersionModelId(snapshot: UploadSnapshot): string | null {
  return snapshot.context.job?.modelId ?? null;
}

/** The report's items by severity, grouped by concept then reason (groupReportItems). */
export function selectReportItems(
  snapshot: UploadSnapshot,
): Record<ReportItem['severity'], ReportGroup[]> | null {
  const report = snapshot.context.version?.report;
  return report ? groupReportItems(report.items) : null;
}

/** How many ids (or source lines) a reason shows before '…'. */
export const REPORT_EXAMPLES = 3;

/** One reason within a group: how many objects it covers and a few of them. */
export interface ReportReason {
  reason: string;
  /** Objects covered: an item's `count`, else each of its `ids`; an item with one id or none counts once. */
  count: number;
  /** A few ids, else source lines ('line 311'), then '…' when there are more. */
  examples: string;
}

/** Items about one concept ('end releases'), or, for items without one, one subject ('LINEASSIGN'). */
export interface ReportGroup {
  label: string;
  count: number;
  reasons: ReportReason[];
}

function conceptLabel(item: ReportItem): string {
  const concept = item.concept;
  return concept !== undefined && Object.hasOwn(CONCEPT_WORDS, concept)
    ? CONCEPT_WORDS[concept as FidelityConcept]
    : item.subject;
}

/**
 * A report's items by severity, grouped by concept in engineering words (items without a concept by their
 * subject), then by reason, with counts and a few ids: a report of 2,000 released beams is one line, not 2,000.
 * Groups and reasons most frequent first.
 */
export function groupReportItems(
  items: readonly ReportItem[],
): Record<ReportItem['severity'], ReportGroup[]> {
  type Reason = { reason: string; count: number; ids: string[]; lines: number[] };
  const bySeverity = {
    approximated: new Map<string, Map<string, Reason>>(),
    dropped: new Map<string, Map<string, Reason>>(),
    warning: new Map<string, Map<string, Reason>>(),
  };
  for (const item of items) {
    const groups = bySeverity[item.severity];
    const label = conceptLabel(item);
    let reasons = groups.get(label);
    if (!reasons) groups.set(label, (reasons = new Map()));
    let reason = reasons.get(item.reason);
    if (!reason) reasons.set(item.reason, (reason = { reason: item.reason, count: 0, ids: [], lines: [] }));
    const ids =
      item.ids !== undefined && item.ids.length > 0 ? item.ids : item.id !== undefined ? [item.id] : [];
    // `count`: the item stands for more than it lists (the report keeps the first few of a kind).
    reason.count += item.count ?? Math.max(ids.length, 1);
    for (const id of ids) if (reason.ids.length <= REPORT_EXAMPLES) reason.ids.push(id);
    if (ids.length === 0 && item.line !== undefined && reason.lines.length <= REPORT_EXAMPLES)
      reason.lines.push(item.line);
  }
  const examplesOf = (reason: Reason): string => {
    const all = reason.ids.length > 0 ? reason.ids : reason.lines.map((line) => `line ${line}`);
    const shown = all.slice(0, REPORT_EXAMPLES);
    return `${shown.join(', ')}${reason.count > shown.length && shown.length > 0 ? ', …' : ''}`;
  };
  const byCount =
    <T extends { count: number }>(key: (value: T) => string) =>
    (x: T, y: T) =>
      y.count - x.count || key(x).localeCompare(key(y));
  const groupsOf = (groups: Map<string, Map<string, Reason>>): ReportGroup[] =>
    [...groups]
      .map(([label, reasons]) => {
        const list = [...reasons.values()]
          .sort(byCount((reason: Reason) => reason.reason))
          .map((reason) => ({ reason: reason.reason, count: reason.count, examples: examplesOf(reason) }));
        return { label, count: list.reduce((total, reason) => total + reason.count, 0), reasons: list };
      })
      .sort(byCount((group: ReportGroup) => group.label));
  return {
    approximated: groupsOf(bySeverity.approximated),
    dropped: groupsOf(bySeverity.dropped),
    warning: groupsOf(bySeverity.warning),
  };
}
