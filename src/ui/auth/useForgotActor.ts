import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { createForgotImplementations, forgotMachine } from '../../machines/auth/forgotMachine';
import { useHttpClient } from '../services/AppServices';
import type { EmailRequestActor } from './useEmailRequestEvents';

/** The forgot-password machine bound to the app's HTTP client; its intents are useEmailRequestEvents'. */
export function useForgotActor(): EmailRequestActor {
  const http = useHttpClient();
  const logic = useMemo(() => forgotMachine.provide(createForgotImplementations({ http })), [http]);
  return useActorRef(logic);
}
