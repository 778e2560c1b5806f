import { describe, expect, it } from 'vitest';
import { ownMessages } from '../../contract/errors';
import { SOCKET_RECONNECTION_DELAY_MS } from '../constants';
import { aModel } from '../model/modelTestKit';
import { ada, aPayload, grace, startSocket } from './socketTestKit';

describe('the socket machine', () => {
  it('connects at once and sends login with the user _id, and is online only once login is acknowledged', async () => {
    const { actor, socket, notices } = startSocket();
    expect(socket.connects).toBe(1);
    expect(actor.getSnapshot().hasTag('connecting')).toBe(true);

    socket.acceptConnection();
    expect(socket.logins).toEqual(['user-1']);
    expect(actor.getSnapshot().hasTag('online')).toBe(false);

    await socket.answerLogin({ ok: true });
    expect(actor.getSnapshot().hasTag('online')).toBe(true);
    expect(notices('socket.status').map((notice) => notice.status)).toEqual(['connecting', 'online']);
    // The first connection is not a reconnect: the screens have just fetched what they show.
    expect(notices('socket.resynced')).toHaveLength(0);
  });

  it('after a dropped connection, waits 1 s, reconnects, logs in again and asks the screens to re-fetch', async () => {
    const { actor, socket, clock, goOnline, notices } = startSocket();
    await goOnline();

    socket.drop('transport close');
    expect(actor.getSnapshot().hasTag('reconnecting')).toBe(true);
    expect(actor.getSnapshot().context.attempt).toBe(1);
    clock.increment(SOCKET_RECONNECTION_DELAY_MS - 1);
    expect(socket.connects).toBe(1);
    clock.increment(1);
    expect(socket.connects).toBe(2);

    socket.acceptConnection();
    expect(socket.logins).toEqual(['user-1', 'user-1']);
    expect(notices('socket.resynced')).toHaveLength(0);
    await socket.answerLogin({ ok: true });
    expect(actor.getSnapshot().hasTag('online')).toBe(true);
    expect(actor.getSnapshot().context.attempt).toBe(0);
    expect(notices('socket.resynced')).toHaveLength(1);
  });

  it('gives up after the 5th failed attempt, 1 s apart, and tries again only when asked', async () => {
    const { actor, socket, clock, goOnline } = startSocket();
    await goOnline();
    socket.drop();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(actor.getSnapshot().context.attempt).toBe(attempt);
      clock.increment(SOCKET_RECONNECTION_DELAY_MS);
      expect(socket.connects).toBe(1 + attempt);
      socket.refuseConnection('xhr poll error');
    }
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    expect(actor.getSnapshot().context.lastError).toBe('xhr poll error');
    clock.increment(60_000);
    expect(socket.connects).toBe(6);

    actor.send({ type: 'socket.retry' });
    expect(socket.connects).toBe(7);
    socket.acceptConnection();
    await socket.answerLogin();
    expect(actor.getSnapshot().hasTag('online')).toBe(true);
  });

  it('counts a failed first connection as the first reconnection attempt', () => {
    const { actor, socket, clock } = startSocket();
    socket.refuseConnection('Your session has expired');
    expect(actor.getSnapshot().hasTag('reconnecting')).toBe(true);
    clock.increment(SOCKET_RECONNECTION_DELAY_MS);
    expect(socket.connects).toBe(2);
  });

  it('stays offline when the server refuses the login, without retrying by itself', async () => {
    const { actor, socket, clock } = startSocket();
    socket.acceptConnection();
    await socket.answerLogin({ ok: false, message: 'Unauthorized access' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    expect(actor.getSnapshot().context.lastError).toBe('Unauthorized access');
    expect(socket.disconnects).toBe(1);
    clock.increment(10_000);
    expect(socket.connects).toBe(1);
  });

  it('starts over on a fresh connection when login gets no answer, and ignores that answer if it comes late', async () => {
    const { actor, socket, clock } = startSocket();
    socket.acceptConnection();
    await socket.failLogin('operation has timed out');
    expect(actor.getSnapshot().hasTag('reconnecting')).toBe(true);
    expect(socket.disconnects).toBe(1);
    clock.increment(SOCKET_RECONNECTION_DELAY_MS);
    socket.acceptConnection();
    expect(actor.getSnapshot().context.loginSeq).toBe(2);
    await socket.answerLogin({ ok: true });
    expect(actor.getSnapshot().hasTag('online')).toBe(true);
  });

  it('on session.ended sends logout with the user id, disconnects and stops', async () => {
    const { actor, socket, goOnline, notices } = startSocket();
    await goOnline();
    actor.send({ type: 'session.ended' });
    expect(socket.logouts).toEqual(['user-1']);
    expect(socket.disconnects).toBeGreaterThanOrEqual(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(notices('socket.status').at(-1)?.status).toBe('closed');
  });

  it('disconnects and stops listening when the root stops it (expiry)', async () => {
    const { actor, socket, goOnline } = startSocket();
    await goOnline();
    actor.stop();
    expect(socket.disconnects).toBe(1);
    expect(socket.logouts).toEqual([]);
    expect(socket.listening).toBe(false);
  });

  describe('inbound payloads', () => {
    it('drops a payload that breaks the contract, reporting it without throwing', async () => {
      const { actor, socket, goOnline, published, invalid } = startSocket();
      await goOnline();
      const before = published.length;
      socket.deliver('fromElementService', { eventName: 'ModelAdded', data: {} });
      socket.deliver('fromElementService', 'not even an object');
      expect(published).toHaveLength(before);
      expect(invalid.map((entry) => entry.channel)).toEqual(['fromElementService', 'fromElementService']);
      expect(actor.getSnapshot().status).toBe('active');
    });

    it('publishes a valid event with who caused it, as seen from this tab', async () => {
      const { socket, goOnline, notices } = startSocket();
      await goOnline();
      socket.deliver('fromElementService', aPayload({ author: grace }));
      socket.deliver('fromElementService', aPayload({ author: ada, GussetSessionId: 'tab-1' }));
      socket.deliver('fromElementService', aPayload({ author: ada }));
      socket.deliver('fromElementService', aPayload({ author: null }));
      expect(notices('realtime.event').map((notice) => notice.event.origin)).toEqual([
        'anotherUser',
        'thisTab',
        'currentUser',
        'system',
      ]);
    });

    it('rule (a): drops the current user’s event caused in another tab', async () => {
      const { socket, goOnline, notices, toasts } = startSocket();
      await goOnline();
      socket.deliver(
        'fromElementService',
        aPayload({ author: ada, GussetSessionId: 'tab-2', showInWebUI: true, eventName: 'ModelRemoved' }),
      );
      expect(notices('realtime.event')).toHaveLength(0);
      expect(toasts).toHaveLength(0);
    });

    it('rule (e): keeps only the current user’s successful analytic events with data, and publishes none', async () => {
      const { actor, socket, goOnline, published } = startSocket();
      await goOnline();
      const before = published.length;
      const accepted = aPayload({ author: ada, eventName: 'routesAnalytics', data: { routes: 3 } });
      socket.deliver('fromAnalyticService', accepted);
      socket.deliver('fromAnalyticService', { ...accepted, author: grace });
      socket.deliver('fromAnalyticService', { ...accepted, message: 'error' });
      socket.deliver('fromAnalyticService', { ...accepted, data: {} });
      expect(actor.getSnapshot().context.analytics).toEqual([accepted]);
      expect(published).toHaveLength(before);
    });

    it('rule (f): VersionMerged with empty data publishes merge.done; with data it does not', async () => {
      const { socket, goOnline, notices } = startSocket();
      await goOnline();
      socket.deliver('fromElementService', aPayload({ eventName: 'VersionMerged', data: { conflicts: 2 } }));
      expect(notices('merge.done')).toHaveLength(0);
      socket.deliver('fromElementService', aPayload({ eventName: 'VersionMerged', data: null }));
      expect(notices('merge.done')).toHaveLength(1);
      expect(notices('realtime.event')).toHaveLength(2);
    });

    it('rule (g): toasts another user’s change and the current user’s flagged one, not the unflagged own one', async () => {
      const { socket, goOnline, toasts } = startSocket();
      await goOnline();
      socket.deliver('fromElementService', aPayload({ author: grace, eventName: 'ModelRemoved' }));
      socket.deliver(
        'fromElementService',
        aPayload({ author: ada, eventName: 'ModelCloned', showInWebUI: true, data: { model: aModel() } }),
      );
      socket.deliver('fromElementService', aPayload({ author: ada, eventName: 'ModelUpdated' }));
      expect(toasts).toEqual([
        ownMessages.realtimeModelRemoved.replace('{who}', 'Grace Hopper'),
        ownMessages.realtimeModelCloned.replace('{who}', 'You').replace('{model}', 'Tower'),
      ]);
    });
  });
});
