import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../contract/errors';
import type { BillingQuotaResponse } from '../../contract/http/billing';
import { createFakeHttpClient, failure, ok } from '../../machines/auth/fakeHttpClient';
import {
  aBilling,
  aPaymentMethod,
  aPaymentMethodAdded,
  atLimit,
  localSetup,
  paid,
  quotaPath,
} from '../../machines/billing/billingTestKit';
import { aModel, anOrganization } from '../../machines/organizations/organizationsTestKit';
import { renderApp } from '../app/testApp';

const testModeBanner = 'Test mode — no real charges (local payment provider)';

function organizationServer(quota: BillingQuotaResponse) {
  const fake = createFakeHttpClient();
  fake.answer('GET /api/organizations', ok({ data: [anOrganization()] }));
  fake.answer('GET /api/organizations/org-1', ok(anOrganization({ modelCount: 3 })));
  fake.answer('GET /api/models', ok({ data: [aModel()] }));
  fake.answer(`GET ${quotaPath}`, ok(quota));
  fake.answer('GET /stripe/config', ok(localSetup));
  fake.answer('GET /api/organizations/org-1/billing', ok(aBilling({ paymentMethods: [aPaymentMethod()] })));
  return fake;
}

/** Stripe.js must not be fetched unless the server's provider is Stripe. */
const stripeScripts = () =>
  [...document.querySelectorAll('script')].filter((script) => script.src.includes('stripe'));

