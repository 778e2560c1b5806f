import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Organization } from '../../contract/http/organizations';
import {
  createOrganizationImplementations,
  createOrganizationMachine,
} from '../../machines/organizations/createOrganizationMachine';
import {
  selectCreatingOrganization,
  selectNewOrganizationError,
  selectNewOrganizationName,
} from '../../machines/organizations/selectors';
import { useHttpClient } from '../services/AppServices';
import { useOrganizationSaved } from './useOrganizationDirectory';

export interface CreateOrganizationFormProps {
  /** 'open' goes to the new organization's models; 'stay' keeps the user where they are (choosing it next). */
  afterCreate?: 'open' | 'stay';
  onCreated?: (organization: Organization) => void;
}

/** "New organization": a name; the user becomes its owner. */
export function CreateOrganizationForm({ afterCreate = 'open', onCreated }: CreateOrganizationFormProps) {
  const http = useHttpClient();
  const navigate = useNavigate();
  const organizationSaved = useOrganizationSaved();
  // The machine is made once; the latest callback is read when an organization is created.
  const onCreatedRef = useRef(onCreated);
  useEffect(() => {
    onCreatedRef.current = onCreated;
  }, [onCreated]);
  const logic = useMemo(
    () =>
      createOrganizationMachine.provide(
        createOrganizationImplementations({
          http,
          organizationCreated: (organization) => {
            organizationSaved(organization);
            onCreatedRef.current?.(organization);
            if (afterCreate === 'open') void navigate(`/organizations/${organization._id}/models`);
          },
        }),
      ),
    [http, navigate, organizationSaved, afterCreate],
  );
  const actor = useActorRef(logic);
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
        actor.send({ type: 'organization.create' });
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
          onChange={(event) => actor.send({ type: 'name.change', value: event.target.value })}
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
