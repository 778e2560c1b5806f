import { Link } from 'react-router-dom';
import { catchAllScreen } from '../../machines/session/routeAccess';
import { selectToken } from '../../machines/session/selectors';
import { useSessionSelector } from '../session/useSession';
import { LandingScreen } from '../auth/LandingScreen';

/** An unknown address: the landing screen for visitors, the not-found screen for a signed-in user (catchAllScreen). */
export function CatchAllScreen() {
  const token = useSessionSelector(selectToken);
  return catchAllScreen({ token }) === 'notFound' ? <NotFoundScreen /> : <LandingScreen />;
}

/**
 * Inside the app shell (RootLayout: navigation and footer stay), in the words of the router's own not-found
 * screen (ErrorScreen), with the way back to the dashboard.
 */
export function NotFoundScreen() {
  return (
    <main className="page error-screen">
      <h1>Page not found</h1>
      <p>This address does not lead anywhere in Gusset.</p>
      <p className="error-screen__actions">
        <Link to="/dashboard" className="button button--primary">
          Go to the dashboard
        </Link>
      </p>
    </main>
  );
}
