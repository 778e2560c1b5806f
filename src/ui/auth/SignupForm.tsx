import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { signupRequestMachine } from '../../machines/auth/signupRequestMachine';
import { FormError, FormNotice } from './FormMessages';

export type SignupRequestActorRef = ActorRefFrom<typeof signupRequestMachine>;

export function SignupForm({ actorRef }: { actorRef: SignupRequestActorRef }) {
  const emailAddress = useSelector(actorRef, (s) => s.context.emailAddress);
  const error = useSelector(actorRef, (s) => s.context.error);
  const notice = useSelector(actorRef, (s) => s.context.notice);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const checkMail = useSelector(actorRef, (s) => s.hasTag('sent'));
  const emailId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'request.submit' });
  };

  if (checkMail) {
    return (
      <main className="auth-screen">
        <h1>Check your mail</h1>
        <FormNotice message={notice} />
        <p>The link in that email opens the screens that create your account.</p>
        <button type="button" onClick={() => actorRef.send({ type: 'request.again' })}>
          Use a different email
        </button>
      </main>
    );
  }

  return (
    <main className="auth-screen">
      <h1>Sign up</h1>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <p>We will send you an email with a link to create your account.</p>
        <label htmlFor={emailId}>Email address</label>
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          value={emailAddress}
          onChange={(e) =>
            actorRef.send({ type: 'field.change', field: 'emailAddress', value: e.target.value })
          }
        />
        <FormError message={error} />
        <button type="submit" disabled={busy}>
          Sign up
        </button>
      </form>
      <p>
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </main>
  );
}
