import { assign, fromPromise, setup } from 'xstate';
import { fuzzySearchUsers, listAllUsers, updateTestingGroup, type PageQuery } from '../../api/admin';
import type { ApiResult, HttpClient } from '../../api/types';
import { ownMessages } from '../../contract/errors';
import type { AdminUserRow, AdminUsersPage, FuzzySearchResponse } from '../../contract/http/admin';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { ADMIN_PAGE_SIZE } from './paging';

export interface AdminUsersInput {
  pageSize?: number;
}

export type PageRequest = PageQuery;

export interface TestingGroupChange {
  userId: string;
  testingGroup: string | null;
}

export type AdminUsersEvent =
  | { type: 'search.change'; value: string }
  /** A blank search lists everyone again; anything else is a typo-tolerant search. */
  | { type: 'search.submit' }
  | { type: 'search.clear' }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'list.retry' }
  | { type: 'testingGroup.change'; userId: string; value: string }
  | { type: 'testingGroup.save'; userId: string };

export interface AdminUsersContext {
  page: number;
  pageSize: number;
  total: number;
  rows: AdminUserRow[];
  /** What the search box holds. */
  searchInput: string;
  /** The search whose results are shown; null while paging through every user. */
  searchTerm: string | null;
  /** Testing groups typed but not saved yet, by user id. */
  drafts: Record<string, string>;
  /** The row whose testing group is being saved. */
  savingUserId: string | null;
  /** Why the list could not be loaded (null when the client already said so globally). */
  error: string | null;
  /** Why a testing group was not saved, beside its row. */
  rowError: { userId: string; message: string } | null;
}

/** `loading` while a page or a search is fetched (the rows shown stay), `saving` while a testing group is sent. */
export type AdminUsersTag = 'loading' | 'shown' | 'failed' | 'saving';

/** A blank testing group takes the user out of every group. */
export function testingGroupOf(draft: string): string | null {
  const trimmed = draft.trim();
  return trimmed === '' ? null : trimmed;
}

const loaded = (output: ApiResult<unknown>) => output.ok;

/**
 * /admin/profile (every user) and /admin/testingGroups (the same list with each user's testing group editable):
 * GET /api/users/all a page at a time, GET /api/users/fuzzySearch/ for a typo-tolerant search, and
 * POST /api/users/updateTestingGroup/ per row.
 */
