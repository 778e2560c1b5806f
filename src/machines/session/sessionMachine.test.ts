import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { FORCED_LOGOUT_DELAY_MS } from '../constants';
import { selectMayAdminister } from './selectors';
import { sessionStorageKeys } from './sessionMachine';
import { aPublicUser, aUser, startSessionHarness } from './sessionTestKit';

const { token: tokenKey, signupInProgress: flagKey } = sessionStorageKeys;

afterEach(() => {
  vi.useRealTimers();
});

describe('starting the app', () => {
  it('without a stored token, the visitor is signed out and a stale sign-up flag is dropped', () => {
    const { actor, storage } = startSessionHarness({ stored: { [flagKey]: 'true' } });
    actor.start();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.signupInProgress).toBe(false);
    expect(storage.getItem(flagKey)).toBeNull();
  });

  it('with a stored token, restores the user from GET /api/users', async () => {
    const user = aUser({ firstName: 'Grace' });
    const { actor } = startSessionHarness({ stored: { [tokenKey]: 'abc' }, currentUser: user });
    actor.start();
    expect(actor.getSnapshot().hasTag('restoring')).toBe(true);
    const restored = await waitFor(actor, (s) => s.hasTag('authenticated'));
    expect(restored.context.user).toEqual(user);
    expect(restored.context.token).toBe('abc');
  });

  it('keeps the sign-up flag across a reload during the verify screens', async () => {
    const { actor } = startSessionHarness({ stored: { [tokenKey]: 'abc', [flagKey]: 'true' } });
    actor.start();
    const restored = await waitFor(actor, (s) => s.hasTag('authenticated'));
    expect(restored.context.signupInProgress).toBe(true);
  });

  it('drops a token the server no longer accepts', async () => {
    const { actor, storage } = startSessionHarness({
      stored: { [tokenKey]: 'revoked', other: 'kept' },
      currentUser: 'rejects',
    });
    actor.start();
    const signedOut = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(signedOut.context.token).toBeNull();
    expect(storage.getItem(tokenKey)).toBeNull();
    expect(storage.getItem('other')).toBe('kept');
  });

  it('a 403 while restoring takes the expiry path', () => {
    const { actor } = startSessionHarness({ stored: { [tokenKey]: 'revoked' }, currentUser: 'never' });
    actor.start();
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().hasTag('expiring')).toBe(true);
  });
});

describe('signing in', () => {
  it('stores the token and the user, and fetches the admin lists', async () => {
    const adminList = [aPublicUser({ _id: 'admin-1' })];
    const { actor, storage } = startSessionHarness({ adminDirectory: { adminIds: ['user-1'], adminList } });
    actor.start();
    actor.send({ type: 'session.started', token: 't1', user: aUser() });
    expect(storage.getItem(tokenKey)).toBe('t1');
    expect(storage.getItem(flagKey)).toBeNull();
    // Until the lists answer, /admin can decide nothing (selectMayAdminister is null).
    expect(selectMayAdminister(actor.getSnapshot())).toBeNull();
    const withAdmins = await waitFor(actor, (s) => s.context.adminList.length > 0);
    expect(withAdmins.context.adminIds).toEqual(['user-1']);
    expect(withAdmins.context.adminList).toEqual(adminList);
    expect(selectMayAdminister(withAdmins)).toBe(true);
  });

  it("forgets the previous user's admin lists at the next sign-in, until the new ones answer", async () => {
    const adminList = [aPublicUser({ _id: 'admin-1' })];
    const { actor } = startSessionHarness({ adminDirectory: { adminIds: ['user-1'], adminList } });
    actor.start();
    actor.send({ type: 'session.started', token: 't1', user: aUser() });
    await waitFor(actor, (s) => selectMayAdminister(s) === true);
    actor.send({ type: 'session.started', token: 't2', user: aUser({ _id: 'user-2' }) });
    expect(selectMayAdminister(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.adminList).toEqual([]);
  });

  it('stays signed in with empty admin lists when they cannot be fetched', async () => {
    const { actor } = startSessionHarness({ adminDirectory: 'rejects' });
    actor.start();
    actor.send({ type: 'session.started', token: 't1', user: aUser() });
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.adminList).toEqual([]);
    // Known to be no admin: /admin sends them to the dashboard rather than waiting for ever.
    expect(selectMayAdminister(actor.getSnapshot())).toBe(false);
  });

  it('remembers the sign-up flag until the sign-up screens are finished', () => {
    const { actor, storage } = startSessionHarness();
    actor.start();
    actor.send({ type: 'session.started', token: 't1', user: aUser(), signupInProgress: true });
    expect(storage.getItem(flagKey)).toBe('true');
    expect(actor.getSnapshot().context.signupInProgress).toBe(true);

    actor.send({ type: 'signup.finished' });
    expect(storage.getItem(flagKey)).toBeNull();
    expect(storage.getItem(tokenKey)).toBe('t1');
    expect(actor.getSnapshot().context.signupInProgress).toBe(false);
  });

  it('replaces the user when the server returns a fresher copy', () => {
    const { actor } = startSessionHarness();
    actor.start();
    actor.send({ type: 'session.started', token: 't1', user: aUser() });
    actor.send({ type: 'user.updated', user: aUser({ firstName: 'Augusta' }) });
    expect(actor.getSnapshot().context.user?.firstName).toBe('Augusta');
  });
});

describe('logging out', () => {
  it('revokes the token on the server, clears storage and state, and goes to /', async () => {
    const { actor, storage, navigations, revokedTokens, socketLogouts } = startSessionHarness();
    actor.start();
    actor.send({ type: 'session.started', token: 't1', user: aUser(), signupInProgress: true });
    storage.setItem('somethingElse', 'x');

    actor.send({ type: 'session.logout' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('signedOut');
    expect(snapshot.context).toMatchObject({
      token: null,
      user: null,
      adminIds: [],
      adminList: [],
      adminDirectoryLoaded: false,
      signupInProgress: false,
    });
    expect(storage.entries()).toEqual({});
    expect(navigations).toEqual(['/']);
    expect(socketLogouts).toEqual(['user-1']);
    await Promise.resolve();
    expect(revokedTokens).toEqual(['t1']);
  });
});

describe('an expired session', () => {
  it('shows the expiring state for one second, then clears everything and goes to /', async () => {
    vi.useFakeTimers();
    const { actor, storage, navigations } = startSessionHarness();
    actor.start();
    actor.send({ type: 'session.started', token: 't1', user: aUser() });

    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().hasTag('expiring')).toBe(true);
    await vi.advanceTimersByTimeAsync(FORCED_LOGOUT_DELAY_MS - 1);
    expect(storage.getItem(tokenKey)).toBe('t1');
    expect(navigations).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(storage.entries()).toEqual({});
    expect(navigations).toEqual(['/']);
  });

  it('a second 403 during that second does not restart the countdown', async () => {
    vi.useFakeTimers();
    const { actor, navigations } = startSessionHarness();
    actor.start();
    actor.send({ type: 'session.started', token: 't1', user: aUser() });
    actor.send({ type: 'session.expired' });
    await vi.advanceTimersByTimeAsync(600);
    actor.send({ type: 'session.expired' });
    await vi.advanceTimersByTimeAsync(400);
    expect(navigations).toEqual(['/']);
  });
});

describe('a logged-in route opened without a token', () => {
  it('wipes whatever local storage still holds', () => {
    const { actor, storage } = startSessionHarness();
    actor.start();
    storage.setItem('leftover', 'x');
    actor.send({ type: 'session.clearStorage' });
    expect(storage.entries()).toEqual({});
  });
});
