import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { HttpClient } from '../../api/types';
import type { User } from '../../contract/http/users';
import type { loadingMachine } from '../../machines/loading/loadingMachine';
import type { sessionMachine } from '../../machines/session/sessionMachine';
import { selectIsRestoring } from '../../machines/session/selectors';
import type { startupMachine } from '../../machines/startup/startupMachine';
import { useAppServices } from './AppServices';

/** Reads one value of the session; the view re-renders only when that value changes. */
export function useSessionSelector<T>(selector: (snapshot: SnapshotFrom<typeof sessionMachine>) => T): T {
  return useSelector(useAppServices().session, selector);
}

/** The session intents, memoised: views call these and never build events themselves. */
export function useSessionEvents() {
  const { session } = useAppServices();
  return useMemo(
    () => ({
      started: (token: string, user: User, signupInProgress = false) =>
        session.send({ type: 'session.started', token, user, signupInProgress }),
      logout: () => session.send({ type: 'session.logout' }),
      expired: () => session.send({ type: 'session.expired' }),
      userUpdated: (user: User) => session.send({ type: 'user.updated', user }),
      finishSignup: () => session.send({ type: 'signup.finished' }),
      clearStorage: () => session.send({ type: 'session.clearStorage' }),
    }),
    [session],
  );
}

export function useHttpClient(): HttpClient {
  return useAppServices().http;
}

export function useLoadingSelector<T>(selector: (snapshot: SnapshotFrom<typeof loadingMachine>) => T): T {
  return useSelector(useAppServices().loading, selector);
}

export function useLoadingEvents() {
  const { loading } = useAppServices();
  return useMemo(() => ({ refreshBrowser: () => loading.send({ type: 'browser.refresh' }) }), [loading]);
}

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
