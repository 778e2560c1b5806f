import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { HttpClient } from '../../api/types';
import type { loadingMachine } from '../../machines/loading/loadingMachine';
import type { organizationDirectoryMachine } from '../../machines/organizations/directoryMachine';
import type { profileMachine } from '../../machines/profile/profileMachine';
import type { sessionMachine } from '../../machines/session/sessionMachine';
import type { RealtimeFeed } from '../../machines/socket/realtimeFeed';
import type { startupMachine } from '../../machines/startup/startupMachine';

/**
 * What the composition root hands to the views: the one HTTP client, the root's long-lived actors, and
 * feature machines already bound to their real implementations (views create their actors from these).
 */
export interface AppServices {
  http: HttpClient;
  session: ActorRefFrom<typeof sessionMachine>;
  startup: ActorRefFrom<typeof startupMachine>;
  loading: ActorRefFrom<typeof loadingMachine>;
  profileLogic: typeof profileMachine;
  /** The signed-in user's organizations, shared by the user menu, the dashboard and the models screens. */
  organizations: ActorRefFrom<typeof organizationDirectoryMachine>;
  /** The live socket's events and status, for the screens' machines (the socket actor itself is the root's). */
  realtime: RealtimeFeed;
}

const AppServicesContext = createContext<AppServices | null>(null);

export function AppServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>;
}

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices must be used inside <AppServicesProvider>');
  return services;
}

/** The one HTTP client, for the feature hooks that bind a machine's implementations. */
export function useHttpClient(): HttpClient {
  return useAppServices().http;
}
