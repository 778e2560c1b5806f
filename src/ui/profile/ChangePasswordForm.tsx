import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { PasswordField } from '../../machines/profile/passwordMachine';
import {
  selectPasswordError,
  selectPasswordForm,
  selectPasswordSaving,
} from '../../machines/profile/accountSelectors';
import { usePasswordActor, usePasswordEvents } from './usePasswordActor';

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
  const actor = usePasswordActor();
  const events = usePasswordEvents(actor);
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
        events.submit();
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
            onChange={(event) => events.changeField(field, event.target.value)}
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
