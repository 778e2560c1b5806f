import { and, assign, fromPromise, not, raise, setup } from 'xstate';
import { getImagesAndVersionsByModelIds, getModel } from '../../api/models';
import type { HttpClient } from '../../api/types';
import { getVersion, restoreVersion } from '../../api/versions';
import type { Model } from '../../contract/http/models';
import type { Version, VersionDetail } from '../../contract/http/versions';
import type { Job } from '../../contract/http/jobs';
import { promisePlaceholder } from '../auth/placeholders';
import {
  addedVersionIdOf,
  failedJobIdOf,
  isNewVersionFor,
  isRemoteChangeFor,
  progressOf,
  REMOTE_RELOAD_DELAY_MS,
} from '../socket/eventRules';
import { listenToFeed, silentFeed, type FeedEvent, type RealtimeFeed } from '../socket/realtimeFeed';
import type { RealtimeEvent } from '../socket/types';
import { abilitiesOf } from './abilities';
import { formMessageOf, pageMessageOf, unwrap } from './failure';

export interface ModelPageInput {
  modelId: string;
}

export interface LoadedModel {
  model: Model;
  /** Newest first; empty for LIMITEDVIEW, who may not read version data. */
  versions: Version[];
}

export interface OpenReport {
  versionId: string;
  detail: VersionDetail | null;
  error: string | null;
}

export interface ModelPageContext {
  modelId: string;
  model: Model | null;
  versions: Version[];
  /** Why the model could not be shown (404 for a stranger or an unknown id). */
  loadError: string | null;
  /** The version the user asked to restore, waiting for their confirmation or the server. */
  restoreVersionId: string | null;
  restoreError: string | null;
  report: OpenReport | null;
  /** Uploads to this model under way elsewhere (other people, other tools), with their live progress. */
  liveUploads: Job[];
  /** The live event that asked for the reload under way (rule (c)), until the model is fetched again. */
  remoteChange: RealtimeEvent | null;
}

export type ModelPageEvent =
  | { type: 'model.reload' }
  /** A screen saved the model (settings, people): show what the server answered. */
  | { type: 'model.replace'; model: Model }
  | { type: 'version.restore'; versionId: string }
  | { type: 'restore.confirm' }
  | { type: 'restore.cancel' }
  | { type: 'report.toggle'; versionId: string }
  /** From the live socket: an event, or the resync after a reconnect. */
  | FeedEvent;

/**
 * `loading` and `unavailable` before the model is known; then `ready` with `reloadRequested` (a live change
 * asked for a reload) and `refreshing` while it reloads in the background, `confirmingRestore` / `restoring`,
 * and `reportLoading` while a version's report is fetched.
 */
export type ModelPageTag =
  | 'loading'
  | 'unavailable'
  | 'ready'
  | 'reloadRequested'
  | 'refreshing'
  | 'confirmingRestore'
  | 'restoring'
  | 'reportLoading';

const realtimeEventOf = (event: ModelPageEvent): RealtimeEvent | null =>
  event.type === 'realtime.event' ? event.event : null;

/** The upload list with this job's progress; a finished or failed job leaves it. */
function withLiveUpload(uploads: readonly Job[], job: Job): Job[] {
  const others = uploads.filter((known) => known._id !== job._id);
  return job.status === 'queued' || job.status === 'running' ? [...others, job] : others;
}

const canUpdate = (context: ModelPageContext) =>
  abilitiesOf(context.model?.currentUserRole ?? null).canUpdate;
const canViewVersions = (context: ModelPageContext) =>
  abilitiesOf(context.model?.currentUserRole ?? null).canViewVersions;

/** Any version but the latest can be restored, by those who may update the model. */
export function isRestorable(context: ModelPageContext, versionId: string): boolean {
  return (
    canUpdate(context) &&
    context.versions[0]?.ID !== versionId &&
    context.versions.some((version) => version.ID === versionId)
  );
}

/**
 * The model page (/model/{id}/history, people, settings): loads the model and its versions once for all the
 * model's screens, restores a version (a new version equal to an old one, after the user confirms) and opens
 * a version's translation report. The settings and people screens have their own machines and hand the saved
 * model back with `model.replace`.
 */
