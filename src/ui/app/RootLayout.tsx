import { Outlet } from 'react-router-dom';
import { LoadingOverlay } from '../loading/LoadingOverlay';
import { Footer } from '../navigation/Footer';
import { TopNavigation } from '../navigation/TopNavigation';
import { InitializingScreen } from '../startup/InitializingScreen';
import { useIsInitializing } from '../startup/useStartup';
import { LiveConnectionBanner } from './LiveConnectionBanner';

/**
 * Every screen sits in this frame: the top navigation, the live connection's banner when it is off, the screen,
 * the footer, and the loading overlay.
 */
export function RootLayout() {
  const initializing = useIsInitializing();
  if (initializing) return <InitializingScreen />;
  return (
    <div className="app-shell">
      <TopNavigation />
      <div className="app-shell__content">
        <LiveConnectionBanner />
        <Outlet />
      </div>
      <Footer />
      <LoadingOverlay />
    </div>
  );
}
