import { assign, fromPromise, setup } from 'xstate';
import { createFilter, deleteFilter, listFilters, updateFilter, type FilterScope } from '../../api/filters';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import {
  FILTER_ELEMENT_TYPES,
  FILTER_PROPERTIES,
  type Filter,
  type FilterBody,
  type FilterListResponse,
  type FilterPlatform,
  type FilterProperty,
  type NameMapping,
} from '../../contract/http/filters';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';

export type FilterElementType = (typeof FILTER_ELEMENT_TYPES)[number];
export type RecommendedFilter = NonNullable<FilterListResponse['recommended']>[number];
export type MappingField = 'from' | 'to';

export interface MappingDraft {
  kind: NameMapping['kind'];
  from: string;
  to: string;
}

/** The filter being edited; '' is a platform not chosen yet. */
export interface FilterDraft {
  filterId: string | null;
  from: FilterPlatform | '';
  to: FilterPlatform | '';
  elementTypes: FilterElementType[];
  properties: FilterProperty[];
  nameMappings: MappingDraft[];
}

export interface DraftProblems {
  from: string | null;
  to: string | null;
  nameMappings: string | null;
}

export type FiltersEvent =
  | { type: 'filter.new' }
  | { type: 'filter.edit'; filterId: string }
  | { type: 'filter.fromRecommended'; index: number }
  | { type: 'filter.delete'; filterId: string }
  | { type: 'deletion.confirm' }
  | { type: 'deletion.cancel' }
  | { type: 'draft.platform'; side: 'from' | 'to'; value: FilterPlatform | '' }
  | { type: 'draft.toggleElementType'; elementType: FilterElementType }
  | { type: 'draft.toggleProperty'; property: FilterProperty }
  | { type: 'mapping.add' }
  | { type: 'mapping.change'; index: number; field: MappingField; value: string }
  | { type: 'mapping.kind'; index: number; kind: NameMapping['kind'] }
  | { type: 'mapping.remove'; index: number }
  | { type: 'draft.save' }
  | { type: 'draft.cancel' }
  | { type: 'filters.retry' };

export interface FiltersContext {
  scope: FilterScope;
  filters: Filter[];
  recommended: RecommendedFilter[];
  draft: FilterDraft | null;
  problems: DraftProblems;
  /** The load's, save's or deletion's failure. */
  error: string | null;
  pendingDeletion: string | null;
}

export type FiltersTag = 'loading' | 'failed' | 'browsing' | 'editing' | 'busy' | 'confirmingDeletion';

const noProblems: DraftProblems = { from: null, to: null, nameMappings: null };

const blankDraft = (): FilterDraft => ({
  filterId: null,
  from: '',
  to: '',
  elementTypes: [...FILTER_ELEMENT_TYPES],
  properties: [...FILTER_PROPERTIES],
  nameMappings: [],
});

function draftOf(
  filter: Pick<Filter, 'from' | 'to' | 'elementTypes' | 'properties' | 'nameMappings'>,
  filterId: string | null,
): FilterDraft {
  return {
    filterId,
    from: filter.from,
    to: filter.to,
    elementTypes: [...filter.elementTypes],
    properties: [...filter.properties],
    nameMappings: filter.nameMappings.map((mapping) => ({ ...mapping })),
  };
}

const isBlankMapping = (mapping: MappingDraft) => mapping.from.trim() === '' && mapping.to.trim() === '';

/** The rules of spec section 5, checked before anything is sent: From and To are required (spelling as shown). */
export function draftProblems(draft: FilterDraft): DraftProblems {
  return {
    from: draft.from === '' ? messages.filterFromRequired : null,
    to: draft.to === '' ? messages.filterToRequired : null,
    nameMappings: draft.nameMappings.some(
      (mapping) => !isBlankMapping(mapping) && (mapping.from.trim() === '' || mapping.to.trim() === ''),
    )
      ? ownMessages.filterNameMappingIncomplete
      : null,
  };
}

const hasProblems = (problems: DraftProblems) =>
  problems.from !== null || problems.to !== null || problems.nameMappings !== null;

/** The wire body of a valid draft; rows left entirely blank are not mappings. */
export function draftBody(draft: FilterDraft): FilterBody {
  return {
    from: draft.from,
    to: draft.to,
    elementTypes: FILTER_ELEMENT_TYPES.filter((type) => draft.elementTypes.includes(type)),
    properties: FILTER_PROPERTIES.filter((property) => draft.properties.includes(property)),
    nameMappings: draft.nameMappings
      .filter((mapping) => !isBlankMapping(mapping))
      .map((mapping) => ({ kind: mapping.kind, from: mapping.from.trim(), to: mapping.to.trim() })),
  };
}

