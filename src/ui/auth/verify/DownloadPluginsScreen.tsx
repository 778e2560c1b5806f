import { selectIsBusy } from '../../../machines/signup/selectors';
import { useSignupFlowEvents, useSignupFlowSelector } from './SignupFlowContext';

const plugins = ['Revit', 'ETABS', 'SAP2000', 'RAM', 'Tekla', 'Grasshopper', 'Excel'] as const;

/** /verify/download-plugins: which tools Gusset connects to. The downloads arrive with a later issue. */
export function DownloadPluginsScreen() {
  const busy = useSignupFlowSelector(selectIsBusy);
  const events = useSignupFlowEvents();

  return (
    <main className="auth-screen">
      <h1>Download the plugins</h1>
      <p>Your account is ready. Gusset works with your models from these tools:</p>
      <ul aria-label="Plugins">
        {plugins.map((plugin) => (
          <li key={plugin}>{plugin}</li>
        ))}
      </ul>
      <p role="note">
        The plugin downloads are not available yet. They will appear under Get Plugins in a later release.
      </p>
      <button type="button" onClick={events.continueFromPlugins} disabled={busy}>
        Next
      </button>
    </main>
  );
}
