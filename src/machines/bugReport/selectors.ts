import type { SnapshotFrom } from 'xstate';
import type { bugReportMachine } from './bugReportMachine';

type BugReportSnapshot = SnapshotFrom<typeof bugReportMachine>;

export const selectKind = (snapshot: BugReportSnapshot) => snapshot.context.kind;
export const selectSubject = (snapshot: BugReportSnapshot) => snapshot.context.subject;
export const selectMessage = (snapshot: BugReportSnapshot) => snapshot.context.message;
export const selectPage = (snapshot: BugReportSnapshot) => snapshot.context.page;
export const selectScreenshot = (snapshot: BugReportSnapshot) => snapshot.context.screenshot;
export const selectError = (snapshot: BugReportSnapshot) => snapshot.context.error;
export const selectIsReading = (snapshot: BugReportSnapshot) => snapshot.hasTag('reading');
export const selectIsSending = (snapshot: BugReportSnapshot) => snapshot.hasTag('sending');
export const selectIsSent = (snapshot: BugReportSnapshot) => snapshot.hasTag('sent');
/** The form cannot change while a screenshot is read or the report is on its way. */
export const selectIsBusy = (snapshot: BugReportSnapshot) =>
  !snapshot.hasTag('editable') && !snapshot.hasTag('sent');
