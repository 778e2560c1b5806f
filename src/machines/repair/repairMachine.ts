import { assertEvent, assign, fromCallback, fromPromise, raise, setup, type AnyEventObject } from 'xstate';
import {
  commitRepair,
  discardRepair,
  getConnectivity,
  getRepair,
  previewRepair,
  repairScene,
  startRepair,
} from '../../api/repair';
import type { HttpClient } from '../../api/types';
import { getVersionScene } from '../../api/versions';
import { messages, ownMessages } from '../../contract/errors';
import type { ModelRole } from '../../contract/http/models';
import type {
  ConnectivityResponse,
  ConnectivityView,
  PreviewRepairResponse,
  Repair,
  RepairResponse,
  RepairTolerancesWire,
  StartRepairResponse,
} from '../../contract/http/repair';
import type { Job } from '../../contract/http/jobs';
import type { SceneData } from '../../engine/scene';
import type { OperationId } from '../../engine/repair/types';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { abilitiesOf, type ModelAbilities } from '../model/abilities';
import { pageMessageOf, unwrap } from '../model/failure';
import { jobFailureOf } from '../socket/eventRules';
import { listenToFeed, silentFeed, type FeedEvent, type RealtimeFeed } from '../socket/realtimeFeed';
import { watchJob } from '../jobs/watchJob';
import { orderedIssues, steppedIssue } from './issueIndex';
import { connectivityReadyOf, repairCommitOf, repairReadyOf } from './repairEvents';
import { acceptedInOrder, defaultAccepted, toggleCategory, toggleOperations } from './selection';
import { parseTolerances, toleranceMessages, type ToleranceName } from './tolerances';

/** How long the selection must rest before the preview is asked again (ticking boxes in a row asks once). */
export const PREVIEW_DEBOUNCE_MS = 400;
/** While a connectivity job runs, ask again this often in case its ModelConnectivity was missed. */
export const CONNECTIVITY_SAFETY_NET_MS = 15_000;

export type RepairPlanView = NonNullable<RepairResponse['plan']>;

export interface RepairInput {
  modelId: string;
  /** The version checked and repaired (the latest, unless the address names another). */
  versionId: string;
  role: ModelRole;
}

/** What the viewer highlights: an issue or an operation picked in a list. */
export interface RepairFocus {
  kind: 'issue' | 'operation';
  id: string;
  nodeIds: string[];
  elementIds: string[];
}

export type RepairSide = 'before' | 'after';

export interface RepairCommitted {
  versionId: string | null;
  versionNumber: number | null;
}

export interface RepairContext {
  modelId: string;
  versionId: string;
  abilities: ModelAbilities;
  /** What the user typed in the tolerances form; an empty or absent field is the model's own value. */
  toleranceTexts: Partial<Record<ToleranceName, string>>;
  report: ConnectivityView | null;
  /** The connectivity job we wait for. */
  connectivityJobId: string | null;
  repair: Repair | null;
  /** The repair's job, then the commit's. */
  job: Job | null;
  plan: RepairPlanView | null;
  accepted: Set<string>;
  /** The checks after and the diff for the accepted set (the plan's default preview at first). */
  preview: PreviewRepairResponse | null;
  /** The preview is being asked again (or soon will be): what it shows is for an earlier selection. */
  previewStale: boolean;
  side: RepairSide;
  focus: RepairFocus | null;
  /** The level the issue list shows (a scene level id, or NO_LEVEL for findings on none); null: every level. */
  levelFilter: string | null;
  beforeScene: SceneData | null;
  afterScene: SceneData | null;
  /** The accepted set `afterScene` was drawn for. */
  afterSceneKey: string | null;
  sceneError: string | null;
  message: string;
  committed: RepairCommitted | null;
  error: string | null;
}

