import { createActor, type AnyActorRef } from 'xstate';
import { createHttpClient, type NotifyKind } from '../../api/client';
import type { RealtimeSocket } from '../../api/socket';
import { loadingMachine } from '../../machines/loading/loadingMachine';
import {
  createDirectoryImplementations,
  organizationDirectoryMachine,
} from '../../machines/organizations/directoryMachine';
import { createProfileActors } from '../../machines/profile/actors';
import { profileMachine } from '../../machines/profile/profileMachine';
import { rootMachine } from '../../machines/root/rootMachine';
import { createSessionActors } from '../../machines/session/actors';
import { sessionMachine, sessionStorageKeys } from '../../machines/session/sessionMachine';
import type { KeyValueStorage } from '../../machines/session/types';
import { socketConnection } from '../../machines/socket/connection';
import { createRealtimeFeed } from '../../machines/socket/realtimeFeed';
import { socketMachine } from '../../machines/socket/socketMachine';
import type { AppServices } from '../services/AppServices';

/** The browser's side of the world, as the composition root sees it; tests pass fakes. */
export interface BrowserPorts {
  storage: KeyValueStorage;
  navigate: (to: string) => void;
  notify: (kind: NotifyKind, message: string) => void;
  /** An info toast with the realtime defaults. */
  notifyRealtime: (message: string) => void;
  /** Opens the live socket for a session's token (socket.io in the browser). */
  openSocket: (token: string) => RealtimeSocket;
  /** Diagnostics nobody but a developer reads (a realtime payload that broke the contract). */
  logProblem: (problem: string) => void;
  reloadBrowser: () => void;
  getSessionId: () => string;
  baseUrl?: string;
  userAgent?: string;
  /** How long the page has been loading (ms since navigation start; performance.now() in a browser). */
  sincePageStart?: () => number;
}

/**
 * Binds every machine to its real implementation (machine.provide) and starts the root actor. The HTTP client
 * and the actors refer to each other (a 403 ends the session; the session calls the API), so the client's
 * callbacks reach the root's children when they run, by which time the root has started.
 */
export function createAppServices(ports: BrowserPorts): AppServices {
  const http = createHttpClient({
    ...(ports.baseUrl === undefined ? {} : { baseUrl: ports.baseUrl }),
    ...(ports.userAgent === undefined ? {} : { userAgent: ports.userAgent }),
    getToken: () => ports.storage.getItem(sessionStorageKeys.token),
    getSessionId: ports.getSessionId,
    notify: ports.notify,
    onSessionExpired: () => root.getSnapshot().children.session?.send({ type: 'session.expired' }),
    loader: {
      show: () => root.getSnapshot().children.loading?.send({ type: 'loading.started' }),
      hide: () => root.getSnapshot().children.loading?.send({ type: 'loading.finished' }),
    },
  });

  // Outlives the sockets (one per session): the screens' machines listen here.
  const realtime = createRealtimeFeed({
    retry: () => (root.system.get('socket') as AnyActorRef | undefined)?.send({ type: 'socket.retry' }),
  });

  const root = createActor(
    rootMachine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: createSessionActors(http),
          actions: { navigateTo: (_, params) => ports.navigate(params.to) },
        }),
        loading: loadingMachine.provide({ actions: { reloadBrowser: () => ports.reloadBrowser() } }),
        socket: socketMachine.provide({
          actors: { connection: socketConnection(ports.openSocket) },
          actions: {
            publish: (_, notice) => realtime.publish(notice),
            announce: (_, params) => ports.notifyRealtime(params.message),
            reportInvalidPayload: (_, params) => ports.logProblem(`${params.channel}: ${params.problem}`),
          },
        }),
      },
    }),
    {
      input: {
        storage: ports.storage,
        tabSessionId: ports.getSessionId(),
        startedAfterMs: ports.sincePageStart?.() ?? 0,
      },
    },
  );

  // A socket the root stops (logout, expiry) says nothing more itself: the feed learns here that none is open.
  root.subscribe((snapshot) => {
    if (!snapshot.children.socket && realtime.status() !== 'closed') {
      realtime.publish({ type: 'socket.status', status: 'closed' });
    }
  });
  root.start();
  const { session, startup, loading } = root.getSnapshot().children;
  if (!session || !startup || !loading) throw new Error('The root actor did not start its children');

  return {
    http,
    session,
    startup,
    loading,
    realtime,
    profileLogic: profileMachine.provide({
      actors: createProfileActors(http),
      actions: {
        announceSuccess: (_, params) => ports.notify('success', params.message),
        shareUpdatedUser: (_, params) => session.send({ type: 'user.updated', user: params.user }),
      },
    }),
    organizations: createActor(
      organizationDirectoryMachine.provide(
        createDirectoryImplementations(http, { realtime, announce: ports.notifyRealtime }),
      ),
    ).start(),
  };
}
