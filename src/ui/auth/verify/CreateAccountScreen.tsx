import type { FormEvent } from 'react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { selectError, selectIsBusy } from '../../../machines/signup/selectors';
import type { CreateAccountField } from '../../../machines/signup/types';
import { FormError } from '../FormMessages';
import { passwordHint } from '../passwordHint';
import { useSignupFlowEvents, useSignupFlowSelector } from './SignupFlowContext';

const fields: { field: CreateAccountField; label: string; type: string; autoComplete: string }[] = [
  { field: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
];

/** /verify/create-account: the account's name and password; the email and its proof come from the link. */
export function CreateAccountScreen() {
  const linkMissing = useSignupFlowSelector((s) => s.hasTag('linkMissing'));
  const emailAddress = useSignupFlowSelector((s) => s.context.link?.emailAddress ?? '');
  const values = {
    firstName: useSignupFlowSelector((s) => s.context.firstName),
    lastName: useSignupFlowSelector((s) => s.context.lastName),
    password: useSignupFlowSelector((s) => s.context.password),
    confirmPassword: useSignupFlowSelector((s) => s.context.confirmPassword),
  };
  const error = useSignupFlowSelector(selectError);
  const busy = useSignupFlowSelector(selectIsBusy);
  const events = useSignupFlowEvents();
  const idPrefix = useId();
  const hintId = `${idPrefix}-hint`;

  if (linkMissing) {
    return (
      <main className="auth-screen">
        <h1>Create your account</h1>
        <p role="alert">
          An account is created from the link in the verification email. Open that link, or sign up to get a
          new one.
        </p>
        <p>
          <Link to="/signup">Sign up</Link>
        </p>
      </main>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    events.submitAccountDetails();
  };

  return (
    <main className="auth-screen">
      <h1>Create your account</h1>
      <p>
        Signing up as <strong>{emailAddress}</strong>
      </p>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        {fields.map(({ field, label, type, autoComplete }) => (
          <div key={field} className="form-field">
            <label htmlFor={`${idPrefix}-${field}`}>{label}</label>
            <input
              id={`${idPrefix}-${field}`}
              type={type}
              autoComplete={autoComplete}
              aria-describedby={field === 'password' ? hintId : undefined}
              value={values[field]}
              onChange={(e) => events.changeField(field, e.target.value)}
            />
            {field === 'password' && (
              <p id={hintId} className="form-hint">
                {passwordHint}
              </p>
            )}
          </div>
        ))}
        <FormError message={error} />
        <button type="submit" disabled={busy}>
          Continue
        </button>
      </form>
      <p>
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </main>
  );
}
