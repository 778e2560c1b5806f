import { and, assign, fromPromise, not, setup } from 'xstate';
import { getBatchImageUrls } from '../../api/images';
import { listModels } from '../../api/models';
import { getOrganization } from '../../api/organizations';
import type { ApiResult, HttpClient } from '../../api/types';
import type { BatchImageUrls } from '../../contract/http/images';
import type { Model } from '../../contract/http/models';
import type { Organization } from '../../contract/http/organizations';
import { eventDataSchemas } from '../../contract/realtime';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder } from '../auth/placeholders';
import {
  addedVersionIdOf,
  isNewVersionFor,
  isRemoteChangeFor,
  REMOTE_RELOAD_DELAY_MS,
  withClonedModelFirst,
  withoutRemovedModel,
  type RealtimeSubject,
} from '../socket/eventRules';
import { listenToFeed, silentFeed, type FeedEvent, type RealtimeFeed } from '../socket/realtimeFeed';
import type { RealtimeEvent } from '../socket/types';

export type ModelSort = 'updated' | 'name';

export interface ModelListInput {
  /** One organization's models (/organizations/{id}/models), or all of mine (/models) when null. */
  organizationId: string | null;
}

export interface LoadedModels {
  /** The organization whose models these are; null for /models. */
  organization: Organization | null;
  models: Model[];
}

export type ModelListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'sort.change'; sort: ModelSort }
  | { type: 'models.reload' }
  /** A model made on this screen joins the list at once. */
  | { type: 'model.added'; model: Model }
  /** From the live socket: an event, or the resync after a reconnect. */
  | FeedEvent;

export interface ModelListContext {
  organizationId: string | null;
  organization: Organization | null;
  models: Model[];
  search: string;
  sort: ModelSort;
  /** Why the list could not be loaded (null when the client has already said it globally). */
  error: string | null;
  /** The live event that asked for the reload under way (rule (c)), until the list is fetched again. */
  remoteChange: RealtimeEvent | null;
  /** Models whose thumbnail changed since the images were last fetched (ModelUpdated with `thumbnail`). */
  changedThumbnails: string[];
}

/**
 * `loading`, `loaded` or `failed`; while loaded, a live change goes through `reloadRequested` (the reload flag,
 * held briefly so a burst of events makes one fetch) and `refreshing` (the re-fetch, the list still shown); a
 * changed thumbnail through `imagesRequested` and `refreshingImages` (only the images are fetched again).
 */
export type ModelListTag =
  'loading' | 'loaded' | 'failed' | 'reloadRequested' | 'refreshing' | 'imagesRequested' | 'refreshingImages';

function subjectOf(context: ModelListContext): RealtimeSubject {
  return {
    kind: 'list',
    organizationId: context.organizationId,
    modelIds: context.models.map((model) => model._id),
  };
}

const realtimeEventOf = (event: ModelListEvent): RealtimeEvent | null =>
  event.type === 'realtime.event' ? event.event : null;

/**
 * The listed model whose thumbnail an event says changed (a screenshot from the viewer: ModelUpdated with
 * `thumbnail`), whoever took it; null for any other event.
 */
export function changedThumbnailOf(event: RealtimeEvent, models: readonly Model[]): string | null {
  if (event.payload.eventName !== 'ModelUpdated') return null;
  const data = eventDataSchemas.ModelUpdated.safeParse(event.payload.data);
  if (!data.success || data.data.thumbnail !== true) return null;
  const { modelId } = data.data;
  return models.some((model) => model._id === modelId) ? modelId : null;
}

/** The list with the thumbnails fetched again; models the answer leaves out keep theirs. */
export function withImages(models: readonly Model[], images: BatchImageUrls['data']): Model[] {
  const byId = new Map(images.map((image) => [image.modelId, image.imageUrl]));
  return models.map((model) => {
    const image = byId.get(model._id);
    return image === undefined || image === model.image ? model : { ...model, image };
  });
}

/**
 * A list of models with thumbnails, versions and reports counts: /models (mine, across organizations) and
 * /organizations/{id}/models. Search and sort live here; selectors.ts derives what the list shows.
 */