describe('the new-model form at the free-model limit', () => {
  it('blocks the fourth model until the owner adds a test card in place, then lets it be created', async () => {
    const fake = organizationServer(atLimit());
    await renderApp({ path: '/organizations/org-1/models', http: fake.http });

    const gating = await screen.findByRole('group', { name: 'Free models' });
    expect(within(gating).getByText('3 of 3 free models used')).toBeTruthy();
    expect(within(gating).getByText(ownMessages.freeModelsUsed)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'New model' });
    expect(within(form).getByRole('button', { name: 'Create model' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(within(gating).getByRole('button', { name: 'Add a payment method' }));
    const cardForm = await within(gating).findByRole('form', { name: 'Add a card' });
    expect(within(cardForm).getByText(testModeBanner)).toBeTruthy();
    await userEvent.type(within(cardForm).getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(within(cardForm).getByLabelText('Expiry month'), '12');
    await userEvent.type(within(cardForm).getByLabelText('Expiry year'), '2030');
    await userEvent.type(within(cardForm).getByLabelText('CVC'), '123');
    fake.answer('POST /api/organizations/org-1/billing/paymentMethods', ok(aPaymentMethodAdded(), 201));
    fake.answer(`GET ${quotaPath}`, ok(atLimit({ canCreatePaidModels: true })));
    await userEvent.click(within(cardForm).getByRole('button', { name: 'Save payment method' }));

    expect(await screen.findByText('Payment method added')).toBeTruthy();
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: 'Create model' }).hasAttribute('disabled')).toBe(false),
    );
    expect(within(gating).getByRole('status').textContent).toContain('New models are paid');
    expect(stripeScripts()).toEqual([]);
  });

  it('names the price of a further model, per the organization’s cycle, labelled Test mode', async () => {
    const fake = organizationServer(atLimit({ billingCycle: 'annual', canManageBilling: false }));
    await renderApp({ path: '/organizations/org-1/models', http: fake.http });
    const gating = await screen.findByRole('group', { name: 'Free models' });
    expect(within(gating).getByText('Each further model costs $250.00 per year (Test mode).')).toBeTruthy();
  });

  it('tells a member who cannot pay whom to ask', async () => {
    const fake = organizationServer(atLimit({ canManageBilling: false }));
    await renderApp({ path: '/organizations/org-1/models', http: fake.http });
    const gating = await screen.findByRole('group', { name: 'Free models' });
    expect(within(gating).getByText("Ask your organization's owner to add a payment method.")).toBeTruthy();
    expect(within(gating).queryByRole('button', { name: 'Add a payment method' })).toBeNull();
  });

  it('shows the server’s 402 message beside the form (the quota changed since it was read)', async () => {
    const fake = organizationServer(paid());
    fake.answer('POST /api/models/', failure(402, ownMessages.freeModelsUsed));
    fake.answer(`GET ${quotaPath}`, ok(paid()));
    await renderApp({ path: '/organizations/org-1/models', http: fake.http });
    const form = await screen.findByRole('form', { name: 'New model' });
    await screen.findByRole('group', { name: 'Free models' });
    await userEvent.type(within(form).getByLabelText('Model name'), 'Fourth');
    await userEvent.click(within(form).getByRole('button', { name: 'Create model' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Confirm paid model' })).getByRole('button', {
        name: 'Create paid model',
      }),
    );
    expect((await within(form).findByRole('alert')).textContent).toBe(ownMessages.freeModelsUsed);
  });

  it('asks before a paid model is created, naming its price; cancelling sends nothing', async () => {
    const fake = organizationServer(paid());
    fake.answer('POST /api/models/', ok(aModel({ _id: 'model-4' }), 201));
    const posts = () => fake.requests.filter((request) => request.method === 'POST').length;
    await renderApp({ path: '/organizations/org-1/models', http: fake.http });
    const form = await screen.findByRole('form', { name: 'New model' });
    await screen.findByRole('group', { name: 'Free models' });
    await userEvent.type(within(form).getByLabelText('Model name'), 'Fourth');

    await userEvent.click(within(form).getByRole('button', { name: 'Create model' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Confirm paid model' });
    expect(confirm.textContent).toContain(
      "this model will be paid, $25.00 per month (Test mode), charged to your organization's payment method.",
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog', { name: 'Confirm paid model' })).toBeNull();
    expect(posts()).toBe(0);

    await userEvent.click(within(form).getByRole('button', { name: 'Create model' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create paid model' }));
    await waitFor(() => expect(posts()).toBe(1));
  });
});

describe('/organizations/{id}/settings/billing', () => {
  it('is labelled as test mode and lists the payment methods', async () => {
    const fake = organizationServer(paid());
    await renderApp({ path: '/organizations/org-1/settings/billing', http: fake.http });
    expect(await screen.findByText(testModeBanner)).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Payment methods' });
    expect(within(list).getByText('Visa •••• 4242')).toBeTruthy();
    expect(within(list).getByText(/Expires 12\/2030/)).toBeTruthy();
    expect(stripeScripts()).toEqual([]);
  });

  it('shows the price of a paid model and of each billing cycle', async () => {
    const fake = organizationServer(paid());
    await renderApp({ path: '/organizations/org-1/settings/billing', http: fake.http });
    expect(await screen.findByText('Each further model costs $25.00 per month (Test mode).')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Monthly — $25.00 per month per paid model' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Annual — $250.00 per year per paid model' })).toBeTruthy();
  });

  it('still opens when the provider gives no price, and says so', async () => {
    const fake = organizationServer(paid());
    fake.answer(
      'GET /api/organizations/org-1/billing',
      ok(aBilling({ provider: 'stripe', testMode: false, prices: { monthly: null, annual: null } })),
    );
    await renderApp({ path: '/organizations/org-1/settings/billing', http: fake.http });
    expect(await screen.findByText('The price of a paid model is not available right now.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeTruthy();
  });

  it('refuses to remove the last payment method while paid models exist, with the spec’s message', async () => {
    const fake = organizationServer(paid());
    fake.answer(
      'DELETE /api/organizations/org-1/billing/paymentMethods/pm-1',
      failure(409, messages.freeModelsOnly),
    );
    await renderApp({ path: '/organizations/org-1/settings/billing', http: fake.http });
    const list = await screen.findByRole('list', { name: 'Payment methods' });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove payment method' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove payment method' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "You only get three free models. Please remove or demote your paid models. Then you'll be able to remove your payment method.",
    );
    expect(within(list).getByText('Visa •••• 4242')).toBeTruthy();
  });

  it('removes a payment method and says “Payment method removed”', async () => {
    const fake = organizationServer(atLimit());
    fake.answer('DELETE /api/organizations/org-1/billing/paymentMethods/pm-1', ok(undefined, 204));
    await renderApp({ path: '/organizations/org-1/settings/billing', http: fake.http });
    const list = await screen.findByRole('list', { name: 'Payment methods' });
    fake.answer('GET /api/organizations/org-1/billing', ok(aBilling({ paymentMethods: [] })));
    await userEvent.click(within(list).getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove payment method' }));
    expect(await screen.findByText('Payment method removed')).toBeTruthy();
    expect(screen.getByText('No payment method on file.')).toBeTruthy();
  });

  it('says who may see billing to a member, without asking for it', async () => {
    const fake = organizationServer(atLimit({ canManageBilling: false }));
    await renderApp({ path: '/organizations/org-1/settings/billing', http: fake.http });
    expect(
      await screen.findByText(
        "Only the organization's owner and its billing administrator can see and change billing.",
      ),
    ).toBeTruthy();
    expect(fake.requests.some((request) => request.path === '/api/organizations/org-1/billing')).toBe(false);
  });
});