export const modelPageMachine = setup({
  types: {
    context: {} as ModelPageContext,
    events: {} as ModelPageEvent,
    input: {} as ModelPageInput,
    tags: {} as ModelPageTag,
  },
  actors: {
    loadModel: promisePlaceholder<LoadedModel, { modelId: string }>('loadModel'),
    restoreVersion: promisePlaceholder<Version, { modelId: string; versionId: string }>('restoreVersion'),
    fetchVersionReport: promisePlaceholder<VersionDetail, { modelId: string; versionId: string }>(
      'fetchVersionReport',
    ),
    /** The live socket's events (the app's realtime feed); none unless bound. */
    realtime: listenToFeed(silentFeed),
  },
  actions: {
    rememberLoaded: assign((_, params: LoadedModel) => ({
      model: params.model,
      versions: params.versions,
      loadError: null,
      remoteChange: null,
    })),
    /** Another upload's progress moves its bar at once. */
    followLiveUpload: assign(({ context, event }) => {
      const change = realtimeEventOf(event);
      const job = change && progressOf(change);
      return { liveUploads: job ? withLiveUpload(context.liveUploads, job) : context.liveUploads };
    }),
    forgetFailedUpload: assign(({ context, event }) => {
      const change = realtimeEventOf(event);
      const jobId = change && failedJobIdOf(change);
      return { liveUploads: context.liveUploads.filter((job) => job._id !== jobId) };
    }),
    /** Rule (c), step 1: the event is remembered as the reason for the reload. */
    refreshFromEvent: assign({ remoteChange: ({ event }) => realtimeEventOf(event) }),
  },
  guards: {
    mayRestore: ({ context, event }) =>
      event.type === 'version.restore' && isRestorable(context, event.versionId),
    mayReadReports: ({ context }) => canViewVersions(context),
    reportIsOpenFor: ({ context, event }) =>
      event.type === 'report.toggle' && context.report?.versionId === event.versionId,
    /** An upload to this model that another tab, person or tool started (this tab's panel shows its own). */
    isLiveUploadProgress: ({ context, event }) => {
      const change = realtimeEventOf(event);
      const job = change && progressOf(change);
      return change?.origin !== 'thisTab' && job?.modelId === context.modelId;
    },
    isFailedLiveUpload: ({ context, event }) => {
      const change = realtimeEventOf(event);
      const jobId = change && failedJobIdOf(change);
      return jobId !== null && context.liveUploads.some((job) => job._id === jobId);
    },
    /** Rule (c). */
    isRemoteChange: ({ context, event }) => {
      const change = realtimeEventOf(event);
      return change !== null && isRemoteChangeFor(change, { kind: 'model', modelId: context.modelId });
    },
    /** A new version of this model, whoever made it. */
    isNewVersion: ({ context, event }) => {
      const change = realtimeEventOf(event);
      return change !== null && isNewVersionFor(change, { kind: 'model', modelId: context.modelId });
    },
    /** The page shows that version already (this tab's own upload reloaded it). */
    showsAddedVersion: ({ context, event }) => {
      const change = realtimeEventOf(event);
      const versionId = change && addedVersionIdOf(change);
      return versionId !== null && context.versions.some((version) => version.ID === versionId);
    },
  },
  delays: {
    remoteReloadDelay: REMOTE_RELOAD_DELAY_MS,
  },
}).createMachine({
  id: 'modelPage',
  context: ({ input }) => ({
    modelId: input.modelId,
    model: null,
    versions: [],
    loadError: null,
    restoreVersionId: null,
    restoreError: null,
    report: null,
    liveUploads: [],
    remoteChange: null,
  }),
  invoke: { id: 'realtime', src: 'realtime' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadModel',
        src: 'loadModel',
        input: ({ context }) => ({ modelId: context.modelId }),
        onDone: { target: 'ready', actions: { type: 'rememberLoaded', params: ({ event }) => event.output } },
        onError: {
          target: 'unavailable',
          actions: assign({ loadError: ({ event }) => pageMessageOf(event.error) }),
        },
      },
    },
    unavailable: {
      tags: ['unavailable'],
      on: { 'model.reload': 'loading' },
    },
    ready: {
      tags: ['ready'],
      type: 'parallel',
      on: {
        'model.replace': { actions: assign({ model: ({ event }) => event.model }) },
      },
      states: {
        data: {
          initial: 'shown',
          // Handled by this region alone, so the restore and the open report are left as they are.
          on: {
            'realtime.event': [
              { guard: 'isLiveUploadProgress', actions: 'followLiveUpload' },
              { guard: 'isFailedLiveUpload', actions: 'forgetFailedUpload' },
              { guard: 'isRemoteChange', target: '.reloadRequested', actions: 'refreshFromEvent' },
              { guard: and(['isNewVersion', not('showsAddedVersion')]), target: '.reloadRequested' },
            ],
            // Back online after a reconnect: events may have been missed.
            'socket.resynced': '.reloadRequested',
          },
          states: {
            shown: { on: { 'model.reload': 'refreshing' } },
            /** Rule (c), step 2: the reload flag. Later events join it rather than fetch again each. */
            reloadRequested: {
              tags: ['reloadRequested'],
              on: { 'model.reload': 'refreshing' },
              after: { remoteReloadDelay: 'refreshing' },
            },
            /** Rule (c), step 3 (and any reload): the re-fetch, in the background. */
            refreshing: {
              tags: ['refreshing'],
              // A second reload while one runs starts it again, so the newest state wins.
              on: { 'model.reload': { target: 'refreshing', reenter: true } },
              invoke: {
                id: 'refreshModel',
                src: 'loadModel',
                input: ({ context }) => ({ modelId: context.modelId }),
                onDone: {
                  target: 'shown',
                  actions: { type: 'rememberLoaded', params: ({ event }) => event.output },
                },
                // Keep showing what we have; the client has announced the failure.
                onError: 'shown',
              },
            },
          },
        },
        restore: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'version.restore': {
                  guard: 'mayRestore',
                  target: 'confirming',
                  actions: assign({
                    restoreVersionId: ({ event }) => event.versionId,
                    restoreError: null,
                  }),
                },
              },
            },
            confirming: {
              tags: ['confirmingRestore'],
              on: {
                'restore.confirm': 'restoring',
                'restore.cancel': { target: 'idle', actions: assign({ restoreVersionId: null }) },
              },
            },
            restoring: {
              tags: ['restoring'],
              invoke: {
                id: 'restoreVersion',
                src: 'restoreVersion',
                input: ({ context }) => ({
                  modelId: context.modelId,
                  versionId: context.restoreVersionId ?? '',
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    // Show the new version at once; the reload brings the model's counts and updatedBy.
                    assign({
                      versions: ({ context, event }) => [event.output, ...context.versions],
                      restoreVersionId: null,
                    }),
                    raise({ type: 'model.reload' }),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    restoreVersionId: null,
                    restoreError: ({ event }) => formMessageOf(event.error),
                  }),
                },
              },
            },
          },
        },
        report: {
          initial: 'closed',
          states: {
            closed: {},
            loading: {
              tags: ['reportLoading'],
              invoke: {
                id: 'fetchVersionReport',
                src: 'fetchVersionReport',
                input: ({ context }) => ({
                  modelId: context.modelId,
                  versionId: context.report?.versionId ?? '',
                }),
                onDone: {
                  target: 'open',
                  actions: assign({
                    report: ({ context, event }) =>
                      context.report && { ...context.report, detail: event.output },
                  }),
                },
                onError: {
                  target: 'open',
                  actions: assign({
                    report: ({ context, event }) =>
                      context.report && { ...context.report, error: pageMessageOf(event.error) },
                  }),
                },
              },
            },
            open: {},
          },
          on: {
            'report.toggle': [
              { guard: 'reportIsOpenFor', target: '.closed', actions: assign({ report: null }) },
              {
                guard: 'mayReadReports',
                target: '.loading',
                reenter: true,
                actions: assign({
                  report: ({ event }) => ({ versionId: event.versionId, detail: null, error: null }),
                }),
              },
            ],
          },
        },
      },
    },
  },
});