export type RepairEvent =
  | { type: 'repair.check' }
  | { type: 'repair.tolerance.changed'; name: ToleranceName; value: string }
  | { type: 'repair.start' }
  | { type: 'repair.issue.selected'; issueId: string }
  | { type: 'repair.operation.focused'; operationId: string }
  | { type: 'repair.focus.cleared' }
  /** The next or previous issue of the list as shown (level filter and order applied): j/k, arrows. */
  | { type: 'repair.issue.next' }
  | { type: 'repair.issue.previous' }
  | { type: 'repair.level.filtered'; levelId: string | null }
  /** The viewer isolates the focused neighbourhood, or shows the whole model. */
  | { type: 'repair.isolation.toggled' }
  | { type: 'repair.operation.toggled'; operationId: string; accepted: boolean }
  | { type: 'repair.category.toggled'; operation: OperationId; accepted: boolean }
  | { type: 'repair.side.toggled' }
  | { type: 'repair.message.changed'; value: string }
  | { type: 'repair.commit' }
  | { type: 'repair.cancel' }
  | { type: 'repair.retry' }
  | { type: 'repair.scene.retry' }
  /** Internal: a new preview arrived (the after side redraws if it shows an older selection). */
  | { type: 'repair.preview.settled' }
  /** From the job watcher (the upload's). */
  | { type: 'job.updated'; job: Job }
  | { type: 'job.unreachable'; message: string }
  | FeedEvent;

export type RepairTag =
  | 'idle'
  | 'checking'
  | 'reviewing'
  | 'repairing'
  | 'previewing'
  | 'committing'
  | 'committed'
  | 'failed'
  | 'cancelled'
  | 'busy'
  | 'sceneLoading'
  | 'sceneFailed';

export interface ConnectivityInput {
  modelId: string;
  versionId: string;
  tolerances: Partial<RepairTolerancesWire>;
}
export interface StartRepairInput {
  modelId: string;
  versionId: string;
  tolerances: Partial<RepairTolerancesWire>;
}
export interface RepairRefInput {
  modelId: string;
  repairId: string;
}
export interface AcceptedInput extends RepairRefInput {
  accepted: string[];
}
export interface CommitInput extends AcceptedInput {
  message: string;
}

const realtimeOf = (event: RepairEvent) => (event.type === 'realtime.event' ? event.event : null);
const operationsOf = (context: RepairContext) => context.plan?.operations ?? [];
const acceptedList = (context: RepairContext) => acceptedInOrder(operationsOf(context), context.accepted);
/** A key for an accepted set, to tell whether the after scene shows it. */
export const acceptedKey = (context: RepairContext) => acceptedList(context).join('\n');

/** The reason a ModelError gives for the job we follow. */
function jobFailureText(event: RepairEvent): string {
  const change = realtimeOf(event);
  return (change && jobFailureOf(change)?.error) ?? messages.internalServerError;
}

/** The version a ModelRepairCommit names. */
function committedOf(event: RepairEvent): RepairCommitted {
  const change = realtimeOf(event);
  const done = change && repairCommitOf(change);
  return { versionId: done?.versionId ?? null, versionNumber: done?.versionNumber ?? null };
}

/** The report the issue list shows: the repaired model's on the after side, else the version's. */
export function shownReportOf(context: RepairContext): ConnectivityView | null {
  if (context.side === 'after' && context.preview) return context.preview.after;
  return context.plan?.before ?? context.report;
}

/** The scene the levels of the shown issues are read from (the side drawn, else the version's). */
export const levelSceneOf = (context: RepairContext): SceneData | null =>
  (context.side === 'after' ? context.afterScene : null) ?? context.beforeScene;

/** The issues of the list in the order it shows them, after the level filter. */
export function listedIssues(context: RepairContext) {
  const report = shownReportOf(context);
  return report ? orderedIssues(report, levelSceneOf(context), context.levelFilter) : [];
}

function focusOf(context: RepairContext, event: RepairEvent): RepairFocus | null {
  if (event.type === 'repair.issue.next' || event.type === 'repair.issue.previous') {
    const current = context.focus?.kind === 'issue' ? context.focus.id : null;
    const issue = steppedIssue(listedIssues(context), current, event.type === 'repair.issue.next' ? 1 : -1);
    return issue
      ? { kind: 'issue', id: issue.id, nodeIds: issue.nodeIds, elementIds: issue.elementIds }
      : context.focus;
  }
  if (event.type === 'repair.issue.selected') {
    const issues = context.side === 'after' ? context.preview?.after.issues : context.report?.issues;
    const issue =
      issues?.find((candidate) => candidate.id === event.issueId) ??
      context.report?.issues.find((candidate) => candidate.id === event.issueId);
    return issue
      ? { kind: 'issue', id: issue.id, nodeIds: issue.nodeIds, elementIds: issue.elementIds }
      : null;
  }
  if (event.type === 'repair.operation.focused') {
    const op = operationsOf(context).find((candidate) => candidate.id === event.operationId);
    return op ? { kind: 'operation', id: op.id, nodeIds: op.nodeIds, elementIds: op.elementIds } : null;
  }
  return context.focus;
}

