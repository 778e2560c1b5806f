import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { FormError, FormNotice } from './FormMessages';
import { useEmailRequestEvents, type EmailRequestActor } from './useEmailRequestEvents';

export function SignupForm({ actorRef }: { actorRef: EmailRequestActor }) {
  const events = useEmailRequestEvents(actorRef);
  const emailAddress = useSelector(actorRef, (s) => s.context.emailAddress);
  const error = useSelector(actorRef, (s) => s.context.error);
  const notice = useSelector(actorRef, (s) => s.context.notice);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const checkMail = useSelector(actorRef, (s) => s.hasTag('sent'));
  const emailId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    events.submit();
  };

  if (checkMail) {
    return (
      <main className="auth-screen">
        <h1>Check your mail</h1>
        <FormNotice message={notice} />
        <p>The link in that email opens the screens that create your account.</p>
        <button type="button" onClick={() => events.enterAnotherEmail()}>
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
          onChange={(e) => events.changeEmail(e.target.value)}
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
