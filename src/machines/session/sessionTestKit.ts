import { createActor, fromPromise, type SimulatedClock } from 'xstate';
import type { PublicUser, User } from '../../contract/http/users';
import { createMemoryStorage, type MemoryStorage } from './memoryStorage';
import { sessionMachine, type AdminDirectory } from './sessionMachine';

/** Test support shared by the session's unit and model-based tests (never imported by the app). */

export function aUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'user-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    initials: 'AL',
    avatarUrl: null,
    emailAddress: 'ada@example.com',
    preferences: { colorSchemes: { default: 'light', repair: 'dark' }, testingGroup: null },
    survey: null,
    state: {},
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aPublicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  const { _id, firstName, lastName, initials, avatarUrl, emailAddress } = aUser(overrides);
  return { _id, firstName, lastName, initials, avatarUrl, emailAddress };
}

export interface SessionHarnessOptions {
  stored?: Record<string, string>;
  /** Reuses a storage, as a page reload does. */
  storage?: MemoryStorage;
  /** What GET /api/users answers while restoring; 'never' keeps the session restoring. */
  currentUser?: User | 'rejects' | 'never';
  adminDirectory?: AdminDirectory | 'rejects' | 'never';
  clock?: SimulatedClock;
}

export function startSessionHarness(options: SessionHarnessOptions = {}) {
  const storage = options.storage ?? createMemoryStorage(options.stored);
  const navigations: string[] = [];
  const revokedTokens: string[] = [];
  const socketLogouts: Array<string | null> = [];
  const machine = sessionMachine.provide({
    actors: {
      fetchCurrentUser: fromPromise<User>(() => {
        const answer = options.currentUser ?? aUser();
        if (answer === 'never') return new Promise<User>(() => {});
        if (answer === 'rejects') return Promise.reject(new Error('Your session has expired'));
        return Promise.resolve(answer);
      }),
      fetchAdminDirectory: fromPromise<AdminDirectory>(() => {
        const answer = options.adminDirectory ?? { adminIds: [], adminList: [] };
        if (answer === 'never') return new Promise<AdminDirectory>(() => {});
        return answer === 'rejects'
          ? Promise.reject(new Error('Unauthorized access'))
          : Promise.resolve(answer);
      }),
      revokeSessionOnServer: fromPromise<void, { token: string }>(async ({ input }) => {
        revokedTokens.push(input.token);
      }),
    },
    actions: {
      navigateTo: (_, params) => {
        navigations.push(params.to);
      },
      emitSocketLogout: (_, params) => {
        socketLogouts.push(params.userId);
      },
    },
  });
  const actor = createActor(machine, {
    input: { storage },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return { actor, storage, navigations, revokedTokens, socketLogouts };
}
