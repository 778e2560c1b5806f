import { assign, fromPromise, setup } from 'xstate';
import { listModels } from '../../api/models';
import { getOrganization } from '../../api/organizations';
import type { ApiResult, HttpClient } from '../../api/types';
import type { Model } from '../../contract/http/models';
import type { Organization } from '../../contract/http/organizations';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder } from '../auth/placeholders';

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
  | { type: 'model.added'; model: Model };

export interface ModelListContext {
  organizationId: string | null;
  organization: Organization | null;
  models: Model[];
  search: string;
  sort: ModelSort;
  /** Why the list could not be loaded (null when the client has already said it globally). */
  error: string | null;
}

export type ModelListTag = 'loading' | 'loaded' | 'failed';

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
  }),
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
    loaded: { tags: ['loaded'] },
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

export function createModelListImplementations(http: HttpClient) {
  return {
    actors: {
      loadModels: fromPromise<ApiResult<LoadedModels>, ModelListInput>(({ input }) =>
        loadModelList(http, input),
      ),
    },
  };
}
