import { createActor } from 'xstate';
import { createHttpClient, type NotifyKind } from '../../api/client';
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
import type { AppServices } from './AppServices';

/** The browser's side of the world, as the composition root sees it; tests pass fakes. */
export interface BrowserPorts {
  storage: KeyValueStorage;
  navigate: (to: string) => void;
  notify: (kind: NotifyKind, message: string) => void;
  reloadBrowser: () => void;
  getSessionId: () => string;
  baseUrl?: string;
  userAgent?: string;
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

  const root = createActor(
    rootMachine.provide({
      actors: {
        session: sessionMachine.provide({
          actors: createSessionActors(http),
          actions: { navigateTo: (_, params) => ports.navigate(params.to) },
        }),
        loading: loadingMachine.provide({ actions: { reloadBrowser: () => ports.reloadBrowser() } }),
      },
    }),
    { input: { storage: ports.storage } },
  );

  root.start();
  const { session, startup, loading } = root.getSnapshot().children;
  if (!session || !startup || !loading) throw new Error('The root actor did not start its children');

  return {
    http,
    session,
    startup,
    loading,
    profileLogic: profileMachine.provide({
      actors: createProfileActors(http),
      actions: {
        announceSuccess: (_, params) => ports.notify('success', params.message),
        shareUpdatedUser: (_, params) => session.send({ type: 'user.updated', user: params.user }),
      },
    }),
    organizations: createActor(
      organizationDirectoryMachine.provide(createDirectoryImplementations(http)),
    ).start(),
  };
}
