import { useCallback, useSyncExternalStore } from 'react';
import { ownMessages } from '../../contract/errors';
import { useAppServices } from '../services/AppServices';

/** After the 5th reconnection attempt failed, the live updates are off until the user tries again. */
export function LiveConnectionBanner() {
  const { realtime } = useAppServices();
  const subscribe = useCallback((onChange: () => void) => realtime.subscribe(() => onChange()), [realtime]);
  const status = useSyncExternalStore(subscribe, realtime.status);
  if (status !== 'offline') return null;
  return (
    <div className="form-message form-message--notice live-connection" role="status">
      <span>{ownMessages.realtimeOffline}</span>{' '}
      <button type="button" onClick={() => realtime.retry()}>
        Reconnect
      </button>
    </div>
  );
}