export const adminUsersMachine = setup({
  types: {
    context: {} as AdminUsersContext,
    events: {} as AdminUsersEvent,
    input: {} as AdminUsersInput,
    tags: {} as AdminUsersTag,
  },
  actors: {
    loadPage: promisePlaceholder<ApiResult<AdminUsersPage>, PageRequest>('loadPage'),
    searchUsers: promisePlaceholder<ApiResult<FuzzySearchResponse>, { searchTerm: string }>('searchUsers'),
    saveTestingGroup: promisePlaceholder<ApiResult<AdminUserRow>, TestingGroupChange>('saveTestingGroup'),
  },
  actions: {
    /** A success toast. */
    announceSuccess: (_, _params: { message: string }) => {
      throw unboundImplementation('announceSuccess');
    },
    /** Back to every user, from the first page. */
    listEveryone: assign({ searchInput: '', page: 1, searchTerm: null, drafts: {}, rowError: null }),
    startSearch: assign(({ context }) => ({
      searchTerm: context.searchInput.trim(),
      drafts: {},
      rowError: null,
    })),
    changeDraft: assign(({ context }, params: { userId: string; value: string }) => ({
      drafts: { ...context.drafts, [params.userId]: params.value },
      rowError: context.rowError?.userId === params.userId ? null : context.rowError,
    })),
  },
  guards: {
    searchIsBlank: ({ context }) => context.searchInput.trim() === '',
    isSearching: ({ context }) => context.searchTerm !== null,
    hasNextPage: ({ context }) =>
      context.searchTerm === null && context.page * context.pageSize < context.total,
    hasPreviousPage: ({ context }) => context.searchTerm === null && context.page > 1,
    /** Saving is offered only for a row whose typed group differs from its saved one. */
    draftDiffers: ({ context }, params: { userId: string }) => {
      const draft = context.drafts[params.userId];
      const row = context.rows.find((candidate) => candidate._id === params.userId);
      return draft !== undefined && row !== undefined && testingGroupOf(draft) !== row.testingGroup;
    },
  },
}).createMachine({
  id: 'adminUsers',
  context: ({ input }) => ({
    page: 1,
    pageSize: input.pageSize ?? ADMIN_PAGE_SIZE,
    total: 0,
    rows: [],
    searchInput: '',
    searchTerm: null,
    drafts: {},
    savingUserId: null,
    error: null,
    rowError: null,
  }),
  initial: 'loadingPage',
  on: {
    'search.change': { actions: assign(({ event }) => ({ searchInput: event.value })) },
  },
  states: {
    loadingPage: {
      tags: ['loading'],
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ page: context.page, pageSize: context.pageSize }),
        onDone: [
          {
            guard: ({ event }) => loaded(event.output),
            target: 'shown',
            actions: assign(({ event }) =>
              event.output.ok
                ? {
                    rows: event.output.data.data,
                    total: event.output.data.total,
                    page: event.output.data.page,
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
        onError: { target: 'failed', actions: assign({ error: null }) },
      },
    },
    searching: {
      tags: ['loading'],
      invoke: {
        src: 'searchUsers',
        input: ({ context }) => ({ searchTerm: context.searchTerm ?? '' }),
        onDone: [
          {
            guard: ({ event }) => loaded(event.output),
            target: 'shown',
            actions: assign(({ event }) =>
              event.output.ok ? { rows: event.output.data.data, total: event.output.data.data.length } : {},
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
    shown: {
      tags: ['shown'],
      entry: assign({ error: null }),
      initial: 'idle',
      states: {
        idle: {
          on: {
            'search.submit': [
              { guard: 'searchIsBlank', target: '#adminUsers.loadingPage', actions: 'listEveryone' },
              { target: '#adminUsers.searching', actions: 'startSearch' },
            ],
            'search.clear': { target: '#adminUsers.loadingPage', actions: 'listEveryone' },
            'page.next': {
              guard: 'hasNextPage',
              target: '#adminUsers.loadingPage',
              actions: assign(({ context }) => ({ page: context.page + 1, drafts: {}, rowError: null })),
            },
            'page.previous': {
              guard: 'hasPreviousPage',
              target: '#adminUsers.loadingPage',
              actions: assign(({ context }) => ({ page: context.page - 1, drafts: {}, rowError: null })),
            },
            'testingGroup.change': {
              actions: {
                type: 'changeDraft',
                params: ({ event }) => ({ userId: event.userId, value: event.value }),
              },
            },
            'testingGroup.save': {
              guard: { type: 'draftDiffers', params: ({ event }) => ({ userId: event.userId }) },
              target: 'saving',
              actions: assign(({ event }) => ({ savingUserId: event.userId, rowError: null })),
            },
          },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            src: 'saveTestingGroup',
            input: ({ context }) => ({
              userId: context.savingUserId ?? '',
              testingGroup: testingGroupOf(context.drafts[context.savingUserId ?? ''] ?? ''),
            }),
            onDone: [
              {
                guard: ({ event }) => loaded(event.output),
                target: 'idle',
                actions: [
                  assign(({ context, event }) => {
                    if (!event.output.ok) return {};
                    const saved = event.output.data;
                    const { [saved._id]: _saved, ...drafts } = context.drafts;
                    return {
                      rows: context.rows.map((row) => (row._id === saved._id ? saved : row)),
                      drafts,
                      savingUserId: null,
                    };
                  }),
                  { type: 'announceSuccess', params: { message: ownMessages.testingGroupUpdated } },
                ],
              },
              {
                target: 'idle',
                actions: assign(({ context, event }) => {
                  const message = event.output.ok ? null : failureMessage(event.output);
                  return {
                    savingUserId: null,
                    rowError:
                      message === null || context.savingUserId === null
                        ? null
                        : { userId: context.savingUserId, message },
                  };
                }),
              },
            ],
            onError: { target: 'idle', actions: assign({ savingUserId: null }) },
          },
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'list.retry': [{ guard: 'isSearching', target: 'searching' }, { target: 'loadingPage' }],
        'search.submit': [
          { guard: 'searchIsBlank', target: 'loadingPage', actions: 'listEveryone' },
          { target: 'searching', actions: 'startSearch' },
        ],
        'search.clear': { target: 'loadingPage', actions: 'listEveryone' },
      },
    },
  },
});

export function createAdminUsersImplementations(http: HttpClient, announce: (message: string) => void) {
  return {
    actors: {
      loadPage: fromPromise<ApiResult<AdminUsersPage>, PageRequest>(({ input }) => listAllUsers(http, input)),
      searchUsers: fromPromise<ApiResult<FuzzySearchResponse>, { searchTerm: string }>(({ input }) =>
        fuzzySearchUsers(http, input.searchTerm),
      ),
      saveTestingGroup: fromPromise<ApiResult<AdminUserRow>, TestingGroupChange>(({ input }) =>
        updateTestingGroup(http, input.userId, input.testingGroup),
      ),
    },
    actions: {
      announceSuccess: (_: unknown, params: { message: string }) => announce(params.message),
    },
  };
}
