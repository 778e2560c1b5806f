import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { createForgotImplementations, forgotMachine } from '../../machines/auth/forgotMachine';
import { useHttpClient } from '../services/AppServices';
import { ForgotForm } from './ForgotForm';

/** /forgot */
export function ForgotScreen() {
  const http = useHttpClient();
  const logic = useMemo(() => forgotMachine.provide(createForgotImplementations({ http })), [http]);
  const actorRef = useActorRef(logic);
  return <ForgotForm actorRef={actorRef} />;
}
