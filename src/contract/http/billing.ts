import { z } from 'zod';
import { text } from './text';
import { ownMessages } from '../errors';

/**
 * Billing (issue #10). An organization has FREE_MODEL_LIMIT free models; every further model is PAID and needs a
 * usable payment method on file (an active card or a verified bank account). The server decides a new model's
 * plan inside the transaction that inserts it, with the organization row locked, so parallel requests cannot
 * exceed the quota; a refused request is 402 with ownMessages.freeModelsUsed.
 *
 * Payment methods go through a provider: 'stripe' when the server has Stripe keys, otherwise 'local', the
 * documented offline test mode (no real charges; see README "Payments: Stripe or the local test provider").
 *
 * Who: the organization's owner and its billing administrator read and change everything under
 * /api/organizations/{id}/billing (others who see the organization get 401, strangers 404). The quota summary
 * (GET …/billing/quota) is readable by every member, so the model-creation screens can tell why they are blocked.
 */

export const FREE_MODEL_LIMIT = 3;

/** A model's plan (Model JSON `plan`). */
export const modelPlanSchema = z.enum(['FREE', 'PAID']);
export type ModelPlan = z.infer<typeof modelPlanSchema>;

export const paymentProviderNameSchema = z.enum(['stripe', 'local']);
export type PaymentProviderName = z.infer<typeof paymentProviderNameSchema>;

export const paymentMethodKindSchema = z.enum(['card', 'us_bank_account']);
export type PaymentMethodKind = z.infer<typeof paymentMethodKindSchema>;

/** Only 'active' methods pay for models; a bank account is pending until its micro-deposits are verified. */
export const paymentMethodStatusSchema = z.enum(['active', 'pending_verification', 'failed']);
export type PaymentMethodStatus = z.infer<typeof paymentMethodStatusSchema>;

export const billingCycleSchema = z.enum(['monthly', 'annual']);
export type BillingCycle = z.infer<typeof billingCycleSchema>;

/**
 * The organization's billingStatus: 'free' without paid models; 'active' while paid models are paid for (a
 * usable method on file, or Stripe's invoice.paid); 'past_due' after invoice.payment_failed; 'canceled' after
 * customer.subscription.deleted while paid models remain.
 */
export const billingStatusSchema = z.enum(['free', 'active', 'past_due', 'canceled']);
export type BillingStatus = z.infer<typeof billingStatusSchema>;

