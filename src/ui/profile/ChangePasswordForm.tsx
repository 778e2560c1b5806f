import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import {
  createPasswordImplementations,
  passwordMachine,
  type PasswordField,
} from '../../machines/profile/passwordMachine';
import {
  selectPasswordError,
  selectPasswordForm,
  selectPasswordSaving,
} from '../../machines/profile/accountSelectors';
import { useHttpClient } from '../services/AppServices';
import { announceSuccess } from '../auth/announce';

const fields: ReadonlyArray<{ field: PasswordField; label: string; autoComplete: string }> = [
  { field: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

/**
 * The password part of /profile/profile. Other sessions of the user end and API tokens are revoked; this one stays
 * signed in.
 */
export function ChangePasswordForm() {
  const http = useHttpClient();
  const logic = useMemo(
    () => passwordMachine.provide(createPasswordImplementations({ http, announce: announceSuccess })),
    [http],
  );
  const actor = useActorRef(logic);
  const form = useSelector(actor, selectPasswordForm);
  const error = useSelector(actor, selectPasswordError);
  const saving = useSelector(actor, selectPasswordSaving);
  const errorId = useId();

  return (
    <form
      className="card form"
      aria-label="Change password"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'password.submit' });
      }}
    >
      <h2>Change password</h2>
      <p className="form-hint">
        Your other sessions are signed out and your personal API tokens are revoked: scripts will need a new
        token.
      </p>
      {fields.map(({ field, label, autoComplete }) => (
        <label key={field} className="form__field">
          <span>{label}</span>
          <input
            type="password"
            name={field}
            autoComplete={autoComplete}
            value={form[field]}
            aria-describedby={error !== null ? errorId : undefined}
            onChange={(event) => actor.send({ type: 'password.field', field, value: event.target.value })}
          />
        </label>
      ))}
      {error !== null && (
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? 'Saving...' : 'Change password'}
      </button>
    </form>
  );
}
