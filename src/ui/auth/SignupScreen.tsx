import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import {
  createSignupRequestImplementations,
  signupRequestMachine,
} from '../../machines/auth/signupRequestMachine';
import { useHttpClient } from '../services/AppServices';
import { SignupForm } from './SignupForm';

/** /signup: asks for the verification mail; the account is created from its link at /verify. */
export function SignupScreen() {
  const http = useHttpClient();
  const logic = useMemo(
    () => signupRequestMachine.provide(createSignupRequestImplementations({ http })),
    [http],
  );
  const actorRef = useActorRef(logic);
  return <SignupForm actorRef={actorRef} />;
}
