import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeHttpClient, ok } from '../../machines/auth/fakeHttpClient';
import { aBilling, localSetup, paid, quotaPath, stripeSetup } from '../../machines/billing/billingTestKit';
import { anOrganization } from '../../machines/organizations/organizationsTestKit';
import { renderApp } from '../app/testApp';

/** Stripe's script, which loadStripe injects; jsdom never fetches it. */
const stripeScripts = () =>
  [...document.querySelectorAll('script')].filter((script) => script.src.includes('js.stripe.com'));

function billingServer(setup: typeof localSetup) {
  const fake = createFakeHttpClient();
  fake.answer('GET /api/organizations', ok({ data: [anOrganization()] }));
  fake.answer('GET /api/organizations/org-1', ok(anOrganization()));
  fake.answer(`GET ${quotaPath}`, ok(paid()));
  fake.answer('GET /stripe/config', ok(setup));
  fake.answer('GET /api/organizations/org-1/billing', ok(aBilling({ provider: setup.provider })));
  return fake;
}

// One file, in this order: the document (and so any injected script) lives as long as the file's tests.
describe('Stripe.js on the billing page', () => {
  it('is not loaded with the local test provider, whose form is labelled test mode', async () => {
    await renderApp({ path: '/organizations/org-1/settings/billing', http: billingServer(localSetup).http });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    const form = screen.getByRole('form', { name: 'Add a card' });
    expect(within(form).getByText('Test mode — no real charges (local payment provider)')).toBeTruthy();
    expect(within(form).getByLabelText('Card number')).toBeTruthy();
    expect(stripeScripts()).toEqual([]);
  });

  it('is loaded, and the card typed into Stripe Elements, when the server uses Stripe', async () => {
    await renderApp({ path: '/organizations/org-1/settings/billing', http: billingServer(stripeSetup).http });
    const addCard = await screen.findByRole('button', { name: 'Add a card' });
    expect(stripeScripts()).toEqual([]);
    await userEvent.click(addCard);
    const form = screen.getByRole('form', { name: 'Add a card' });
    expect(within(form).queryByLabelText('Card number')).toBeNull();
    expect(within(form).queryByText('Test mode — no real charges (local payment provider)')).toBeNull();
    expect(within(form).getByText(/Stripe test mode/)).toBeTruthy();
    await waitFor(() => expect(stripeScripts()).toHaveLength(1));
  });
});
