import { assign, enqueueActions, fromPromise, setup, spawnChild, type AnyActorRef } from 'xstate';
import type { PublicUser, User } from '../../contract/http/users';
import { FORCED_LOGOUT_DELAY_MS } from '../constants';
import type { KeyValueStorage, SessionContext, SessionEvent, SessionInput, SessionTag } from './types';

/** Where the session lives in local storage. The HTTP client reads the token under the same key. */
export const sessionStorageKeys = {
  token: 'token',
  /** Kept too, so a reload during the verify screens keeps /verify/download-plugins and survey reachable. */
  signupInProgress: 'signupInProgress',
} as const;

export interface SessionMachineContext extends SessionContext {
  storage: KeyValueStorage;
}

export interface AdminDirectory {
  adminIds: string[];
  adminList: PublicUser[];
}

const signedOutState = {
  token: null,
  user: null,
  adminIds: [],
  adminList: [],
  adminDirectoryLoaded: false,
  signupInProgress: false,
} satisfies SessionContext;

function unbound(name: string): never {
  throw new Error(`${name} is not bound: provide it with sessionMachine.provide() in the composition root`);
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionMachineContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actors: {
    /** GET /api/users with the stored token; rejects when the token is missing, expired or revoked. */
    fetchCurrentUser: fromPromise<User>(async () => unbound('fetchCurrentUser')),
    /** GET /api/users/GussetAdmins and /api/users/adminList. */
    fetchAdminDirectory: fromPromise<AdminDirectory>(async () => unbound('fetchAdminDirectory')),
    /** POST /auth/logout. Fire and forget: the user is signed out locally whatever the server says. */
    revokeSessionOnServer: fromPromise<void, { token: string }>(async () => unbound('revokeSessionOnServer')),
  },
  actions: {
    rememberSession: assign((_, params: { token: string; user: User; signupInProgress: boolean }) => ({
      token: params.token,
      user: params.user,
      signupInProgress: params.signupInProgress,
      // A new sign-in asks for the admin lists again: the previous user's must not open /admin.
      adminIds: [],
      adminList: [],
      adminDirectoryLoaded: false,
    })),
    persistSession: ({ context }) => {
      if (context.token !== null) context.storage.setItem(sessionStorageKeys.token, context.token);
      if (context.signupInProgress) context.storage.setItem(sessionStorageKeys.signupInProgress, 'true');
      else context.storage.removeItem(sessionStorageKeys.signupInProgress);
    },
    forgetSession: assign(signedOutState),
    /** Spec section 2: logout and expiry clear local storage, not only our keys. */
    wipeStorage: ({ context }) => context.storage.clear(),
    /** A token that no longer works is dropped without touching anything else kept in local storage. */
    discardStoredSession: ({ context }) => {
      context.storage.removeItem(sessionStorageKeys.token);
      context.storage.removeItem(sessionStorageKeys.signupInProgress);
    },
    rememberUser: assign((_, params: { user: User }) => ({ user: params.user })),
    rememberAdminDirectory: assign((_, params: AdminDirectory) => ({
      ...params,
      adminDirectoryLoaded: true,
    })),
    finishSignupProcess: assign({ signupInProgress: false }),
    /** The router's navigate, bound in the composition root. */
    navigateTo: (_, _params: { to: string }) => unbound('navigateTo'),
    /**
     * Spec section 7: logout sends `logout` with the user's id on the live socket. The socket actor (the root's,
     * systemId 'socket', opened for this user) sends it and disconnects; without a socket there is nothing to tell.
     */
    emitSocketLogout: enqueueActions(({ system, enqueue }, params: { userId: string | null }) => {
      const socket = system.get('socket') as AnyActorRef | undefined;
      if (socket && params.userId !== null) enqueue.sendTo(socket, { type: 'session.ended' });
    }),
  },
  guards: {
    hasStoredToken: ({ context }) => context.token !== null,
  },
  delays: {
    forcedLogoutDelay: FORCED_LOGOUT_DELAY_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...signedOutState,
    storage: input.storage,
    token: input.storage.getItem(sessionStorageKeys.token) || null,
    signupInProgress: input.storage.getItem(sessionStorageKeys.signupInProgress) === 'true',
  }),
  initial: 'checkingStorage',
  states: {
    checkingStorage: {
      always: [
        { guard: { type: 'hasStoredToken' }, target: 'restoring' },
        {
          // No token stored: a stale sign-up flag must not open the verify screens to the next user.
          target: 'signedOut',
          actions: [{ type: 'discardStoredSession' }, { type: 'forgetSession' }],
        },
      ],
    },
    restoring: {
      tags: ['restoring'],
      invoke: {
        id: 'fetchCurrentUser',
        src: 'fetchCurrentUser',
        onDone: {
          target: 'authenticated',
          actions: { type: 'rememberUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'signedOut',
          actions: [{ type: 'discardStoredSession' }, { type: 'forgetSession' }],
        },
      },
      on: {
        // The client answers a revoked token with 'Your session has expired': follow the same path as any 403.
        'session.expired': 'expiring',
      },
    },
    signedOut: {
      on: {
        'session.started': {
          target: 'authenticated',
          actions: [
            {
              type: 'rememberSession',
              params: ({ event }) => ({
                token: event.token,
                user: event.user,
                signupInProgress: event.signupInProgress ?? false,
              }),
            },
            { type: 'persistSession' },
          ],
        },
        'session.clearStorage': {
          actions: [{ type: 'wipeStorage' }, { type: 'forgetSession' }],
        },
      },
    },
    authenticated: {
      tags: ['authenticated'],
      invoke: {
        id: 'fetchAdminDirectory',
        src: 'fetchAdminDirectory',
        onDone: {
          actions: { type: 'rememberAdminDirectory', params: ({ event }) => event.output },
        },
        // Without the lists the user simply sees no Stats and no Admin entries, and /admin is refused.
        onError: {
          actions: { type: 'rememberAdminDirectory', params: { adminIds: [], adminList: [] } },
        },
      },
      on: {
        'session.started': {
          target: 'authenticated',
          reenter: true,
          actions: [
            {
              type: 'rememberSession',
              params: ({ event }) => ({
                token: event.token,
                user: event.user,
                signupInProgress: event.signupInProgress ?? false,
              }),
            },
            { type: 'persistSession' },
          ],
        },
        'user.updated': {
          actions: { type: 'rememberUser', params: ({ event }) => ({ user: event.user }) },
        },
        'signup.finished': {
          actions: [{ type: 'finishSignupProcess' }, { type: 'persistSession' }],
        },
        'session.logout': {
          target: 'signedOut',
          actions: [
            // Spawned before the storage is wiped and given the token explicitly, so the server still learns
            // whose session to revoke.
            spawnChild('revokeSessionOnServer', {
              input: ({ context }) => ({ token: context.token ?? '' }),
            }),
            { type: 'emitSocketLogout', params: ({ context }) => ({ userId: context.user?._id ?? null }) },
            { type: 'wipeStorage' },
            { type: 'forgetSession' },
            { type: 'navigateTo', params: { to: '/' } },
          ],
        },
        'session.expired': 'expiring',
      },
    },
    expiring: {
      // The client has already shown 'Your session has expired'; the user gets a second to read it.
      tags: ['expiring'],
      after: {
        forcedLogoutDelay: {
          target: 'signedOut',
          actions: [
            { type: 'wipeStorage' },
            { type: 'forgetSession' },
            { type: 'navigateTo', params: { to: '/' } },
          ],
        },
      },
    },
  },
});
