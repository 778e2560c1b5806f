import { useSelector } from '@xstate/react';
import { ownMessages } from '../../contract/errors';
import type { StripeConfigResponse } from '../../contract/http/billing';
import {
  selectPaymentFormBusy,
  selectPaymentFormError,
  selectPaymentFormProvider,
  selectPaymentKind,
} from '../../machines/billing/paymentFormSelectors';
import { AccountHolderField, LocalCardForm } from './LocalCardForm';
import { StripeCardForm } from './StripeCardForm';
import type { AttachableStripeConfirmer } from './stripeConfirmer';
import { usePaymentFormEvents, type PaymentFormActor } from './usePaymentFormEvents';

export interface PaymentMethodFormProps {
  actor: PaymentFormActor;
  paymentSetup: StripeConfigResponse | null;
  stripeConfirmer: AttachableStripeConfirmer;
  onCancel: () => void;
}

const titles = { card: 'Add a card', us_bank_account: 'Add a US bank account (ACH)' } as const;

/** Adding a payment method: the local test-mode form, or Stripe Elements when the server uses Stripe. */
export function PaymentMethodForm({
  actor,
  paymentSetup,
  stripeConfirmer,
  onCancel,
}: PaymentMethodFormProps) {
  const form = usePaymentFormEvents(actor);
  const kind = useSelector(actor, selectPaymentKind);
  const error = useSelector(actor, selectPaymentFormError);
  const busy = useSelector(actor, selectPaymentFormBusy);
  const provider = useSelector(actor, selectPaymentFormProvider);
  const publishableKey = paymentSetup?.publishableKey ?? null;

  return (
    <form
      className="card form"
      aria-label={titles[kind]}
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <h3>{titles[kind]}</h3>
      {provider === 'local' ? (
        <LocalCardForm actor={actor} />
      ) : publishableKey === null ? (
        <p className="form-message form-message--error">{ownMessages.stripeNotConfigured}</p>
      ) : (
        <>
          {paymentSetup?.testMode && (
            <p className="form-message form-message--notice" role="note">
              Stripe test mode — use Stripe&apos;s test cards; no real charges.
            </p>
          )}
          {kind === 'us_bank_account' && <AccountHolderField actor={actor} />}
          <StripeCardForm publishableKey={publishableKey} kind={kind} confirmer={stripeConfirmer} />
        </>
      )}
      {error !== null && (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      )}
      <div className="inline-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save payment method'}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
