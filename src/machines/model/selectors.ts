import type { SnapshotFrom } from 'xstate';
import type { Version } from '../../contract/http/versions';
import { abilitiesOf, type ModelAbilities } from './abilities';
import { isRestorable, type modelPageMachine } from './modelMachine';

type ModelPageSnapshot = SnapshotFrom<typeof modelPageMachine>;

export type ModelPageStatus = 'loading' | 'unavailable' | 'ready';

export function selectModelPageStatus(snapshot: ModelPageSnapshot): ModelPageStatus {
  if (snapshot.hasTag('ready')) return 'ready';
  if (snapshot.hasTag('unavailable')) return 'unavailable';
  return 'loading';
}

export const selectModel = (snapshot: ModelPageSnapshot) => snapshot.context.model;
export const selectVersions = (snapshot: ModelPageSnapshot) => snapshot.context.versions;
export const selectLoadError = (snapshot: ModelPageSnapshot) => snapshot.context.loadError;
export const selectRestoreError = (snapshot: ModelPageSnapshot) => snapshot.context.restoreError;
export const selectOpenReport = (snapshot: ModelPageSnapshot) => snapshot.context.report;
export const selectIsReportLoading = (snapshot: ModelPageSnapshot) => snapshot.hasTag('reportLoading');
export const selectIsRestoring = (snapshot: ModelPageSnapshot) => snapshot.hasTag('restoring');
/** Uploads to this model under way elsewhere, oldest first, with their live progress. */
export const selectLiveUploads = (snapshot: ModelPageSnapshot) => snapshot.context.liveUploads;

/** What this user may do here, from their role on the model. */
export function selectAbilities(snapshot: ModelPageSnapshot): ModelAbilities {
  return abilitiesOf(snapshot.context.model?.currentUserRole ?? null);
}
export const selectCanUpdate = (snapshot: ModelPageSnapshot) => selectAbilities(snapshot).canUpdate;
export const selectCanAdminister = (snapshot: ModelPageSnapshot) => selectAbilities(snapshot).canAdminister;
export const selectCanViewVersions = (snapshot: ModelPageSnapshot) =>
  selectAbilities(snapshot).canViewVersions;
/** LIMITEDVIEW: only the reports shared with them (spec section 4). */
export const selectIsLimitedView = (snapshot: ModelPageSnapshot) =>
  snapshot.context.model?.currentUserRole === 'LIMITEDVIEW';

/** The version waiting for the user to confirm its restore. */
export function selectRestoreCandidate(snapshot: ModelPageSnapshot): Version | null {
  if (!snapshot.hasTag('confirmingRestore')) return null;
  return (
    snapshot.context.versions.find((version) => version.ID === snapshot.context.restoreVersionId) ?? null
  );
}

/** Restore is offered on every version but the latest, to those who may update the model. */
export function selectIsRestorable(snapshot: ModelPageSnapshot, versionId: string): boolean {
  return !snapshot.hasTag('restoring') && isRestorable(snapshot.context, versionId);
}
