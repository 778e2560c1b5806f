import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { selectIsRestoring } from '../../machines/session/selectors';
import type { startupMachine } from '../../machines/startup/startupMachine';
import { useAppServices } from '../services/AppServices';
import { useSessionSelector } from '../session/useSession';

export function useStartupSelector<T>(selector: (snapshot: SnapshotFrom<typeof startupMachine>) => T): T {
  return useSelector(useAppServices().startup, selector);
}

const selectStartupInitializing = (snapshot: SnapshotFrom<typeof startupMachine>) =>
  snapshot.hasTag('initializing');

/** The initializing screen stays for its two seconds, and longer if the stored session is still being checked. */
export function useIsInitializing(): boolean {
  const startupInitializing = useStartupSelector(selectStartupInitializing);
  const sessionRestoring = useSessionSelector(selectIsRestoring);
  return startupInitializing || sessionRestoring;
}
