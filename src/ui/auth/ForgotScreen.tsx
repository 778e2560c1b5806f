import { ForgotForm } from './ForgotForm';
import { useForgotActor } from './useForgotActor';

/** /forgot */
export function ForgotScreen() {
  return <ForgotForm actorRef={useForgotActor()} />;
}
