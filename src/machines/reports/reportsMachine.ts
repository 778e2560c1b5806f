import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import {
  createReport,
  deleteReport,
  downloadReportWorkbook,
  getReportResults,
  listReports,
  updateReport,
} from '../../api/reports';
import type { HttpClient } from '../../api/types';
import { ownMessages } from '../../contract/errors';
import type { CreateReportBody, Report, ReportResultsWire } from '../../contract/http/reports';
import type { ModelRole } from '../../contract/http/models';
import type { Version } from '../../contract/http/versions';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { abilitiesOf, hasAtLeast, type ModelAbilities } from '../model/abilities';
import { formMessageOf, pageMessageOf, unwrap } from '../model/failure';
import { listenToFeed, silentFeed, type FeedEvent, type RealtimeFeed } from '../socket/realtimeFeed';
import { modelIdOf } from '../socket/eventRules';
import { createDiffImplementations, diffMachine, diffStatusOf, type DiffStatus } from './diffMachine';
import type { DiffViewWire } from '../../contract/http/compare';

export interface ReportsInput {
  modelId: string;
  role: ModelRole;
  /** The signed-in user: a report's creator may change it while they still have WRITE. */
  userId: string | null;
  /** Newest first; empty for LIMITEDVIEW. */
  versions: readonly Version[];
  /** The report asked for in the address (?report=). */
  openReportId: string | null;
}

/** The report form: a new report (reportId null) or changes to one. */
export interface ReportDraft {
  reportId: string | null;
  title: string;
  currentVersionID: string;
  comparisonVersionID: string;
  assignedUserIds: string[];
}

export interface OpenReportDiff {
  status: DiffStatus;
  diff: DiffViewWire | null;
  error: string | null;
}

export interface ReportsContext {
  modelId: string;
  abilities: ModelAbilities;
  userId: string | null;
  versions: Version[];
  reports: Report[];
  listError: string | null;
  draft: ReportDraft | null;
  formError: string | null;
  /** The report waiting for the user to confirm its deletion, or being deleted. */
  deletingId: string | null;
  deleteError: string | null;
  openReportId: string | null;
  openDiff: OpenReportDiff | null;
  /** The open report's analysis results that changed (issue #25); null while asked for or when unreadable. */
  openResults: ReportResultsWire | null;
  downloadError: string | null;
}

export type ReportsEvent =
  | { type: 'list.retry' }
  | { type: 'versions.updated'; versions: readonly Version[] }
  | { type: 'report.new' }
  | { type: 'report.edit'; reportId: string }
  | { type: 'draft.change'; patch: Partial<Omit<ReportDraft, 'reportId' | 'assignedUserIds'>> }
  | { type: 'draft.toggleAssignee'; userId: string }
  | { type: 'draft.submit' }
  | { type: 'draft.cancel' }
  | { type: 'report.delete'; reportId: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'report.open'; reportId: string }
  | { type: 'report.close' }
  | { type: 'diff.retry' }
  | { type: 'report.download' }
  | FeedEvent;

export type ReportsTag =
  'listLoading' | 'listFailed' | 'editing' | 'saving' | 'confirmingDelete' | 'deleting' | 'downloading';

export interface SaveReportInput {
  modelId: string;
  draft: ReportDraft;
}

export interface SavedWorkbook {
  blob: Blob;
  fileName: string;
}

/**
 * Who may change or delete a report (the server's rule): the report's ADMIN (every ADMIN of the model), or its
 * creator while they still have WRITE.
 */
export function mayEditReport(report: Report, userId: string | null): boolean {
  if (report.currentUserRole === 'ADMIN') return true;
  return userId !== null && report.createdBy?._id === userId && hasAtLeast(report.currentUserRole, 'WRITE');
}

/** A new report compares the latest version with the one before it. */
function newDraft(versions: readonly Version[]): ReportDraft {
  return {
    reportId: null,
    title: '',
    currentVersionID: versions[0]?.ID ?? '',
    comparisonVersionID: versions[1]?.ID ?? versions[0]?.ID ?? '',
    assignedUserIds: [],
  };
}

function draftOf(report: Report): ReportDraft {
  return {
    reportId: report._id,
    title: report.title,
    currentVersionID: report.currentVersionID,
    comparisonVersionID: report.comparisonVersionID,
    assignedUserIds: report.permissions.map((permission) => permission.user._id),
  };
}