/** What a new check, or a repair started over, forgets. */
const forgetRepair = {
  repair: null,
  job: null,
  plan: null,
  accepted: () => new Set<string>(),
  preview: null,
  previewStale: false,
  afterScene: null,
  afterSceneKey: null,
  side: 'before' as const,
  message: '',
  committed: null,
};

/**
 * The repair screen (/model/{id}/visualize/repair, issue #8). Two regions:
 *
 * `flow`: `idle` → `checking` (GET …/data/connectivity; a 202 waits for ModelConnectivity, then asks again) →
 * `reviewing` (issues by check; change tolerances and check again; start a repair, WRITE and up) → `repairing`
 * (POST …/repairs, the job's ProgressUpdate (kind 'repair'); ModelRepaired → GET the repair) → `previewing`
 * (accept or reject operations one by one or by category, with their dependencies; the preview is asked again,
 * debounced, when the selection changes) → `committing` (POST …/commit; ProgressUpdate kind 'repairCommit';
 * ModelRepairCommit) → `committed`. `failed` keeps the server's words and offers a retry; `cancelled` discards
 * the repair (DELETE) when one was started.
 *
 * `view`: the side the viewer draws: `before` (the version's scene) or `after` (POST …/scene with the accepted
 * operations, drawn again when the accepted set changes).
 *
 * `isolation`: around the issue or operation in focus the viewer shows its `neighbourhood` only, or `all`.
 *
 * Anywhere: an issue or operation is focused from a list, or the next or previous issue of the list as shown
 * (ordered errors first, filtered by level: `listedIssues`); the level filter changes what the list shows.
 */
