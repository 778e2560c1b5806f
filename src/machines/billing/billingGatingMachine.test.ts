import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import { createFakeHttpClient, failure, ok } from '../auth/fakeHttpClient';
import { billingGatingMachine, createBillingGatingImplementations } from './billingGatingMachine';
import { aRealtimeEvent } from '../socket/socketTestKit';
import {
  aPaymentMethodAdded,
  aQuota,
  atLimit,
  fakeStripe,
  paid,
  quotaPath,
  startGating,
  stripeSetup,
  testPrices,
} from './billingTestKit';
import {
  selectCreationBlocked,
  selectFreeModelUsage,
  selectGatingPaymentForm,
  selectGatingStatus,
  selectPaidModelPrice,
  selectPlanPrices,
} from './gatingSelectors';

const settled = (s: { hasTag: (tag: 'checking') => boolean }) => !s.hasTag('checking');

async function openPaymentForm(gating: ReturnType<typeof startGating>) {
  await waitFor(gating.actor, (s) => s.hasTag('atLimit'));
  gating.actor.send({ type: 'paymentMethod.add' });
  await waitFor(gating.actor, (s) => selectGatingPaymentForm(s) !== undefined);
  const form = selectGatingPaymentForm(gating.actor.getSnapshot());
  if (!form) throw new Error('the payment method form did not open');
  return form;
}

function typeTestCard(form: Awaited<ReturnType<typeof openPaymentForm>>, number: string) {
  form.send({ type: 'card.change', field: 'number', value: number });
  form.send({ type: 'card.change', field: 'expMonth', value: '12' });
  form.send({ type: 'card.change', field: 'expYear', value: '2030' });
  form.send({ type: 'card.change', field: 'cvc', value: '123' });
}

