import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { ownMessages } from '../../contract/errors';
import type { billingGatingMachine } from '../../machines/billing/billingGatingMachine';
import {
  selectFreeModelUsage,
  selectGatingError,
  selectGatingOrganizationId,
  selectGatingPaymentForm,
  selectGatingStatus,
  selectMayManageBilling,
  selectPaidModelPrice,
  selectPaymentProvider,
} from '../../machines/billing/gatingSelectors';
import { paidModelPriceText } from './billingText';
import { PaymentMethodForm } from './PaymentMethodForm';
import { useBillingGatingEvents } from './useBillingGating';
import type { AttachableStripeConfirmer } from './stripeConfirmer';

type GatingActor = ActorRefFrom<typeof billingGatingMachine>;

export const askOwnerText = "Ask your organization's owner to add a payment method.";

export function freeModelsUsedText(usage: { used: number; limit: number }): string {
  return `${usage.used} of ${usage.limit} free models used`;
}

/** 'Each further model costs $25.00 per month (Test mode).' */
export function furtherModelPriceText(priceText: string): string {
  return `Each further model costs ${priceText}.`;
}

/**
 * What a model-creation screen shows of the billing gating statechart: how many free models are used; at the
 * limit, why creation is blocked and, for the owner and the billing administrator, the payment method form in
 * place (others are told whom to ask).
 */
export function BillingGatingNotice({
  gating,
  stripeConfirmer,
  label = 'Free models',
}: {
  gating: GatingActor;
  stripeConfirmer: AttachableStripeConfirmer;
  /** The group's accessible name; a second notice on the same page needs its own. */
  label?: string;
}) {
  const notice = useBillingGatingEvents(gating);
  const status = useSelector(gating, selectGatingStatus);
  const usage = useSelector(gating, selectFreeModelUsage);
  const mayManage = useSelector(gating, selectMayManageBilling);
  const organizationId = useSelector(gating, selectGatingOrganizationId);
  const error = useSelector(gating, selectGatingError);
  const paymentForm = useSelector(gating, selectGatingPaymentForm);
  const paymentSetup = useSelector(gating, selectPaymentProvider);
  const paidPrice = useSelector(gating, selectPaidModelPrice);

  if (usage === null) return null;
  const priceText = paidPrice && paidModelPriceText(paidPrice.price, paidPrice.testMode);
  const billingLink = organizationId && (
    <Link to={`/organizations/${organizationId}/settings/billing`}>Billing settings</Link>
  );

  return (
    <div className="billing-gating" aria-label={label} role="group">
      <p className="form-hint" role="status">
        {freeModelsUsedText(usage)}
        {status === 'paid' && ". New models are paid with your organization's payment method."}
      </p>
      {status !== 'free' && status !== 'checking' && priceText && (
        <p className="form-hint">{furtherModelPriceText(priceText)}</p>
      )}
      {(status === 'atLimit' || status === 'addingPaymentMethod') && (
        <p className="form-message form-message--notice">{ownMessages.freeModelsUsed}</p>
      )}
      {status === 'atLimit' &&
        (mayManage ? (
          <div className="inline-form__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => notice.addPaymentMethod()}
            >
              Add a payment method
            </button>
            {billingLink}
          </div>
        ) : (
          <p className="form-hint">{askOwnerText}</p>
        ))}
      {status === 'addingPaymentMethod' &&
        (paymentForm ? (
          <PaymentMethodForm
            actor={paymentForm}
            paymentSetup={paymentSetup}
            stripeConfirmer={stripeConfirmer}
            onCancel={() => notice.cancelPaymentMethod()}
          />
        ) : (
          <p className="page__note" role="status">
            Loading...
          </p>
        ))}
      {error !== null && (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
