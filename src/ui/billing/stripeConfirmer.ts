import type { SetupIntentResult, Stripe, StripeCardElement } from '@stripe/stripe-js';
import type {
  StripeConfirmInput,
  StripeConfirmResult,
  StripeSetupConfirmer,
} from '../../machines/billing/paymentMethodFormMachine';

/** Said when Stripe.js has not finished loading, or refuses without a reason. */
const stripeUnavailable = 'Stripe could not be reached. Please try again.';

export interface AttachableStripeConfirmer extends StripeSetupConfirmer {
  /** The Stripe form hands over Stripe.js and its card field once mounted (null when it unmounts). */
  attach(stripe: Stripe | null, card: () => StripeCardElement | null): void;
}

function resultOf({ setupIntent, error }: SetupIntentResult): StripeConfirmResult {
  if (error) return { ok: false, message: error.message ?? stripeUnavailable };
  return setupIntent
    ? { ok: true, setupIntentId: setupIntent.id }
    : { ok: false, message: stripeUnavailable };
}

/**
 * The port through which the payment method statechart has Stripe.js confirm a SetupIntent. The machine is
 * created before Stripe Elements mounts, so the Stripe form attaches Stripe.js here when it is ready. A card is
 * confirmed with the CardElement; a US bank account goes through Stripe's bank account collection, then its
 * confirmation (micro-deposits are verified later on the billing page).
 */
export function createStripeConfirmer(): AttachableStripeConfirmer {
  let stripe: Stripe | null = null;
  let cardElement: () => StripeCardElement | null = () => null;

  return {
    attach(nextStripe, card) {
      stripe = nextStripe;
      cardElement = card;
    },
    async confirm(input: StripeConfirmInput): Promise<StripeConfirmResult> {
      if (!stripe) return { ok: false, message: stripeUnavailable };
      if (input.kind === 'card') {
        const card = cardElement();
        if (!card) return { ok: false, message: stripeUnavailable };
        return resultOf(await stripe.confirmCardSetup(input.clientSecret, { payment_method: { card } }));
      }
      const collected = await stripe.collectBankAccountForSetup({
        clientSecret: input.clientSecret,
        params: {
          payment_method_type: 'us_bank_account',
          payment_method_data: { billing_details: { name: input.accountHolderName } },
        },
      });
      if (collected.error) return resultOf(collected);
      return resultOf(await stripe.confirmUsBankAccountSetup(input.clientSecret));
    },
  };
}