export const modelListMachine = setup({
  types: {
    context: {} as ModelListContext,
    events: {} as ModelListEvent,
    input: {} as ModelListInput,
    tags: {} as ModelListTag,
  },
  actors: {
    loadModels: promisePlaceholder<ApiResult<LoadedModels>, ModelListInput>('loadModels'),
    /** The thumbnails of the given models, in one call (PUT /api/images/getBatchImageUrls). */
    loadImages: promisePlaceholder<ApiResult<BatchImageUrls>, { modelIds: string[] }>('loadImages'),
    /** The live socket's events (the app's realtime feed); none unless bound. */
    realtime: listenToFeed(silentFeed),
  },
  actions: {
    rememberLoaded: assign((_, params: ApiResult<LoadedModels>) =>
      params.ok ? { ...params.data, error: null, remoteChange: null } : { remoteChange: null },
    ),
    /** Rule (b). */
    putClonedModelFirst: assign(({ context, event }) => {
      const change = realtimeEventOf(event);
      return {
        models:
          (change && withClonedModelFirst(context.models, change, context.organizationId)) ?? context.models,
      };
    }),
    noteChangedThumbnail: assign(({ context, event }) => {
      const change = realtimeEventOf(event);
      const modelId = change && changedThumbnailOf(change, context.models);
      return modelId === null || context.changedThumbnails.includes(modelId)
        ? {}
        : { changedThumbnails: [...context.changedThumbnails, modelId] };
    }),
    rememberImages: assign(({ context }, params: ApiResult<BatchImageUrls>) => ({
      changedThumbnails: [],
      ...(params.ok ? { models: withImages(context.models, params.data.data) } : {}),
    })),
    /** Rule (c), step 1: what the event itself says is shown at once (a removed model leaves the list). */
    refreshFromEvent: assign(({ context, event }) => {
      const change = realtimeEventOf(event);
      return {
        remoteChange: change,
        models: (change && withoutRemovedModel(context.models, change)) ?? context.models,
      };
    }),
  },
  guards: {
    /** A listed model's thumbnail changed: only the images are fetched again, whoever changed it. */
    isThumbnailChange: ({ context, event }) => {
      const change = realtimeEventOf(event);
      return change !== null && changedThumbnailOf(change, context.models) !== null;
    },
    /** Rule (b). */
    isClonedBySameUser: ({ context, event }) => {
      const change = realtimeEventOf(event);
      return change !== null && withClonedModelFirst(context.models, change, context.organizationId) !== null;
    },
    /** Rule (c). */
    isRemoteChange: ({ context, event }) => {
      const change = realtimeEventOf(event);
      return change !== null && isRemoteChangeFor(change, subjectOf(context));
    },
    /** A new version or model for this list, whoever made it. */
    isNewVersion: ({ context, event }) => {
      const change = realtimeEventOf(event);
      return change !== null && isNewVersionFor(change, subjectOf(context));
    },
    /** The list already shows that version (this tab's own upload reloaded it). */
    showsAddedVersion: ({ context, event }) => {
      const change = realtimeEventOf(event);
      const versionId = change && addedVersionIdOf(change);
      return (
        versionId !== null &&
        context.models.some((model) => model.versions?.some((version) => version.ID === versionId))
      );
    },
  },
  delays: {
    remoteReloadDelay: REMOTE_RELOAD_DELAY_MS,
  },
}).createMachine({
  id: 'modelList',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    organization: null,
    models: [],
    search: '',
    sort: 'updated',
    error: null,
    remoteChange: null,
    changedThumbnails: [],
  }),
  invoke: { id: 'realtime', src: 'realtime' },
  initial: 'loading',
  on: {
    'search.change': { actions: assign(({ event }) => ({ search: event.value })) },
    'sort.change': { actions: assign(({ event }) => ({ sort: event.sort })) },
    'model.added': {
      actions: assign(({ context, event }) => ({
        models: [event.model, ...context.models.filter((model) => model._id !== event.model._id)],
      })),
    },
    'models.reload': { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadModels',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'loaded',
            actions: assign(({ event }) =>
              event.output.ok ? { ...event.output.data, error: null } : { error: null },
            ),
          },
          {
            target: 'failed',
            actions: assign(({ event }) => ({
              error: event.output.ok ? null : failureMessage(event.output),
            })),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: null }) },
      },
    },
    /**
     * Two regions: the list itself (rule (c)'s reload) and its thumbnails, refreshed on their own when a
     * screenshot changes one, so a new picture does not cost a reload of every model.
     */
    loaded: {
      tags: ['loaded'],
      type: 'parallel',
      states: {
        list: {
          on: {
            'realtime.event': [
              { guard: 'isClonedBySameUser', actions: 'putClonedModelFirst' },
              {
                guard: and(['isRemoteChange', not('isThumbnailChange')]),
                target: '.reloadRequested',
                actions: 'refreshFromEvent',
              },
              { guard: and(['isNewVersion', not('showsAddedVersion')]), target: '.reloadRequested' },
            ],
            // Back online after a reconnect: events may have been missed.
            'socket.resynced': '.reloadRequested',
          },
          initial: 'shown',
          states: {
            shown: {},
            /** Rule (c), step 2: the reload flag. Later events join it rather than fetch again each. */
            reloadRequested: {
              tags: ['reloadRequested'],
              after: { remoteReloadDelay: 'refreshing' },
            },
            /** Rule (c), step 3: the re-fetch, in the background. */
            refreshing: {
              tags: ['refreshing'],
              invoke: {
                src: 'loadModels',
                input: ({ context }) => ({ organizationId: context.organizationId }),
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
        images: {
          on: {
            // Each change starts the wait again (and drops a fetch under way, which would miss it), so a
            // burst of screenshots makes one call for all of them.
            'realtime.event': {
              guard: 'isThumbnailChange',
              target: '.imagesRequested',
              actions: 'noteChangedThumbnail',
            },
          },
          initial: 'current',
          states: {
            current: {},
            imagesRequested: {
              tags: ['imagesRequested'],
              after: { remoteReloadDelay: 'refreshingImages' },
            },
            refreshingImages: {
              tags: ['refreshingImages'],
              invoke: {
                src: 'loadImages',
                input: ({ context }) => ({ modelIds: context.changedThumbnails }),
                onDone: {
                  target: 'current',
                  actions: { type: 'rememberImages', params: ({ event }) => event.output },
                },
                onError: 'current',
              },
            },
          },
        },
      },
    },
    failed: { tags: ['failed'] },
  },
});

/**
 * GET /api/models with images, versions and reports (and, for one organization, GET /api/organizations/{id}
 * for its name and the user's place in it). Either failing fails the whole load.
 */
export async function loadModelList(
  http: HttpClient,
  input: ModelListInput,
): Promise<ApiResult<LoadedModels>> {
  const modelsCall = listModels(http, {
    getImages: true,
    getVersions: true,
    getReports: true,
    ...(input.organizationId === null ? {} : { organizationId: input.organizationId }),
  });
  if (input.organizationId === null) {
    const models = await modelsCall;
    return models.ok ? { ...models, data: { organization: null, models: models.data.data } } : models;
  }
  const [organization, models] = await Promise.all([getOrganization(http, input.organizationId), modelsCall]);
  if (!organization.ok) return organization;
  if (!models.ok) return models;
  return { ok: true, status: 200, data: { organization: organization.data, models: models.data.data } };
}

export function createModelListImplementations(http: HttpClient, realtime: RealtimeFeed = silentFeed) {
  return {
    actors: {
      loadModels: fromPromise<ApiResult<LoadedModels>, ModelListInput>(({ input }) =>
        loadModelList(http, input),
      ),
      loadImages: fromPromise<ApiResult<BatchImageUrls>, { modelIds: string[] }>(({ input }) =>
        getBatchImageUrls(http, input.modelIds),
      ),
      realtime: listenToFeed(realtime),
    },
  };
}
