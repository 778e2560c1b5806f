import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import type { Model } from '../../contract/http/models';
import { selectCreationBlocked } from '../../machines/billing/gatingSelectors';
import { cloneTargets } from '../../machines/model/cloneModelMachine';
import {
  selectCloneBillingGating,
  selectCloneError,
  selectCloneName,
  selectCloneNameError,
  selectCloneOrganizationId,
  selectCloning,
  selectConfirmingPaidClone,
} from '../../machines/model/cloneSelectors';
import { BillingGatingNotice } from '../billing/BillingGatingNotice';
import { PaidModelConfirm } from '../billing/PaidModelConfirm';
import { useOrganizationDirectory } from '../organizations/useOrganizationDirectory';
import { useCloneModelActor, useCloneModelEvents } from './useCloneModelActor';

/**
 * Clone the model into one of the user's organizations (its own by default); the copy's history opens next.
 * The copy counts against the chosen organization's free models: the billing gating statechart follows it.
 */
export function CloneModelForm({ model }: { model: Model }) {
  const directory = useOrganizationDirectory();
  const targets = useMemo(() => cloneTargets(directory.organizations), [directory.organizations]);
  const targetIds = useMemo(
    () => (directory.loaded ? targets.map((target) => target._id) : null),
    [directory.loaded, targets],
  );
  const { actor, stripeConfirmer } = useCloneModelActor({ model, offeredOrganizationIds: targetIds });
  const events = useCloneModelEvents(actor);
  const name = useSelector(actor, selectCloneName);
  const organizationId = useSelector(actor, selectCloneOrganizationId);
  const nameError = useSelector(actor, selectCloneNameError);
  const error = useSelector(actor, selectCloneError);
  const busy = useSelector(actor, selectCloning);
  const confirmingPaid = useSelector(actor, selectConfirmingPaidClone);
  const gating = useSelector(actor, selectCloneBillingGating);
  const blocked = useSelector(gating, (snapshot) => (snapshot ? selectCreationBlocked(snapshot) : false));
  const nameId = useId();

  return (
    <section className="card page-section" aria-labelledby="clone-model-heading">
      <h2 id="clone-model-heading">Clone model</h2>
      <form
        className="form"
        aria-label="Clone model"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          events.clone();
        }}
      >
        <div className="form__field">
          <label htmlFor={nameId}>Name of the copy</label>
          <input
            id={nameId}
            name="cloneName"
            value={name}
            aria-invalid={nameError !== null}
            onChange={(event) => events.changeName(event.target.value)}
          />
          {nameError !== null && (
            <span className="field-error" role="alert">
              {nameError}
            </span>
          )}
        </div>
        <label className="form__field">
          <span>Into organization</span>
          <select
            name="cloneOrganizationId"
            value={organizationId}
            onChange={(event) => events.chooseOrganization(event.target.value)}
          >
            <option value="">Choose an organization</option>
            {targets.map((target) => (
              <option key={target._id} value={target._id}>
                {target.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary" disabled={busy || blocked || confirmingPaid}>
          {busy ? 'Cloning...' : 'Clone model'}
        </button>
        {error !== null && (
          <p className="form-message form-message--error" role="alert">
            {error}
          </p>
        )}
      </form>
      {confirmingPaid && gating && (
        <PaidModelConfirm gating={gating} onConfirm={events.confirmPaid} onCancel={events.cancelPaid} />
      )}
      {gating && <BillingGatingNotice gating={gating} stripeConfirmer={stripeConfirmer} />}
    </section>
  );
}
