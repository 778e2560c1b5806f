import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import type { User } from '../../contract/http/users';
import { createMemoryStorage } from '../session/memoryStorage';
import { sessionMachine, sessionStorageKeys, type AdminDirectory } from '../session/sessionMachine';
import { aUser } from '../session/sessionTestKit';
import { socketConnection } from '../socket/connection';
import { socketMachine } from '../socket/socketMachine';
import { FakeSocket } from '../socket/socketTestKit';
import { rootMachine } from './rootMachine';

/** The root with a session that needs no server and sockets over fakes, one per session. */
function startRoot() {
  const storage = createMemoryStorage();
  const sockets: Array<{ token: string; socket: FakeSocket }> = [];
  const root = createActor(
    rootMachine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: {
            fetchCurrentUser: fromPromise<User>(() => new Promise<User>(() => {})),
            fetchAdminDirectory: fromPromise<AdminDirectory>(async () => ({ adminIds: [], adminList: [] })),
            revokeSessionOnServer: fromPromise<void, { token: string }>(async () => {}),
          },
          actions: { navigateTo: () => {} },
          delays: { forcedLogoutDelay: 0 },
        }),
        socket: socketMachine.provide({
          actors: {
            connection: socketConnection((token) => {
              const socket = new FakeSocket();
              sockets.push({ token, socket });
              return socket;
            }),
          },
          actions: { publish: () => {}, announce: () => {}, reportInvalidPayload: () => {} },
        }),
      },
    }),
    { input: { storage, tabSessionId: 'tab-1' } },
  ).start();
  const session = root.system.get('session') as AnyActorRef;
  const signIn = (token: string) => session.send({ type: 'session.started', token, user: aUser() });
  return {
    root,
    session,
    sockets,
    signIn,
    socketActor: () => root.system.get('socket') as AnyActorRef | undefined,
  };
}

describe('rootMachine', () => {
  it('starts the session, the start-up screen and the loading overlay, reachable by systemId', () => {
    const storage = createMemoryStorage({ [sessionStorageKeys.signupInProgress]: 'true' });
    const root = createActor(rootMachine, { input: { storage } }).start();
    const { session, startup, loading } = root.getSnapshot().children;

    expect(root.system.get('session')).toBe(session);
    expect(root.system.get('startup')).toBe(startup);
    expect(root.system.get('loading')).toBe(loading);
    expect(session?.getSnapshot().value).toBe('signedOut');
    // The session works on the storage the root was given.
    expect(storage.getItem(sessionStorageKeys.signupInProgress)).toBeNull();
    expect(startup?.getSnapshot().hasTag('initializing')).toBe(true);
    expect(loading?.getSnapshot().hasTag('visible')).toBe(false);
    // Nobody is signed in: no socket.
    expect(root.system.get('socket')).toBeUndefined();
    root.stop();
  });

  it('opens the socket with systemId "socket" for the session’s token and user when a session starts', () => {
    const { root, sockets, signIn, socketActor } = startRoot();
    signIn('token-of-ada-0123456789');
    expect(sockets.map((entry) => entry.token)).toEqual(['token-of-ada-0123456789']);
    expect(socketActor()?.getSnapshot().context).toMatchObject({ userId: 'user-1', tabSessionId: 'tab-1' });
    expect(sockets[0]?.socket.connects).toBe(1);
    root.stop();
  });

  it('on logout, the socket sends logout with the user id and disconnects, and the root lets it go', async () => {
    const { root, session, sockets, signIn, socketActor } = startRoot();
    signIn('token-of-ada-0123456789');
    const socket = sockets[0]?.socket;
    socket?.acceptConnection();
    await socket?.answerLogin();

    session.send({ type: 'session.logout' });
    expect(socket?.logouts).toEqual(['user-1']);
    expect(socket?.disconnects).toBeGreaterThanOrEqual(1);
    expect(socketActor()).toBeUndefined();
    root.stop();
  });

  it('on expiry, stops the socket without a logout; a new session gets a new socket', async () => {
    const { root, session, sockets, signIn, socketActor } = startRoot();
    signIn('token-of-ada-0123456789');
    session.send({ type: 'session.expired' });
    expect(socketActor()).toBeUndefined();
    expect(sockets[0]?.socket.disconnects).toBe(1);
    expect(sockets[0]?.socket.logouts).toEqual([]);
    expect(sockets[0]?.socket.listening).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, 0));
    signIn('token-of-ada-9876543210');
    expect(sockets.map((entry) => entry.token)).toEqual([
      'token-of-ada-0123456789',
      'token-of-ada-9876543210',
    ]);
    expect(socketActor()).toBeDefined();
    root.stop();
  });

  it('replaces the socket when the signed-in session gets a new token', () => {
    const { root, sockets, signIn, socketActor } = startRoot();
    signIn('token-of-ada-0123456789');
    const first = socketActor();
    signIn('token-of-ada-9876543210');
    expect(socketActor()).not.toBe(first);
    expect(sockets[0]?.socket.disconnects).toBe(1);
    expect(sockets[1]?.socket.connects).toBe(1);
    root.stop();
  });
});
