import { useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  selectBillingAdministratorId,
  selectBillingCandidates,
  selectCanEditDetails,
  selectDetailsError,
  selectDetailsFailed,
  selectDetailsLoading,
  selectDetailsName,
  selectDetailsNameError,
  selectDetailsSaving,
  selectIsOwner,
} from '../../machines/organizations/detailsSelectors';
import { BillingAdministratorSelect } from './BillingAdministratorSelect';
import { useOrganizationId } from './OrganizationLayout';
import { useOrganizationDetailsActor, useOrganizationDetailsEvents } from './useOrganizationDetailsActor';

/** /organizations/{id}/settings/details */
export function OrganizationDetailsScreen() {
  const organizationId = useOrganizationId();
  return <OrganizationDetails key={organizationId} organizationId={organizationId} />;
}

function OrganizationDetails({ organizationId }: { organizationId: string }) {
  const actor = useOrganizationDetailsActor(organizationId);
  const events = useOrganizationDetailsEvents(actor);
  const loading = useSelector(actor, selectDetailsLoading);
  const failed = useSelector(actor, selectDetailsFailed);
  const name = useSelector(actor, selectDetailsName);
  const nameError = useSelector(actor, selectDetailsNameError);
  const error = useSelector(actor, selectDetailsError);
  const saving = useSelector(actor, selectDetailsSaving);
  const canEdit = useSelector(actor, selectCanEditDetails);
  const isOwner = useSelector(actor, selectIsOwner);
  const billingAdministratorId = useSelector(actor, selectBillingAdministratorId);
  const candidates = useSelector(actor, selectBillingCandidates);
  const nameId = useId();
  const nameErrorId = useId();

  if (loading) {
    return (
      <main className="page">
        <h1>Details</h1>
        <p className="page__note" role="status">
          Loading...
        </p>
      </main>
    );
  }
  if (failed) {
    return (
      <main className="page">
        <h1>Details</h1>
        <div className="list-state">
          <p className="form-message form-message--error" role="alert">
            {error ?? 'The organization could not be loaded.'}
          </p>
          <button type="button" onClick={events.retry}>
            Try again
          </button>
        </div>
      </main>
    );
  }

  return (
    <main className="page">
      <h1>Details</h1>
      <form
        className="card form"
        aria-label="Organization details"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          events.save();
        }}
      >
        <div className="form__field">
          <label htmlFor={nameId}>Organization name</label>
          <input
            id={nameId}
            name="organizationName"
            value={name}
            readOnly={!canEdit}
            aria-invalid={nameError !== null}
            aria-describedby={nameError !== null ? nameErrorId : undefined}
            onChange={(event) => events.changeName(event.target.value)}
          />
          {nameError !== null && (
            <span id={nameErrorId} className="field-error" role="alert">
              {nameError}
            </span>
          )}
        </div>
        <BillingAdministratorSelect
          candidates={candidates}
          value={billingAdministratorId}
          disabled={!isOwner}
          {...(isOwner ? {} : { hint: 'Only the owner chooses the billing administrator.' })}
          onChange={events.chooseBillingAdministrator}
        />
        {error !== null && (
          <p className="form-message form-message--error" role="alert">
            {error}
          </p>
        )}
        {canEdit && (
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        )}
      </form>
    </main>
  );
}