describe('billingGatingMachine', () => {
  it('offers the provider’s prices before any organization exists (choose-plan), and the plans without them', async () => {
    const { actor } = startGating(aQuota(), { organizationId: null, offerPlans: true });
    await waitFor(actor, (s) => s.hasTag('free'));
    expect(selectPlanPrices(actor.getSnapshot())).toEqual({ prices: testPrices, testMode: true });
    expect(selectPaidModelPrice(actor.getSnapshot())).toBeNull();

    const fake = createFakeHttpClient();
    fake.answer('GET /stripe/config', failure(502, messages.serverNotResponding));
    const down = createActor(
      billingGatingMachine.provide(
        createBillingGatingImplementations({ http: fake.http, announceSuccess: () => {} }),
      ),
      { input: { organizationId: null, offerPlans: true } },
    ).start();
    await waitFor(down, (s) => s.hasTag('free'));
    expect(selectPlanPrices(down.getSnapshot())).toBeNull();
  });

  it('names the price of the next paid model on the organization’s cycle', async () => {
    const { actor } = startGating(paid({ billingCycle: 'annual', testMode: false }));
    await waitFor(actor, (s) => s.hasTag('paid'));
    expect(selectPaidModelPrice(actor.getSnapshot())).toEqual({ price: testPrices.annual, testMode: false });
  });

  it('lets an organization below the limit create, saying how many free models are used', async () => {
    const { actor } = startGating(aQuota({ freeModels: 2 }));
    await waitFor(actor, settled);
    expect(selectGatingStatus(actor.getSnapshot())).toBe('free');
    expect(selectFreeModelUsage(actor.getSnapshot())).toEqual({ used: 2, limit: 3 });
    expect(selectCreationBlocked(actor.getSnapshot())).toBe(false);
  });

  it('blocks creation once the three free models are used and no payment method is on file', async () => {
    const { actor } = startGating(atLimit());
    await waitFor(actor, settled);
    expect(selectGatingStatus(actor.getSnapshot())).toBe('atLimit');
    expect(selectFreeModelUsage(actor.getSnapshot())).toEqual({ used: 3, limit: 3 });
    expect(selectCreationBlocked(actor.getSnapshot())).toBe(true);
  });

  it('lets a paying organization create past the free models', async () => {
    const { actor } = startGating(paid());
    await waitFor(actor, settled);
    expect(selectGatingStatus(actor.getSnapshot())).toBe('paid');
    expect(selectCreationBlocked(actor.getSnapshot())).toBe(false);
  });

  it('does not open the payment form for a member who does not manage billing', async () => {
    const { actor, fake } = startGating(atLimit({ canManageBilling: false }));
    await waitFor(actor, settled);
    actor.send({ type: 'paymentMethod.add' });
    expect(selectGatingStatus(actor.getSnapshot())).toBe('atLimit');
    expect(fake.requests.map((request) => request.path)).toEqual([quotaPath]);
  });

  it('adds a test card in place, says so, reads the quota again and unblocks creation', async () => {
    const gating = startGating(atLimit());
    const form = await openPaymentForm(gating);
    expect(selectGatingStatus(gating.actor.getSnapshot())).toBe('addingPaymentMethod');
    expect(selectCreationBlocked(gating.actor.getSnapshot())).toBe(true);

    gating.fake.answer(
      'POST /api/organizations/org-1/billing/paymentMethods',
      ok(aPaymentMethodAdded(), 201),
    );
    gating.fake.answer(`GET ${quotaPath}`, ok(atLimit({ canCreatePaidModels: true })));
    typeTestCard(form, '4242 4242 4242 4242');
    form.send({ type: 'paymentMethod.submit' });
    await waitFor(gating.actor, (s) => s.hasTag('paid'));

    expect(gating.fake.requests.find((request) => request.method === 'POST')?.json).toEqual({
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(gating.toasts).toEqual([ownMessages.paymentMethodAdded]);
    expect(gating.quotaReads()).toBe(2);
    expect(selectCreationBlocked(gating.actor.getSnapshot())).toBe(false);
  });

  it('keeps the form open with the decline reason when the card is declined', async () => {
    const gating = startGating(atLimit());
    const form = await openPaymentForm(gating);
    gating.fake.answer(
      'POST /api/organizations/org-1/billing/paymentMethods',
      failure(402, ownMessages.cardDeclined),
    );
    typeTestCard(form, '4000000000000002');
    form.send({ type: 'paymentMethod.submit' });
    await waitFor(form, (s) => !s.hasTag('busy'));
    expect(form.getSnapshot().context.error).toBe(ownMessages.cardDeclined);
    expect(selectGatingStatus(gating.actor.getSnapshot())).toBe('addingPaymentMethod');
    expect(gating.toasts).toEqual([]);
  });

  it('checks a test card in the browser before sending it', async () => {
    const gating = startGating(atLimit());
    const form = await openPaymentForm(gating);
    typeTestCard(form, '4242');
    form.send({ type: 'paymentMethod.submit' });
    expect(form.getSnapshot().context.error).toBe('Card number is too short.');
    form.send({ type: 'card.change', field: 'number', value: '4242424242424242' });
    form.send({ type: 'card.change', field: 'expYear', value: '30' });
    form.send({ type: 'paymentMethod.submit' });
    expect(form.getSnapshot().context.error).toBe('Expiry year must be four digits, like 2030.');
    expect(gating.fake.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('goes back to the limit when the user cancels the form', async () => {
    const gating = startGating(atLimit());
    await openPaymentForm(gating);
    gating.actor.send({ type: 'paymentMethod.cancel' });
    expect(selectGatingStatus(gating.actor.getSnapshot())).toBe('atLimit');
    expect(selectGatingPaymentForm(gating.actor.getSnapshot())).toBeUndefined();
  });

  it('with Stripe, confirms a SetupIntent through Stripe.js and sends only its id', async () => {
    const stripe = fakeStripe({ ok: true, setupIntentId: 'seti_123' });
    const gating = startGating(atLimit(), { stripe: stripe.confirmer });
    gating.fake.answer('GET /stripe/config', ok(stripeSetup));
    gating.fake.answer(
      'POST /api/organizations/org-1/billing/setupIntent',
      ok({ clientSecret: 'seti_123_secret_abc', setupIntentId: 'seti_123' }),
    );
    gating.fake.answer(
      'POST /api/organizations/org-1/billing/paymentMethods',
      ok(aPaymentMethodAdded(), 201),
    );
    const form = await openPaymentForm(gating);
    gating.fake.answer(`GET ${quotaPath}`, ok(paid()));
    form.send({ type: 'paymentMethod.submit' });
    await waitFor(gating.actor, (s) => s.hasTag('paid'));

    expect(stripe.confirmed).toEqual([
      { kind: 'card', clientSecret: 'seti_123_secret_abc', accountHolderName: '' },
    ]);
    expect(
      gating.fake.requests.filter((request) => request.method === 'POST').map((request) => request.json),
    ).toEqual([{ kind: 'card' }, { setupIntentId: 'seti_123' }]);
  });

  it('shows Stripe’s refusal and sends nothing more to our server', async () => {
    const stripe = fakeStripe({ ok: false, message: 'Your card was declined.' });
    const gating = startGating(atLimit(), { stripe: stripe.confirmer });
    gating.fake.answer('GET /stripe/config', ok(stripeSetup));
    gating.fake.answer(
      'POST /api/organizations/org-1/billing/setupIntent',
      ok({ clientSecret: 'seti_9_secret', setupIntentId: 'seti_9' }),
    );
    const form = await openPaymentForm(gating);
    form.send({ type: 'paymentMethod.submit' });
    await waitFor(form, (s) => !s.hasTag('busy'));
    expect(form.getSnapshot().context.error).toBe('Your card was declined.');
    expect(gating.fake.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('does not block creation when the quota cannot be read, and can try again', async () => {
    const { actor, fake } = startGating(aQuota());
    await waitFor(actor, settled);
    fake.answer(`GET ${quotaPath}`, failure(0, messages.serverNotResponding));
    actor.send({ type: 'billing.refresh' });
    await waitFor(actor, (s) => s.hasTag('failure'));
    expect(selectCreationBlocked(actor.getSnapshot())).toBe(false);
    fake.answer(`GET ${quotaPath}`, ok(atLimit()));
    actor.send({ type: 'billing.retry' });
    await waitFor(actor, (s) => s.hasTag('atLimit'));
  });

  it('reads the quota again when its organization changes live, and not for another one', async () => {
    const { actor, fake, feed, quotaReads } = startGating(atLimit());
    await waitFor(actor, settled);
    const organizationUpdated = (organizationId: string) =>
      aRealtimeEvent(
        { eventName: 'OrganizationUpdated', data: { organizationId, organization: null } },
        'anotherUser',
        'fromOrganizationService',
      );
    feed.publish({ type: 'realtime.event', event: organizationUpdated('org-2') });
    expect(quotaReads()).toBe(1);

    fake.answer(`GET ${quotaPath}`, ok(paid()));
    feed.publish({ type: 'realtime.event', event: organizationUpdated('org-1') });
    await waitFor(actor, (s) => s.hasTag('paid'));
    expect(quotaReads()).toBe(2);
  });

  it('follows the organization a new model would go to, asking nothing without one', async () => {
    const { actor, fake } = startGating(aQuota(), { organizationId: null });
    expect(selectGatingStatus(actor.getSnapshot())).toBe('free');
    expect(selectFreeModelUsage(actor.getSnapshot())).toBeNull();
    expect(fake.requests).toEqual([]);

    fake.answer('GET /api/organizations/org-2/billing/quota', ok(atLimit({ organizationId: 'org-2' })));
    actor.send({ type: 'organization.change', organizationId: 'org-2' });
    await waitFor(actor, (s) => s.hasTag('atLimit'));
    actor.send({ type: 'organization.change', organizationId: null });
    expect(selectGatingStatus(actor.getSnapshot())).toBe('free');
    expect(selectFreeModelUsage(actor.getSnapshot())).toBeNull();
  });
});
