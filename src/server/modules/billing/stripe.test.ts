/**
 * Billing through Stripe: the official `stripe` SDK pointed (STRIPE_API_URL) at a local fake Stripe API, so the
 * real requests are made and nothing reaches the internet. Cards and US bank accounts via SetupIntents, the
 * per-paid-model subscription and its billing cycle, and webhooks verified by signature with a test secret.
 */
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, ownMessages } from '../../../contract/errors';
import {
  billingQuotaResponse,
  billingResponse,
  paymentMethodChangedResponse,
  setupIntentResponse,
  stripeConfigResponse,
  type BillingResponse,
} from '../../../contract/http/billing';
import { modelSchema } from '../../../contract/http/models';
import { organizationSchema } from '../../../contract/http/organizations';
import type { SessionResponse } from '../../../contract/http/users';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization } from '../../testing/uploads';
import { signStripePayload, startFakeStripe, stripeEvent, type FakeStripe } from './fakeStripe';
import { createStripeProvider, planPricesCacheMs } from './stripeProvider';

const webhookSecret = 'whsec_gusset_test_secret';
const publishableKey = 'pk_test_gusset_fake';
const futureYear = new Date().getUTCFullYear() + 4;

describe.each(databases())('billing through Stripe (fake Stripe API) on $kind', ({ kind }) => {
  let fake: FakeStripe;
  let server: TestServer;
  let owner: SessionResponse;
  let stranger: SessionResponse;

  beforeAll(async () => {
    fake = await startFakeStripe();
    fake.definePrice('price_monthly_model', { unitAmount: 1900, interval: 'month' });
    fake.definePrice('price_annual_model', { unitAmount: 19_000, interval: 'year' });
    server = await startTestServer(kind, {
      env: {
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_PUBLISHABLE_KEY: publishableKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: fake.url,
        STRIPE_PRICE_MONTHLY: 'price_monthly_model',
        STRIPE_PRICE_ANNUAL: 'price_annual_model',
      },
    });
    owner = await signUp(server, uniqueEmail('owner'));
    stranger = await signUp(server, uniqueEmail('stranger'));
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.outage = false;
  });

  async function billing(organizationId: string): Promise<BillingResponse> {
    const answer = await server.request('GET', `/api/organizations/${organizationId}/billing`, {
      token: owner.token,
    });
    expect(answer.status).toBe(200);
    return billingResponse.parse(answer.body);
  }

  async function setupIntent(organizationId: string, kind: 'card' | 'us_bank_account') {
    const answer = await server.request('POST', `/api/organizations/${organizationId}/billing/setupIntent`, {
      token: owner.token,
      json: { kind },
    });
    expect(answer.status).toBe(200);
    return setupIntentResponse.parse(answer.body);
  }

  async function addConfirmedCard(organizationId: string) {
    const intent = await setupIntent(organizationId, 'card');
    fake.confirmSetupIntent(intent.setupIntentId, {
      card: { number: '4242424242424242', expMonth: 11, expYear: futureYear },
    });
    const added = await server.request(
      'POST',
      `/api/organizations/${organizationId}/billing/paymentMethods`,
      {
        token: owner.token,
        json: { setupIntentId: intent.setupIntentId },
      },
    );
    expect(added.status).toBe(201);
    return paymentMethodChangedResponse.parse(added.body).paymentMethod;
  }

  async function createModels(organizationId: string, count: number) {
    const plans: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const answer = await server.request('POST', '/api/models', {
        token: owner.token,
        json: { name: `Model ${index}`, organizationId },
      });
      expect(answer.status).toBe(201);
      plans.push(modelSchema.parse(answer.body).plan);
    }
    return plans;
  }

  async function eventually<T>(read: () => T | undefined | Promise<T | undefined>): Promise<T> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const value = await read();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('condition not met in time');
  }

  async function deliver(event: Record<string, unknown>, signature?: string) {
    const payload = JSON.stringify(event);
    return server.request('POST', '/stripe/webhook', {
      rawJson: payload,
      headers: { 'stripe-signature': signature ?? signStripePayload(payload, webhookSecret) },
    });
  }

  async function billingStatusOf(organizationId: string): Promise<string> {
    const answer = await server.request('GET', `/api/organizations/${organizationId}`, {
      token: owner.token,
    });
    return organizationSchema.parse(answer.body).billingStatus;
  }

  it('gives the browser the publishable key, and allows Stripe.js in the CSP only now', async () => {
    const answer = await server.request('GET', '/stripe/config');
    expect(stripeConfigResponse.parse(answer.body)).toEqual({
      provider: 'stripe',
      publishableKey,
      testMode: true,
      prices: {
        monthly: { amount: 1900, currency: 'usd', interval: 'month' },
        annual: { amount: 19_000, currency: 'usd', interval: 'year' },
      },
    });
    expect(answer.headers.get('content-security-policy')).toContain('https://js.stripe.com');
  });

  it('reads the configured prices from Stripe once for a few minutes, for the billing overview and the quota too', async () => {
    const organizationId = await createOrganization(server, owner.user._id, 'Priced Co');
    const before = fake.requests.filter((request) => request.path.startsWith('/v1/prices/')).length;
    const overview = await billing(organizationId);
    expect(overview.prices.annual).toEqual({ amount: 19_000, currency: 'usd', interval: 'year' });
    const quota = await server.request('GET', `/api/organizations/${organizationId}/billing/quota`, {
      token: owner.token,
    });
    expect(billingQuotaResponse.parse(quota.body)).toMatchObject({
      testMode: true,
      billingCycle: 'monthly',
      prices: { monthly: { amount: 1900, currency: 'usd', interval: 'month' } },
    });
    // The first test read them already: still in the process's cache.
    expect(fake.requests.filter((request) => request.path.startsWith('/v1/prices/')).length).toBe(before);
  });

  it('opens the billing screens without prices while Stripe is down, and reads them once it is back', async () => {
    const lonely = await startTestServer(kind, {
      env: {
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_PUBLISHABLE_KEY: publishableKey,
        STRIPE_API_URL: fake.url,
        STRIPE_PRICE_MONTHLY: 'price_monthly_model',
      },
    });
    try {
      const lonelyOwner = await signUp(lonely, uniqueEmail('lonely'));
      const organizationId = await createOrganization(lonely, lonelyOwner.user._id, 'Outage Co');
      fake.outage = true;
      const config = await lonely.request('GET', '/stripe/config');
      expect(config.status).toBe(200);
      expect(stripeConfigResponse.parse(config.body).prices).toEqual({ monthly: null, annual: null });
      const overview = await lonely.request('GET', `/api/organizations/${organizationId}/billing`, {
        token: lonelyOwner.token,
      });
      expect(overview.status).toBe(200);
      expect(billingResponse.parse(overview.body).prices.monthly).toBeNull();
      const quota = await lonely.request('GET', `/api/organizations/${organizationId}/billing/quota`, {
        token: lonelyOwner.token,
      });
      expect(quota.status).toBe(200);

      fake.outage = false;
      const again = await lonely.request('GET', '/stripe/config');
      // No annual price configured: null for that cycle only.
      expect(stripeConfigResponse.parse(again.body).prices).toEqual({
        monthly: { amount: 1900, currency: 'usd', interval: 'month' },
        annual: null,
      });
    } finally {
      fake.outage = false;
      await lonely.close();
    }
  });

  it('adds a card with a SetupIntent confirmed in the browser; the server reads it back from Stripe', async () => {
    const organizationId = await createOrganization(server, owner.user._id, 'Stripe Card Co');
    const intent = await setupIntent(organizationId, 'card');
    expect(intent.clientSecret).toMatch(/^seti_.+_secret_/);
    const customer = [...fake.customers.values()].find(
      (candidate) => (candidate.metadata as Record<string, string>).organizationId === organizationId,
    );
    expect(customer).toMatchObject({ name: 'Stripe Card Co', email: owner.user.emailAddress });
    expect(fake.setupIntents.get(intent.setupIntentId)).toMatchObject({
      customer: customer?.id,
      allowed_payment_method_types: ['card'],
      usage: 'off_session',
    });

    // Not confirmed yet: nothing to store.
    const early = await server.request(
      'POST',
      `/api/organizations/${organizationId}/billing/paymentMethods`,
      {
        token: owner.token,
        json: { setupIntentId: intent.setupIntentId },
      },
    );
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ message: ownMessages.setupIntentNotSucceeded });

    fake.confirmSetupIntent(intent.setupIntentId, {
      card: { number: '4242424242424242', expMonth: 11, expYear: futureYear },
    });
    const added = await server.request(
      'POST',
      `/api/organizations/${organizationId}/billing/paymentMethods`,
      {
        token: owner.token,
        json: { setupIntentId: intent.setupIntentId },
      },
    );
    expect(added.status).toBe(201);
    expect(paymentMethodChangedResponse.parse(added.body).paymentMethod).toMatchObject({
      provider: 'stripe',
      kind: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 11,
      expYear: futureYear,
      status: 'active',
    });
    // The same SetupIntent reported again (a retry) stores nothing new; a second intent reuses the customer.
    await server.request('POST', `/api/organizations/${organizationId}/billing/paymentMethods`, {
      token: owner.token,
      json: { setupIntentId: intent.setupIntentId },
    });
    await setupIntent(organizationId, 'card');
    expect((await billing(organizationId)).paymentMethods).toHaveLength(1);
    expect(
      [...fake.customers.values()].filter(
        (candidate) => (candidate.metadata as Record<string, string>).organizationId === organizationId,
      ),
    ).toHaveLength(1);

    // Local-provider details are refused: with Stripe the numbers never touch our server.
    const local = await server.request(
      'POST',
      `/api/organizations/${organizationId}/billing/paymentMethods`,
      {
        token: owner.token,
        json: { card: { number: '4242424242424242', expMonth: 1, expYear: futureYear, cvc: '123' } },
      },
    );
    expect(local.status).toBe(400);
    expect(local.body).toEqual({ message: ownMessages.paymentDetailsNeedStripe });
  });

  it("does not let one organization claim another organization's SetupIntent", async () => {
    const mine = await createOrganization(server, owner.user._id, 'Mine');
    const theirs = await createOrganization(server, stranger.user._id, 'Theirs');
    const intent = await setupIntent(mine, 'card');
    fake.confirmSetupIntent(intent.setupIntentId, {
      card: { number: '4242424242424242', expMonth: 1, expYear: futureYear },
    });
    const claimed = await server.request('POST', `/api/organizations/${theirs}/billing/paymentMethods`, {
      token: stranger.token,
      json: { setupIntentId: intent.setupIntentId },
    });
    expect(claimed.status).toBe(404);
    expect(claimed.body).toEqual({ message: ownMessages.paymentMethodNotFound });
  });

  it('adds a US bank account pending micro-deposit verification and verifies it through Stripe', async () => {
    const organizationId = await createOrganization(server, owner.user._id, 'ACH Co');
    const intent = await setupIntent(organizationId, 'us_bank_account');
    expect(fake.setupIntents.get(intent.setupIntentId)?.allowed_payment_method_types).toEqual([
      'us_bank_account',
    ]);
    fake.confirmSetupIntent(intent.setupIntentId, {
      bankAccount: { routingNumber: '110000000', accountNumber: '000123456789' },
    });
    const added = await server.request(
      'POST',
      `/api/organizations/${organizationId}/billing/paymentMethods`,
      {
        token: owner.token,
        json: { setupIntentId: intent.setupIntentId },
      },
    );
    expect(added.status).toBe(201);
    const account = paymentMethodChangedResponse.parse(added.body).paymentMethod;
    expect(account).toMatchObject({ kind: 'us_bank_account', brand: 'STRIPE TEST BANK', last4: '6789' });
    expect(account.status).toBe('pending_verification');

    const verifyPath = `/api/organizations/${organizationId}/billing/paymentMethods/${account._id}/verify`;
    const wrong = await server.request('POST', verifyPath, {
      token: owner.token,
      json: { amounts: [10, 20] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: ownMessages.microDepositAmountsWrong });
    const verified = await server.request('POST', verifyPath, {
      token: owner.token,
      json: { amounts: [32, 45] },
    });
    expect(verified.status).toBe(200);
    expect(paymentMethodChangedResponse.parse(verified.body).paymentMethod.status).toBe('active');
    const calls = fake.requests.filter((request) => request.path.endsWith('/verify_microdeposits'));
    expect(calls.at(-1)?.params).toEqual({ amounts: ['32', '45'] });
  });

  it('bills paid models with a subscription whose quantity and price follow the models and the billing cycle', async () => {
    const organizationId = await createOrganization(server, owner.user._id, 'Subscriber');
    const card = await addConfirmedCard(organizationId);
    expect(await createModels(organizationId, 4)).toEqual(['FREE', 'FREE', 'FREE', 'PAID']);
    const subscriptionOf = () =>
      [...fake.subscriptions.values()].find(
        (candidate) => (candidate.metadata as Record<string, string>).organizationId === organizationId,
      );
    const itemOf = (subscription: Record<string, unknown> | undefined) =>
      (subscription?.items as { data: Array<{ price: { id: string }; quantity: number }> } | undefined)
        ?.data[0];
    const created = await eventually(() => subscriptionOf());
    const storedCard = await server.db.query<{ external_id: string }>(
      'SELECT external_id FROM payment_methods WHERE id = $1',
      [card._id],
    );
    expect(created.default_payment_method).toBe(storedCard[0]?.external_id);
    expect(itemOf(created)).toMatchObject({ price: { id: 'price_monthly_model' }, quantity: 1 });

    const annual = await server.request('PUT', `/api/organizations/${organizationId}/billing/cycle`, {
      token: owner.token,
      json: { cycle: 'annual' },
    });
    expect(annual.status).toBe(200);
    expect(billingResponse.parse(annual.body).billingCycle).toBe('annual');
    expect(itemOf(subscriptionOf())).toMatchObject({ price: { id: 'price_annual_model' }, quantity: 1 });

    expect(await createModels(organizationId, 1)).toEqual(['PAID']);
    await eventually(() => (itemOf(subscriptionOf())?.quantity === 2 ? true : undefined));
    // One subscription per organization, however many times it was brought in line.
    const ofThisOrganization = [...fake.subscriptions.values()].filter(
      (candidate) => (candidate.metadata as Record<string, string>).organizationId === organizationId,
    );
    expect(ofThisOrganization).toHaveLength(1);
  });

  it('refuses to detach the last card while paid models exist; once they are gone it detaches it at Stripe', async () => {
    const organizationId = await createOrganization(server, owner.user._id, 'Detach Co');
    const card = await addConfirmedCard(organizationId);
    await createModels(organizationId, 4);
    const path = `/api/organizations/${organizationId}/billing/paymentMethods/${card._id}`;
    const refused = await server.request('DELETE', path, { token: owner.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: messages.freeModelsOnly });
    const [stored] = await server.db.query<{ external_id: string }>(
      'SELECT external_id FROM payment_methods WHERE id = $1',
      [card._id],
    );
    expect(fake.paymentMethods.get(stored?.external_id ?? '')?.customer).not.toBeNull();

    await server.db.query(`UPDATE models SET plan = 'FREE' WHERE organization_id = $1`, [organizationId]);
    const removed = await server.request('DELETE', path, { token: owner.token });
    expect(removed.status).toBe(204);
    expect(fake.paymentMethods.get(stored?.external_id ?? '')?.customer).toBeNull();
  });

  it('answers 502 with a clear message when Stripe cannot be reached, and changes nothing', async () => {
    const organizationId = await createOrganization(server, owner.user._id, 'Outage Co');
    const card = await addConfirmedCard(organizationId);
    fake.outage = true;
    const intent = await server.request('POST', `/api/organizations/${organizationId}/billing/setupIntent`, {
      token: owner.token,
      json: { kind: 'card' },
    });
    expect(intent.status).toBe(502);
    expect(intent.body).toEqual({ message: ownMessages.paymentProviderFailed });
    const removal = await server.request(
      'DELETE',
      `/api/organizations/${organizationId}/billing/paymentMethods/${card._id}`,
      { token: owner.token },
    );
    expect(removal.status).toBe(502);
    fake.outage = false;
    expect((await billing(organizationId)).paymentMethods).toHaveLength(1);
  });

  describe('webhooks', () => {
    async function subscribedOrganization() {
      const organizationId = await createOrganization(server, owner.user._id, 'Webhook Co');
      await addConfirmedCard(organizationId);
      await createModels(organizationId, 4);
      const [account] = await server.db.query<{ stripe_customer_id: string }>(
        'SELECT stripe_customer_id FROM billing_accounts WHERE organization_id = $1',
        [organizationId],
      );
      if (!account) throw new Error('no billing account');
      return { organizationId, customer: account.stripe_customer_id };
    }

    it('refuses a payload whose signature does not match (400) and changes nothing', async () => {
      const { organizationId, customer } = await subscribedOrganization();
      expect(await billingStatusOf(organizationId)).toBe('active');
      const event = stripeEvent('invoice.payment_failed', { id: 'in_1', object: 'invoice', customer });
      const payload = JSON.stringify(event);
      const forged = await deliver(event, signStripePayload(payload, 'whsec_someone_else'));
      expect(forged.status).toBe(400);
      expect(forged.body).toEqual({ message: ownMessages.webhookSignatureInvalid });
      const tampered = await deliver(
        { ...event, type: 'invoice.paid' },
        signStripePayload(payload, webhookSecret),
      );
      expect(tampered.status).toBe(400);
      const unsigned = await server.request('POST', '/stripe/webhook', { rawJson: payload });
      expect(unsigned.status).toBe(400);
      expect(await billingStatusOf(organizationId)).toBe('active');
      const recorded = await server.db.query('SELECT id FROM stripe_events WHERE id = $1', [
        event.id as string,
      ]);
      expect(recorded).toEqual([]);
    });

    it('moves billingStatus with invoices (past_due, then active) and ignores a redelivered event', async () => {
      const { organizationId, customer } = await subscribedOrganization();
      const failed = stripeEvent('invoice.payment_failed', { id: 'in_2', object: 'invoice', customer });
      expect((await deliver(failed)).status).toBe(200);
      expect(await billingStatusOf(organizationId)).toBe('past_due');
      const paid = stripeEvent('invoice.paid', { id: 'in_2', object: 'invoice', customer });
      expect((await deliver(paid)).status).toBe(200);
      expect(await billingStatusOf(organizationId)).toBe('active');
      // Stripe delivers at least once: the same failure event again must not undo the payment.
      const again = await deliver(failed);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ received: true, duplicate: true });
      expect(await billingStatusOf(organizationId)).toBe('active');
    });

    it('marks billing canceled when the subscription is deleted while paid models remain', async () => {
      const { organizationId, customer } = await subscribedOrganization();
      const deleted = stripeEvent('customer.subscription.deleted', {
        id: 'sub_gone',
        object: 'subscription',
        customer,
        status: 'canceled',
      });
      expect((await deliver(deleted)).status).toBe(200);
      expect(await billingStatusOf(organizationId)).toBe('canceled');
    });

    it('stores a method Stripe reports by setup_intent.succeeded, marks a failed setup, and forgets a detached method', async () => {
      const organizationId = await createOrganization(server, owner.user._id, 'Async Co');
      const intent = await setupIntent(organizationId, 'card');
      const confirmed = fake.confirmSetupIntent(intent.setupIntentId, {
        card: { number: '4242424242424242', expMonth: 3, expYear: futureYear },
      });
      // The browser closed before telling us: the webhook stores the card.
      expect((await deliver(stripeEvent('setup_intent.succeeded', confirmed))).status).toBe(200);
      const [card] = (await billing(organizationId)).paymentMethods;
      expect(card).toMatchObject({ kind: 'card', last4: '4242', status: 'active' });

      const achIntent = await setupIntent(organizationId, 'us_bank_account');
      fake.confirmSetupIntent(achIntent.setupIntentId, {
        bankAccount: { routingNumber: '110000000', accountNumber: '000123456789' },
      });
      await server.request('POST', `/api/organizations/${organizationId}/billing/paymentMethods`, {
        token: owner.token,
        json: { setupIntentId: achIntent.setupIntentId },
      });
      const failedSetup = stripeEvent('setup_intent.setup_failed', {
        ...(fake.setupIntents.get(achIntent.setupIntentId) ?? {}),
        status: 'requires_payment_method',
      });
      expect((await deliver(failedSetup)).status).toBe(200);
      const afterFailure = await billing(organizationId);
      expect(afterFailure.paymentMethods.find((method) => method.kind === 'us_bank_account')?.status).toBe(
        'failed',
      );

      const [stored] = await server.db.query<{ external_id: string }>(
        'SELECT external_id FROM payment_methods WHERE id = $1',
        [card?._id ?? ''],
      );
      const detached = stripeEvent('payment_method.detached', {
        ...(fake.paymentMethods.get(stored?.external_id ?? '') ?? {}),
        customer: null,
      });
      expect((await deliver(detached)).status).toBe(200);
      expect((await billing(organizationId)).paymentMethods.map((method) => method.kind)).toEqual([
        'us_bank_account',
      ]);
    });
  });
});

