import { and, assign, fromPromise, setup } from 'xstate';
import { listOrganizations } from '../../api/organizations';
import type { ApiResult, HttpClient } from '../../api/types';
import type { Organization, OrganizationListResponse } from '../../contract/http/organizations';
import { failureMessage } from '../auth/failureMessage';
import { ownMessages } from '../../contract/errors';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { orderOrganizationsForUserMenu } from '../session/selectors';
import { organizationUpdateOf, withCollaboratorsOf } from '../socket/eventRules';
import { listenToFeed, silentFeed, type FeedEvent, type RealtimeFeed } from '../socket/realtimeFeed';

export type DirectoryEvent =
  /** A view that shows the user's organizations is on screen; loads them once per signed-in user. */
  | { type: 'organizations.needed'; userId: string }
  /** Load again (after a change made elsewhere, or after a failure). */
  | { type: 'organizations.refresh' }
  /** An organization was created or changed on this screen: the list follows without a round trip. */
  | { type: 'organization.saved'; organization: Organization }
  /** From the live socket: an event, or the resync after a reconnect. */
  | FeedEvent;

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

const organizationUpdateIn = (event: DirectoryEvent) =>
  event.type === 'realtime.event' ? organizationUpdateOf(event.event) : null;

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
    /** The live socket's events (the app's realtime feed); none unless bound. */
    realtime: listenToFeed(silentFeed),
  },
  actions: {
    /** Rule (d): an info toast with the realtime defaults. */
    announce: (_, _params: { message: string }) => {
      throw unboundImplementation('announce');
    },
    /** Rule (d): the organization's collaborators as the event says. */
    replaceCollaborators: assign(({ context, event }) => {
      const update = organizationUpdateIn(event);
      return {
        organizations:
          (update && withCollaboratorsOf(context.organizations, update)) ?? context.organizations,
      };
    }),
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
    /** Rule (d): an organization event whose details the server could not read. */
    detailsMissing: ({ event }) => organizationUpdateIn(event)?.organization === null,
    /** Rule (d): an organization event about one the directory holds. */
    updatesKnownOrganization: ({ context, event }) => {
      const update = organizationUpdateIn(event);
      return update !== null && withCollaboratorsOf(context.organizations, update) !== null;
    },
    /** An organization event about one the directory does not hold: the user may just have joined it. */
    concernsAnotherOrganization: ({ context, event }) =>
      organizationUpdateIn(event) !== null && context.userId !== null,
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
    'realtime.event': [
      {
        // The directory cannot show what it was not sent: say so, and read the organizations again.
        guard: and(['detailsMissing', 'hasUser']),
        target: '.loading',
        reenter: true,
        actions: { type: 'announce', params: { message: ownMessages.realtimeOrganizationDetailsMissing } },
      },
      {
        guard: 'detailsMissing',
        actions: { type: 'announce', params: { message: ownMessages.realtimeOrganizationDetailsMissing } },
      },
      { guard: 'updatesKnownOrganization', actions: 'replaceCollaborators' },
      { guard: 'concernsAnotherOrganization', target: '.loading', reenter: true },
    ],
    // Back online after a reconnect: events may have been missed.
    'socket.resynced': { guard: 'hasUser', target: '.loading', reenter: true },
  },
  invoke: { id: 'realtime', src: 'realtime' },
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

export interface DirectoryDependencies {
  /** The live socket's events; none when omitted. */
  realtime?: RealtimeFeed;
  /** Shows an info toast with the realtime defaults; nothing when omitted. */
  announce?: (message: string) => void;
}

/** The real actors: GET /api/organizations in the background (the screens show their own loading state). */
export function createDirectoryImplementations(http: HttpClient, deps: DirectoryDependencies = {}) {
  return {
    actors: {
      loadOrganizations: fromPromise<ApiResult<OrganizationListResponse>, void>(() =>
        listOrganizations(http, { showLoader: false }),
      ),
      realtime: listenToFeed(deps.realtime ?? silentFeed),
    },
    actions: {
      announce: (_: unknown, params: { message: string }) => deps.announce?.(params.message),
    },
  };
}
