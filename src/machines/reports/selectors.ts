import type { SnapshotFrom } from 'xstate';
import type { DiffViewWire } from '../../contract/http/compare';
import type { Report } from '../../contract/http/reports';
import { countsPerType, groupChanges, type ChangeKindGroup, type TypeCounts } from './changeList';
import { mayEditReport, type reportsMachine } from './reportsMachine';

type ReportsSnapshot = SnapshotFrom<typeof reportsMachine>;

export type ReportsListStatus = 'loading' | 'failed' | 'shown';

export function selectListStatus(snapshot: ReportsSnapshot): ReportsListStatus {
  if (snapshot.hasTag('listLoading')) return 'loading';
  if (snapshot.hasTag('listFailed')) return 'failed';
  return 'shown';
}

export const selectReports = (snapshot: ReportsSnapshot): readonly Report[] => snapshot.context.reports;
export const selectListError = (snapshot: ReportsSnapshot) => snapshot.context.listError;
export const selectVersions = (snapshot: ReportsSnapshot) => snapshot.context.versions;

/** 'New report' is offered to WRITE and up; it needs two versions to compare. */
export function selectNewReport(snapshot: ReportsSnapshot): 'hidden' | 'disabled' | 'enabled' {
  if (!snapshot.context.abilities.canUpdate) return 'hidden';
  if (snapshot.hasTag('editing') || snapshot.hasTag('saving')) return 'disabled';
  return snapshot.context.versions.length > 1 ? 'enabled' : 'disabled';
}

/** Whether the user may change and delete this report (its ADMIN, or its creator with WRITE). */
export const selectMayEdit = (snapshot: ReportsSnapshot, report: Report) =>
  mayEditReport(report, snapshot.context.userId);

/** History, 3-D and people are for READ and up; LIMITEDVIEW users see only the reports shared with them. */
export const selectIsLimitedView = (snapshot: ReportsSnapshot) => !snapshot.context.abilities.canViewVersions;

export const selectDraft = (snapshot: ReportsSnapshot) =>
  snapshot.hasTag('editing') || snapshot.hasTag('saving') ? snapshot.context.draft : null;
export const selectIsSaving = (snapshot: ReportsSnapshot) => snapshot.hasTag('saving');
export const selectFormError = (snapshot: ReportsSnapshot) => snapshot.context.formError;

/** The report waiting for the user to confirm its deletion (or being deleted). */
export function selectDeleteCandidate(snapshot: ReportsSnapshot): Report | null {
  const { deletingId, reports } = snapshot.context;
  if (deletingId === null) return null;
  return reports.find((report) => report._id === deletingId) ?? null;
}
export const selectIsDeleting = (snapshot: ReportsSnapshot) => snapshot.hasTag('deleting');
export const selectDeleteError = (snapshot: ReportsSnapshot) => snapshot.context.deleteError;

export const selectOpenReportId = (snapshot: ReportsSnapshot) => snapshot.context.openReportId;

export function selectOpenReport(snapshot: ReportsSnapshot): Report | null {
  const { openReportId, reports } = snapshot.context;
  return openReportId === null ? null : (reports.find((report) => report._id === openReportId) ?? null);
}

export const selectOpenDiff = (snapshot: ReportsSnapshot) => snapshot.context.openDiff;
export const selectOpenResults = (snapshot: ReportsSnapshot) => snapshot.context.openResults;

const groupedCache = new WeakMap<DiffViewWire, ChangeKindGroup[]>();
const countsCache = new WeakMap<DiffViewWire, TypeCounts[]>();

/** The open report's changes, grouped as the viewer's list groups them. */
export function selectOpenChangeList(snapshot: ReportsSnapshot): ChangeKindGroup[] | null {
  const diff = snapshot.context.openDiff?.diff;
  if (!diff) return null;
  const known = groupedCache.get(diff);
  if (known) return known;
  const grouped = groupChanges(diff.changes, null);
  groupedCache.set(diff, grouped);
  return grouped;
}

/** The open report's summary: added, removed and modified per object type. */
export function selectOpenTypeCounts(snapshot: ReportsSnapshot): TypeCounts[] | null {
  const diff = snapshot.context.openDiff?.diff;
  if (!diff) return null;
  const known = countsCache.get(diff);
  if (known) return known;
  const counts = countsPerType(diff.changes);
  countsCache.set(diff, counts);
  return counts;
}

export const selectIsDownloading = (snapshot: ReportsSnapshot) => snapshot.hasTag('downloading');
export const selectDownloadError = (snapshot: ReportsSnapshot) => snapshot.context.downloadError;
