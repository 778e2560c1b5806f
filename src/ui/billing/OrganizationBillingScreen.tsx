import { useSelector } from '@xstate/react';
import { billingCycleSchema, type BillingResponse, type PaymentMethod } from '../../contract/http/billing';
import {
  selectAddKind,
  selectBilling,
  selectBillingAdministrator,
  selectBillingAdministratorCandidates,
  selectBillingAdministratorId,
  selectBillingBusy,
  selectBillingError,
  selectBillingLoadError,
  selectBillingPageStatus,
  selectBillingProvider,
  selectIsAdding,
  selectIsOwner,
  selectPaymentMethods,
  selectRemovalCandidate,
  selectSettingsPaymentForm,
  selectVerification,
} from '../../machines/billing/settingsSelectors';
import { personDisplayName } from '../../machines/organizations/organizationSelectors';
import { BillingAdministratorSelect } from '../organizations/BillingAdministratorSelect';
import { useOrganizationId } from '../organizations/OrganizationLayout';
import { freeModelsUsedText, furtherModelPriceText } from './BillingGatingNotice';
import {
  billingCycleText,
  paidModelPriceText,
  pricePerIntervalText,
  paymentMethodDetails,
  paymentMethodLabel,
  paymentMethodStatusText,
} from './billingText';
import { TestModeBanner } from './LocalCardForm';
import { PaymentMethodForm } from './PaymentMethodForm';
import type { AttachableStripeConfirmer } from './stripeConfirmer';
import {
  useBillingSettingsActor,
  useBillingSettingsEvents,
  type BillingSettingsActor as SettingsActor,
} from './useBillingSettingsActor';

/** /organizations/{id}/settings/billing: the owner's and the billing administrator's page. */
export function OrganizationBillingScreen() {
  const organizationId = useOrganizationId();
  return <OrganizationBilling key={organizationId} organizationId={organizationId} />;
}

function OrganizationBilling({ organizationId }: { organizationId: string }) {
  const { actor, stripeConfirmer } = useBillingSettingsActor(organizationId);
  const settings = useBillingSettingsEvents(actor);
  const status = useSelector(actor, selectBillingPageStatus);
  const loadError = useSelector(actor, selectBillingLoadError);

  if (status === 'loading') {
    return (
      <main className="page">
        <h1>Billing</h1>
        <p className="page__note" role="status">
          Loading...
        </p>
      </main>
    );
  }
  if (status === 'notAllowed') {
    return (
      <main className="page">
        <h1>Billing</h1>
        <p className="form-message form-message--notice">
          Only the organization&apos;s owner and its billing administrator can see and change billing.
        </p>
      </main>
    );
  }
  if (status === 'failed') {
    return (
      <main className="page">
        <h1>Billing</h1>
        <div className="list-state">
          <p className="form-message form-message--error" role="alert">
            {loadError ?? 'Billing could not be loaded.'}
          </p>
          <button type="button" onClick={() => settings.retry()}>
            Try again
          </button>
        </div>
      </main>
    );
  }
  return <BillingPage actor={actor} stripeConfirmer={stripeConfirmer} />;
}

function BillingPage({
  actor,
  stripeConfirmer,
}: {
  actor: SettingsActor;
  stripeConfirmer: AttachableStripeConfirmer;
}) {
  const settings = useBillingSettingsEvents(actor);
  const billing = useSelector(actor, selectBilling);
  const paymentSetup = useSelector(actor, selectBillingProvider);
  const methods = useSelector(actor, selectPaymentMethods);
  const error = useSelector(actor, selectBillingError);
  const busy = useSelector(actor, selectBillingBusy);
  const adding = useSelector(actor, selectIsAdding);
  const addKind = useSelector(actor, selectAddKind);
  const paymentForm = useSelector(actor, selectSettingsPaymentForm);

  return (
    <main className="page">
      <h1>Billing</h1>
      {paymentSetup?.provider === 'local' && <TestModeBanner />}
      {billing && (
        <section className="card page-section" aria-labelledby="billing-models-heading">
          <h2 id="billing-models-heading">Models</h2>
          <p>
            {freeModelsUsedText({
              used: Math.min(billing.freeModels, billing.freeModelLimit),
              limit: billing.freeModelLimit,
            })}
            . Paid models: {billing.paidModels}.
          </p>
          <p className="form-hint">
            Every organization has {billing.freeModelLimit} free models. More need a payment method on file.
          </p>
          <PaidModelPrice billing={billing} />
        </section>
      )}

      <section className="page-section" aria-labelledby="payment-methods-heading">
        <h2 id="payment-methods-heading">Payment methods</h2>
        {error !== null && (
          <p className="form-message form-message--error" role="alert">
            {error}
          </p>
        )}
        {methods.length === 0 ? (
          <p className="page__note">No payment method on file.</p>
        ) : (
          <ul className="item-list" aria-label="Payment methods">
            {methods.map((method) => (
              <PaymentMethodRow key={method._id} actor={actor} method={method} busy={busy || adding} />
            ))}
          </ul>
        )}
        <RemovalConfirmation actor={actor} />
        <VerificationForm actor={actor} />
        {adding ? (
          paymentForm && (
            <PaymentMethodForm
              key={addKind}
              actor={paymentForm}
              paymentSetup={paymentSetup}
              stripeConfirmer={stripeConfirmer}
              onCancel={() => settings.cancelPaymentMethod()}
            />
          )
        ) : (
          <div className="inline-form__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => settings.addPaymentMethod('card')}
            >
              Add a card
            </button>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => settings.addPaymentMethod('us_bank_account')}
            >
              Add a US bank account
            </button>
          </div>
        )}
      </section>

      <BillingCycleSection actor={actor} />
      <BillingAdministratorSection actor={actor} />
    </main>
  );
}

