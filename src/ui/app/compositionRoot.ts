import { createBrowserRouter } from 'react-router-dom';
import { createRealtimeSocket } from '../../api/socket';
import { SOCKET_TIMEOUT_MS } from '../../machines/constants';
import type { AppServices } from '../services/AppServices';
import {
  browserLocalStorage,
  logRealtimeProblem,
  notifyRealtimeWithToast,
  notifyWithToast,
  tabSessionId,
} from './browserPorts';
import { listenForStyleChunkFailures } from '../chunks/chunks';
import { createAppServices } from './createAppServices';
import { appRoutes } from './routes';

/**
 * The one place where the app meets the browser: window.localStorage, the router's navigate, toasts, the live
 * socket and location.reload are bound to the machines here and nowhere else.
 */
export function composeApp(): { services: AppServices; router: ReturnType<typeof createBrowserRouter> } {
  const services = createAppServices({
    storage: browserLocalStorage(),
    // Called only on logout and expiry, long after the router below exists.
    navigate: (to) => {
      void router.navigate(to);
    },
    notify: notifyWithToast,
    notifyRealtime: notifyRealtimeWithToast,
    // The API host is the page's own origin: one process serves both.
    openSocket: (token) => createRealtimeSocket({ token, timeoutMs: SOCKET_TIMEOUT_MS }),
    logProblem: logRealtimeProblem,
    reloadBrowser: () => window.location.reload(),
    getSessionId: tabSessionId(),
    sincePageStart: () => performance.now(),
  });
  listenForStyleChunkFailures(window);
  const router = createBrowserRouter(appRoutes);
  return { services, router };
}
