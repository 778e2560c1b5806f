import { act, render, waitFor as waitForView } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { HttpClient } from '../../api/types';
import type { PublicUser, UpdateProfileBody, User } from '../../contract/http/users';
import { loadingMachine } from '../../machines/loading/loadingMachine';
import {
  createDirectoryImplementations,
  organizationDirectoryMachine,
} from '../../machines/organizations/directoryMachine';
import { profileMachine } from '../../machines/profile/profileMachine';
import { aUser, startSessionHarness } from '../../machines/session/sessionTestKit';
import { createRealtimeFeed } from '../../machines/socket/realtimeFeed';
import { startupMachine } from '../../machines/startup/startupMachine';
import { AppServicesProvider, type AppServices } from '../services/AppServices';
import { appRoutes } from './routes';
import { Toasts } from './Toasts';

/** Test support for the views (never imported by the app): the real router and machines, fake ports. */

export interface TestAppOptions {
  path?: string;
  /** Signed in as this user; null stays signed out. */
  user?: User | null;
  adminIds?: string[];
  adminList?: PublicUser[];
  signupInProgress?: boolean;
  /** What local storage holds before the app starts. */
  stored?: Record<string, string>;
  /** The server, faked; by default every call answers as if the network were down. */
  http?: HttpClient;
}

/** No server in view tests: every call answers as if the network were down. */
const offlineHttp: HttpClient = {
  request: async () => ({ ok: false, status: 0, error: { message: 'offline' } }),
};

export async function renderApp(options: TestAppOptions = {}) {
  const session = startSessionHarness({
    stored: options.stored ?? {},
    adminDirectory: { adminIds: options.adminIds ?? [], adminList: options.adminList ?? [] },
  });
  session.actor.start();
  const user = options.user === undefined ? aUser() : options.user;
  if (user) {
    session.actor.send({
      type: 'session.started',
      token: 'test-token',
      user,
      signupInProgress: options.signupInProgress ?? false,
    });
    // Let the admin lists (a resolved stub) arrive, as they would shortly after a real sign-in.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  const startup = createActor(startupMachine.provide({ delays: { initialScreenDelay: 0 } }), {
    input: {},
  }).start();
  await waitFor(startup, (s) => !s.hasTag('initializing'));

  let reloads = 0;
  const loading = createActor(
    loadingMachine.provide({
      actions: {
        reloadBrowser: () => {
          reloads += 1;
        },
      },
    }),
  ).start();

  const savedProfiles: UpdateProfileBody[] = [];
  const http = options.http ?? offlineHttp;
  // The live socket, faked: tests publish on it what the socket actor would.
  const realtimeToasts: string[] = [];
  let realtimeRetries = 0;
  const realtime = createRealtimeFeed({
    retry: () => {
      realtimeRetries += 1;
    },
  });
  const services: AppServices = {
    http,
    session: session.actor,
    startup,
    loading,
    realtime,
    profileLogic: profileMachine.provide({
      actors: {
        saveProfile: fromPromise<User, UpdateProfileBody>(async ({ input }) => {
          savedProfiles.push(input);
          return aUser({ ...user, firstName: input.firstName ?? user?.firstName ?? '' });
        }),
      },
      actions: {
        announceSuccess: () => {},
        shareUpdatedUser: (_, params) => session.actor.send({ type: 'user.updated', user: params.user }),
      },
    }),
    organizations: createActor(
      organizationDirectoryMachine.provide(
        createDirectoryImplementations(http, {
          realtime,
          announce: (message) => realtimeToasts.push(message),
        }),
      ),
    ).start(),
  };

  const router = createMemoryRouter(appRoutes, { initialEntries: [options.path ?? '/dashboard'] });
  const view = render(
    <AppServicesProvider services={services}>
      <RouterProvider router={router} />
      <Toasts />
    </AppServicesProvider>,
  );
  // The feature screens load lazily: wait for the first one's chunk, as a user waits for the page.
  const screenShown = () => {
    if (!router.state.initialized || router.state.navigation.state !== 'idle')
      throw new Error('still loading');
    // The router is ready before React has rendered the screen in place of the hydrate fallback.
    if (view.container.querySelector('main.initializing')) throw new Error('still initializing');
  };
  await waitForView(screenShown);
  // A route guard redirects from an effect after its screen has rendered: let the effects run and follow each
  // redirect to where it leads, so that a test never reads the address between render and redirect.
  for (;;) {
    const before = router.state.location.pathname;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitForView(screenShown);
    if (router.state.location.pathname === before) break;
  }
  return {
    view,
    router,
    session,
    loading,
    savedProfiles,
    realtime,
    realtimeToasts,
    realtimeRetries: () => realtimeRetries,
    reloads: () => reloads,
    location: () => router.state.location.pathname,
  };
}
