import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import type { BillingQuotaResponse } from '../../contract/http/billing';
import type { Organization } from '../../contract/http/organizations';
import { createFakeHttpClient, failure, ok } from '../auth/fakeHttpClient';
import { aCollaborator, anOrganization, grace } from '../organizations/organizationsTestKit';
import {
  billingSettingsMachine,
  createBillingSettingsImplementations,
  verificationAmountsMessage,
} from './billingSettingsMachine';
import {
  aBilling,
  aPaymentMethod,
  aPaymentMethodAdded,
  atLimit,
  localSetup,
  paid,
  quotaPath,
} from './billingTestKit';
import {
  selectBillingPageStatus,
  selectPaymentMethods,
  selectRemovalCandidate,
  selectSettingsPaymentForm,
  selectVerification,
} from './settingsSelectors';

const billingPath = '/api/organizations/org-1/billing';
const card = aPaymentMethod();
const bank = aPaymentMethod({
  _id: 'pm-2',
  kind: 'us_bank_account',
  brand: 'STRIPE TEST BANK',
  last4: '6789',
  expMonth: null,
  expYear: null,
  status: 'pending_verification',
});

async function startSettings(
  options: { quota?: BillingQuotaResponse; organization?: Organization; methods?: (typeof card)[] } = {},
) {
  const fake = createFakeHttpClient();
  fake.answer(`GET ${quotaPath}`, ok(options.quota ?? paid()));
  fake.answer(
    `GET ${billingPath}`,
    ok(aBilling({ paymentMethods: options.methods ?? [card], paidModels: 1 })),
  );
  fake.answer('GET /api/organizations/org-1', ok(options.organization ?? anOrganization()));
  fake.answer('GET /stripe/config', ok(localSetup));
  const toasts: string[] = [];
  const saved: Organization[] = [];
  const actor = createActor(
    billingSettingsMachine.provide(
      createBillingSettingsImplementations({
        http: fake.http,
        announceSuccess: (message) => toasts.push(message),
        organizationSaved: (organization) => saved.push(organization),
      }),
    ),
    { input: { organizationId: 'org-1' } },
  ).start();
  await waitFor(actor, (s) => selectBillingPageStatus(s) !== 'loading');
  fake.requests.length = 0;
  return { actor, fake, toasts, saved };
}

const idle = (s: { matches: (value: { ready: 'idle' }) => boolean }) => s.matches({ ready: 'idle' });

