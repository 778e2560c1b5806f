import {
  billingQuotaResponse,
  billingResponse,
  paymentMethodChangedResponse,
  setupIntentResponse,
  stripeConfigResponse,
  type AddPaymentMethodBody,
  type BillingQuotaResponse,
  type BillingResponse,
  type CreateSetupIntentBody,
  type PaymentMethodChangedResponse,
  type SetupIntentResponse,
  type StripeConfigResponse,
  type UpdateBillingCycleBody,
  type VerifyPaymentMethodBody,
} from '../contract/http/billing';
import type { ApiResult, HttpClient } from './types';

/**
 * The billing calls (issue #10): GET /stripe/config and the payment setup under /api/organizations/{id}/billing.
 * A refused model creation (402) is answered by the models calls; its message reaches the screen untouched.
 */

function billingPath(organizationId: string): string {
  return `/api/organizations/${encodeURIComponent(organizationId)}/billing`;
}

function paymentMethodPath(organizationId: string, paymentMethodId: string): string {
  return `${billingPath(organizationId)}/paymentMethods/${encodeURIComponent(paymentMethodId)}`;
}

/** GET /stripe/config: which payment provider the server uses, and Stripe's publishable key when it is Stripe. */
export function getStripeConfig(
  http: HttpClient,
  options: { showLoader?: boolean } = {},
): Promise<ApiResult<StripeConfigResponse>> {
  return http.request('GET', '/stripe/config', { schema: stripeConfigResponse, ...options });
}

/** GET /api/organizations/{id}/billing: the owner's and billing administrator's overview. */
export function getBilling(
  http: HttpClient,
  organizationId: string,
  options: { showLoader?: boolean } = {},
): Promise<ApiResult<BillingResponse>> {
  return http.request('GET', billingPath(organizationId), { schema: billingResponse, ...options });
}

/** GET /api/organizations/{id}/billing/quota: free and paid models, for every member. */
export function getBillingQuota(
  http: HttpClient,
  organizationId: string,
  options: { showLoader?: boolean } = {},
): Promise<ApiResult<BillingQuotaResponse>> {
  return http.request('GET', `${billingPath(organizationId)}/quota`, {
    schema: billingQuotaResponse,
    ...options,
  });
}

/** POST /api/organizations/{id}/billing/setupIntent (Stripe only): the client secret Stripe.js confirms. */
export function createSetupIntent(
  http: HttpClient,
  organizationId: string,
  body: CreateSetupIntentBody,
): Promise<ApiResult<SetupIntentResponse>> {
  return http.request('POST', `${billingPath(organizationId)}/setupIntent`, {
    json: body,
    schema: setupIntentResponse,
  });
}

/** POST /api/organizations/{id}/billing/paymentMethods: a confirmed SetupIntent, or test-mode card or bank data. */
export function addPaymentMethod(
  http: HttpClient,
  organizationId: string,
  body: AddPaymentMethodBody,
): Promise<ApiResult<PaymentMethodChangedResponse>> {
  return http.request('POST', `${billingPath(organizationId)}/paymentMethods`, {
    json: body,
    schema: paymentMethodChangedResponse,
  });
}

/** POST …/billing/paymentMethods/{paymentMethodId}/verify: a bank account's two micro-deposits, in cents. */
export function verifyPaymentMethod(
  http: HttpClient,
  organizationId: string,
  paymentMethodId: string,
  body: VerifyPaymentMethodBody,
): Promise<ApiResult<PaymentMethodChangedResponse>> {
  return http.request('POST', `${paymentMethodPath(organizationId, paymentMethodId)}/verify`, {
    json: body,
    schema: paymentMethodChangedResponse,
  });
}

/** DELETE …/billing/paymentMethods/{paymentMethodId}: 204, or 409 messages.freeModelsOnly while paid models need it. */
export function removePaymentMethod(
  http: HttpClient,
  organizationId: string,
  paymentMethodId: string,
): Promise<ApiResult<unknown>> {
  return http.request('DELETE', paymentMethodPath(organizationId, paymentMethodId));
}

/** PUT /api/organizations/{id}/billing/cycle: monthly or annual. */
export function updateBillingCycle(
  http: HttpClient,
  organizationId: string,
  body: UpdateBillingCycleBody,
): Promise<ApiResult<BillingResponse>> {
  return http.request('PUT', `${billingPath(organizationId)}/cycle`, { json: body, schema: billingResponse });
}
