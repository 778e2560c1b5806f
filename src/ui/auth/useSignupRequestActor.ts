import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import {
  createSignupRequestImplementations,
  signupRequestMachine,
} from '../../machines/auth/signupRequestMachine';
import { useHttpClient } from '../services/AppServices';
import type { EmailRequestActor } from './useEmailRequestEvents';

/** The sign-up request machine bound to the app's HTTP client; its intents are useEmailRequestEvents'. */
export function useSignupRequestActor(): EmailRequestActor {
  const http = useHttpClient();
  const logic = useMemo(
    () => signupRequestMachine.provide(createSignupRequestImplementations({ http })),
    [http],
  );
  return useActorRef(logic);
}
