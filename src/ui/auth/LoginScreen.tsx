import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { createLoginImplementations, loginMachine } from '../../machines/auth/loginMachine';
import { useHttpClient } from '../services/AppServices';
import { useSessionEvents } from '../session/useSession';
import { announceSuccess } from './announce';
import { LoginForm } from './LoginForm';

/** /login. Once the session starts, the router's public-route guard takes the user to /dashboard. */
export function LoginScreen() {
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
  const actorRef = useActorRef(logic);
  return <LoginForm actorRef={actorRef} />;
}
