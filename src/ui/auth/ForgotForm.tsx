import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { forgotMachine } from '../../machines/auth/forgotMachine';
import { FormError, FormNotice } from './FormMessages';

export type ForgotActorRef = ActorRefFrom<typeof forgotMachine>;

export function ForgotForm({ actorRef }: { actorRef: ForgotActorRef }) {
  const emailAddress = useSelector(actorRef, (s) => s.context.emailAddress);
  const error = useSelector(actorRef, (s) => s.context.error);
  const notice = useSelector(actorRef, (s) => s.context.notice);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const sent = useSelector(actorRef, (s) => s.hasTag('sent'));
  const emailId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actorRef.send({ type: 'request.submit' });
  };

  return (
    <main className="auth-screen">
      <h1>Reset your password</h1>
      {sent ? (
        <>
          <FormNotice message={notice} />
          <button type="button" onClick={() => actorRef.send({ type: 'request.again' })}>
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
            onChange={(e) =>
              actorRef.send({ type: 'field.change', field: 'emailAddress', value: e.target.value })
            }
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
