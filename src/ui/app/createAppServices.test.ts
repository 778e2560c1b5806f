import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../machines/session/memoryStorage';
import { aUser } from '../../machines/session/sessionTestKit';
import { aPayload, FakeSocket, flush } from '../../machines/socket/socketTestKit';
import type { RealtimeNotice } from '../../machines/socket/types';
import { createAppServices } from './createAppServices';

/** The composition root over fake ports: the live socket is a FakeSocket per session. */
function compose() {
  const sockets: Array<{ token: string; socket: FakeSocket }> = [];
  const realtimeToasts: string[] = [];
  const services = createAppServices({
    storage: createMemoryStorage(),
    navigate: () => {},
    notify: () => {},
    notifyRealtime: (message) => realtimeToasts.push(message),
    openSocket: (token) => {
      const socket = new FakeSocket();
      sockets.push({ token, socket });
      return socket;
    },
    logProblem: () => {},
    reloadBrowser: () => {},
    getSessionId: () => 'tab-1',
    // Nothing listens there: the session's background calls fail fast.
    baseUrl: 'http://127.0.0.1:9',
  });
  const notices: RealtimeNotice[] = [];
  services.realtime.subscribe((notice) => notices.push(notice));
  return { services, sockets, realtimeToasts, notices };
}

describe('the composition root’s live socket', () => {
  it('opens the socket for a new session, publishes its events and toasts, and closes it on logout', async () => {
    const { services, sockets, realtimeToasts, notices } = compose();
    expect(services.realtime.status()).toBe('closed');

    services.session.send({ type: 'session.started', token: 'token-of-ada-0123456789', user: aUser() });
    const socket = sockets[0]?.socket;
    expect(sockets[0]?.token).toBe('token-of-ada-0123456789');
    socket?.acceptConnection();
    await socket?.answerLogin();
    expect(socket?.logins).toEqual(['user-1']);
    expect(services.realtime.status()).toBe('online');

    socket?.deliver(
      'fromElementService',
      aPayload({ eventName: 'ModelRemoved', data: { modelId: 'model-1' } }),
    );
    expect(notices.filter((notice) => notice.type === 'realtime.event')).toHaveLength(1);
    expect(realtimeToasts).toEqual(['Grace Hopper removed a model.']);

    services.session.send({ type: 'session.logout' });
    expect(socket?.logouts).toEqual(['user-1']);
    expect(services.realtime.status()).toBe('closed');
  });

  it('retries through the feed once the socket has given up', async () => {
    const { services, sockets } = compose();
    services.session.send({ type: 'session.started', token: 'token-of-ada-0123456789', user: aUser() });
    const socket = sockets[0]?.socket;
    socket?.acceptConnection();
    await socket?.answerLogin({ ok: false, message: 'Unauthorized access' });
    expect(services.realtime.status()).toBe('offline');

    services.realtime.retry();
    expect(socket?.connects).toBe(2);
    await flush();
  });

  it('tells the feed the socket is closed when the session expires', async () => {
    const { services, sockets } = compose();
    services.session.send({ type: 'session.started', token: 'token-of-ada-0123456789', user: aUser() });
    sockets[0]?.socket.acceptConnection();
    await sockets[0]?.socket.answerLogin();
    services.session.send({ type: 'session.expired' });
    expect(services.realtime.status()).toBe('closed');
    expect(sockets[0]?.socket.disconnects).toBe(1);
  });
});
