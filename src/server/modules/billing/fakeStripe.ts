/**
 * TEST SUPPORT ONLY: a local HTTP server that answers the Stripe API calls Gusset makes, so tests run the official
 * `stripe` SDK for real (pointed here with STRIPE_API_URL) and nothing reaches the internet. It keeps its objects in
 * memory and behaves like Stripe's test mode for the test data Gusset documents. Never imported by product code.
 *
 * Answered: POST /v1/customers; POST /v1/setup_intents, GET /v1/setup_intents/:id (expand[]=payment_method),
 * POST /v1/setup_intents/:id/verify_microdeposits; GET /v1/payment_methods/:id, POST /v1/payment_methods/:id/detach;
 * POST /v1/subscriptions, POST /v1/subscriptions/:id; GET /v1/prices/:id (prices a test made with definePrice).
 * Anything else is 404, like an unknown Stripe URL.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | undefined;
}

/** What Stripe.js does in the browser when the user confirms the SetupIntent (card or bank account details). */
export type BrowserConfirmation =
  | { card: { number: string; expMonth: number; expYear: number } }
  | { bankAccount: { routingNumber: string; accountNumber: string } };

export interface FakeStripe {
  /** e.g. http://127.0.0.1:40123: the value of STRIPE_API_URL. */
  url: string;
  secretKey: string;
  requests: FakeStripeRequest[];
  customers: Map<string, Json>;
  setupIntents: Map<string, Json>;
  paymentMethods: Map<string, Json>;
  subscriptions: Map<string, Json>;
  prices: Map<string, Json>;
  /** A recurring Price, as made in Stripe's dashboard (amount in minor units). */
  definePrice(
    id: string,
    price: { unitAmount: number | null; currency?: string; interval: 'day' | 'week' | 'month' | 'year' },
  ): Json;
  /** Confirms a SetupIntent as Stripe.js would (test card numbers and the test bank account). */
  confirmSetupIntent(setupIntentId: string, confirmation: BrowserConfirmation): Json;
  /** While true every call answers 500 api_error (an outage). */
  outage: boolean;
  close(): Promise<void>;
}

const testBank = { routingNumber: '110000000', accountNumber: '000123456789', amounts: [32, 45] };

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** Stripe's form encoding (`a[b][0][c]=x`) back into objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const segments = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(segments[index + 1] ?? '');
      const container = node as Record<string, unknown>;
      if (last) {
        container[segment] = value;
        return;
      }
      container[segment] ??= nextIsIndex ? [] : {};
      node = container[segment] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

