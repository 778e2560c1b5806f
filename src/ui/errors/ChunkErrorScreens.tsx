import { ownMessages } from '../../contract/errors';

function ReloadScreen({ title, message }: { title: string; message: string }) {
  return (
    <main className="page error-screen" role="alert" aria-label={title}>
      <h1>{title}</h1>
      <p>{message}</p>
      <p className="error-screen__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </p>
    </main>
  );
}

/** Spec section 8: a code chunk did not arrive (offline, a new release replaced it, or the 120 s passed). */
export function ChunkLoadErrorScreen() {
  return <ReloadScreen title="ChunkLoadError" message={ownMessages.chunkLoadFailed} />;
}

/** Spec section 8: a screen's stylesheet did not arrive. */
export function StyleLoadErrorScreen() {
  return <ReloadScreen title="Styles could not be loaded" message={ownMessages.styleChunkLoadFailed} />;
}
