import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { FormError, FormNotice } from './FormMessages';
import { useEmailRequestEvents, type EmailRequestActor } from './useEmailRequestEvents';

export function ForgotForm({ actorRef }: { actorRef: EmailRequestActor }) {
  const events = useEmailRequestEvents(actorRef);
  const emailAddress = useSelector(actorRef, (s) => s.context.emailAddress);
  const error = useSelector(actorRef, (s) => s.context.error);
  const notice = useSelector(actorRef, (s) => s.context.notice);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const sent = useSelector(actorRef, (s) => s.hasTag('sent'));
  const emailId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    events.submit();
  };

  return (
    <main className="auth-screen">
      <h1>Reset your password</h1>
      {sent ? (
        <>
          <FormNotice message={notice} />
          <button type="button" onClick={() => events.enterAnotherEmail()}>
            Use a different email
          </button>
        </>
      ) : (
        <form noValidate onSubmit={submit} aria-busy={busy}>
          <p>Enter the email address of your account and we will send you a link to set a new password.</p>
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
            Send reset link
          </button>
        </form>
      )}
      <p>
        <Link to="/login">Back to log in</Link>
      </p>
    </main>
  );
}
