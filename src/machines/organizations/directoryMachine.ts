import { assign, fromPromise, setup } from 'xstate';
import { listOrganizations } from '../../api/organizations';
import type { ApiResult, HttpClient } from '../../api/types';
import type { Organization, OrganizationListResponse } from '../../contract/http/organizations';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder } from '../auth/placeholders';
import { orderOrganizationsForUserMenu } from '../session/selectors';

export type DirectoryEvent =
  /** A view that shows the user's organizations is on screen; loads them once per signed-in user. */
  | { type: 'organizations.needed'; userId: string }
  /** Load again (after a change made elsewhere, or after a failure). */
  | { type: 'organizations.refresh' }
  /** An organization was created or changed on this screen: the list follows without a round trip. */
  | { type: 'organization.saved'; organization: Organization };

export interface DirectoryContext {
  /** Whose organizations these are: another user signing in on the same tab gets a fresh list. */
  userId: string | null;
  /** Owned first, then the others by name (spec section 2). */
  organizations: Organization[];
  error: string | null;
}

export type DirectoryTag = 'loading' | 'loaded' | 'failed';

function ordered(organizations: readonly Organization[], userId: string | null): Organization[] {
  return orderOrganizationsForUserMenu(organizations, userId);
}

/**
 * The signed-in user's organizations, shared by every view that lists them (user menu, dashboard, the models
 * screens, the profile's organizations page). Long-lived: the composition root starts one.
 */
export const organizationDirectoryMachine = setup({
  types: {
    context: {} as DirectoryContext,
    events: {} as DirectoryEvent,
    tags: {} as DirectoryTag,
  },
  actors: {
    loadOrganizations: promisePlaceholder<ApiResult<OrganizationListResponse>, void>('loadOrganizations'),
  },
  actions: {
    forgetPreviousUser: assign((_, params: { userId: string }) => ({
      userId: params.userId,
      organizations: [],
      error: null,
    })),
    upsert: assign(({ context }, params: { organization: Organization }) => {
      const others = context.organizations.filter((known) => known._id !== params.organization._id);
      return { organizations: ordered([...others, params.organization], context.userId) };
    }),
  },
  guards: {
    isAnotherUser: ({ context }, params: { userId: string }) => context.userId !== params.userId,
    hasUser: ({ context }) => context.userId !== null,
  },
}).createMachine({
  id: 'organizationDirectory',
  context: { userId: null, organizations: [], error: null },
  initial: 'idle',
  on: {
    'organizations.needed': {
      guard: { type: 'isAnotherUser', params: ({ event }) => ({ userId: event.userId }) },
      target: '.loading',
      reenter: true,
      actions: { type: 'forgetPreviousUser', params: ({ event }) => ({ userId: event.userId }) },
    },
    'organizations.refresh': { guard: 'hasUser', target: '.loading', reenter: true },
    'organization.saved': {
      actions: { type: 'upsert', params: ({ event }) => ({ organization: event.organization }) },
    },
  },
  states: {
    idle: {},
    loading: {
      tags: ['loading'],
      // Already on its way: a second request would answer the same.
      on: { 'organizations.refresh': {} },
      invoke: {
        src: 'loadOrganizations',
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'loaded',
            actions: assign(({ context, event }) => ({
              organizations: event.output.ok ? ordered(event.output.data.data, context.userId) : [],
              error: null,
            })),
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
    failed: {
      tags: ['failed'],
      // The same user coming back to a screen tries again.
      on: { 'organizations.needed': { target: 'loading' } },
    },
  },
});

/** The real actor: GET /api/organizations in the background (the screens show their own loading state). */
export function createDirectoryImplementations(http: HttpClient) {
  return {
    actors: {
      loadOrganizations: fromPromise<ApiResult<OrganizationListResponse>, void>(() =>
        listOrganizations(http, { showLoader: false }),
      ),
    },
  };
}