function toggled<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];
}

function editDraft(
  context: FiltersContext,
  change: (draft: FilterDraft) => FilterDraft,
): Partial<FiltersContext> {
  return context.draft ? { draft: change(context.draft), error: null } : {};
}

type SaveInput = { scope: FilterScope; filterId: string | null; body: FilterBody };

/**
 * The filters of an organization (/organizations/{id}/settings/filters) or of a model (its
 * /settings/filters): list, start from a recommendation, create, edit and delete.
 */
export const filtersMachine = setup({
  types: {
    context: {} as FiltersContext,
    events: {} as FiltersEvent,
    input: {} as { scope: FilterScope },
    tags: {} as FiltersTag,
  },
  actors: {
    loadFilters: promisePlaceholder<ApiResult<FilterListResponse>, { scope: FilterScope }>('loadFilters'),
    saveFilter: promisePlaceholder<ApiResult<Filter>, SaveInput>('saveFilter'),
    deleteFilter: promisePlaceholder<ApiResult<unknown>, { scope: FilterScope; filterId: string }>(
      'deleteFilter',
    ),
  },
  actions: {
    announceSuccess: (_, _params: { message: string }) => {
      throw unboundImplementation('announceSuccess');
    },
  },
  guards: {
    draftHasProblems: ({ context }) => context.draft === null || hasProblems(draftProblems(context.draft)),
  },
}).createMachine({
  id: 'filters',
  context: ({ input }) => ({
    scope: input.scope,
    filters: [],
    recommended: [],
    draft: null,
    problems: noProblems,
    error: null,
    pendingDeletion: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadFilters',
        input: ({ context }) => ({ scope: context.scope }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'browsing',
            actions: assign(({ event }) =>
              event.output.ok
                ? {
                    filters: event.output.data.data,
                    recommended: event.output.data.recommended ?? [],
                    error: null,
                  }
                : {},
            ),
          },
          {
            target: 'failed',
            actions: assign(({ event }) => ({
              error: event.output.ok ? null : failureMessage(event.output),
            })),
          },
        ],
        onError: { target: 'failed' },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'filters.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    browsing: {
      tags: ['browsing'],
      on: {
        'filter.new': {
          target: 'editing',
          actions: assign({ draft: blankDraft(), problems: noProblems, error: null }),
        },
        'filter.edit': {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const filter = context.filters.find((known) => known._id === event.filterId);
            return filter ? { draft: draftOf(filter, filter._id), problems: noProblems, error: null } : {};
          }),
        },
        'filter.fromRecommended': {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const recommended = context.recommended[event.index];
            return recommended
              ? { draft: draftOf(recommended, null), problems: noProblems, error: null }
              : {};
          }),
        },
        'filter.delete': {
          target: 'confirmingDeletion',
          actions: assign(({ event }) => ({ pendingDeletion: event.filterId, error: null })),
        },
      },
    },
    confirmingDeletion: {
      tags: ['browsing', 'confirmingDeletion'],
      on: {
        'deletion.confirm': 'deleting',
        'deletion.cancel': { target: 'browsing', actions: assign({ pendingDeletion: null }) },
      },
    },
    deleting: {
      tags: ['browsing', 'busy'],
      invoke: {
        src: 'deleteFilter',
        input: ({ context }) => ({ scope: context.scope, filterId: context.pendingDeletion ?? '' }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'browsing',
            actions: assign(({ context }) => ({
              filters: context.filters.filter((filter) => filter._id !== context.pendingDeletion),
              pendingDeletion: null,
            })),
          },
          {
            target: 'browsing',
            actions: assign(({ event }) => ({
              error: event.output.ok ? null : failureMessage(event.output),
              pendingDeletion: null,
            })),
          },
        ],
        onError: {
          target: 'browsing',
          actions: assign({ error: messages.serverNotResponding, pendingDeletion: null }),
        },
      },
    },
    editing: {
      tags: ['editing'],
      on: {
        'draft.platform': {
          actions: assign(({ context, event }) => ({
            ...editDraft(context, (draft) => ({ ...draft, [event.side]: event.value })),
            problems: { ...context.problems, [event.side]: null },
          })),
        },
        'draft.toggleElementType': {
          actions: assign(({ context, event }) =>
            editDraft(context, (draft) => ({
              ...draft,
              elementTypes: toggled(draft.elementTypes, event.elementType),
            })),
          ),
        },
        'draft.toggleProperty': {
          actions: assign(({ context, event }) =>
            editDraft(context, (draft) => ({
              ...draft,
              properties: toggled(draft.properties, event.property),
            })),
          ),
        },
        'mapping.add': {
          actions: assign(({ context }) =>
            editDraft(context, (draft) => ({
              ...draft,
              nameMappings: [...draft.nameMappings, { kind: 'Profile', from: '', to: '' }],
            })),
          ),
        },
        'mapping.change': {
          actions: assign(({ context, event }) => ({
            ...editDraft(context, (draft) => ({
              ...draft,
              nameMappings: draft.nameMappings.map((mapping, index) =>
                index === event.index ? { ...mapping, [event.field]: event.value } : mapping,
              ),
            })),
            problems: { ...context.problems, nameMappings: null },
          })),
        },
        'mapping.kind': {
          actions: assign(({ context, event }) =>
            editDraft(context, (draft) => ({
              ...draft,
              nameMappings: draft.nameMappings.map((mapping, index) =>
                index === event.index ? { ...mapping, kind: event.kind } : mapping,
              ),
            })),
          ),
        },
        'mapping.remove': {
          actions: assign(({ context, event }) => ({
            ...editDraft(context, (draft) => ({
              ...draft,
              nameMappings: draft.nameMappings.filter((_, index) => index !== event.index),
            })),
            problems: { ...context.problems, nameMappings: null },
          })),
        },
        'draft.save': [
          {
            guard: 'draftHasProblems',
            actions: assign(({ context }) => ({
              problems: context.draft ? draftProblems(context.draft) : noProblems,
            })),
          },
          { target: 'saving', actions: assign({ problems: noProblems, error: null }) },
        ],
        'draft.cancel': {
          target: 'browsing',
          actions: assign({ draft: null, problems: noProblems, error: null }),
        },
      },
    },
    saving: {
      tags: ['editing', 'busy'],
      invoke: {
        src: 'saveFilter',
        input: ({ context }) => {
          if (!context.draft) throw new Error('unreachable: saving needs a draft');
          return { scope: context.scope, filterId: context.draft.filterId, body: draftBody(context.draft) };
        },
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'browsing',
            actions: [
              assign(({ context, event }) => {
                if (!event.output.ok) return {};
                const saved = event.output.data;
                const others = context.filters.filter((filter) => filter._id !== saved._id);
                const existed = others.length !== context.filters.length;
                return {
                  filters: existed
                    ? context.filters.map((filter) => (filter._id === saved._id ? saved : filter))
                    : [...others, saved],
                  // A recommendation that is now saved is no longer a suggestion.
                  recommended: context.recommended.filter(
                    (recommended) => recommended.from !== saved.from || recommended.to !== saved.to,
                  ),
                  draft: null,
                };
              }),
              { type: 'announceSuccess', params: { message: ownMessages.filterSaved } },
            ],
          },
          {
            // The server applies the same rules; its From/To messages go under their fields.
            target: 'editing',
            actions: assign(({ event }) => {
              const message = event.output.ok ? null : failureMessage(event.output);
              if (message === messages.filterFromRequired)
                return { problems: { ...noProblems, from: message } };
              if (message === messages.filterToRequired) return { problems: { ...noProblems, to: message } };
              return { error: message };
            }),
          },
        ],
        onError: { target: 'editing', actions: assign({ error: messages.serverNotResponding }) },
      },
    },
  },
});

export interface FiltersDependencies {
  http: HttpClient;
  announceSuccess: (message: string) => void;
}

export function createFiltersImplementations(deps: FiltersDependencies) {
  const { http } = deps;
  return {
    actors: {
      loadFilters: fromPromise<ApiResult<FilterListResponse>, { scope: FilterScope }>(({ input }) =>
        listFilters(http, input.scope),
      ),
      saveFilter: fromPromise<ApiResult<Filter>, SaveInput>(({ input }) =>
        input.filterId === null
          ? createFilter(http, input.scope, input.body)
          : updateFilter(http, input.scope, input.filterId, input.body),
      ),
      deleteFilter: fromPromise<ApiResult<unknown>, { scope: FilterScope; filterId: string }>(({ input }) =>
        deleteFilter(http, input.scope, input.filterId),
      ),
    },
    actions: {
      announceSuccess: (_: unknown, params: { message: string }) => deps.announceSuccess(params.message),
    },
  };
}
