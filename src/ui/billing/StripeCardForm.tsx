import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry: importing it injects nothing. Stripe's script is fetched only when loadStripe is called, which
// happens only here, and this form renders only when the server's provider is 'stripe'.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo } from 'react';
import type { PaymentMethodKind } from '../../contract/http/billing';
import type { AttachableStripeConfirmer } from './stripeConfirmer';

export interface StripeCardFormProps {
  publishableKey: string;
  kind: PaymentMethodKind;
  confirmer: AttachableStripeConfirmer;
}

/**
 * Stripe Elements for the real provider: the card number, expiry and CVC are typed into Stripe's own field, so
 * they never reach our server. A US bank account is collected by Stripe's dialog when the form is submitted.
 */
export function StripeCardForm({ publishableKey, kind, confirmer }: StripeCardFormProps) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <StripeBridge confirmer={confirmer} />
      {kind === 'card' ? (
        <div className="form__field">
          <span>Card</span>
          <CardElement />
        </div>
      ) : (
        <p className="form-hint">Stripe asks for your bank account in its own window when you save.</p>
      )}
    </Elements>
  );
}

/** Hands Stripe.js and the card field to the statechart's port once Elements has them. */
function StripeBridge({ confirmer }: { confirmer: AttachableStripeConfirmer }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    confirmer.attach(stripe, () => elements?.getElement(CardElement) ?? null);
    return () => confirmer.attach(null, () => null);
  }, [confirmer, stripe, elements]);
  return null;
}
