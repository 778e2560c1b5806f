import type { ColorSchemeName, User } from '../../contract/http/users';
import { colorSchemeName } from '../../contract/http/users';
import type { ColorSchemeView } from '../../machines/profile/profileMachine';
import {
  selectDefaultScheme,
  selectIsSaving,
  selectProfileError,
  selectRepairScheme,
  selectTestingGroup,
} from '../../machines/profile/selectors';
import { selectUser } from '../../machines/session/selectors';
import { useSessionSelector } from '../session/useSession';
import { useProfileActor, useProfileEvents, useProfileSelector } from './useProfile';

const schemeLabels: Record<ColorSchemeName, string> = { dark: 'Dark', light: 'Light', white: 'White' };

/** /profile/preferences: the viewer's colour schemes for normal views and for repair. */
export function PreferencesScreen() {
  const user = useSessionSelector(selectUser);
  return (
    <main className="page">
      <h1>Preferences</h1>
      {user && <PreferencesForm user={user} />}
    </main>
  );
}

function PreferencesForm({ user }: { user: User }) {
  const actor = useProfileActor(user);
  const defaultScheme = useProfileSelector(actor, selectDefaultScheme);
  const repairScheme = useProfileSelector(actor, selectRepairScheme);
  const error = useProfileSelector(actor, selectProfileError);
  const saving = useProfileSelector(actor, selectIsSaving);
  const testingGroup = useProfileSelector(actor, selectTestingGroup);
  const { changeColorScheme, savePreferences } = useProfileEvents(actor);

  const schemeSelect = (view: ColorSchemeView, label: string, value: ColorSchemeName) => (
    <label className="form__field">
      <span>{label}</span>
      <select
        name={view}
        value={value}
        onChange={(event) => changeColorScheme(view, colorSchemeName.parse(event.target.value))}
      >
        {colorSchemeName.options.map((scheme) => (
          <option key={scheme} value={scheme}>
            {schemeLabels[scheme]}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <form
      className="card form"
      onSubmit={(event) => {
        event.preventDefault();
        savePreferences();
      }}
    >
      <fieldset className="form__group">
        <legend>Viewer colour schemes</legend>
        {schemeSelect('default', 'Normal views', defaultScheme)}
        {schemeSelect('repair', 'Repair', repairScheme)}
      </fieldset>
      <label className="form__field">
        <span>Testing group</span>
        {/* Shown, not edited: internal admins put users in testing groups. */}
        <input
          name="testingGroup"
          value={testingGroup ?? 'None'}
          readOnly
          aria-describedby="testing-group-hint"
        />
      </label>
      <p id="testing-group-hint" className="form-hint">
        Testing groups try new features early. Ask the Gusset team to join one.
      </p>
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
