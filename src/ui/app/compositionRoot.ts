import { createBrowserRouter } from 'react-router-dom';
import type { AppServices } from './AppServices';
import { browserLocalStorage, notifyWithToast, tabSessionId } from './browserPorts';
import { createAppServices } from './createAppServices';
import { appRoutes } from './routes';

/**
 * The one place where the app meets the browser: window.localStorage, the router's navigate, toasts and
 * location.reload are bound to the machines here and nowhere else.
 */
export function composeApp(): { services: AppServices; router: ReturnType<typeof createBrowserRouter> } {
  const services = createAppServices({
    storage: browserLocalStorage(),
    // Called only on logout and expiry, long after the router below exists.
    navigate: (to) => {
      void router.navigate(to);
    },
    notify: notifyWithToast,
    reloadBrowser: () => window.location.reload(),
    getSessionId: tabSessionId(),
  });
  const router = createBrowserRouter(appRoutes);
  return { services, router };
}
