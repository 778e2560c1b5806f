import type { SnapshotFrom } from 'xstate';
import type { resultsMachine } from './resultsMachine';
import { jointDisplacementTable, memberForces, storyDriftTable } from './resultsMachine';

type ResultsSnapshot = SnapshotFrom<typeof resultsMachine>;

export const selectResultsLoading = (snapshot: ResultsSnapshot) => snapshot.matches('loading');
export const selectHasNoResults = (snapshot: ResultsSnapshot) => snapshot.matches('none');
export const selectResultsFailed = (snapshot: ResultsSnapshot) => snapshot.matches('failed');
export const selectResultsUploading = (snapshot: ResultsSnapshot) => snapshot.hasTag('uploading');
export const selectResultsBusy = (snapshot: ResultsSnapshot) => snapshot.hasTag('busy');
export const selectResultsSummary = (snapshot: ResultsSnapshot) => snapshot.context.summary;
export const selectMemberForces = (snapshot: ResultsSnapshot) => memberForces(snapshot.context.summary);
export const selectResultsError = (snapshot: ResultsSnapshot) => snapshot.context.error;
export const selectFileUnits = (snapshot: ResultsSnapshot) => snapshot.context.fileUnits;
export const selectResultCase = (snapshot: ResultsSnapshot) => snapshot.context.caseName;
export const selectResultComponent = (snapshot: ResultsSnapshot) => snapshot.context.component;
export const selectResultColouring = (snapshot: ResultsSnapshot) => snapshot.context.colouring;
export const selectResultLegend = (snapshot: ResultsSnapshot) => snapshot.context.legend;
export const selectResultsCompareWith = (snapshot: ResultsSnapshot) => snapshot.context.compareWith;
export const selectResultsDiff = (snapshot: ResultsSnapshot) => snapshot.context.diff;
/** The diagrams drawn: the shown case's, while not comparing (the highlight is the point then). */
export const selectResultDiagrams = (snapshot: ResultsSnapshot) =>
  snapshot.context.compareWith === null ? (snapshot.context.display?.diagrams ?? null) : null;
export const selectStoryDriftTable = (snapshot: ResultsSnapshot) => storyDriftTable(snapshot.context.summary);
export const selectDriftCase = (snapshot: ResultsSnapshot) => snapshot.context.driftCase;
export const selectDrifts = (snapshot: ResultsSnapshot) => snapshot.context.drifts;
/** The support reactions drawn: the shown case's, while not comparing. */
export const selectResultReactions = (snapshot: ResultsSnapshot) =>
  snapshot.context.compareWith === null ? (snapshot.context.display?.reactions ?? null) : null;
export const selectJointDisplacementTable = (snapshot: ResultsSnapshot) =>
  jointDisplacementTable(snapshot.context.summary);
export const selectDeformedCase = (snapshot: ResultsSnapshot) => snapshot.context.deformedCase;
export const selectShowDeformed = (snapshot: ResultsSnapshot) => snapshot.context.showDeformed;
export const selectAnimateDeformed = (snapshot: ResultsSnapshot) => snapshot.context.animateDeformed;
/** The deformed shape drawn: its joints' displacements, while it is asked for. */
export const selectDeformed = (snapshot: ResultsSnapshot) =>
  snapshot.context.showDeformed ? snapshot.context.deformed : null;

/** A step as the Step select and the note word it: a mode with its period (`Mode 2 · T = 0.842 s`). */
export function deformedStepText(step: { name: string; period?: number }): string {
  return step.period === undefined ? step.name : `${step.name} · T = ${step.period.toFixed(3)} s`;
}

/** The step drawn, as the deformed shape's note opens: `Mode 2 of MODAL (T = 0.400 s).` */
export function deformedStepNote(step: { name: string; period?: number }, caseName: string): string {
  const period = step.period === undefined ? '' : ` (T = ${step.period.toFixed(3)} s)`;
  return `${step.name} of ${caseName}${period}.`;
}

/** The label of the deformed shape's step select: Mode for a modal case, else Step (Max, Min, Step 5). */
export function deformedStepLabel(steps: ReadonlyArray<{ name: string }>): 'Mode' | 'Step' {
  return steps.length > 0 && steps.every((step) => step.name.startsWith('Mode ')) ? 'Mode' : 'Step';
}
