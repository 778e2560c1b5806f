import { randomUUID } from 'node:crypto';
import { ownMessages } from '../../../contract/errors';
import { localTestBankAccount, localTestCards } from '../../../contract/http/billing';
import type { Clock } from '../../clock';
import type { BillingConfig } from '../../config';
import { HttpError } from '../../httpError';
import type { CollectedPaymentMethod, PaymentProvider } from './provider';

/** Card networks by their leading digits, for the brand the page shows. */
function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (number.startsWith('6011')) return 'discover';
  return 'unknown';
}

/** The Luhn checksum every real card number passes: catches a mistyped digit. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

/**
 * The local payment provider: the documented offline test mode used when Stripe keys are not configured. It
 * behaves like Stripe's test mode for the data it documents and contacts nothing:
 * - card 4242 4242 4242 4242, any future expiry and any CVC: accepted;
 * - card 4000 0000 0000 0002: declined, 402 'Your card was declined.'; any other valid number is declined too
 *   (no real card works in test mode); a mistyped number (Luhn) is 402 'Your card number is incorrect.';
 * - bank account routing 110000000, account 000123456789: added pending verification, verified with the
 *   micro-deposit amounts 32 and 45 (cents, either order).
 * There is no subscription: nothing is ever charged. Its prices (LOCAL_PRICE_MONTHLY, LOCAL_PRICE_ANNUAL,
 * LOCAL_PRICE_CURRENCY) are only shown, labelled "Test mode", so the screens look as they will with Stripe.
 */
export function createLocalProvider({
  clock,
  prices,
}: {
  clock: Clock;
  prices: BillingConfig['localPrices'];
}): PaymentProvider {
  function card(input: { number: string; expMonth: number; expYear: number }): CollectedPaymentMethod {
    if (!passesLuhn(input.number)) throw new HttpError(402, ownMessages.cardNumberIncorrect);
    const now = clock();
    const expired =
      input.expYear < now.getUTCFullYear() ||
      (input.expYear === now.getUTCFullYear() && input.expMonth < now.getUTCMonth() + 1);
    if (expired) throw new HttpError(402, ownMessages.cardExpired);
    if (input.number !== localTestCards.succeeds) throw new HttpError(402, ownMessages.cardDeclined);
    return {
      externalId: `local_pm_${randomUUID()}`,
      setupIntentId: null,
      kind: 'card',
      brand: brandOf(input.number),
      last4: input.number.slice(-4),
      expMonth: input.expMonth,
      expYear: input.expYear,
      status: 'active',
    };
  }

  return {
    name: 'local',
    publishableKey: null,
    testMode: true,

    createCustomer: async () => null,

    async createSetupIntent() {
      throw new HttpError(400, ownMessages.setupIntentNeedsStripe);
    },

    async collect(_customer, input) {
      if ('card' in input) return card(input.card);
      if ('bankAccount' in input) {
        const account = input.bankAccount;
        if (
          account.routingNumber !== localTestBankAccount.routingNumber ||
          account.accountNumber !== localTestBankAccount.accountNumber
        ) {
          throw new HttpError(400, ownMessages.bankAccountUnknown);
        }
        return {
          externalId: `local_ba_${randomUUID()}`,
          setupIntentId: null,
          kind: 'us_bank_account',
          brand: 'STRIPE TEST BANK',
          last4: account.accountNumber.slice(-4),
          expMonth: null,
          expYear: null,
          status: 'pending_verification',
        };
      }
      throw new HttpError(400, ownMessages.setupIntentNeedsStripe);
    },

    async verifyMicrodeposits(_method, amounts) {
      const expected = [...localTestBankAccount.microDepositAmounts].sort((a, b) => a - b);
      const given = [...amounts].sort((a, b) => a - b);
      if (given[0] !== expected[0] || given[1] !== expected[1]) {
        throw new HttpError(400, ownMessages.microDepositAmountsWrong);
      }
    },

    detach: async () => undefined,

    syncSubscription: async (sync) => sync.current,

    planPrices: async () => ({
      monthly: { amount: prices.monthly, currency: prices.currency, interval: 'month' },
      annual: { amount: prices.annual, currency: prices.currency, interval: 'year' },
    }),
  };
}