/** The list with this report in it, newest first as the server orders it. */
function withReport(reports: readonly Report[], report: Report): Report[] {
  const others = reports.filter((known) => known._id !== report._id);
  return [...others, report].sort((a, b) => b.dateCreated.localeCompare(a.dateCreated));
}

const reportOf = (context: ReportsContext, reportId: string) =>
  context.reports.find((report) => report._id === reportId) ?? null;

/**
 * The reports screen (/model/{id}/reports, /report/{id}/reports): the model's reports, newest first (a
 * LIMITEDVIEW user gets only theirs from the server); a new report for WRITE and up; changes and deletion for
 * the report's ADMIN or its creator; one report opened with its diff (waited for as the viewer does) and its
 * workbook download. ModelUpdated for the model (a report made, changed or deleted elsewhere) reloads the list.
 */
export const reportsMachine = setup({
  types: {
    context: {} as ReportsContext,
    events: {} as ReportsEvent,
    input: {} as ReportsInput,
    tags: {} as ReportsTag,
  },
  actors: {
    loadReports: promisePlaceholder<Report[], { modelId: string }>('loadReports'),
    saveReport: promisePlaceholder<Report, SaveReportInput>('saveReport'),
    deleteReport: promisePlaceholder<unknown, { modelId: string; reportId: string }>('deleteReport'),
    downloadWorkbook: promisePlaceholder<SavedWorkbook, { modelId: string; reportId: string }>(
      'downloadWorkbook',
    ),
    diffLoader: diffMachine,
    loadResults: promisePlaceholder<ReportResultsWire, { modelId: string; reportId: string }>('loadResults'),
    realtime: listenToFeed(silentFeed),
  },
  actions: {
    announce: (_, _params: { message: string }) => {
      throw unboundImplementation('announce');
    },
    saveFile: (_, _params: SavedWorkbook) => {
      throw unboundImplementation('saveFile');
    },
  },
  guards: {
    mayCreate: ({ context }) => context.abilities.canUpdate && context.versions.length > 1,
    mayEdit: ({ context, event }) => {
      if (event.type !== 'report.edit' && event.type !== 'report.delete') return false;
      const report = reportOf(context, event.reportId);
      return report !== null && mayEditReport(report, context.userId);
    },
    comparesOneVersion: ({ context }) =>
      context.draft !== null && context.draft.currentVersionID === context.draft.comparisonVersionID,
    hasOpenReport: ({ context }) => context.openReportId !== null,
    /** A report made, changed or removed, by anyone: ModelUpdated for this model (ModelAdded brings versions). */
    changesReports: ({ context, event }) =>
      event.type === 'realtime.event' &&
      (event.event.payload.eventName === 'ModelUpdated' || event.event.payload.eventName === 'ModelAdded') &&
      modelIdOf(event.event) === context.modelId,
  },
}).createMachine({
  id: 'reports',
  type: 'parallel',
  context: ({ input }) => ({
    modelId: input.modelId,
    abilities: abilitiesOf(input.role),
    userId: input.userId,
    versions: [...input.versions],
    reports: [],
    listError: null,
    draft: null,
    formError: null,
    deletingId: null,
    deleteError: null,
    openReportId: input.openReportId,
    openDiff: null,
    openResults: null,
    downloadError: null,
  }),
  invoke: { id: 'realtime', src: 'realtime' },
  on: {
    'versions.updated': { actions: assign({ versions: ({ event }) => [...event.versions] }) },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['listLoading'],
          invoke: {
            id: 'loadReports',
            src: 'loadReports',
            input: ({ context }) => ({ modelId: context.modelId }),
            onDone: {
              target: 'shown',
              actions: assign({ reports: ({ event }) => event.output, listError: null }),
            },
            onError: {
              target: 'failed',
              actions: assign({ listError: ({ event }) => pageMessageOf(event.error) }),
            },
          },
        },
        failed: { tags: ['listFailed'], on: { 'list.retry': 'loading' } },
        shown: {
          on: {
            'realtime.event': { guard: 'changesReports', target: 'refreshing' },
            'socket.resynced': 'refreshing',
          },
        },
        /** In the background: the list stays shown; a failure keeps it (the client has announced it). */
        refreshing: {
          on: {
            'realtime.event': { guard: 'changesReports', target: 'refreshing', reenter: true },
          },
          invoke: {
            id: 'refreshReports',
            src: 'loadReports',
            input: ({ context }) => ({ modelId: context.modelId }),
            onDone: { target: 'shown', actions: assign({ reports: ({ event }) => event.output }) },
            onError: 'shown',
          },
        },
      },
    },
    editor: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'report.new': {
              guard: 'mayCreate',
              target: 'editing',
              actions: assign({ draft: ({ context }) => newDraft(context.versions), formError: null }),
            },
            'report.edit': {
              guard: 'mayEdit',
              target: 'editing',
              actions: assign(({ context, event }) => {
                const report = reportOf(context, event.reportId);
                return { draft: report && draftOf(report), formError: null };
              }),
            },
            'report.delete': {
              guard: 'mayEdit',
              target: 'confirmingDelete',
              actions: assign({ deletingId: ({ event }) => event.reportId, deleteError: null }),
            },
          },
        },
        editing: {
          tags: ['editing'],
          on: {
            'draft.change': {
              actions: assign({
                draft: ({ context, event }) => context.draft && { ...context.draft, ...event.patch },
                formError: null,
              }),
            },
            'draft.toggleAssignee': {
              actions: assign({
                draft: ({ context, event }) => {
                  if (!context.draft) return null;
                  const assigned = context.draft.assignedUserIds;
                  return {
                    ...context.draft,
                    assignedUserIds: assigned.includes(event.userId)
                      ? assigned.filter((id) => id !== event.userId)
                      : [...assigned, event.userId],
                  };
                },
              }),
            },
            'draft.submit': [
              {
                guard: 'comparesOneVersion',
                actions: assign({ formError: ownMessages.sameVersionCompared }),
              },
              { target: 'saving' },
            ],
            'draft.cancel': { target: 'idle', actions: assign({ draft: null, formError: null }) },
          },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'saveReport',
            src: 'saveReport',
            input: ({ context }) => ({
              modelId: context.modelId,
              draft: context.draft ?? newDraft(context.versions),
            }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'announce',
                  params: ({ context }) => ({
                    message: context.draft?.reportId ? ownMessages.reportUpdated : ownMessages.reportCreated,
                  }),
                },
                // The open report's versions may have changed: its diff is asked for again.
                enqueueActions(({ context, event, enqueue }) => {
                  if (event.output._id === context.openReportId)
                    enqueue.raise({ type: 'report.open', reportId: event.output._id });
                }),
                assign({
                  reports: ({ context, event }) => withReport(context.reports, event.output),
                  draft: null,
                }),
              ],
            },
            onError: {
              target: 'editing',
              actions: assign({ formError: ({ event }) => formMessageOf(event.error) }),
            },
          },
        },
        confirmingDelete: {
          tags: ['confirmingDelete'],
          on: {
            'delete.confirm': 'deleting',
            'delete.cancel': { target: 'idle', actions: assign({ deletingId: null }) },
          },
        },
        deleting: {
          tags: ['deleting'],
          invoke: {
            id: 'deleteReport',
            src: 'deleteReport',
            input: ({ context }) => ({ modelId: context.modelId, reportId: context.deletingId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'announce', params: { message: ownMessages.reportRemoved } },
                // The report shown is gone: back to the list.
                enqueueActions(({ context, enqueue }) => {
                  if (context.deletingId === context.openReportId) enqueue.raise({ type: 'report.close' });
                }),
                assign({
                  reports: ({ context }) =>
                    context.reports.filter((report) => report._id !== context.deletingId),
                  deletingId: null,
                }),
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({ deleteError: ({ event }) => formMessageOf(event.error), deletingId: null }),
            },
          },
        },
      },
    },
    /** The report opened: its diff, waited for like the viewer's. */
    opened: {
      initial: 'deciding',
      on: {
        'report.close': { target: '.closed', actions: assign({ openReportId: null, openDiff: null }) },
      },
      states: {
        deciding: { always: [{ guard: 'hasOpenReport', target: 'open' }, { target: 'closed' }] },
        closed: {
          on: {
            'report.open': {
              target: 'open',
              actions: assign({
                openReportId: ({ event }) => event.reportId,
                openDiff: null,
                downloadError: null,
              }),
            },
          },
        },
        open: {
          type: 'parallel',
          invoke: {
            id: 'reportDiff',
            src: 'diffLoader',
            // The pair names the VersionDiff to wait for; the report's own route is asked.
            input: ({ context }) => {
              const report = context.openReportId === null ? null : reportOf(context, context.openReportId);
              return {
                modelId: context.modelId,
                from: report?.comparisonVersionID ?? '',
                to: report?.currentVersionID ?? '',
                reportId: context.openReportId,
              };
            },
            onSnapshot: {
              actions: assign({
                openDiff: ({ event }) => ({
                  status: diffStatusOf(event.snapshot),
                  diff: event.snapshot.context.diff,
                  error: event.snapshot.context.error,
                }),
              }),
            },
          },
          on: {
            // Another report (or this one saved): re-entered from here, not from the region, whose parent is
            // the parallel root (that would reload the list too).
            'report.open': {
              target: 'open',
              reenter: true,
              actions: assign({
                openReportId: ({ event }) => event.reportId,
                openDiff: null,
                downloadError: null,
              }),
            },
            'diff.retry': { actions: sendTo('reportDiff', { type: 'diff.retry' }) },
          },
          states: {
            // The results that changed, beside the diff; a failure leaves the section out (the diff stands).
            results: {
              initial: 'loading',
              entry: assign({ openResults: null }),
              states: {
                loading: {
                  invoke: {
                    src: 'loadResults',
                    input: ({ context }) => ({
                      modelId: context.modelId,
                      reportId: context.openReportId ?? '',
                    }),
                    onDone: {
                      target: 'shown',
                      actions: assign({ openResults: ({ event }) => event.output }),
                    },
                    onError: { target: 'unavailable' },
                  },
                },
                shown: {},
                unavailable: {},
              },
            },
            download: {
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    'report.download': { target: 'downloading', actions: assign({ downloadError: null }) },
                  },
                },
                downloading: {
                  tags: ['downloading'],
                  invoke: {
                    id: 'downloadWorkbook',
                    src: 'downloadWorkbook',
                    input: ({ context }) => ({
                      modelId: context.modelId,
                      reportId: context.openReportId ?? '',
                    }),
                    onDone: {
                      target: 'idle',
                      actions: { type: 'saveFile', params: ({ event }) => event.output },
                    },
                    onError: {
                      target: 'idle',
                      actions: assign({ downloadError: ({ event }) => formMessageOf(event.error) }),
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

export interface ReportsDependencies {
  http: HttpClient;
  realtime?: RealtimeFeed;
  announce: (message: string) => void;
  saveFile: (blob: Blob, fileName: string) => void;
}

/** Binds the reports screen's actors to the HTTP calls, the live feed, toasts and downloads. */
export function createReportsImplementations(deps: ReportsDependencies) {
  return {
    actors: {
      loadReports: fromPromise<Report[], { modelId: string }>(
        async ({ input }) => unwrap(await listReports(deps.http, input.modelId)).data,
      ),
      saveReport: fromPromise<Report, SaveReportInput>(async ({ input }) => {
        const { reportId, title, ...rest } = input.draft;
        const body: CreateReportBody = { ...rest, ...(title.trim() === '' ? {} : { title: title.trim() }) };
        return unwrap(
          reportId === null
            ? await createReport(deps.http, input.modelId, body)
            : await updateReport(deps.http, input.modelId, reportId, body),
        );
      }),
      deleteReport: fromPromise<unknown, { modelId: string; reportId: string }>(async ({ input }) =>
        unwrap(await deleteReport(deps.http, input.modelId, input.reportId)),
      ),
      downloadWorkbook: fromPromise<SavedWorkbook, { modelId: string; reportId: string }>(
        async ({ input }) => {
          const file = unwrap(await downloadReportWorkbook(deps.http, input.modelId, input.reportId));
          return { blob: file.blob, fileName: file.fileName ?? `report-${input.reportId}.xlsx` };
        },
      ),
      diffLoader: diffMachine.provide(createDiffImplementations(deps)),
      loadResults: fromPromise<ReportResultsWire, { modelId: string; reportId: string }>(async ({ input }) =>
        unwrap(await getReportResults(deps.http, input.modelId, input.reportId)),
      ),
      realtime: listenToFeed(deps.realtime ?? silentFeed),
    },
    actions: {
      announce: (_: unknown, params: { message: string }) => deps.announce(params.message),
      saveFile: (_: unknown, params: SavedWorkbook) => deps.saveFile(params.blob, params.fileName),
    },
  };
}
