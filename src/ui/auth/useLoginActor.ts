import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import { createLoginImplementations, loginMachine } from '../../machines/auth/loginMachine';
import { useHttpClient } from '../services/AppServices';
import { useSessionEvents } from '../session/useSession';
import { announceSuccess } from './announce';

export type LoginActor = ActorRefFrom<typeof loginMachine>;
type LoginEvent = EventFrom<typeof loginMachine>;

/** The login machine bound to the app's HTTP client, the session and the toasts. */
export function useLoginActor(): LoginActor {
  const http = useHttpClient();
  const session = useSessionEvents();
  const logic = useMemo(
    () =>
      loginMachine.provide(
        createLoginImplementations({
          http,
          startSession: ({ token, user }) => session.started(token, user, false),
          announce: announceSuccess,
        }),
      ),
    [http, session],
  );
  return useActorRef(logic);
}

/** What the user does on the login form, memoised: views call these and never build events. */
export function useLoginEvents(actor: LoginActor) {
  return useMemo(() => {
    const send = (event: LoginEvent) => actor.send(event);
    return {
      changeEmail: (value: string) => send({ type: 'field.change', field: 'emailAddress', value }),
      changePassword: (value: string) => send({ type: 'field.change', field: 'password', value }),
      submit: () => send({ type: 'login.submit' }),
    };
  }, [actor]);
}
