import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { createSignupImplementations, signupMachine } from '../../../machines/signup/signupMachine';
import type { SignupInput } from '../../../machines/signup/types';
import { useHttpClient } from '../../services/AppServices';
import { useSessionEvents } from '../../session/useSession';
import type { SignupFlowActor } from './SignupFlowContext';

/**
 * The sign-up flow machine bound to the app's HTTP client, the session (started with the sign-up flag set) and
 * the router; its input (the mailed link, a resumed user) is read once. Intents: useSignupFlowEvents.
 */
export function useSignupFlowActor(input: SignupInput): SignupFlowActor {
  const http = useHttpClient();
  const session = useSessionEvents();
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      signupMachine.provide(
        createSignupImplementations({
          http,
          startSession: ({ token, user }) => session.started(token, user, true),
          finishSignup: () => session.finishSignup(),
          openDashboard: () => navigate('/dashboard'),
        }),
      ),
    [http, session, navigate],
  );
  return useActorRef(logic, { input });
}
