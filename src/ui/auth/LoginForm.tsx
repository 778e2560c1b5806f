import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { FormError } from './FormMessages';
import { useLoginEvents, type LoginActor } from './useLoginActor';

/** The login form over a running login actor; LoginScreen binds the actor to the real session and server. */
export function LoginForm({ actorRef }: { actorRef: LoginActor }) {
  const events = useLoginEvents(actorRef);
  const emailAddress = useSelector(actorRef, (s) => s.context.emailAddress);
  const password = useSelector(actorRef, (s) => s.context.password);
  const error = useSelector(actorRef, (s) => s.context.error);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const emailId = useId();
  const passwordId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    events.submit();
  };

  return (
    <main className="auth-screen">
      <h1>Log in</h1>
      {/* noValidate: the machine's messages are the product's wording, not the browser's. */}
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <label htmlFor={emailId}>Email address</label>
        <input
          id={emailId}
          type="email"
          autoComplete="username"
          value={emailAddress}
          onChange={(e) => events.changeEmail(e.target.value)}
        />
        <label htmlFor={passwordId}>Password</label>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => events.changePassword(e.target.value)}
        />
        <FormError message={error} />
        <button type="submit" disabled={busy}>
          Log in
        </button>
      </form>
      <p>
        <Link to="/forgot">Forgot your password?</Link>
      </p>
      <p>
        New to Gusset? <Link to="/signup">Sign up</Link>
      </p>
    </main>
  );
}