describe('Stripe plan prices (the provider against the fake Stripe API)', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    fake.definePrice('price_month', { unitAmount: 2900, currency: 'eur', interval: 'month' });
    fake.definePrice('price_week', { unitAmount: 700, interval: 'week' });
  });
  afterAll(async () => {
    await fake?.close();
  });

  function providerWith(prices: { priceMonthly?: string; priceAnnual?: string }) {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const warn = vi.fn();
    const log = { warn, error: vi.fn() } as unknown as FastifyBaseLogger;
    const provider = createStripeProvider(
      {
        secretKey: fake.secretKey,
        publishableKey,
        webhookSecret: undefined,
        apiUrl: fake.url,
        priceMonthly: prices.priceMonthly,
        priceAnnual: prices.priceAnnual,
      },
      log,
      () => new Date(now),
    );
    const priceReads = () => fake.requests.filter((request) => request.path.startsWith('/v1/prices/')).length;
    return { provider, warn, priceReads, advance: (ms: number) => (now += ms) };
  }

  it('keeps the prices for a few minutes, then reads them again', async () => {
    const { provider, priceReads, advance } = providerWith({ priceMonthly: 'price_month' });
    const before = priceReads();
    const [first, second] = await Promise.all([provider.planPrices(), provider.planPrices()]);
    expect(first).toEqual({ monthly: { amount: 2900, currency: 'eur', interval: 'month' }, annual: null });
    expect(second).toEqual(first);
    expect(priceReads()).toBe(before + 1);
    advance(planPricesCacheMs - 1);
    await provider.planPrices();
    expect(priceReads()).toBe(before + 1);
    advance(1);
    await provider.planPrices();
    expect(priceReads()).toBe(before + 2);
  });

  it('gives null and logs a warning for an unknown price, a price not per month or year, and an outage', async () => {
    const unusable = providerWith({ priceMonthly: 'price_missing', priceAnnual: 'price_week' });
    expect(await unusable.provider.planPrices()).toEqual({ monthly: null, annual: null });
    expect(unusable.warn).toHaveBeenCalledTimes(2);

    const down = providerWith({ priceMonthly: 'price_month' });
    fake.outage = true;
    try {
      expect(await down.provider.planPrices()).toEqual({ monthly: null, annual: null });
    } finally {
      fake.outage = false;
    }
    expect(down.warn).toHaveBeenCalledWith(
      expect.objectContaining({ price: 'price_month', cycle: 'monthly' }),
      'The Stripe price could not be read',
    );
    // Not kept: the next read asks Stripe again.
    expect((await down.provider.planPrices()).monthly).toMatchObject({ amount: 2900 });
  });
});
