import type { SnapshotFrom } from 'xstate';
import { targetOf, type mergeMachine } from './mergeMachine';

type MergeSnapshot = SnapshotFrom<typeof mergeMachine>;

export type MergeStep = 'loading' | 'choosing' | 'previewing' | 'selecting' | 'merging' | 'done' | 'failed';

/** Which step of the merge the screen shows. */
export function selectMergeStep(snapshot: MergeSnapshot): MergeStep {
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('previewing')) return 'previewing';
  if (snapshot.hasTag('selecting')) return 'selecting';
  if (snapshot.hasTag('merging')) return 'merging';
  if (snapshot.hasTag('done')) return 'done';
  if (snapshot.hasTag('failed')) return 'failed';
  return 'choosing';
}

export const selectMergeError = (snapshot: MergeSnapshot) => snapshot.context.error;
export const selectTargetsError = (snapshot: MergeSnapshot) => snapshot.context.targetsError;
export const selectTargets = (snapshot: MergeSnapshot) => snapshot.context.targets;
export const selectTargetModelId = (snapshot: MergeSnapshot) => snapshot.context.targetModelId;
export const selectTargetVersionId = (snapshot: MergeSnapshot) => snapshot.context.targetVersionId;
export const selectBaseVersionId = (snapshot: MergeSnapshot) => snapshot.context.baseVersionId;
export const selectPreview = (snapshot: MergeSnapshot) => snapshot.context.preview;
export const selectMergeSelected = (snapshot: MergeSnapshot) => snapshot.context.selected;
export const selectResolutions = (snapshot: MergeSnapshot) => snapshot.context.resolutions;
export const selectMergeMessage = (snapshot: MergeSnapshot) => snapshot.context.message;
export const selectCanRetryMerge = (snapshot: MergeSnapshot) => snapshot.hasTag('canRetry');
export const selectOutcome = (snapshot: MergeSnapshot) => snapshot.context.outcome;

/** The versions of the chosen target model, newest first. */
export const selectTargetVersions = (snapshot: MergeSnapshot) => targetOf(snapshot.context)?.versions ?? [];

/** The merge job's stage and percentage while it runs (before the first update: queued at 0 %). */
export function selectMergeProgress(snapshot: MergeSnapshot): { stage: string; percent: number } | null {
  const job = snapshot.context.job;
  if (!snapshot.hasTag('merging')) return null;
  return job ? { stage: job.stage, percent: job.progress } : { stage: 'Starting the merge', percent: 0 };
}
