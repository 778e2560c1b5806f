import { useSelector } from '@xstate/react';
import {
  selectDownloadedId,
  selectDownloadError,
  selectDownloading,
  selectPluginGroups,
  selectPluginsLoadError,
  selectPluginsLoading,
} from '../../../machines/plugins/selectors';
import { selectIsBusy } from '../../../machines/signup/selectors';
import { PluginList } from '../../plugins/PluginList';
import { usePluginsActor, usePluginsEvents } from '../../plugins/usePluginsActor';
import { useSignupFlowEvents, useSignupFlowSelector } from './SignupFlowContext';

/**
 * /verify/download-plugins: the same downloads as Get Plugins. A file downloads in place, so the sign-up flow
 * (the survey comes next) is not left; everything stays under Get Plugins for later.
 */
export function DownloadPluginsScreen() {
  const busy = useSignupFlowSelector(selectIsBusy);
  const events = useSignupFlowEvents();
  const plugins = usePluginsActor(null);
  const pluginEvents = usePluginsEvents(plugins);
  const groups = useSelector(plugins, selectPluginGroups);
  const loading = useSelector(plugins, selectPluginsLoading);
  const loadError = useSelector(plugins, selectPluginsLoadError);
  const downloading = useSelector(plugins, selectDownloading);
  const downloadedId = useSelector(plugins, selectDownloadedId);
  const downloadError = useSelector(plugins, selectDownloadError);

  return (
    <main className="auth-screen">
      <h1>Download the plugins</h1>
      <p>Your account is ready. Connect your tools to Gusset now, or later from Get Plugins.</p>
      {loading && <p role="status">Loading the downloads…</p>}
      {loadError !== null && (
        <div role="alert">
          <p>{loadError}</p>
          <button type="button" onClick={pluginEvents.retry}>
            Try again
          </button>
        </div>
      )}
      {downloadError !== null && <p role="alert">{downloadError}</p>}
      <PluginList
        groups={groups}
        fileAction={(plugin) => (
          <button
            type="button"
            className="button"
            disabled={downloading}
            aria-label={`Download ${plugin.title}`}
            onClick={() => pluginEvents.download(plugin.id)}
          >
            {downloadedId === plugin.id ? 'Downloaded' : 'Download'}
          </button>
        )}
      />
      <button type="button" onClick={events.continueFromPlugins} disabled={busy}>
        Next
      </button>
    </main>
  );
}
