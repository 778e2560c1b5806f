import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import type { AppServices } from './AppServices';
import { AppServicesProvider } from './AppServices';
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