function stripeError(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

const notFound = (what: string, id: string) =>
  stripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing');

export async function startFakeStripe(secretKey = 'sk_test_gusset_fake'): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const customers = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const microdeposits = new Map<string, number[]>();

  function withExpansions(object: Json, expand: unknown): Json {
    const wanted = Array.isArray(expand) ? expand : [];
    if (wanted.includes('payment_method') && typeof object.payment_method === 'string') {
      return {
        ...object,
        payment_method: paymentMethods.get(object.payment_method) ?? object.payment_method,
      };
    }
    return object;
  }

  function subscriptionItems(items: unknown, previous: Json[] = []): Json[] {
    const list = Array.isArray(items) ? (items as Json[]) : [];
    return list.map((item) => {
      const existing = previous.find((old) => old.id === item.id);
      return {
        id: existing?.id ?? newId('si'),
        object: 'subscription_item',
        price: { id: String(item.price ?? (existing?.price as Json | undefined)?.id ?? ''), object: 'price' },
        quantity: Number(item.quantity ?? existing?.quantity ?? 1),
      };
    });
  }

  function answer(method: string, path: string, params: Json): { status: number; body: unknown } {
    const parts = path.split('/').filter(Boolean); // ['v1', resource, id?, action?]
    const [, resource, id, action] = parts;
    if (method === 'POST' && resource === 'customers' && !id) {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        name: params.name ?? null,
        email: params.email ?? null,
        metadata: params.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (resource === 'setup_intents') {
      if (method === 'POST' && !id) {
        if (typeof params.customer !== 'string' || !customers.has(params.customer)) {
          return notFound('customer', String(params.customer));
        }
        const intentId = newId('seti');
        const intent: Json = {
          id: intentId,
          object: 'setup_intent',
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          customer: params.customer,
          metadata: params.metadata ?? {},
          allowed_payment_method_types: params.allowed_payment_method_types ?? ['card'],
          usage: params.usage ?? 'off_session',
          status: 'requires_payment_method',
          payment_method: null,
          next_action: null,
          livemode: false,
        };
        setupIntents.set(intentId, intent);
        return { status: 200, body: intent };
      }
      const intent = id ? setupIntents.get(id) : undefined;
      if (!id || !intent) return notFound('setup_intent', id ?? '');
      if (method === 'GET' && !action) return { status: 200, body: withExpansions(intent, params.expand) };
      if (method === 'POST' && action === 'verify_microdeposits') {
        const expected = microdeposits.get(id);
        if (!expected || intent.status !== 'requires_action') {
          return stripeError(
            400,
            'invalid_request_error',
            'This SetupIntent does not need verification.',
            'setup_intent_unexpected_state',
          );
        }
        const given = (Array.isArray(params.amounts) ? params.amounts : []).map(Number);
        if (given.length !== 2 || given[0] !== expected[0] || given[1] !== expected[1]) {
          return stripeError(
            400,
            'invalid_request_error',
            'The amounts provided do not match the amounts that were sent to the bank account.',
            'payment_method_microdeposit_verification_amounts_mismatch',
          );
        }
        Object.assign(intent, { status: 'succeeded', next_action: null });
        return { status: 200, body: intent };
      }
    }
    if (resource === 'payment_methods') {
      const paymentMethod = id ? paymentMethods.get(id) : undefined;
      if (!id || !paymentMethod) return notFound('payment_method', id ?? '');
      if (method === 'GET' && !action) return { status: 200, body: paymentMethod };
      if (method === 'POST' && action === 'detach') {
        if (paymentMethod.customer === null) {
          return stripeError(
            400,
            'invalid_request_error',
            'The payment method you provided is not attached to a customer so detachment is impossible.',
          );
        }
        paymentMethod.customer = null;
        return { status: 200, body: paymentMethod };
      }
    }
    if (resource === 'prices' && method === 'GET' && id && !action) {
      const price = prices.get(id);
      return price ? { status: 200, body: price } : notFound('price', id);
    }
    if (resource === 'subscriptions' && method === 'POST') {
      if (!id) {
        if (typeof params.customer !== 'string' || !customers.has(params.customer)) {
          return notFound('customer', String(params.customer));
        }
        const subscription: Json = {
          id: newId('sub'),
          object: 'subscription',
          customer: params.customer,
          status: 'active',
          default_payment_method: params.default_payment_method ?? null,
          metadata: params.metadata ?? {},
          items: { object: 'list', data: subscriptionItems(params.items) },
        };
        subscriptions.set(subscription.id as string, subscription);
        return { status: 200, body: subscription };
      }
      const subscription = subscriptions.get(id);
      if (!subscription) return notFound('subscription', id);
      const previous = (subscription.items as { data: Json[] }).data;
      if (params.items !== undefined)
        subscription.items = { object: 'list', data: subscriptionItems(params.items, previous) };
      if (params.default_payment_method !== undefined)
        subscription.default_payment_method = params.default_payment_method;
      return { status: 200, body: subscription };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const fake: FakeStripe = {
    url: '',
    secretKey,
    requests,
    customers,
    setupIntents,
    paymentMethods,
    subscriptions,
    prices,
    definePrice(id, { unitAmount, currency = 'usd', interval }) {
      const price: Json = {
        id,
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        currency,
        livemode: false,
        type: 'recurring',
        unit_amount: unitAmount,
        unit_amount_decimal: unitAmount === null ? null : String(unitAmount),
        recurring: { interval, interval_count: 1, usage_type: 'licensed' },
      };
      prices.set(id, price);
      return price;
    },
    outage: false,
    confirmSetupIntent(setupIntentId, confirmation) {
      const intent = setupIntents.get(setupIntentId);
      if (!intent) throw new Error(`No SetupIntent ${setupIntentId}`);
      const customer = intent.customer as string;
      if ('card' in confirmation) {
        const { number, expMonth, expYear } = confirmation.card;
        if (number === '4000000000000002') {
          intent.status = 'requires_payment_method';
          intent.last_setup_error = {
            type: 'card_error',
            code: 'card_declined',
            message: 'Your card was declined.',
          };
          return intent;
        }
        const paymentMethod = {
          id: newId('pm'),
          object: 'payment_method',
          type: 'card',
          customer,
          card: {
            brand: number.startsWith('4') ? 'visa' : 'mastercard',
            last4: number.slice(-4),
            exp_month: expMonth,
            exp_year: expYear,
          },
        };
        paymentMethods.set(paymentMethod.id, paymentMethod);
        Object.assign(intent, { status: 'succeeded', payment_method: paymentMethod.id, next_action: null });
        return intent;
      }
      const { routingNumber, accountNumber } = confirmation.bankAccount;
      if (routingNumber !== testBank.routingNumber || accountNumber !== testBank.accountNumber) {
        throw new Error('The fake Stripe knows only the test bank account');
      }
      const paymentMethod = {
        id: newId('pm'),
        object: 'payment_method',
        type: 'us_bank_account',
        customer,
        us_bank_account: {
          bank_name: 'STRIPE TEST BANK',
          last4: accountNumber.slice(-4),
          routing_number: routingNumber,
        },
      };
      paymentMethods.set(paymentMethod.id, paymentMethod);
      microdeposits.set(setupIntentId, testBank.amounts);
      Object.assign(intent, {
        status: 'requires_action',
        payment_method: paymentMethod.id,
        next_action: {
          type: 'verify_with_microdeposits',
          verify_with_microdeposits: { microdeposit_type: 'amounts' },
        },
      });
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake-stripe');
      const body = Buffer.concat(chunks).toString('utf8');
      const params = parseStripeForm(request.method === 'GET' ? url.search.slice(1) : body);
      const idempotency = request.headers['idempotency-key'];
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        params,
        idempotencyKey: typeof idempotency === 'string' ? idempotency : undefined,
      });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
        response.end(JSON.stringify(payload));
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        const error = stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
        return send(error.status, error.body);
      }
      if (fake.outage) {
        const error = stripeError(500, 'api_error', 'An unknown error occurred.');
        return send(error.status, error.body);
      }
      const result = answer(request.method ?? 'GET', url.pathname, params);
      return send(result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** A Stripe event as its webhook delivers it. */
export function stripeEvent(type: string, object: Json): Json {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** The Stripe-Signature header Stripe would send for `payload`, signed with `secret` (the SDK's own helper). */
export function signStripePayload(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
