import { SignupForm } from './SignupForm';
import { useSignupRequestActor } from './useSignupRequestActor';

/** /signup: asks for the verification mail; the account is created from its link at /verify. */
export function SignupScreen() {
  return <SignupForm actorRef={useSignupRequestActor()} />;
}
