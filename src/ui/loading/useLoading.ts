import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { loadingMachine } from '../../machines/loading/loadingMachine';
import { useAppServices } from '../services/AppServices';

/** Reads one value of the loading overlay's machine. */
export function useLoadingSelector<T>(selector: (snapshot: SnapshotFrom<typeof loadingMachine>) => T): T {
  return useSelector(useAppServices().loading, selector);
}

/** The loading overlay's intents, memoised. */
export function useLoadingEvents() {
  const { loading } = useAppServices();
  return useMemo(() => ({ refreshBrowser: () => loading.send({ type: 'browser.refresh' }) }), [loading]);
}
