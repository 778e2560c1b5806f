import { createTestModel } from '@xstate/test';
import { describe, expect, it } from 'vitest';
import { createMachine, SimulatedClock, waitFor, type EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { FORCED_LOGOUT_DELAY_MS } from '../constants';
import { createMemoryStorage } from './memoryStorage';
import { sessionMachine, sessionStorageKeys } from './sessionMachine';
import { aPublicUser, aUser, startSessionHarness } from './sessionTestKit';

/**
 * Model-based tests of the session.
 *
 * 1. The production machine's graph, walked with xstate/graph. Traversal steps pure transitions only, so actor
 *    completions and the 1-second timer are fed in as events. Each path is then replayed on a real actor
 *    (memory storage, recorded navigation, a simulated clock) and, after every step, we check what a user
 *    would notice: is a token stored, where did the app navigate, which screen condition (tag) holds.
 * 2. A user-flow model for @xstate/test's createTestModel (which refuses invoke/after), driving the real
 *    session through a reload, sign-up, logout and expiry.
 */

const { token: tokenKey, signupInProgress: flagKey } = sessionStorageKeys;

const restoredUser = aUser({ _id: 'user-1', firstName: 'Ada' });
const signedInUser = aUser({ _id: 'user-2', firstName: 'Grace' });
const updatedUser = aUser({ _id: 'user-2', firstName: 'Grace B.' });

/** Sample events for the traversal. The done/error/after events are how actors and timers appear on paths. */
const sampleEvents = [
  { type: 'session.started', token: 'fresh-token', user: signedInUser },
  { type: 'session.started', token: 'signup-token', user: signedInUser, signupInProgress: true },
  { type: 'user.updated', user: updatedUser },
  { type: 'xstate.done.actor.fetchCurrentUser', output: restoredUser },
  { type: 'xstate.error.actor.fetchCurrentUser', error: new Error('Your session has expired') },
  {
    type: 'xstate.done.actor.fetchAdminDirectory',
    output: { adminIds: ['user-2'], adminList: [aPublicUser({ _id: 'user-2' })] },
  },
] as const;

type SessionTraversalEvent = Parameters<typeof sessionMachine.transition>[1];

/** The expiry timer's event, read from the machine so a renamed delay cannot silently drop it from the walk. */
const expiryTimerEvents = sessionMachine
  .getStateNodeById('session.expiring')
  .after.map((transition) => ({ type: transition.eventType }));

/**
 * Every event the walk may try: a given `events` list replaces the traversal's defaults, so the bare intents
 * are listed too. The traversal only reads `type` and the payload; the machine's own event type cannot name
 * actor results or timers, hence the cast.
 */
const traversalEvents = [
  ...sampleEvents,
  { type: 'session.expired' },
  { type: 'session.logout' },
  { type: 'signup.finished' },
  { type: 'session.clearStorage' },
  ...expiryTimerEvents,
] as unknown as readonly SessionTraversalEvent[];

const startingPoints = {
  'a first visit': {},
  'a reload with a stored token': { [tokenKey]: 'stored-token' },
  'a reload during sign-up': { [tokenKey]: 'stored-token', [flagKey]: 'true' },
} satisfies Record<string, Record<string, string>>;

function pathsFrom(stored: Record<string, string>, walk: typeof getShortestPaths) {
  return walk(sessionMachine, {
    input: { storage: createMemoryStorage(stored) },
    events: traversalEvents,
    // Context holds the user and the storage port; the screen a user sees is decided by value and flag.
    serializeState: (snapshot) =>
      JSON.stringify([snapshot.value, snapshot.context.token, snapshot.context.signupInProgress]),
  });
}

interface Observation {
  tags: string[];
  signupInProgress: boolean;
  storedToken: string | null;
  storedFlag: string | null;
  navigations: string[];
}

async function replay(stored: Record<string, string>, path: ReturnType<typeof getShortestPaths>[number]) {
  const clock = new SimulatedClock();
  const harness = startSessionHarness({ stored, currentUser: 'never', adminDirectory: 'never', clock });
  const observe = (): Observation => {
    const snapshot = harness.actor.getSnapshot();
    return {
      tags: [...snapshot.tags].sort(),
      signupInProgress: snapshot.context.signupInProgress,
      storedToken: harness.storage.getItem(tokenKey),
      storedFlag: harness.storage.getItem(flagKey),
      navigations: [...harness.navigations],
    };
  };
  harness.actor.start();
  const observations: Array<{ event: EventObject; before: Observation; after: Observation }> = [];
  for (const step of path.steps.slice(1)) {
    const before = observe();
    if (step.event.type.startsWith('xstate.after.')) clock.increment(FORCED_LOGOUT_DELAY_MS);
    else harness.actor.send(step.event as SessionTraversalEvent);
    observations.push({ event: step.event, before, after: observe() });
  }
  return { harness, observations, final: observe() };
}

describe('the session machine graph', () => {
  for (const [name, stored] of Object.entries(startingPoints)) {
    describe(`from ${name}`, () => {
      // Simple paths, not only shortest ones: signed out is also where the walk starts, and the logout and
      // expiry paths back to it are the ones worth replaying.
      const paths = pathsFrom(stored, getSimplePaths);

      it('reaches every state a user can be in', () => {
        const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
        const expected =
          Object.keys(stored).length === 0 ? ['signedOut', 'authenticated', 'expiring'] : ['restoring'];
        for (const state of expected) expect(reached).toContain(JSON.stringify(state));
        expect(reached).toContain(JSON.stringify('signedOut'));
      });

      for (const path of paths) {
        const description = path.steps
          .slice(1)
          .map((step) =>
            'signupInProgress' in step.event ? `${step.event.type} (sign-up)` : step.event.type,
          )
          .join(' → ');
        it(`after ${description || 'starting'}: ${JSON.stringify(path.state.value)}`, async () => {
          const { harness, observations, final } = await replay(stored, path);
          const snapshot = harness.actor.getSnapshot();

          // The real actor agrees with the graph.
          expect(snapshot.value).toEqual(path.state.value);

          for (const { event, before, after } of observations) {
            // One screen condition at a time.
            expect(after.tags.length).toBeLessThanOrEqual(1);

            if (after.tags.includes('authenticated')) {
              // Signed in: the token survives a reload, and the sign-up flag with it.
              expect(after.storedToken).not.toBeNull();
              expect(after.storedFlag === 'true').toBe(after.signupInProgress);
            }
            if (after.tags.includes('expiring')) {
              // 'Your session has expired' is on screen; nothing is cleared or navigated yet.
              expect(after.navigations).toEqual(before.navigations);
            }
            const leftAsMember = before.tags.includes('authenticated') || before.tags.includes('expiring');
            if (after.tags.length === 0 && leftAsMember) {
              // Logout or the end of expiry: storage is empty and the user lands on /.
              expect(after.storedToken).toBeNull();
              expect(after.storedFlag).toBeNull();
              expect(after.navigations).toEqual([...before.navigations, '/']);
            } else {
              expect(after.navigations).toEqual(before.navigations);
            }
            if (event.type === 'xstate.error.actor.fetchCurrentUser') {
              // A refused stored token is forgotten quietly: no redirect of its own, nothing left stored.
              expect(after.storedToken).toBeNull();
            }
          }
          if (final.tags.length === 0) expect(snapshot.context.token).toBeNull();
        });
      }
    });
  }

  it('has no dead end: every simple path can still reach a signed-out state', () => {
    const signedOutSomewhere = (stored: Record<string, string>) =>
      pathsFrom(stored, getSimplePaths).every((path) => {
        const fromHere = getShortestPaths(sessionMachine, {
          fromState: path.state,
          events: traversalEvents,
          toState: (snapshot) => snapshot.matches('signedOut'),
        });
        return fromHere.length > 0;
      });
    for (const stored of Object.values(startingPoints)) expect(signedOutSomewhere(stored)).toBe(true);
  });
});

/**
 * What a user can do and see, as states named after what is on screen. No invoke, no after: the real session
 * under test does the waiting.
 */
const userFlow = createMachine({
  id: 'userFlow',
  initial: 'visitorOnLanding',
  states: {
    visitorOnLanding: {
      on: {
        'log in': 'memberSignedIn',
        'create an account': 'newMemberSigningUp',
        'reload page': 'visitorOnLanding',
      },
    },
    newMemberSigningUp: {
      on: { 'reload page': 'newMemberSigningUp', 'finish sign-up': 'memberSignedIn' },
    },
    memberSignedIn: {
      on: {
        'reload page': 'memberSignedIn',
        'log out': 'visitorOnLanding',
        'server says the session expired': 'toldSessionExpired',
      },
    },
    toldSessionExpired: {
      on: { 'wait a second': 'visitorOnLanding' },
    },
  },
});

describe('user flows through the real session (@xstate/test)', () => {
  const model = createTestModel(userFlow);
  const paths = model.getSimplePaths();

  it('covers every screen of the flow', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => String(step.state.value))));
    expect([...reached].sort()).toEqual(
      ['memberSignedIn', 'newMemberSigningUp', 'toldSessionExpired', 'visitorOnLanding'].sort(),
    );
  });

  for (const path of paths) {
    it(path.description, async () => {
      const storage = createMemoryStorage();
      const clock = new SimulatedClock();
      const validTokens = new Set<string>();
      const navigations: string[] = [];
      let current = start();

      function start() {
        const token = storage.getItem(tokenKey);
        const harness = startSessionHarness({
          storage,
          clock,
          currentUser: token !== null && validTokens.has(token) ? signedInUser : 'rejects',
        });
        harness.actor.start();
        return harness;
      }
      function settled() {
        return waitFor(current.actor, (s) => !s.hasTag('restoring'));
      }

      await path.test({
        states: {
          visitorOnLanding: () => {
            const snapshot = current.actor.getSnapshot();
            expect(snapshot.hasTag('authenticated')).toBe(false);
            expect(storage.getItem(tokenKey)).toBeNull();
            // Whoever just left a session was sent to /.
            expect(navigations.at(-1) ?? '/').toBe('/');
          },
          newMemberSigningUp: () => {
            expect(current.actor.getSnapshot().hasTag('authenticated')).toBe(true);
            expect(current.actor.getSnapshot().context.signupInProgress).toBe(true);
            expect(storage.getItem(flagKey)).toBe('true');
          },
          memberSignedIn: () => {
            expect(current.actor.getSnapshot().hasTag('authenticated')).toBe(true);
            expect(current.actor.getSnapshot().context.signupInProgress).toBe(false);
            expect(storage.getItem(tokenKey)).toBe('member-token');
          },
          toldSessionExpired: () => {
            expect(current.actor.getSnapshot().hasTag('expiring')).toBe(true);
            expect(storage.getItem(tokenKey)).toBe('member-token');
          },
        },
        events: {
          'log in': () => {
            validTokens.add('member-token');
            current.actor.send({ type: 'session.started', token: 'member-token', user: signedInUser });
          },
          'create an account': () => {
            validTokens.add('member-token');
            current.actor.send({
              type: 'session.started',
              token: 'member-token',
              user: signedInUser,
              signupInProgress: true,
            });
          },
          'finish sign-up': () => {
            current.actor.send({ type: 'signup.finished' });
          },
          'reload page': async () => {
            navigations.push(...current.navigations);
            current.actor.stop();
            current = start();
            await settled();
          },
          'log out': () => {
            current.actor.send({ type: 'session.logout' });
            navigations.push(...current.navigations.splice(0));
          },
          'server says the session expired': () => {
            validTokens.clear();
            current.actor.send({ type: 'session.expired' });
          },
          'wait a second': () => {
            clock.increment(FORCED_LOGOUT_DELAY_MS);
            navigations.push(...current.navigations.splice(0));
          },
        },
      });
    });
  }
});
