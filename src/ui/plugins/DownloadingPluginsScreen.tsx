import { useSelector } from '@xstate/react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  selectDownloadedId,
  selectDownloadError,
  selectDownloading,
  selectPluginsLoadError,
  selectRequestedPlugin,
  selectSavedFileName,
} from '../../machines/plugins/selectors';
import { usePluginsActor, usePluginsEvents } from './usePluginsActor';

/** /downloadingPlugins?plugin={id}: starts one download chosen on Get Plugins and says how it went. */
export function DownloadingPluginsScreen() {
  const [params] = useSearchParams();
  const requested = params.get('plugin');
  if (!requested) {
    return (
      <main className="page">
        <h1>Downloading plugins</h1>
        <p className="page__note">
          Choose what to download on <Link to="/downloadPlugins">Get Plugins</Link>.
        </p>
      </main>
    );
  }
  // A new ?plugin= starts a new actor.
  return <Downloading key={requested} id={requested} />;
}

function Downloading({ id }: { id: string }) {
  const actor = usePluginsActor(id);
  const events = usePluginsEvents(actor);
  const plugin = useSelector(actor, selectRequestedPlugin);
  const downloading = useSelector(actor, selectDownloading);
  const downloadedId = useSelector(actor, selectDownloadedId);
  const savedFileName = useSelector(actor, selectSavedFileName);
  const downloadError = useSelector(actor, selectDownloadError);
  const loadError = useSelector(actor, selectPluginsLoadError);
  const error = downloadError ?? loadError;
  const title = plugin?.title ?? 'your download';

  return (
    <main className="page">
      <h1>Downloading plugins</h1>
      {downloadedId === null && error === null && <p role="status">Downloading {title}…</p>}
      {downloadedId !== null && !downloading && (
        <p role="status">
          {title} is downloaded{savedFileName ? ` as ${savedFileName}` : ''}. Look in your browser’s
          downloads.
        </p>
      )}
      {error !== null && !downloading && (
        <div role="alert">
          <p>{error}</p>
          {plugin && (
            <button type="button" className="button" onClick={() => events.download(id)}>
              Try again
            </button>
          )}
        </div>
      )}
      <p>
        <Link to="/downloadPlugins">Back to Get Plugins</Link>
      </p>
    </main>
  );
}
