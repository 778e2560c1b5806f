import type { z } from 'zod';
import type {
  addPaymentMethodBody,
  BillingCycle,
  PaymentMethodKind,
  PaymentMethodStatus,
  PaymentProviderName,
  PlanPrices,
} from '../../../contract/http/billing';

/** An organization as the payment provider knows it. */
export interface BillingCustomer {
  organizationId: string;
  organizationName: string;
  /** The owner's address, for the provider's receipts. */
  email: string;
  /** The provider's customer id, when one was made already. */
  customerId: string | null;
}

/** A payment method the provider accepted, ready to be stored. */
export interface CollectedPaymentMethod {
  externalId: string;
  setupIntentId: string | null;
  kind: PaymentMethodKind;
  brand: string | null;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  status: PaymentMethodStatus;
}

/** A stored payment method, as the provider needs it back. */
export interface StoredMethodRef {
  externalId: string;
  setupIntentId: string | null;
}

/** The subscription that bills paid models, as billing_accounts keeps it. */
export interface SubscriptionState {
  subscriptionId: string | null;
  subscriptionItemId: string | null;
}

export interface SubscriptionSync {
  customerId: string | null;
  current: SubscriptionState;
  cycle: BillingCycle;
  paidModels: number;
  /** The provider id of an active payment method to charge (null: none on file). */
  defaultPaymentMethod: string | null;
  organizationId: string;
}

export type AddPaymentMethodInput = z.output<typeof addPaymentMethodBody>;

/**
 * Where payment methods live. `stripe` (the official SDK) when the server has Stripe keys, else `local`: the
 * documented offline test mode that accepts test cards and a test bank account and never contacts anything.
 * Failures a user can fix are HttpErrors with the provider's message (402 for a declined card).
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly publishableKey: string | null;
  /** Shown in the UI: no real charges. */
  readonly testMode: boolean;
  /** The provider's customer for an organization without one yet (null: the provider keeps no customers). */
  createCustomer(customer: BillingCustomer): Promise<string | null>;
  /** Stripe Elements confirms this in the browser; the local provider refuses (it has its own form). */
  createSetupIntent(
    customer: BillingCustomer,
    kind: PaymentMethodKind,
  ): Promise<{ clientSecret: string; setupIntentId: string }>;
  /** Reads (Stripe) or checks (local) the method the browser collected. */
  collect(customer: BillingCustomer, input: AddPaymentMethodInput): Promise<CollectedPaymentMethod>;
  /** Confirms an ACH account's two micro-deposits (cents); resolves when it is now usable. */
  verifyMicrodeposits(method: StoredMethodRef, amounts: readonly [number, number]): Promise<void>;
  /** Forgets a method at the provider (it can no longer be charged). */
  detach(method: StoredMethodRef): Promise<void>;
  /**
   * Brings the per-paid-model subscription in line with the count of paid models and the billing cycle. Returns
   * the subscription to store (unchanged when the provider has none to keep).
   */
  syncSubscription(sync: SubscriptionSync): Promise<SubscriptionState>;
  /**
   * What one paid model costs per cycle, as configured at the provider. Never rejects: a price that is not
   * configured or cannot be read is null, so the billing screens still open.
   */
  planPrices(): Promise<PlanPrices>;
}
