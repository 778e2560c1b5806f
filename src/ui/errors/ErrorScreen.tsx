import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { chunkFailureOf } from '../chunks/chunks';
import { ChunkLoadErrorScreen, StyleLoadErrorScreen } from './ChunkErrorScreens';

/**
 * The error screens of spec section 8: a lazy chunk that did not arrive (ChunkLoadError), a stylesheet that did
 * not (the CSS screen), and the generic one for routing errors and screens that failed to render.
 */
export function ErrorScreen() {
  const error = useRouteError();
  const chunkFailure = chunkFailureOf(error);
  if (chunkFailure === 'script') return <ChunkLoadErrorScreen />;
  if (chunkFailure === 'style') return <StyleLoadErrorScreen />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="page error-screen">
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>
        {notFound
          ? 'This address does not lead anywhere in Gusset.'
          : 'This screen could not be shown. Reloading the page usually helps.'}
      </p>
      <p className="error-screen__actions">
        <Link to="/" className="button">
          Go to the start page
        </Link>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </p>
    </main>
  );
}
