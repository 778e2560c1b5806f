import type { User } from '../../contract/http/users';
import {
  selectEmailAddress,
  selectFirstName,
  selectIsSaving,
  selectLastName,
  selectProfileError,
} from '../../machines/profile/selectors';
import { selectUser } from '../../machines/session/selectors';
import { useSessionSelector } from '../session/useSession';
import { ApiTokensSection } from './ApiTokensSection';
import { ChangePasswordForm } from './ChangePasswordForm';
import { useProfileActor, useProfileEvents, useProfileSelector } from './useProfile';
import './profile.css';

/** /profile/profile: the user's first and last name, their password and their personal API tokens. */
export function ProfileDetailsScreen() {
  const user = useSessionSelector(selectUser);
  return (
    <main className="page profile-stack">
      <h1>Your Profile</h1>
      {user && <ProfileForm user={user} />}
      <ChangePasswordForm />
      <ApiTokensSection />
    </main>
  );
}

function ProfileForm({ user }: { user: User }) {
  const actor = useProfileActor(user);
  const firstName = useProfileSelector(actor, selectFirstName);
  const lastName = useProfileSelector(actor, selectLastName);
  const emailAddress = useProfileSelector(actor, selectEmailAddress);
  const error = useProfileSelector(actor, selectProfileError);
  const saving = useProfileSelector(actor, selectIsSaving);
  const { changeField, saveProfile } = useProfileEvents(actor);

  return (
    <form
      className="card form"
      aria-label="Your name"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        saveProfile();
      }}
    >
      <label className="form__field">
        <span>First name</span>
        <input
          name="firstName"
          autoComplete="given-name"
          value={firstName}
          onChange={(event) => changeField('firstName', event.target.value)}
        />
      </label>
      <label className="form__field">
        <span>Last name</span>
        <input
          name="lastName"
          autoComplete="family-name"
          value={lastName}
          onChange={(event) => changeField('lastName', event.target.value)}
        />
      </label>
      <label className="form__field">
        <span>Email</span>
        <input name="emailAddress" value={emailAddress} readOnly />
      </label>
      {error !== null && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}
