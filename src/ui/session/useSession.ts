import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { User } from '../../contract/http/users';
import type { sessionMachine } from '../../machines/session/sessionMachine';
import { useAppServices } from '../services/AppServices';

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
