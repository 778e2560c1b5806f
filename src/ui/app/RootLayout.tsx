import { Outlet } from 'react-router-dom';
import { LoadingOverlay } from '../loading/LoadingOverlay';
import { Footer } from '../navigation/Footer';
import { TopNavigation } from '../navigation/TopNavigation';
import { InitializingScreen } from '../startup/InitializingScreen';
import { useIsInitializing } from './hooks';

/** Every screen sits in this frame: the top navigation, the screen, the footer, and the loading overlay. */
export function RootLayout() {
  const initializing = useIsInitializing();
  if (initializing) return <InitializingScreen />;
  return (
    <div className="app-shell">
      <TopNavigation />
      <div className="app-shell__content">
        <Outlet />
      </div>
      <Footer />
      <LoadingOverlay />
    </div>
  );
}
