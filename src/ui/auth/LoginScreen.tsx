import { LoginForm } from './LoginForm';
import { useLoginActor } from './useLoginActor';

/** /login. Once the session starts, the router's public-route guard takes the user to /dashboard. */
export function LoginScreen() {
  return <LoginForm actorRef={useLoginActor()} />;
}
