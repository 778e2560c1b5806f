import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import type { Organization } from '../../contract/http/organizations';
import {
  selectChosenOrganizationId,
  selectCreateModelError,
  selectCreatingModel,
  selectModelName,
  selectBillingGating,
  selectModelNameError,
  selectConfirmingPaidModel,
} from '../../machines/models/createModelSelectors';
import { selectCreationBlocked } from '../../machines/billing/gatingSelectors';
import { BillingGatingNotice } from '../billing/BillingGatingNotice';
import { PaidModelConfirm } from '../billing/PaidModelConfirm';
import { useCreateModelActor, useCreateModelEvents } from './useCreateModelActor';

export type NewModelFormProps =
  /** On an organization's page: the model goes there. */
  | { organizationId: string }
  /** On /models: the user chooses among their organizations. */
  | { organizations: readonly Organization[] };

/**
 * "New model": a name (and an organization where there is a choice); the new model's history opens next. The
 * billing gating statechart (a child of the form's machine) says how many free models are used and blocks the
 * form at the limit until a payment method is on file; past the free models it asks before a paid model is made.
 */
export function NewModelForm(props: NewModelFormProps) {
  const fixedOrganizationId = 'organizationId' in props ? props.organizationId : null;
  const choices = 'organizations' in props ? props.organizations : null;
  const choiceIds = useMemo(() => choices?.map((organization) => organization._id) ?? null, [choices]);
  const { actor, stripeConfirmer } = useCreateModelActor({
    organizationId: fixedOrganizationId,
    offeredOrganizationIds: choiceIds,
  });
  const events = useCreateModelEvents(actor);
  const name = useSelector(actor, selectModelName);
  const organizationId = useSelector(actor, selectChosenOrganizationId);
  const nameError = useSelector(actor, selectModelNameError);
  const error = useSelector(actor, selectCreateModelError);
  const busy = useSelector(actor, selectCreatingModel);
  const confirmingPaid = useSelector(actor, selectConfirmingPaidModel);
  const gating = useSelector(actor, selectBillingGating);
  const blocked = useSelector(gating, (snapshot) => (snapshot ? selectCreationBlocked(snapshot) : false));
  const nameId = useId();
  const nameErrorId = useId();

  return (
    <>
      <form
        className="inline-form"
        aria-label="New model"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          events.create();
        }}
      >
        <div className="form__field">
          <label htmlFor={nameId}>Model name</label>
          <input
            id={nameId}
            name="modelName"
            value={name}
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
        {choices && (
          <label className="form__field">
            <span>Organization</span>
            <select
              name="organizationId"
              value={organizationId}
              onChange={(event) => events.chooseOrganization(event.target.value)}
            >
              <option value="">Choose an organization</option>
              {choices.map((organization) => (
                <option key={organization._id} value={organization._id}>
                  {organization.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="submit" className="button button--primary" disabled={busy || blocked || confirmingPaid}>
          {busy ? 'Creating...' : 'Create model'}
        </button>
        {error !== null && (
          <p className="form-message form-message--error inline-form__message" role="alert">
            {error}
          </p>
        )}
      </form>
      {confirmingPaid && gating && (
        <PaidModelConfirm gating={gating} onConfirm={events.confirmPaid} onCancel={events.cancelPaid} />
      )}
      {/* Outside the form: the payment method form it may show is a form of its own. */}
      {gating && <BillingGatingNotice gating={gating} stripeConfirmer={stripeConfirmer} />}
    </>
  );
}
