import type { BillingCycle, PaymentMethod, PaymentMethodStatus } from '../../contract/http/billing';

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
