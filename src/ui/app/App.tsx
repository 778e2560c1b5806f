import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import type { AppServices } from '../services/AppServices';
import { AppServicesProvider } from '../services/AppServices';
import { Toasts } from './Toasts';

export function App({
  services,
  router,
}: {
  services: AppServices;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  return (
    <AppServicesProvider services={services}>
      <RouterProvider router={router} />
      <Toasts />
    </AppServicesProvider>
  );
}