/** What one paid model costs per billing interval. */
export const planPriceSchema = z.object({
  /** In the currency's minor units (cents for usd), as Stripe keeps it. */
  amount: z.number().int().min(0),
  /** ISO 4217, lower case as Stripe writes it ('usd'). */
  currency: z.string(),
  interval: z.enum(['month', 'year']),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

/**
 * The price of one paid model by billing cycle, from the provider's configuration (Stripe's prices, or the local
 * provider's test prices). Null for a cycle whose price is not configured or could not be read.
 */
export const planPricesSchema = z.object({
  monthly: planPriceSchema.nullable(),
  annual: planPriceSchema.nullable(),
});
export type PlanPrices = z.infer<typeof planPricesSchema>;

/** GET /stripe/config (public, no session needed). Stripe.js may be loaded only when provider is 'stripe'. */
export const stripeConfigResponse = z.object({
  provider: paymentProviderNameSchema,
  publishableKey: z.string().nullable(),
  /** True for the local provider and for Stripe test keys (pk_test_…): the UI labels it. */
  testMode: z.boolean(),
  prices: planPricesSchema,
});
export type StripeConfigResponse = z.infer<typeof stripeConfigResponse>;

export const paymentMethodSchema = z.object({
  _id: z.string(),
  provider: paymentProviderNameSchema,
  kind: paymentMethodKindSchema,
  /** Card brand ('visa', …) or, for a bank account, the bank's name when known. */
  brand: z.string().nullable(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  status: paymentMethodStatusSchema,
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** GET /api/organizations/{id}/billing (owner and billing administrator). */
export const billingResponse = z.object({
  organizationId: z.string(),
  provider: paymentProviderNameSchema,
  testMode: z.boolean(),
  billingStatus: billingStatusSchema,
  billingCycle: billingCycleSchema,
  /** Newest first. */
  paymentMethods: z.array(paymentMethodSchema),
  freeModelLimit: z.number().int(),
  freeModels: z.number().int(),
  paidModels: z.number().int(),
  /** A usable (active) payment method is on file. */
  canCreatePaidModels: z.boolean(),
  prices: planPricesSchema,
});
export type BillingResponse = z.infer<typeof billingResponse>;

/**
 * GET /api/organizations/{id}/billing/quota: every member of the organization (OWNER, ADMIN, MEMBER, BILLING).
 * What the billing gating statechart needs: free → at limit → adding a payment method → paid.
 */
export const billingQuotaResponse = z.object({
  organizationId: z.string(),
  freeModelLimit: z.number().int(),
  freeModels: z.number().int(),
  paidModels: z.number().int(),
  canCreatePaidModels: z.boolean(),
  /** The signed-in user is the owner or the billing administrator (may open the billing page). */
  canManageBilling: z.boolean(),
  billingStatus: billingStatusSchema,
  /** The cycle a new paid model is billed on, and what it costs: the fourth model's confirmation names it. */
  billingCycle: billingCycleSchema,
  testMode: z.boolean(),
  prices: planPricesSchema,
});
export type BillingQuotaResponse = z.infer<typeof billingQuotaResponse>;

/** POST /api/organizations/{id}/billing/setupIntent (Stripe only; the local provider answers 400). */
export const createSetupIntentBody = z.strictObject({ kind: paymentMethodKindSchema.default('card') });
export type CreateSetupIntentBody = z.input<typeof createSetupIntentBody>;
export const setupIntentResponse = z.object({
  clientSecret: z.string(),
  setupIntentId: z.string(),
});
export type SetupIntentResponse = z.infer<typeof setupIntentResponse>;

const digits = (name: string, min: number, max: number) =>
  z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, { error: `${name} must contain digits only.` })
        .min(min, { error: `${name} is too short.` })
        .max(max, { error: `${name} is too long.` }),
    );

/** Local provider only: test card numbers (see localTestCards). */
export const localCardSchema = z.strictObject({
  number: digits('Card number', 12, 19),
  expMonth: z.coerce.number().int().min(1, { error: 'Expiry month must be 1 to 12.' }).max(12, {
    error: 'Expiry month must be 1 to 12.',
  }),
  expYear: z.coerce.number().int().min(2000).max(2100),
  cvc: digits('CVC', 3, 4),
});
export type LocalCard = z.input<typeof localCardSchema>;

/** Local provider only: the ACH test account (see localTestBankAccount). */
export const localBankAccountSchema = z.strictObject({
  routingNumber: digits('Routing number', 9, 9),
  accountNumber: digits('Account number', 4, 17),
  accountHolderName: text().trim().min(1, { error: 'Account holder name is required.' }).max(200),
});
export type LocalBankAccount = z.input<typeof localBankAccountSchema>;

/**
 * POST /api/organizations/{id}/billing/paymentMethods → 201 paymentMethodChangedResponse.
 * Stripe: { setupIntentId } of a SetupIntent the browser confirmed with Stripe Elements (the server reads it and
 * its PaymentMethod from Stripe). Local: { card } or { bankAccount } (a bank account starts pending_verification).
 * A declined card answers 402 with its reason (e.g. ownMessages.cardDeclined).
 */
export const addPaymentMethodBody = z.union([
  z.strictObject({ setupIntentId: text().min(1).max(200) }),
  z.strictObject({ card: localCardSchema }),
  z.strictObject({ bankAccount: localBankAccountSchema }),
]);
export type AddPaymentMethodBody = z.input<typeof addPaymentMethodBody>;

/**
 * POST …/billing/paymentMethods/{paymentMethodId}/verify: the two micro-deposit amounts, in cents. Local test
 * mode: 32 and 45.
 */
export const verifyPaymentMethodBody = z.strictObject({
  amounts: z.tuple([z.number().int().min(1).max(99), z.number().int().min(1).max(99)]),
});
export type VerifyPaymentMethodBody = z.input<typeof verifyPaymentMethodBody>;

/** What adding (201) and verifying (200) a payment method answer: the toast text, the method, the new overview. */
export const paymentMethodChangedResponse = z.object({
  message: z.string(),
  paymentMethod: paymentMethodSchema,
  billing: billingResponse,
});
export type PaymentMethodChangedResponse = z.infer<typeof paymentMethodChangedResponse>;

/**
 * DELETE …/billing/paymentMethods/{paymentMethodId} → 204. 409 messages.freeModelsOnly when paid models exist and
 * this is the last usable method.
 */

/** PUT /api/organizations/{id}/billing/cycle → 200 billingResponse. */
export const updateBillingCycleBody = z.strictObject({ cycle: billingCycleSchema });
export type UpdateBillingCycleBody = z.input<typeof updateBillingCycleBody>;

/** The local provider's documented test data (also shown on the test-mode form). */
export const localTestCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;
export const localTestBankAccount = {
  routingNumber: '110000000',
  accountNumber: '000123456789',
  microDepositAmounts: [32, 45],
} as const;

/** Toast texts the billing page shows on success. */
export const billingToasts = {
  paymentMethodAdded: ownMessages.paymentMethodAdded,
  paymentMethodRemoved: ownMessages.paymentMethodRemoved,
  billingAdministratorUpdated: ownMessages.billingAdministratorUpdated,
} as const;