export interface ModelPageDependencies {
  http: HttpClient;
  /** The live socket's events; none when omitted. */
  realtime?: RealtimeFeed;
}

/** Newest first, whatever order the server used. */
function newestFirst(versions: readonly Version[]): Version[] {
  return [...versions].sort((a, b) => b.number - a.number);
}

/** Binds the model page's actors to the HTTP calls; the page's hook and the tests call this. */
export function createModelPageImplementations(deps: ModelPageDependencies) {
  return {
    actors: {
      loadModel: fromPromise<LoadedModel, { modelId: string }>(async ({ input }) => {
        const model = unwrap(await getModel(deps.http, input.modelId));
        if (!abilitiesOf(model.currentUserRole).canViewVersions) return { model, versions: [] };
        if (model.versions) return { model, versions: newestFirst(model.versions) };
        const found = unwrap(await getImagesAndVersionsByModelIds(deps.http, [input.modelId]));
        const versions = found.data.find((entry) => entry._id === input.modelId)?.versions ?? [];
        return { model, versions: newestFirst(versions) };
      }),
      restoreVersion: fromPromise<Version, { modelId: string; versionId: string }>(async ({ input }) =>
        unwrap(await restoreVersion(deps.http, input.modelId, input.versionId)),
      ),
      fetchVersionReport: fromPromise<VersionDetail, { modelId: string; versionId: string }>(
        async ({ input }) => unwrap(await getVersion(deps.http, input.modelId, input.versionId)),
      ),
      realtime: listenToFeed(deps.realtime ?? silentFeed),
    },
  };
}