export const repairMachine = setup({
  types: {
    context: {} as RepairContext,
    events: {} as RepairEvent,
    input: {} as RepairInput,
    tags: {} as RepairTag,
  },
  actors: {
    getConnectivity: promisePlaceholder<ConnectivityResponse, ConnectivityInput>('getConnectivity'),
    startRepair: promisePlaceholder<StartRepairResponse, StartRepairInput>('startRepair'),
    getRepair: promisePlaceholder<RepairResponse, RepairRefInput>('getRepair'),
    previewRepair: promisePlaceholder<PreviewRepairResponse, AcceptedInput>('previewRepair'),
    commitRepair: promisePlaceholder<Job, CommitInput>('commitRepair'),
    discardRepair: promisePlaceholder<unknown, RepairRefInput>('discardRepair'),
    loadVersionScene: promisePlaceholder<SceneData, { modelId: string; versionId: string }>(
      'loadVersionScene',
    ),
    loadRepairScene: promisePlaceholder<SceneData, AcceptedInput>('loadRepairScene'),
    /** Sends `job.updated` and `job.unreachable` for a job (live ProgressUpdate, polling as a fallback). */
    watchJob: fromCallback<AnyEventObject, { jobId: string }>(() => {
      throw unboundImplementation('watchJob');
    }),
    realtime: listenToFeed(silentFeed),
  },
  delays: {
    previewDebounce: PREVIEW_DEBOUNCE_MS,
    connectivitySafetyNet: CONNECTIVITY_SAFETY_NET_MS,
  },
  guards: {
    canRepair: ({ context }) => context.abilities.canUpdate,
    tolerancesInvalid: ({ context }) => parseTolerances(context.toleranceTexts) === null,
    reportDone: (_, params: { response: ConnectivityResponse }) => params.response.status === 'done',
    reportFailed: (_, params: { response: ConnectivityResponse }) => params.response.status === 'failed',
    /** ModelConnectivity for the job we wait for, or for our version (another tab asked the same). */
    isOurConnectivity: ({ context, event }) => {
      const change = realtimeOf(event);
      const ready = change && connectivityReadyOf(change);
      return (
        ready != null &&
        ready.modelId === context.modelId &&
        (ready.jobId === context.connectivityJobId || ready.versionId === context.versionId)
      );
    },
    isOurConnectivityFailure: ({ context, event }) => {
      const change = realtimeOf(event);
      const ready = change && connectivityReadyOf(change);
      return ready != null && ready.jobId === context.connectivityJobId && ready.error !== null;
    },
    isOurRepairReady: ({ context, event }) => {
      const change = realtimeOf(event);
      const ready = change && repairReadyOf(change);
      return ready != null && ready.repairId === context.repair?._id;
    },
    isOurRepairCommit: ({ context, event }) => {
      const change = realtimeOf(event);
      const committed = change && repairCommitOf(change);
      return committed != null && committed.repairId === context.repair?._id;
    },
    /** ModelError naming the job we follow (the repair's or the commit's). */
    isOurJobFailure: ({ context, event }) => {
      const change = realtimeOf(event);
      return change !== null && context.job !== null && jobFailureOf(change)?.jobId === context.job._id;
    },
    jobDone: (_, params: { job: Job }) => params.job.status === 'done',
    jobFailed: (_, params: { job: Job }) => params.job.status === 'failed',
    planReady: (_, params: { response: RepairResponse }) => params.response.plan !== null,
    repairFailed: (_, params: { response: RepairResponse }) =>
      params.response.repair.status === 'failed' || params.response.repair.status === 'discarded',
    nothingAccepted: ({ context }) => context.accepted.size === 0,
    hasPlan: ({ context }) => context.plan !== null,
    noPlan: ({ context }) => context.plan === null,
    hasOpenRepair: ({ context }) => context.repair !== null && context.committed === null,
    hasBeforeScene: ({ context }) => context.beforeScene !== null,
    afterSceneCurrent: ({ context }) =>
      context.afterScene !== null && context.afterSceneKey === acceptedKey(context),
  },
  actions: {
    focus: assign({ focus: ({ context, event }) => focusOf(context, event) }),
    setTolerance: assign({
      toleranceTexts: ({ context, event }) => {
        assertEvent(event, 'repair.tolerance.changed');
        return { ...context.toleranceTexts, [event.name]: event.value };
      },
    }),
    /** The job's record as the watcher read it. */
    keepJob: assign({
      job: ({ event }) => {
        assertEvent(event, 'job.updated');
        return event.job;
      },
    }),
    /** The job failed: its own reason, else a generic one. */
    failWithJob: assign(({ event }) => {
      assertEvent(event, 'job.updated');
      return { job: event.job, error: event.job.error ?? messages.internalServerError };
    }),
    /** The selection changed: the preview is out of date until asked again. */
    markStale: assign({ previewStale: true, error: null }),
  },
}).createMachine({
  id: 'repair',
  type: 'parallel',
  context: ({ input }) => ({
    modelId: input.modelId,
    versionId: input.versionId,
    abilities: abilitiesOf(input.role),
    toleranceTexts: {},
    report: null,
    connectivityJobId: null,
    repair: null,
    job: null,
    plan: null,
    accepted: new Set(),
    preview: null,
    previewStale: false,
    side: 'before',
    focus: null,
    levelFilter: null,
    beforeScene: null,
    afterScene: null,
    afterSceneKey: null,
    sceneError: null,
    message: '',
    committed: null,
    error: null,
  }),
  invoke: { id: 'realtime', src: 'realtime' },
  on: {
    'repair.issue.selected': { actions: 'focus' },
    'repair.operation.focused': { actions: 'focus' },
    'repair.focus.cleared': { actions: assign({ focus: null }) },
    'repair.issue.next': { actions: 'focus' },
    'repair.issue.previous': { actions: 'focus' },
    'repair.level.filtered': { actions: assign({ levelFilter: ({ event }) => event.levelId }) },
  },
  states: {
    flow: {
      initial: 'idle',
      states: {
        idle: {
          tags: ['idle'],
          on: {
            'repair.tolerance.changed': { actions: 'setTolerance' },
            'repair.check': [
              { guard: 'tolerancesInvalid', actions: assign({ error: toleranceMessages.invalid }) },
              { target: 'checking', actions: assign({ error: null }) },
            ],
          },
        },
        checking: {
          tags: ['checking', 'busy'],
          initial: 'asking',
          on: { 'repair.cancel': '#repair.flow.cancelled' },
          states: {
            asking: {
              invoke: {
                id: 'getConnectivity',
                src: 'getConnectivity',
                input: ({ context }) => ({
                  modelId: context.modelId,
                  versionId: context.versionId,
                  tolerances: parseTolerances(context.toleranceTexts) ?? {},
                }),
                onDone: [
                  {
                    guard: { type: 'reportDone', params: ({ event }) => ({ response: event.output }) },
                    target: '#repair.flow.reviewing',
                    actions: assign({
                      report: ({ event }) => (event.output.status === 'done' ? event.output.report : null),
                      connectivityJobId: null,
                      focus: null,
                    }),
                  },
                  {
                    guard: { type: 'reportFailed', params: ({ event }) => ({ response: event.output }) },
                    target: '#repair.flow.failed.checking',
                    actions: assign({
                      error: ({ event }) =>
                        event.output.status === 'failed' ? event.output.error : messages.internalServerError,
                    }),
                  },
                  {
                    target: 'waiting',
                    actions: assign({
                      connectivityJobId: ({ event }) =>
                        event.output.status === 'done' ? null : event.output.jobId,
                    }),
                  },
                ],
                onError: {
                  target: '#repair.flow.failed.checking',
                  actions: assign({ error: ({ event }) => pageMessageOf(event.error) }),
                },
              },
            },
            /** The job runs: ModelConnectivity says when to ask again (a reconnect or the safety net too). */
            waiting: {
              after: { connectivitySafetyNet: 'asking' },
              on: {
                'realtime.event': [
                  {
                    guard: 'isOurConnectivityFailure',
                    target: '#repair.flow.failed.checking',
                    actions: assign({
                      error: ({ event }) => {
                        const change = realtimeOf(event);
                        return (change && connectivityReadyOf(change)?.error) ?? messages.internalServerError;
                      },
                    }),
                  },
                  { guard: 'isOurConnectivity', target: 'asking' },
                ],
                'socket.resynced': 'asking',
              },
            },
          },
        },
        reviewing: {
          tags: ['reviewing'],
          on: {
            'repair.tolerance.changed': { actions: 'setTolerance' },
            'repair.check': [
              { guard: 'tolerancesInvalid', actions: assign({ error: toleranceMessages.invalid }) },
              { target: 'checking', actions: assign({ error: null }) },
            ],
            'repair.start': [
              { guard: 'tolerancesInvalid', actions: assign({ error: toleranceMessages.invalid }) },
              { guard: 'canRepair', target: 'repairing', actions: assign({ error: null, ...forgetRepair }) },
              { actions: assign({ error: ownMessages.permissionTypeRequired }) },
            ],
            'repair.cancel': 'cancelled',
          },
        },
        repairing: {
          tags: ['repairing', 'busy'],
          initial: 'starting',
          on: { 'repair.cancel': '#repair.flow.cancelled' },
          states: {
            starting: {
              invoke: {
                id: 'startRepair',
                src: 'startRepair',
                input: ({ context }) => ({
                  modelId: context.modelId,
                  versionId: context.versionId,
                  tolerances: parseTolerances(context.toleranceTexts) ?? {},
                }),
                onDone: {
                  target: 'following',
                  actions: assign({
                    repair: ({ event }) => event.output.repair,
                    job: ({ event }) => event.output.job,
                  }),
                },
                onError: {
                  target: '#repair.flow.failed.repairing',
                  actions: assign({ error: ({ event }) => pageMessageOf(event.error) }),
                },
              },
            },
            following: {
              invoke: {
                id: 'watchRepairJob',
                src: 'watchJob',
                input: ({ context }) => ({ jobId: context.job?._id ?? '' }),
              },
              on: {
                'job.updated': [
                  {
                    guard: { type: 'jobFailed', params: ({ event }) => ({ job: event.job }) },
                    target: '#repair.flow.failed.repairing',
                    actions: 'failWithJob',
                  },
                  // Done without its ModelRepaired reaching us: the repair's record has the plan.
                  {
                    guard: { type: 'jobDone', params: ({ event }) => ({ job: event.job }) },
                    target: 'loading',
                    actions: 'keepJob',
                  },
                  { actions: 'keepJob' },
                ],
                'job.unreachable': {
                  target: '#repair.flow.failed.repairing',
                  actions: assign({ error: ({ event }) => event.message }),
                },
                'realtime.event': [
                  { guard: 'isOurRepairReady', target: 'loading' },
                  {
                    guard: 'isOurJobFailure',
                    target: '#repair.flow.failed.repairing',
                    actions: assign({ error: ({ event }) => jobFailureText(event) }),
                  },
                ],
              },
            },
            loading: {
              invoke: {
                id: 'getRepair',
                src: 'getRepair',
                input: ({ context }) => ({ modelId: context.modelId, repairId: context.repair?._id ?? '' }),
                onDone: [
                  {
                    guard: { type: 'planReady', params: ({ event }) => ({ response: event.output }) },
                    target: '#repair.flow.previewing',
                    actions: assign(({ event }) => {
                      const plan = event.output.plan;
                      return {
                        repair: event.output.repair,
                        plan,
                        accepted: defaultAccepted(plan?.operations ?? []),
                        preview: plan && { after: plan.after, diff: plan.diff, skipped: [] },
                        previewStale: false,
                        focus: null,
                      };
                    }),
                  },
                  {
                    guard: { type: 'repairFailed', params: ({ event }) => ({ response: event.output }) },
                    target: '#repair.flow.failed.repairing',
                    actions: assign({
                      repair: ({ event }) => event.output.repair,
                      error: ({ event }) =>
                        event.output.repair.error ??
                        ownMessages.repairFailed.replace('{reason}', messages.internalServerError),
                    }),
                  },
                  // Not ready yet (an early ModelRepaired): keep following.
                  { target: 'following', actions: assign({ repair: ({ event }) => event.output.repair }) },
                ],
                onError: {
                  target: '#repair.flow.failed.repairing',
                  actions: assign({ error: ({ event }) => pageMessageOf(event.error) }),
                },
              },
            },
          },
        },
        previewing: {
          tags: ['previewing'],
          initial: 'settled',
          on: {
            'repair.operation.toggled': {
              target: '.debouncing',
              actions: [
                assign({
                  accepted: ({ context, event }) =>
                    toggleOperations(
                      operationsOf(context),
                      context.accepted,
                      [event.operationId],
                      event.accepted,
                    ),
                }),
                'markStale',
              ],
            },
            'repair.category.toggled': {
              target: '.debouncing',
              actions: [
                assign({
                  accepted: ({ context, event }) =>
                    toggleCategory(operationsOf(context), context.accepted, event.operation, event.accepted),
                }),
                'markStale',
              ],
            },
            'repair.message.changed': { actions: assign({ message: ({ event }) => event.value }) },
            'repair.commit': [
              { guard: 'nothingAccepted', actions: assign({ error: ownMessages.repairNothingAccepted }) },
              { target: 'committing', actions: assign({ error: null }) },
            ],
            'repair.cancel': 'cancelled',
          },
          states: {
            settled: {},
            debouncing: { after: { previewDebounce: 'fetching' } },
            fetching: {
              tags: ['busy'],
              invoke: {
                id: 'previewRepair',
                src: 'previewRepair',
                input: ({ context }) => ({
                  modelId: context.modelId,
                  repairId: context.repair?._id ?? '',
                  accepted: acceptedList(context),
                }),
                onDone: {
                  target: 'settled',
                  actions: [
                    assign({ preview: ({ event }) => event.output, previewStale: false }),
                    raise({ type: 'repair.preview.settled' }),
                  ],
                },
                onError: {
                  target: 'settled',
                  actions: assign({ error: ({ event }) => pageMessageOf(event.error) }),
                },
              },
            },
          },
        },
        committing: {
          tags: ['committing', 'busy'],
          initial: 'sending',
          states: {
            sending: {
              invoke: {
                id: 'commitRepair',
                src: 'commitRepair',
                input: ({ context }) => ({
                  modelId: context.modelId,
                  repairId: context.repair?._id ?? '',
                  accepted: acceptedList(context),
                  message: context.message.trim(),
                }),
                onDone: {
                  target: 'following',
                  actions: assign({ job: ({ event }) => event.output }),
                },
                onError: {
                  target: '#repair.flow.failed.committing',
                  actions: assign({ error: ({ event }) => pageMessageOf(event.error) }),
                },
              },
            },
            following: {
              invoke: {
                id: 'watchCommitJob',
                src: 'watchJob',
                input: ({ context }) => ({ jobId: context.job?._id ?? '' }),
              },
              on: {
                'job.updated': [
                  {
                    guard: { type: 'jobFailed', params: ({ event }) => ({ job: event.job }) },
                    target: '#repair.flow.failed.committing',
                    actions: 'failWithJob',
                  },
                  {
                    guard: { type: 'jobDone', params: ({ event }) => ({ job: event.job }) },
                    target: '#repair.flow.committed',
                    actions: assign({
                      job: ({ event }) => event.job,
                      committed: ({ context, event }) => ({
                        versionId: event.job.versionId,
                        versionNumber: context.committed?.versionNumber ?? null,
                      }),
                    }),
                  },
                  { actions: 'keepJob' },
                ],
                'job.unreachable': {
                  target: '#repair.flow.failed.following',
                  actions: assign({ error: ({ event }) => event.message }),
                },
                'realtime.event': [
                  {
                    guard: 'isOurRepairCommit',
                    target: '#repair.flow.committed',
                    actions: assign({ committed: ({ event }) => committedOf(event) }),
                  },
                  {
                    guard: 'isOurJobFailure',
                    target: '#repair.flow.failed.committing',
                    actions: assign({ error: ({ event }) => jobFailureText(event) }),
                  },
                ],
              },
            },
          },
        },
        committed: {
          tags: ['committed'],
          on: {
            // The job's record may arrive after ModelRepairCommit: keep the number that event gave.
            'realtime.event': {
              guard: 'isOurRepairCommit',
              actions: assign({ committed: ({ event }) => committedOf(event) }),
            },
          },
        },
        failed: {
          tags: ['failed'],
          initial: 'checking',
          on: { 'repair.cancel': 'cancelled' },
          states: {
            /** The check could not be made: ask again. */
            checking: {
              on: { 'repair.retry': { target: '#repair.flow.checking', actions: assign({ error: null }) } },
            },
            /** The repair could not be started or prepared: start it again. */
            repairing: {
              on: {
                'repair.retry': {
                  target: '#repair.flow.repairing',
                  actions: assign({ error: null, ...forgetRepair }),
                },
              },
            },
            /** The commit was refused or failed: back to the preview, selection kept. */
            committing: {
              on: { 'repair.retry': { target: '#repair.flow.previewing', actions: assign({ error: null }) } },
            },
            /** The commit job's progress could not be read: follow it again. */
            following: {
              on: {
                'repair.retry': {
                  target: '#repair.flow.committing.following',
                  actions: assign({ error: null }),
                },
              },
            },
          },
        },
        cancelled: {
          tags: ['cancelled'],
          initial: 'deciding',
          on: {
            'repair.check': {
              target: 'checking',
              actions: assign({ error: null, report: null, focus: null, ...forgetRepair }),
            },
          },
          states: {
            deciding: { always: [{ guard: 'hasOpenRepair', target: 'discarding' }, { target: 'done' }] },
            discarding: {
              invoke: {
                id: 'discardRepair',
                src: 'discardRepair',
                input: ({ context }) => ({ modelId: context.modelId, repairId: context.repair?._id ?? '' }),
                // Discarded or not, it is no longer ours to commit: an unfinished repair expires on the server.
                onDone: 'done',
                onError: 'done',
              },
            },
            done: { entry: assign({ repair: null, plan: null, preview: null, side: 'before' }) },
          },
        },
      },
    },
    /**
     * What the viewer shows around a focused issue or operation: only its neighbourhood (the camera flies to
     * it either way), or the whole model.
     */
    isolation: {
      initial: 'neighbourhood',
      states: {
        neighbourhood: { on: { 'repair.isolation.toggled': 'all' } },
        all: { on: { 'repair.isolation.toggled': 'neighbourhood' } },
      },
    },
    /** The side the viewer draws. */
    view: {
      initial: 'before',
      states: {
        before: {
          initial: 'deciding',
          entry: assign({ side: 'before' }),
          on: { 'repair.side.toggled': { guard: 'hasPlan', target: 'after' } },
          states: {
            deciding: { always: [{ guard: 'hasBeforeScene', target: 'shown' }, { target: 'loading' }] },
            loading: {
              tags: ['sceneLoading'],
              invoke: {
                id: 'loadVersionScene',
                src: 'loadVersionScene',
                input: ({ context }) => ({ modelId: context.modelId, versionId: context.versionId }),
                onDone: {
                  target: 'shown',
                  actions: assign({ beforeScene: ({ event }) => event.output, sceneError: null }),
                },
                onError: {
                  target: 'failed',
                  actions: assign({ sceneError: ({ event }) => pageMessageOf(event.error) }),
                },
              },
            },
            shown: {},
            failed: { tags: ['sceneFailed'], on: { 'repair.scene.retry': 'loading' } },
          },
        },
        after: {
          initial: 'deciding',
          entry: assign({ side: 'after' }),
          // The plan is gone (discarded, or a new check): the version's own scene again.
          always: { guard: 'noPlan', target: 'before' },
          on: {
            'repair.side.toggled': 'before',
            'repair.preview.settled': '.deciding',
          },
          states: {
            deciding: {
              always: [{ guard: 'afterSceneCurrent', target: 'shown' }, { target: 'loading' }],
            },
            loading: {
              tags: ['sceneLoading'],
              invoke: {
                id: 'loadRepairScene',
                src: 'loadRepairScene',
                input: ({ context }) => ({
                  modelId: context.modelId,
                  repairId: context.repair?._id ?? '',
                  accepted: acceptedList(context),
                }),
                onDone: {
                  target: 'shown',
                  actions: assign({
                    afterScene: ({ event }) => event.output,
                    afterSceneKey: ({ context }) => acceptedKey(context),
                    sceneError: null,
                  }),
                },
                onError: {
                  target: 'failed',
                  actions: assign({ sceneError: ({ event }) => pageMessageOf(event.error) }),
                },
              },
            },
            shown: {},
            failed: { tags: ['sceneFailed'], on: { 'repair.scene.retry': 'loading' } },
          },
        },
      },
    },
  },
});