describe('billingSettingsMachine', () => {
  it('asks nothing more of a member who does not manage billing', async () => {
    const fake = createFakeHttpClient();
    fake.answer(`GET ${quotaPath}`, ok(atLimit({ canManageBilling: false })));
    const actor = createActor(
      billingSettingsMachine.provide(
        createBillingSettingsImplementations({
          http: fake.http,
          announceSuccess: () => {},
          organizationSaved: () => {},
        }),
      ),
      { input: { organizationId: 'org-1' } },
    ).start();
    await waitFor(actor, (s) => selectBillingPageStatus(s) !== 'loading');
    expect(selectBillingPageStatus(actor.getSnapshot())).toBe('notAllowed');
    expect(fake.requests.map((request) => request.path)).toEqual([quotaPath]);
  });

  it('lists the payment methods of the organization', async () => {
    const { actor } = await startSettings({ methods: [card, bank] });
    expect(selectBillingPageStatus(actor.getSnapshot())).toBe('ready');
    expect(selectPaymentMethods(actor.getSnapshot()).map((method) => method._id)).toEqual(['pm-1', 'pm-2']);
  });

  it('adds a test card and says “Payment method added”', async () => {
    const { actor, fake, toasts } = await startSettings({ methods: [] });
    actor.send({ type: 'paymentMethod.add', kind: 'card' });
    const form = selectSettingsPaymentForm(actor.getSnapshot());
    if (!form) throw new Error('the form did not open');
    fake.answer(`POST ${billingPath}/paymentMethods`, ok(aPaymentMethodAdded(card), 201));
    form.send({ type: 'card.change', field: 'number', value: '4242424242424242' });
    form.send({ type: 'card.change', field: 'expMonth', value: '1' });
    form.send({ type: 'card.change', field: 'expYear', value: '2031' });
    form.send({ type: 'card.change', field: 'cvc', value: '999' });
    form.send({ type: 'paymentMethod.submit' });
    await waitFor(actor, idle);
    expect(fake.requests.map((request) => request.json)).toEqual([
      { card: { number: '4242424242424242', expMonth: 1, expYear: 2031, cvc: '999' } },
    ]);
    expect(toasts).toEqual([ownMessages.paymentMethodAdded]);
    expect(selectPaymentMethods(actor.getSnapshot())).toEqual([card]);
  });

  it('adds the ACH test account, then verifies its micro-deposits', async () => {
    const { actor, fake, toasts } = await startSettings({ methods: [] });
    actor.send({ type: 'paymentMethod.add', kind: 'us_bank_account' });
    const form = selectSettingsPaymentForm(actor.getSnapshot());
    if (!form) throw new Error('the form did not open');
    fake.answer(`POST ${billingPath}/paymentMethods`, ok(aPaymentMethodAdded(bank), 201));
    form.send({ type: 'bankAccount.change', field: 'accountHolderName', value: 'Ada Lovelace' });
    form.send({ type: 'bankAccount.change', field: 'routingNumber', value: '110000000' });
    form.send({ type: 'bankAccount.change', field: 'accountNumber', value: '000123456789' });
    form.send({ type: 'paymentMethod.submit' });
    await waitFor(actor, idle);
    expect(fake.requests[0]?.json).toEqual({
      bankAccount: {
        routingNumber: '110000000',
        accountNumber: '000123456789',
        accountHolderName: 'Ada Lovelace',
      },
    });

    actor.send({ type: 'verification.start', paymentMethodId: 'pm-2' });
    expect(selectVerification(actor.getSnapshot())?.method._id).toBe('pm-2');
    actor.send({ type: 'verification.amount', index: 0, value: '32' });
    actor.send({ type: 'verification.submit' });
    expect(actor.getSnapshot().context.error).toBe(verificationAmountsMessage);

    const verified = { ...bank, status: 'active' as const };
    fake.answer(`POST ${billingPath}/paymentMethods/pm-2/verify`, ok(aPaymentMethodAdded(verified)));
    actor.send({ type: 'verification.amount', index: 1, value: '45' });
    actor.send({ type: 'verification.submit' });
    await waitFor(actor, idle);
    expect(fake.requests.at(-1)?.json).toEqual({ amounts: [32, 45] });
    expect(toasts).toEqual([ownMessages.paymentMethodAdded, ownMessages.paymentMethodVerified]);
    expect(selectPaymentMethods(actor.getSnapshot())[0]?.status).toBe('active');
  });

  it('shows the spec’s message when paid models still need the last payment method', async () => {
    const { actor, fake, toasts } = await startSettings();
    actor.send({ type: 'paymentMethod.remove', paymentMethodId: 'pm-1' });
    expect(selectRemovalCandidate(actor.getSnapshot())?._id).toBe('pm-1');
    fake.answer(`DELETE ${billingPath}/paymentMethods/pm-1`, failure(409, messages.freeModelsOnly));
    actor.send({ type: 'removal.confirm' });
    await waitFor(actor, idle);
    expect(actor.getSnapshot().context.error).toBe(
      "You only get three free models. Please remove or demote your paid models. Then you'll be able to remove your payment method.",
    );
    expect(selectPaymentMethods(actor.getSnapshot())).toEqual([card]);
    expect(toasts).toEqual([]);
  });

  it('removes a payment method, says so and shows the list without it', async () => {
    const { actor, fake, toasts } = await startSettings();
    actor.send({ type: 'paymentMethod.remove', paymentMethodId: 'pm-1' });
    fake.answer(`DELETE ${billingPath}/paymentMethods/pm-1`, ok(undefined, 204));
    fake.answer(`GET ${billingPath}`, ok(aBilling({ paymentMethods: [] })));
    actor.send({ type: 'removal.confirm' });
    await waitFor(actor, idle);
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `DELETE ${billingPath}/paymentMethods/pm-1`,
      `GET ${billingPath}`,
    ]);
    expect(toasts).toEqual([ownMessages.paymentMethodRemoved]);
    expect(selectPaymentMethods(actor.getSnapshot())).toEqual([]);
  });

  it('keeps the method when the user cancels the removal', async () => {
    const { actor, fake } = await startSettings();
    actor.send({ type: 'paymentMethod.remove', paymentMethodId: 'pm-1' });
    actor.send({ type: 'removal.cancel' });
    expect(selectRemovalCandidate(actor.getSnapshot())).toBeNull();
    expect(fake.requests).toEqual([]);
  });

  it('changes the billing cycle, and sends nothing for the cycle already chosen', async () => {
    const { actor, fake, toasts } = await startSettings();
    actor.send({ type: 'cycle.change', cycle: 'monthly' });
    expect(fake.requests).toEqual([]);
    fake.answer(`PUT ${billingPath}/cycle`, ok(aBilling({ billingCycle: 'annual' })));
    actor.send({ type: 'cycle.change', cycle: 'annual' });
    await waitFor(actor, idle);
    expect(fake.requests.map((request) => request.json)).toEqual([{ cycle: 'annual' }]);
    expect(actor.getSnapshot().context.billing?.billingCycle).toBe('annual');
    expect(toasts).toEqual([ownMessages.billingCycleUpdated]);
  });

  it('lets the owner name the billing administrator and says “Billing administrator updated”', async () => {
    const organization = anOrganization({ collaborators: [aCollaborator()] });
    const { actor, fake, toasts, saved } = await startSettings({ organization });
    const updated = anOrganization({ collaborators: [aCollaborator()], billingAdministrator: grace });
    fake.answer('PUT /api/organizations/org-1', ok(updated));
    actor.send({ type: 'billingAdministrator.change', userId: grace._id });
    actor.send({ type: 'billingAdministrator.save' });
    await waitFor(actor, idle);
    expect(fake.requests.map((request) => request.json)).toEqual([{ billingAdministratorId: grace._id }]);
    expect(toasts).toEqual([ownMessages.billingAdministratorUpdated]);
    expect(saved).toEqual([updated]);
  });

  it('never sends a billing administrator change for the billing administrator', async () => {
    const organization = anOrganization({ currentUserRole: 'BILLING', billingAdministrator: grace });
    const { actor, fake } = await startSettings({ organization });
    actor.send({ type: 'billingAdministrator.change', userId: '' });
    actor.send({ type: 'billingAdministrator.save' });
    expect(fake.requests).toEqual([]);
  });
});