function PaymentMethodRow({
  actor,
  method,
  busy,
}: {
  actor: SettingsActor;
  method: PaymentMethod;
  busy: boolean;
}) {
  const settings = useBillingSettingsEvents(actor);
  const label = paymentMethodLabel(method);
  const details = paymentMethodDetails(method);
  return (
    <li className="item-list__row" aria-label={label}>
      <div className="item-list__main">
        <span className="item-list__title">{label}</span>
        <p className="item-list__meta">
          {details && `${details} · `}
          {paymentMethodStatusText[method.status]}
        </p>
      </div>
      <div className="item-list__actions">
        {method.status === 'pending_verification' && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => settings.startVerification(method._id)}
          >
            Verify
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => settings.removePaymentMethod(method._id)}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

function RemovalConfirmation({ actor }: { actor: SettingsActor }) {
  const settings = useBillingSettingsEvents(actor);
  const candidate = useSelector(actor, selectRemovalCandidate);
  if (!candidate) return null;
  return (
    <div className="confirm" role="alertdialog" aria-label="Remove payment method">
      <p>Remove {paymentMethodLabel(candidate)}?</p>
      <div className="inline-form__actions">
        <button type="button" className="button button--primary" onClick={() => settings.confirmRemoval()}>
          Remove payment method
        </button>
        <button type="button" className="button" onClick={() => settings.cancelRemoval()}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function VerificationForm({ actor }: { actor: SettingsActor }) {
  const settings = useBillingSettingsEvents(actor);
  const verification = useSelector(actor, selectVerification);
  const busy = useSelector(actor, selectBillingBusy);
  if (!verification) return null;
  return (
    <form
      className="card form"
      aria-label="Verify bank account"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        settings.submitVerification();
      }}
    >
      <p>
        Enter the two micro-deposits, in cents, that arrived on {paymentMethodLabel(verification.method)}.
      </p>
      {([0, 1] as const).map((index) => (
        <label key={index} className="form__field">
          <span>{index === 0 ? 'First amount (cents)' : 'Second amount (cents)'}</span>
          <input
            name={`amount${index + 1}`}
            inputMode="numeric"
            value={verification.amounts[index]}
            readOnly={busy}
            onChange={(event) => settings.changeVerificationAmount(index, event.target.value)}
          />
        </label>
      ))}
      <div className="inline-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => settings.cancelVerification()}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

/** What each further model costs on the organization's cycle; the provider may have no price to give. */
function PaidModelPrice({ billing }: { billing: BillingResponse }) {
  const text = paidModelPriceText(billing.prices[billing.billingCycle], billing.testMode);
  return (
    <p>{text ? furtherModelPriceText(text) : 'The price of a paid model is not available right now.'}</p>
  );
}

function BillingCycleSection({ actor }: { actor: SettingsActor }) {
  const settings = useBillingSettingsEvents(actor);
  const billing = useSelector(actor, selectBilling);
  const busy = useSelector(actor, selectBillingBusy);
  if (!billing) return null;
  return (
    <section className="card page-section" aria-labelledby="billing-cycle-heading">
      <h2 id="billing-cycle-heading">Billing cycle</h2>
      <fieldset disabled={busy}>
        <legend>Paid models are billed</legend>
        {billingCycleSchema.options.map((cycle) => (
          <label key={cycle} className="form-check">
            <input
              type="radio"
              name="billingCycle"
              value={cycle}
              checked={billing.billingCycle === cycle}
              onChange={() => settings.changeCycle(cycle)}
            />
            {billingCycleText[cycle]}
            {billing.prices[cycle] && ` — ${pricePerIntervalText(billing.prices[cycle])} per paid model`}
          </label>
        ))}
      </fieldset>
    </section>
  );
}

function BillingAdministratorSection({ actor }: { actor: SettingsActor }) {
  const settings = useBillingSettingsEvents(actor);
  const isOwner = useSelector(actor, selectIsOwner);
  const current = useSelector(actor, selectBillingAdministrator);
  const chosen = useSelector(actor, selectBillingAdministratorId);
  const candidates = useSelector(actor, selectBillingAdministratorCandidates);
  const busy = useSelector(actor, selectBillingBusy);

  return (
    <section className="card page-section" aria-labelledby="billing-administrator-heading">
      <h2 id="billing-administrator-heading">Billing administrator</h2>
      {isOwner ? (
        <form
          className="form"
          aria-label="Billing administrator"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            settings.saveBillingAdministrator();
          }}
        >
          <BillingAdministratorSelect
            candidates={candidates}
            value={chosen}
            disabled={busy}
            onChange={(userId) => settings.changeBillingAdministrator(userId)}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            Save billing administrator
          </button>
        </form>
      ) : (
        <p>
          {current ? personDisplayName(current) : 'The owner'} manages billing. Only the owner chooses the
          billing administrator.
        </p>
      )}
    </section>
  );
}
