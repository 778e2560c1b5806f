import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { Organization } from '../../contract/http/organizations';
import {
  selectCreatingOrganization,
  selectNewOrganizationError,
  selectNewOrganizationName,
} from '../../machines/organizations/selectors';
import { useCreateOrganizationActor, useCreateOrganizationEvents } from './useCreateOrganizationActor';

export interface CreateOrganizationFormProps {
  /** 'open' goes to the new organization's models; 'stay' keeps the user where they are (choosing it next). */
  afterCreate?: 'open' | 'stay';
  onCreated?: (organization: Organization) => void;
}

/** "New organization": a name; the user becomes its owner. */
export function CreateOrganizationForm({ afterCreate = 'open', onCreated }: CreateOrganizationFormProps) {
  const actor = useCreateOrganizationActor({ afterCreate, onCreated });
  const events = useCreateOrganizationEvents(actor);
  const name = useSelector(actor, selectNewOrganizationName);
  const error = useSelector(actor, selectNewOrganizationError);
  const busy = useSelector(actor, selectCreatingOrganization);
  const inputId = useId();
  const errorId = useId();

  return (
    <form
      className="inline-form"
      aria-label="New organization"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        events.create();
      }}
    >
      <div className="form__field">
        <label htmlFor={inputId}>Organization name</label>
        <input
          id={inputId}
          name="organizationName"
          value={name}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? errorId : undefined}
          onChange={(event) => events.changeName(event.target.value)}
        />
        {error !== null && (
          <span id={errorId} className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Creating...' : 'Create organization'}
      </button>
    </form>
  );
}
