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
