import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import {
  selectPluginGroups,
  selectPluginsLoadError,
  selectPluginsLoading,
} from '../../machines/plugins/selectors';
import { PluginList } from './PluginList';
import { usePluginsActor, usePluginsEvents } from './usePluginsActor';

/** /downloadPlugins (Get Plugins): everything there is to download, by platform. */
export function PluginsScreen() {
  const actor = usePluginsActor(null);
  const events = usePluginsEvents(actor);
  const groups = useSelector(actor, selectPluginGroups);
  const loading = useSelector(actor, selectPluginsLoading);
  const loadError = useSelector(actor, selectPluginsLoadError);

  return (
    <main className="page">
      <h1>Get Plugins</h1>
      <p className="page__note">
        Connect your tools to Gusset: export guides for the programs whose files Gusset reads, the RAM plugin,
        the Excel template, and the Python client and command line for your own scripts.
      </p>
      {loading && <p role="status">Loading the downloads…</p>}
      {loadError !== null && (
        <div role="alert">
          <p>{loadError}</p>
          <button type="button" className="button" onClick={events.retry}>
            Try again
          </button>
        </div>
      )}
      <PluginList
        groups={groups}
        fileAction={(plugin) => (
          <Link
            className="button button--primary"
            to={`/downloadingPlugins?plugin=${encodeURIComponent(plugin.id)}`}
            aria-label={`Download ${plugin.title}`}
          >
            Download
          </Link>
        )}
      />
    </main>
  );
}
