import type { SnapshotFrom } from 'xstate';
import { groupReport, type GroupedReport } from '../../engine/formats/reportOverview';
import { finishedReview, reviewIsOffered, type uploadMachine } from './uploadMachine';

type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;
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
/** The new model will be paid: the user is asked to confirm the charge before the file is sent. */
export const selectConfirmingPaidUpload = (snapshot: UploadSnapshot) => snapshot.hasTag('confirmingPaid');
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

/** The new version's report grouped for people (engine groupReport: kind, then severity and reason). */
export function selectGroupedReport(snapshot: UploadSnapshot): GroupedReport | null {
  const report = snapshot.context.version?.report;
  return report ? groupReport(report.items) : null;
}
