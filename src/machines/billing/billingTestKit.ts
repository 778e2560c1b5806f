import { createActor } from 'xstate';
import type {
  BillingQuotaResponse,
  BillingResponse,
  PaymentMethod,
  PaymentMethodChangedResponse,
  PlanPrices,
  StripeConfigResponse,
} from '../../contract/http/billing';
import { ownMessages } from '../../contract/errors';
import { createFakeHttpClient, ok } from '../auth/fakeHttpClient';
import { createRealtimeFeed } from '../socket/realtimeFeed';
import { billingGatingMachine, createBillingGatingImplementations } from './billingGatingMachine';
import type {
  StripeConfirmInput,
  StripeConfirmResult,
  StripeSetupConfirmer,
} from './paymentMethodFormMachine';

/** Test support for the billing machines and views (never imported by the app). */

/** The local provider's default test prices. */
export const testPrices: PlanPrices = {
  monthly: { amount: 2500, currency: 'usd', interval: 'month' },
  annual: { amount: 25_000, currency: 'usd', interval: 'year' },
};

export function aQuota(overrides: Partial<BillingQuotaResponse> = {}): BillingQuotaResponse {
  return {
    organizationId: 'org-1',
    freeModelLimit: 3,
    freeModels: 1,
    paidModels: 0,
    canCreatePaidModels: false,
    canManageBilling: true,
    billingStatus: 'free',
    billingCycle: 'monthly',
    testMode: true,
    prices: testPrices,
    ...overrides,
  };
}

export const atLimit = (overrides: Partial<BillingQuotaResponse> = {}) =>
  aQuota({ freeModels: 3, ...overrides });
export const paid = (overrides: Partial<BillingQuotaResponse> = {}) =>
  aQuota({ freeModels: 3, paidModels: 1, canCreatePaidModels: true, billingStatus: 'active', ...overrides });

export const localSetup: StripeConfigResponse = {
  provider: 'local',
  publishableKey: null,
  testMode: true,
  prices: testPrices,
};
export const stripeSetup: StripeConfigResponse = {
  provider: 'stripe',
  publishableKey: 'pk_test_gusset',
  testMode: true,
  prices: testPrices,
};

export function aPaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    _id: 'pm-1',
    provider: 'local',
    kind: 'card',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    status: 'active',
    createdAt: '2025-03-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aBilling(overrides: Partial<BillingResponse> = {}): BillingResponse {
  return {
    organizationId: 'org-1',
    provider: 'local',
    testMode: true,
    billingStatus: 'free',
    billingCycle: 'monthly',
    paymentMethods: [],
    freeModelLimit: 3,
    freeModels: 3,
    paidModels: 0,
    canCreatePaidModels: false,
    prices: testPrices,
    ...overrides,
  };
}

export function aPaymentMethodAdded(method: PaymentMethod = aPaymentMethod()): PaymentMethodChangedResponse {
  return {
    message: ownMessages.paymentMethodAdded,
    paymentMethod: method,
    billing: aBilling({ paymentMethods: [method], canCreatePaidModels: method.status === 'active' }),
  };
}

/** Stripe.js, faked: records what it was asked to confirm and answers as scripted. */
export function fakeStripe(answer: StripeConfirmResult = { ok: true, setupIntentId: 'seti_123' }) {
  const confirmed: StripeConfirmInput[] = [];
  const confirmer: StripeSetupConfirmer = {
    confirm: async (input) => {
      confirmed.push(input);
      return answer;
    },
  };
  return { confirmer, confirmed };
}

export const quotaPath = '/api/organizations/org-1/billing/quota';

/** The gating statechart of org-1 over a fake server and a live feed the test publishes on. */
export function startGating(
  quota: BillingQuotaResponse,
  options: { organizationId?: string | null; stripe?: StripeSetupConfirmer; offerPlans?: boolean } = {},
) {
  const fake = createFakeHttpClient();
  fake.answer(`GET ${quotaPath}`, ok(quota));
  fake.answer('GET /stripe/config', ok(localSetup));
  const feed = createRealtimeFeed();
  const toasts: string[] = [];
  const actor = createActor(
    billingGatingMachine.provide(
      createBillingGatingImplementations({
        http: fake.http,
        realtime: feed,
        announceSuccess: (message) => toasts.push(message),
        ...(options.stripe ? { stripe: options.stripe } : {}),
      }),
    ),
    {
      input: {
        organizationId: options.organizationId === undefined ? 'org-1' : options.organizationId,
        ...(options.offerPlans ? { offerPlans: true } : {}),
      },
    },
  ).start();
  const quotaReads = () => fake.requests.filter((request) => request.path === quotaPath).length;
  return { actor, fake, feed, toasts, quotaReads };
}
