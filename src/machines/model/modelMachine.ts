import { assign, fromPromise, raise, setup } from 'xstate';
import { getImagesAndVersionsByModelIds, getModel } from '../../api/models';
import type { HttpClient } from '../../api/types';
import { getVersion, restoreVersion } from '../../api/versions';
import type { Model } from '../../contract/http/models';
import type { Version, VersionDetail } from '../../contract/http/versions';
import { promisePlaceholder } from '../auth/placeholders';
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
}

export type ModelPageEvent =
  | { type: 'model.reload' }
  /** A screen saved the model (settings, people): show what the server answered. */
  | { type: 'model.replace'; model: Model }
  | { type: 'version.restore'; versionId: string }
  | { type: 'restore.confirm' }
  | { type: 'restore.cancel' }
  | { type: 'report.toggle'; versionId: string };

/**
 * `loading` and `unavailable` before the model is known; then `ready` with `refreshing` while it reloads in
 * the background, `confirmingRestore` / `restoring`, and `reportLoading` while a version's report is fetched.
 */
export type ModelPageTag =
  'loading' | 'unavailable' | 'ready' | 'refreshing' | 'confirmingRestore' | 'restoring' | 'reportLoading';

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
  },
  actions: {
    rememberLoaded: assign((_, params: LoadedModel) => ({
      model: params.model,
      versions: params.versions,
      loadError: null,
    })),
  },
  guards: {
    mayRestore: ({ context, event }) =>
      event.type === 'version.restore' && isRestorable(context, event.versionId),
    mayReadReports: ({ context }) => canViewVersions(context),
    reportIsOpenFor: ({ context, event }) =>
      event.type === 'report.toggle' && context.report?.versionId === event.versionId,
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
  }),
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
          states: {
            shown: { on: { 'model.reload': 'refreshing' } },
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
    },
  };
}
