import type { SnapshotFrom } from 'xstate';
import { selectedChangeCount, selectsEverything } from './changeSelection';
import { REVIEW_BY_PROPERTY, type reviewMachine } from './reviewMachine';

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
/**
 * The message field: what the user wrote; before they write, the upload's message while the whole upload is
 * taken, and empty for a part (the server then says what the part took; see selectReviewMessageHint).
 */
export function selectReviewMessage(snapshot: ReviewSnapshot): string {
  const { context } = snapshot;
  if (context.messageEdited) return context.message;
  return selectsWhole(snapshot) ? (context.loaded?.review.message ?? '') : '';
}

/** What an empty message field becomes. */
export function selectReviewMessageHint(snapshot: ReviewSnapshot): string {
  return selectsWhole(snapshot)
    ? "Left empty, the version keeps the upload's message."
    : 'Left empty, Gusset writes one from the changes you take, such as "1 beam resized W18X35 → W21X44".';
}

function selectsWhole(snapshot: ReviewSnapshot): boolean {
  return selectsEverything(
    snapshot.context.selected,
    snapshot.context.loaded?.diff.changes ?? [],
    REVIEW_BY_PROPERTY,
  );
}
export const selectReviewError = (snapshot: ReviewSnapshot) => snapshot.context.error;
export const selectReviewBusy = (snapshot: ReviewSnapshot) => snapshot.hasTag('busy');

/** '40 of 52 changes selected': a change ticked in part counts once. */
export function selectReviewCounts(snapshot: ReviewSnapshot): { selected: number; total: number } {
  const changes = snapshot.context.loaded?.diff.changes ?? [];
  return {
    selected: selectedChangeCount(snapshot.context.selected, changes, REVIEW_BY_PROPERTY),
    total: changes.length,
  };
}

/** The version applying made (or made earlier), for the links to history and 3-D. */
export function selectAppliedVersion(
  snapshot: ReviewSnapshot,
): { versionId: string; number: number | null } | null {
  const versionId = snapshot.context.appliedVersionId;
  return versionId === null ? null : { versionId, number: snapshot.context.appliedNumber };
}
