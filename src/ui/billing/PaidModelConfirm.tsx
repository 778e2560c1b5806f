import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { billingGatingMachine } from '../../machines/billing/billingGatingMachine';
import { selectPaidModelPrice } from '../../machines/billing/gatingSelectors';
import { paidModelPriceText } from './billingText';

/** What the user agrees to before a paid model is made. */
export function paidModelConfirmText(priceText: string | null): string {
  return priceText
    ? `The free models are used: this model will be paid, ${priceText}, charged to your organization's payment method.`
    : "The free models are used: this model will be paid, charged to your organization's payment method.";
}

/**
 * Asks before a model that will be charged is created (the creation statechart is in `confirmingPaid`); the
 * price is the one the gating statechart read with the quota, on the organization's billing cycle.
 */
export function PaidModelConfirm({
  gating,
  onConfirm,
  onCancel,
}: {
  gating: ActorRefFrom<typeof billingGatingMachine>;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const paidPrice = useSelector(gating, selectPaidModelPrice);
  const priceText = paidPrice && paidModelPriceText(paidPrice.price, paidPrice.testMode);
  return (
    <div className="confirm confirm--charge" role="alertdialog" aria-label="Confirm paid model">
      <p>{paidModelConfirmText(priceText)}</p>
      <div className="inline-form__actions">
        <button type="button" className="button button--primary" onClick={onConfirm}>
          Create paid model
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