export interface RepairDependencies {
  http: HttpClient;
  realtime?: RealtimeFeed;
  pollIntervalMs?: number;
  safetyNetIntervalMs?: number;
}

/** Binds the repair's actors to the HTTP calls and the realtime feed; the screen and the tests call this. */
export function createRepairImplementations(deps: RepairDependencies) {
  return {
    actors: {
      getConnectivity: fromPromise<ConnectivityResponse, ConnectivityInput>(async ({ input }) =>
        unwrap(
          await getConnectivity(deps.http, input.modelId, {
            versionId: input.versionId,
            tolerances: input.tolerances,
          }),
        ),
      ),
      startRepair: fromPromise<StartRepairResponse, StartRepairInput>(async ({ input }) => {
        const body =
          Object.keys(input.tolerances).length > 0
            ? { versionId: input.versionId, tolerances: input.tolerances }
            : { versionId: input.versionId };
        return unwrap(await startRepair(deps.http, input.modelId, body));
      }),
      getRepair: fromPromise<RepairResponse, RepairRefInput>(async ({ input }) =>
        unwrap(await getRepair(deps.http, input.modelId, input.repairId)),
      ),
      previewRepair: fromPromise<PreviewRepairResponse, AcceptedInput>(async ({ input }) =>
        unwrap(await previewRepair(deps.http, input.modelId, input.repairId, input.accepted)),
      ),
      commitRepair: fromPromise<Job, CommitInput>(async ({ input }) =>
        unwrap(
          await commitRepair(
            deps.http,
            input.modelId,
            input.repairId,
            input.message === ''
              ? { accepted: input.accepted }
              : { accepted: input.accepted, message: input.message },
          ),
        ),
      ),
      discardRepair: fromPromise<unknown, RepairRefInput>(async ({ input }) =>
        unwrap(await discardRepair(deps.http, input.modelId, input.repairId)),
      ),
      loadVersionScene: fromPromise<SceneData, { modelId: string; versionId: string }>(async ({ input }) =>
        unwrap(await getVersionScene(deps.http, input.modelId, input.versionId)),
      ),
      loadRepairScene: fromPromise<SceneData, AcceptedInput>(async ({ input }) =>
        unwrap(await repairScene(deps.http, input.modelId, input.repairId, input.accepted)),
      ),
      watchJob: fromCallback<AnyEventObject, { jobId: string }>(({ input, sendBack }) =>
        watchJob(deps, input.jobId, sendBack),
      ),
      realtime: listenToFeed(deps.realtime ?? silentFeed),
    },
  };
}
