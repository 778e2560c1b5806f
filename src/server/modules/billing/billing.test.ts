/**
 * Billing with the local test provider (no Stripe keys): the free-model rule as a user meets it, payment methods
 * (test card, declined card, ACH with micro-deposits), the refusal to remove the last method while paid models
 * exist, plan changes, the billing cycle, and who may see all this.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../../contract/errors';
import {
  billingQuotaResponse,
  billingResponse,
  paymentMethodChangedResponse,
  stripeConfigResponse,
  type BillingResponse,
} from '../../../contract/http/billing';
import { modelListResponse, modelSchema, type Model } from '../../../contract/http/models';
import { organizationSchema } from '../../../contract/http/organizations';
import type { SessionResponse } from '../../../contract/http/users';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { connectAndLogin, eventsNamed } from '../../testing/sockets';
import { postUpload } from '../../testing/uploads';

const testCard = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
};
const testBank = {
  routingNumber: '110000000',
  accountNumber: '000123456789',
  accountHolderName: 'Olga Owner',
};

describe.each(databases())('billing with the local test provider on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let billingAdmin: SessionResponse;
  let member: SessionResponse;
  let stranger: SessionResponse;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUp(server, uniqueEmail('owner'), { firstName: 'Olga', lastName: 'Owner' });
    billingAdmin = await signUp(server, uniqueEmail('billing'), { firstName: 'Bill', lastName: 'Payer' });
    member = await signUp(server, uniqueEmail('member'), { firstName: 'Mia', lastName: 'Member' });
    stranger = await signUp(server, uniqueEmail('stranger'), { firstName: 'Sam', lastName: 'Stranger' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** An organization made through the API: owner, a MEMBER, and a billing administrator set by the owner. */
  async function freshOrganization(): Promise<string> {
    const created = await server.request('POST', '/api/organizations', {
      token: owner.token,
      json: { name: 'Truss & Co' },
    });
    expect(created.status).toBe(201);
    const id = organizationSchema.parse(created.body)._id;
    for (const person of [member, billingAdmin]) {
      const added = await server.request('POST', `/api/organizations/${id}/collaborators`, {
        token: owner.token,
        json: { emailAddress: person.user.emailAddress, role: 'MEMBER' },
      });
      expect(added.status).toBe(201);
    }
    const updated = await server.request('PUT', `/api/organizations/${id}`, {
      token: owner.token,
      json: { billingAdministratorId: billingAdmin.user._id },
    });
    expect(updated.status).toBe(200);
    return id;
  }

  async function createModel(organizationId: string, token = owner.token, name = 'Tower') {
    return server.request('POST', '/api/models', { token, json: { name, organizationId } });
  }

  async function createModels(organizationId: string, count: number): Promise<Model[]> {
    const made: Model[] = [];
    for (let index = 0; index < count; index += 1) {
      const answer = await createModel(organizationId, owner.token, `Model ${index + 1}`);
      expect(answer.status).toBe(201);
      made.push(modelSchema.parse(answer.body));
    }
    return made;
  }

  async function billing(organizationId: string, token = owner.token): Promise<BillingResponse> {
    const answer = await server.request('GET', `/api/organizations/${organizationId}/billing`, { token });
    expect(answer.status).toBe(200);
    return billingResponse.parse(answer.body);
  }

  async function addCard(organizationId: string, card = testCard, token = owner.token) {
    return server.request('POST', `/api/organizations/${organizationId}/billing/paymentMethods`, {
      token,
      json: { card },
    });
  }

  it('says which provider runs: the local one, in test mode, with no publishable key', async () => {
    const answer = await server.request('GET', '/stripe/config');
    expect(answer.status).toBe(200);
    expect(stripeConfigResponse.parse(answer.body)).toEqual({
      provider: 'local',
      publishableKey: null,
      testMode: true,
      prices: {
        monthly: { amount: 2500, currency: 'usd', interval: 'month' },
        annual: { amount: 25_000, currency: 'usd', interval: 'year' },
      },
    });
    // Without Stripe there is no webhook to receive.
    const webhook = await server.request('POST', '/stripe/webhook', { json: { id: 'evt_1' } });
    expect(webhook.status).toBe(404);
  });

  it('shows the test prices configured by LOCAL_PRICE_* instead of the defaults', async () => {
    const priced = await startTestServer(kind, {
      env: { LOCAL_PRICE_MONTHLY: '1200', LOCAL_PRICE_ANNUAL: '12000', LOCAL_PRICE_CURRENCY: 'EUR' },
    });
    try {
      const answer = await priced.request('GET', '/stripe/config');
      expect(stripeConfigResponse.parse(answer.body).prices).toEqual({
        monthly: { amount: 1200, currency: 'eur', interval: 'month' },
        annual: { amount: 12_000, currency: 'eur', interval: 'year' },
      });
    } finally {
      await priced.close();
    }
  });

  it('gives three free models, refuses the fourth with 402 and its message, and lets it through once a card is on file', async () => {
    const organizationId = await freshOrganization();
    const free = await createModels(organizationId, 3);
    expect(free.map((model) => model.plan)).toEqual(['FREE', 'FREE', 'FREE']);

    const refused = await createModel(organizationId, member.token);
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ message: ownMessages.freeModelsUsed });

    const memberQuota = await server.request('GET', `/api/organizations/${organizationId}/billing/quota`, {
      token: member.token,
    });
    expect(billingQuotaResponse.parse(memberQuota.body)).toMatchObject({
      freeModels: 3,
      paidModels: 0,
      canCreatePaidModels: false,
      canManageBilling: false,
      // Every member sees what the fourth model would cost (the test prices, labelled as such).
      billingCycle: 'monthly',
      testMode: true,
      prices: { monthly: { amount: 2500, currency: 'usd', interval: 'month' } },
    });

    const declined = await addCard(organizationId, { ...testCard, number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ message: ownMessages.cardDeclined });

    const added = await addCard(organizationId, testCard, billingAdmin.token);
    expect(added.status).toBe(201);
    const addedBody = paymentMethodChangedResponse.parse(added.body);
    expect(addedBody.message).toBe(ownMessages.paymentMethodAdded);
    expect(addedBody.paymentMethod).toMatchObject({
      kind: 'card',
      brand: 'visa',
      last4: '4242',
      status: 'active',
    });
    expect(addedBody.billing.canCreatePaidModels).toBe(true);

    const fourth = await createModel(organizationId, member.token, 'Fourth');
    expect(fourth.status).toBe(201);
    expect(modelSchema.parse(fourth.body).plan).toBe('PAID');

    const overview = await billing(organizationId);
    expect(overview).toMatchObject({
      freeModels: 3,
      paidModels: 1,
      billingStatus: 'active',
      provider: 'local',
      testMode: true,
      prices: {
        monthly: { amount: 2500, currency: 'usd', interval: 'month' },
        annual: { amount: 25_000, currency: 'usd', interval: 'year' },
      },
    });
    const organization = await server.request('GET', `/api/organizations/${organizationId}`, {
      token: member.token,
    });
    expect(organizationSchema.parse(organization.body).billingStatus).toBe('active');

    // The full card number is never stored, only what the page shows.
    const stored = await server.db.query<{ row: string }>(
      'SELECT row_to_json(p)::text AS row FROM payment_methods p WHERE organization_id = $1',
      [organizationId],
    );
    expect(stored.map((row) => row.row).join()).not.toContain('4242424242424242');
  });

  it("tells the organization's members live when a payment method is added, and nobody outside it", async () => {
    const organizationId = await freshOrganization();
    const memberClient = await connectAndLogin(server.url, member.token, member.user._id);
    const strangerClient = await connectAndLogin(server.url, stranger.token, stranger.user._id);
    try {
      const added = await addCard(organizationId, testCard, billingAdmin.token);
      expect(added.status).toBe(201);
      const event = await memberClient.waitFor(
        (received) =>
          received.payload.eventName === 'OrganizationUpdated' &&
          (received.payload.data as { organizationId?: string }).organizationId === organizationId,
      );
      expect(event.channel).toBe('fromOrganizationService');
      expect(event.payload.author).toMatchObject({ _id: billingAdmin.user._id });
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(eventsNamed(strangerClient, 'OrganizationUpdated')).toEqual([]);
    } finally {
      memberClient.close();
      strangerClient.close();
    }
  });

  it('refuses card numbers the test mode does not know, expired cards and mistyped numbers', async () => {
    const organizationId = await freshOrganization();
    const otherCard = await addCard(organizationId, { ...testCard, number: '5555 5555 5555 4444' });
    expect(otherCard.status).toBe(402);
    expect(otherCard.body).toEqual({ message: ownMessages.cardDeclined });
    const expired = await addCard(organizationId, { ...testCard, expYear: 2020 });
    expect(expired.status).toBe(402);
    expect(expired.body).toEqual({ message: ownMessages.cardExpired });
    const mistyped = await addCard(organizationId, { ...testCard, number: '4242 4242 4242 4241' });
    expect(mistyped.status).toBe(402);
    expect(mistyped.body).toEqual({ message: ownMessages.cardNumberIncorrect });
    const malformed = await addCard(organizationId, { ...testCard, number: 'abcd' });
    expect(malformed.status).toBe(400);
    expect((await billing(organizationId)).paymentMethods).toEqual([]);
  });

  it("refuses to remove the last payment method while paid models exist, with the spec's message, and allows it once they are gone", async () => {
    const organizationId = await freshOrganization();
    await createModels(organizationId, 3);
    const card = paymentMethodChangedResponse.parse((await addCard(organizationId)).body).paymentMethod;
    const paid = modelSchema.parse((await createModel(organizationId)).body);
    expect(paid.plan).toBe('PAID');

    const refused = await server.request(
      'DELETE',
      `/api/organizations/${organizationId}/billing/paymentMethods/${card._id}`,
      { token: billingAdmin.token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: messages.freeModelsOnly });
    expect((await billing(organizationId)).paymentMethods.map((method) => method._id)).toEqual([card._id]);

    // Three free models already: the paid one cannot be demoted.
    const demoteRefused = await server.request('PUT', `/api/models/${paid._id}`, {
      token: owner.token,
      json: { plan: 'FREE' },
    });
    expect(demoteRefused.status).toBe(409);
    expect(demoteRefused.body).toEqual({ message: ownMessages.freeModelsFullForDemotion });

    // Deleting a free model frees its slot; the paid one can then be demoted.
    const listed = await server.request('GET', `/api/models?organizationId=${organizationId}`, {
      token: owner.token,
    });
    const firstFree = modelListResponse.parse(listed.body).data.find((model) => model.plan === 'FREE');
    if (!firstFree) throw new Error('no free model');
    const deleted = await server.request('DELETE', `/api/models/${firstFree._id}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    const demoted = await server.request('PUT', `/api/models/${paid._id}`, {
      token: owner.token,
      json: { plan: 'FREE' },
    });
    expect(demoted.status).toBe(200);
    expect(modelSchema.parse(demoted.body).plan).toBe('FREE');
    expect((await billing(organizationId)).billingStatus).toBe('free');

    const removed = await server.request(
      'DELETE',
      `/api/organizations/${organizationId}/billing/paymentMethods/${card._id}`,
      { token: owner.token },
    );
    expect(removed.status).toBe(204);
    expect((await billing(organizationId)).paymentMethods).toEqual([]);
    const again = await server.request(
      'DELETE',
      `/api/organizations/${organizationId}/billing/paymentMethods/${card._id}`,
      { token: owner.token },
    );
    expect(again.status).toBe(404);
  });

  it('allows removing one of two cards while paid models exist', async () => {
    const organizationId = await freshOrganization();
    await createModels(organizationId, 3);
    const first = paymentMethodChangedResponse.parse((await addCard(organizationId)).body).paymentMethod;
    await addCard(organizationId);
    expect((await createModel(organizationId)).status).toBe(201);
    const removed = await server.request(
      'DELETE',
      `/api/organizations/${organizationId}/billing/paymentMethods/${first._id}`,
      { token: owner.token },
    );
    expect(removed.status).toBe(204);
    expect((await billing(organizationId)).paymentMethods).toHaveLength(1);
  });

  it('promotes a model to paid only with a payment method on file, for its ADMIN but not a mere member', async () => {
    const organizationId = await freshOrganization();
    const [model] = await createModels(organizationId, 1);
    if (!model) throw new Error('no model');
    const refused = await server.request('PUT', `/api/models/${model._id}`, {
      token: owner.token,
      json: { plan: 'PAID' },
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ message: ownMessages.paidPlanNeedsPaymentMethod });

    await addCard(organizationId);
    const promoted = await server.request('PUT', `/api/models/${model._id}`, {
      token: owner.token,
      json: { plan: 'PAID' },
    });
    expect(promoted.status).toBe(200);
    expect(modelSchema.parse(promoted.body).plan).toBe('PAID');
    expect(await billing(organizationId)).toMatchObject({
      freeModels: 0,
      paidModels: 1,
      billingStatus: 'active',
    });

    // A WRITE collaborator may rename the model but not change what the organization pays for.
    await server.db.query(
      `INSERT INTO model_permissions (model_id, user_id, role, created_at) VALUES ($1, $2, 'WRITE', now())`,
      [model._id, stranger.user._id],
    );
    const byWriter = await server.request('PUT', `/api/models/${model._id}`, {
      token: stranger.token,
      json: { plan: 'FREE' },
    });
    expect(byWriter.status).toBe(401);
  });

  it('adds a US bank account pending verification, which pays for models only after the micro-deposits match', async () => {
    const organizationId = await freshOrganization();
    await createModels(organizationId, 3);
    const unknown = await server.request(
      'POST',
      `/api/organizations/${organizationId}/billing/paymentMethods`,
      {
        token: owner.token,
        json: { bankAccount: { ...testBank, accountNumber: '000111111116' } },
      },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: ownMessages.bankAccountUnknown });

    const added = await server.request(
      'POST',
      `/api/organizations/${organizationId}/billing/paymentMethods`,
      {
        token: owner.token,
        json: { bankAccount: testBank },
      },
    );
    expect(added.status).toBe(201);
    const account = paymentMethodChangedResponse.parse(added.body).paymentMethod;
    expect(account).toMatchObject({ kind: 'us_bank_account', last4: '6789', status: 'pending_verification' });
    expect((await createModel(organizationId)).status).toBe(402);

    const verifyPath = `/api/organizations/${organizationId}/billing/paymentMethods/${account._id}/verify`;
    const wrong = await server.request('POST', verifyPath, {
      token: owner.token,
      json: { amounts: [32, 46] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: ownMessages.microDepositAmountsWrong });

    const verified = await server.request('POST', verifyPath, {
      token: owner.token,
      json: { amounts: [45, 32] },
    });
    expect(verified.status).toBe(200);
    const body = paymentMethodChangedResponse.parse(verified.body);
    expect(body.paymentMethod.status).toBe('active');
    expect(body.billing.canCreatePaidModels).toBe(true);
    expect((await createModel(organizationId)).status).toBe(201);

    const twice = await server.request('POST', verifyPath, {
      token: owner.token,
      json: { amounts: [32, 45] },
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: ownMessages.paymentMethodNotPending });
  });

  it('stores the billing cycle and refuses Stripe-only calls in test mode', async () => {
    const organizationId = await freshOrganization();
    expect((await billing(organizationId)).billingCycle).toBe('monthly');
    const annual = await server.request('PUT', `/api/organizations/${organizationId}/billing/cycle`, {
      token: billingAdmin.token,
      json: { cycle: 'annual' },
    });
    expect(annual.status).toBe(200);
    expect(billingResponse.parse(annual.body).billingCycle).toBe('annual');
    expect((await billing(organizationId)).billingCycle).toBe('annual');
    // The quota names the cycle too: a fourth model is then confirmed at the annual price.
    const quota = await server.request('GET', `/api/organizations/${organizationId}/billing/quota`, {
      token: member.token,
    });
    expect(billingQuotaResponse.parse(quota.body).billingCycle).toBe('annual');

    const setupIntent = await server.request(
      'POST',
      `/api/organizations/${organizationId}/billing/setupIntent`,
      {
        token: owner.token,
        json: { kind: 'card' },
      },
    );
    expect(setupIntent.status).toBe(400);
    expect(setupIntent.body).toEqual({ message: ownMessages.setupIntentNeedsStripe });
    const viaStripe = await server.request(
      'POST',
      `/api/organizations/${organizationId}/billing/paymentMethods`,
      {
        token: owner.token,
        json: { setupIntentId: 'seti_123' },
      },
    );
    expect(viaStripe.status).toBe(400);
  });

  it('shows billing to the owner and the billing administrator only: members 401, strangers 404', async () => {
    const organizationId = await freshOrganization();
    const path = `/api/organizations/${organizationId}/billing`;
    expect((await server.request('GET', path, { token: owner.token })).status).toBe(200);
    // The billing administrator is also a MEMBER collaborator here: billing still recognises them.
    expect((await server.request('GET', path, { token: billingAdmin.token })).status).toBe(200);
    expect((await server.request('GET', path, { token: member.token })).status).toBe(401);
    expect((await server.request('GET', path, { token: stranger.token })).status).toBe(404);
    expect((await server.request('GET', path)).status).toBe(403);
    const card = await addCard(organizationId, testCard, member.token);
    expect(card.status).toBe(401);
    const quota = await server.request('GET', `${path}/quota`, { token: billingAdmin.token });
    expect(billingQuotaResponse.parse(quota.body).canManageBilling).toBe(true);
    expect((await server.request('GET', `${path}/quota`, { token: stranger.token })).status).toBe(404);
  });

  it('counts clones and uploads that make a new model against the same quota', async () => {
    const organizationId = await freshOrganization();
    const [source] = await createModels(organizationId, 3);
    if (!source) throw new Error('no model');
    const clone = await server.request('POST', `/api/models/${source._id}/clone`, {
      token: owner.token,
      json: {},
    });
    expect(clone.status).toBe(402);
    expect(clone.body).toEqual({ message: ownMessages.freeModelsUsed });

    const upload = await postUpload(server, owner.token, new TextEncoder().encode('{}'), {
      fileName: 'tower.json',
      organizationId,
      name: 'Uploaded tower',
    });
    expect(upload.status).toBe(402);
    expect(upload.body).toEqual({ message: ownMessages.freeModelsUsed });

    await addCard(organizationId);
    const paidClone = await server.request('POST', `/api/models/${source._id}/clone`, {
      token: owner.token,
      json: {},
    });
    expect(paidClone.status).toBe(201);
    expect(modelSchema.parse(paidClone.body).plan).toBe('PAID');
  });
});
