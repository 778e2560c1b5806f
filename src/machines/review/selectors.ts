import type { SnapshotFrom } from 'xstate';
import type { reviewMachine } from './reviewMachine';

type ReviewSnapshot = SnapshotFrom<typeof reviewMachine>;

export type ReviewStep =
  | 'loading'
  | 'unavailable'
  | 'reviewing'
  | 'confirmingDiscard'
  | 'applying'
  | 'failed'
  | 'discarding'
  | 'applied'
  | 'discarded'
  | 'closed';

/** Which part of the review the screen shows (the statechart's states are flat). */
export const selectReviewStep = (snapshot: ReviewSnapshot): ReviewStep => snapshot.value;

export const selectReview = (snapshot: ReviewSnapshot) => snapshot.context.loaded?.review ?? null;
export const selectReviewDiff = (snapshot: ReviewSnapshot) => snapshot.context.loaded?.diff ?? null;
export const selectReviewSelected = (snapshot: ReviewSnapshot) => snapshot.context.selected;
export const selectReviewMessage = (snapshot: ReviewSnapshot) => snapshot.context.message;
export const selectReviewError = (snapshot: ReviewSnapshot) => snapshot.context.error;
export const selectReviewBusy = (snapshot: ReviewSnapshot) => snapshot.hasTag('busy');

/** '40 of 52 changes selected'. */
export function selectReviewCounts(snapshot: ReviewSnapshot): { selected: number; total: number } {
  return {
    selected: snapshot.context.selected.size,
    total: snapshot.context.loaded?.diff.changes.length ?? 0,
  };
}

/** The version applying made (or made earlier), for the links to history and 3-D. */
export function selectAppliedVersion(
  snapshot: ReviewSnapshot,
): { versionId: string; number: number | null } | null {
  const versionId = snapshot.context.appliedVersionId;
  return versionId === null ? null : { versionId, number: snapshot.context.appliedNumber };
}
