import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { FormError } from './FormMessages';
import { passwordHint } from './passwordHint';
import { useResetEvents, type ResetActor } from './useResetActor';

export function ResetForm({ actorRef }: { actorRef: ResetActor }) {
  const events = useResetEvents(actorRef);
  const password = useSelector(actorRef, (s) => s.context.password);
  const confirmPassword = useSelector(actorRef, (s) => s.context.confirmPassword);
  const error = useSelector(actorRef, (s) => s.context.error);
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const tokenRejected = useSelector(actorRef, (s) => s.hasTag('tokenRejected'));
  const passwordId = useId();
  const confirmId = useId();
  const ruleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    events.submit();
  };

  if (tokenRejected) {
    return (
      <main className="auth-screen">
        <h1>Set a new password</h1>
        <FormError message={error} />
        <p>
          <Link to="/forgot">Request a new reset link</Link>
        </p>
      </main>
    );
  }

  return (
    <main className="auth-screen">
      <h1>Set a new password</h1>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <label htmlFor={passwordId}>New password</label>
        <input
          id={passwordId}
          type="password"
          autoComplete="new-password"
          aria-describedby={ruleId}
          value={password}
          onChange={(e) => events.changePassword(e.target.value)}
        />
        <p id={ruleId} className="form-hint">
          {passwordHint}
        </p>
        <label htmlFor={confirmId}>Confirm new password</label>
        <input
          id={confirmId}
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => events.changeConfirmPassword(e.target.value)}
        />
        <FormError message={error} />
        <button type="submit" disabled={busy}>
          Reset password
        </button>
      </form>
      <p>
        <Link to="/login">Back to log in</Link>
      </p>
    </main>
  );
}
