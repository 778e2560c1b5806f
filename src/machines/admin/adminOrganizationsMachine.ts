import { assign, fromPromise, setup } from 'xstate';
import { listAllOrganizations } from '../../api/admin';
import type { ApiResult, HttpClient } from '../../api/types';
import type { AdminOrganizationsPage } from '../../contract/http/admin';
import type { Organization } from '../../contract/http/organizations';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder } from '../auth/placeholders';
import type { PageRequest } from './adminUsersMachine';
import { ADMIN_PAGE_SIZE } from './paging';

export interface AdminOrganizationsInput {
  pageSize?: number;
}

export type AdminOrganizationsEvent =
  { type: 'page.next' } | { type: 'page.previous' } | { type: 'list.retry' };

export interface AdminOrganizationsContext {
  page: number;
  pageSize: number;
  total: number;
  organizations: Organization[];
  /** Why the list could not be loaded (null when the client already said so globally). */
  error: string | null;
}

export type AdminOrganizationsTag = 'loading' | 'shown' | 'failed';

/** /admin/organizations: every organization (GET /api/organizations/all), a page at a time, by name. */
export const adminOrganizationsMachine = setup({
  types: {
    context: {} as AdminOrganizationsContext,
    events: {} as AdminOrganizationsEvent,
    input: {} as AdminOrganizationsInput,
    tags: {} as AdminOrganizationsTag,
  },
  actors: {
    loadPage: promisePlaceholder<ApiResult<AdminOrganizationsPage>, PageRequest>('loadPage'),
  },
  guards: {
    hasNextPage: ({ context }) => context.page * context.pageSize < context.total,
    hasPreviousPage: ({ context }) => context.page > 1,
  },
}).createMachine({
  id: 'adminOrganizations',
  context: ({ input }) => ({
    page: 1,
    pageSize: input.pageSize ?? ADMIN_PAGE_SIZE,
    total: 0,
    organizations: [],
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ page: context.page, pageSize: context.pageSize }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'shown',
            actions: assign(({ event }) =>
              event.output.ok
                ? {
                    organizations: event.output.data.data,
                    total: event.output.data.total,
                    page: event.output.data.page,
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
        onError: { target: 'failed', actions: assign({ error: null }) },
      },
    },
    shown: {
      tags: ['shown'],
      on: {
        'page.next': {
          guard: 'hasNextPage',
          target: 'loading',
          actions: assign(({ context }) => ({ page: context.page + 1 })),
        },
        'page.previous': {
          guard: 'hasPreviousPage',
          target: 'loading',
          actions: assign(({ context }) => ({ page: context.page - 1 })),
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'list.retry': 'loading' },
    },
  },
});

export function createAdminOrganizationsImplementations(http: HttpClient) {
  return {
    actors: {
      loadPage: fromPromise<ApiResult<AdminOrganizationsPage>, PageRequest>(({ input }) =>
        listAllOrganizations(http, input),
      ),
    },
  };
}
