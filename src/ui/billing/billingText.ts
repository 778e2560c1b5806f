import type {
  BillingCycle,
  PaymentMethod,
  PaymentMethodStatus,
  PlanPrice,
} from '../../contract/http/billing';

/** How the billing page names things. */

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Visa •••• 4242' or 'Bank account •••• 6789' (with the bank's name when known). */
export function paymentMethodLabel(method: PaymentMethod): string {
  const name =
    method.kind === 'card'
      ? capitalized(method.brand ?? 'card')
      : method.brand
        ? `${method.brand} bank account`
        : 'Bank account';
  return `${name} •••• ${method.last4}`;
}

export function paymentMethodDetails(method: PaymentMethod): string | null {
  if (method.expMonth === null || method.expYear === null) return null;
  return `Expires ${String(method.expMonth).padStart(2, '0')}/${method.expYear}`;
}

export const paymentMethodStatusText: Record<PaymentMethodStatus, string> = {
  active: 'Active',
  pending_verification: 'Waiting for micro-deposit verification',
  failed: 'Failed',
};

export const billingCycleText: Record<BillingCycle, string> = { monthly: 'Monthly', annual: 'Annual' };

/** An amount in minor units as money, e.g. 2500 usd → '$25.00' (Intl knows each currency's decimals). */
export function formatPlanAmount(price: Pick<PlanPrice, 'amount' | 'currency'>): string {
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: price.currency.toUpperCase(),
  });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(price.amount / 10 ** decimals);
}

/** '$25.00 per month'. */
export function pricePerIntervalText(price: PlanPrice): string {
  return `${formatPlanAmount(price)} per ${price.interval}`;
}

export const testModeLabel = 'Test mode';

/** '$25.00 per month (Test mode)': the provider's price of one paid model; null when it has none to show. */
export function paidModelPriceText(price: PlanPrice | null, testMode: boolean): string | null {
  if (!price) return null;
  return `${pricePerIntervalText(price)}${testMode ? ` (${testModeLabel})` : ''}`;
}
