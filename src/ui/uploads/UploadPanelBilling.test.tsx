import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownMessages } from '../../contract/errors';
import type { BillingQuotaResponse } from '../../contract/http/billing';
import { createFakeHttpClient, ok } from '../../machines/auth/fakeHttpClient';
import { atLimit, localSetup, paid, quotaPath } from '../../machines/billing/billingTestKit';
import { aModel, anOrganization } from '../../machines/organizations/organizationsTestKit';
import { renderApp } from '../app/testApp';

function organizationServer(quota: BillingQuotaResponse) {
  const fake = createFakeHttpClient();
  fake.answer('GET /api/organizations', ok({ data: [anOrganization()] }));
  fake.answer('GET /api/organizations/org-1', ok(anOrganization({ modelCount: 3 })));
  fake.answer('GET /api/models', ok({ data: [aModel()] }));
  fake.answer(`GET ${quotaPath}`, ok(quota));
  fake.answer('GET /stripe/config', ok(localSetup));
  return fake;
}

async function chooseFile(panel: HTMLElement) {
  const file = new File(['$ PROGRAM INFORMATION\n'], 'tower.e2k');
  await userEvent.upload(within(panel).getByLabelText('Model file'), file);
}

describe('"New model from a file" at the free-model limit', () => {
  it('holds the upload and offers the owner to add a payment method in place', async () => {
    const fake = organizationServer(atLimit());
    await renderApp({ path: '/organizations/org-1/models', http: fake.http });
    const panel = await screen.findByRole('region', { name: 'New model from a file' });
    const gating = await within(panel).findByRole('group', { name: 'Billing for this upload' });
    expect(within(gating).getByText('3 of 3 free models used')).toBeTruthy();
    expect(within(gating).getByText(ownMessages.freeModelsUsed)).toBeTruthy();

    await chooseFile(panel);
    expect(within(panel).getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(gating).getByRole('button', { name: 'Add a payment method' }));
    expect(await within(gating).findByRole('form', { name: 'Add a card' })).toBeTruthy();
    expect(fake.requests.some((request) => request.path === '/api/v2/uploads')).toBe(false);
  });

  it('tells a member who cannot pay whom to ask', async () => {
    const fake = organizationServer(atLimit({ canManageBilling: false }));
    await renderApp({ path: '/organizations/org-1/models', http: fake.http });
    const panel = await screen.findByRole('region', { name: 'New model from a file' });
    const gating = await within(panel).findByRole('group', { name: 'Billing for this upload' });
    expect(within(gating).getByText("Ask your organization's owner to add a payment method.")).toBeTruthy();
    expect(within(gating).queryByRole('button', { name: 'Add a payment method' })).toBeNull();
  });

  it('lets the upload go once a payment method is on file', async () => {
    const fake = organizationServer(atLimit({ canCreatePaidModels: true }));
    await renderApp({ path: '/organizations/org-1/models', http: fake.http });
    const panel = await screen.findByRole('region', { name: 'New model from a file' });
    await within(panel).findByRole('group', { name: 'Billing for this upload' });
    await chooseFile(panel);
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('asks to confirm the charge of a paid model, naming its price; cancelling sends nothing', async () => {
    const fake = organizationServer(paid());
    const uploads = () => fake.requests.filter((request) => request.path === '/api/v2/uploads').length;
    await renderApp({ path: '/organizations/org-1/models', http: fake.http });
    const panel = await screen.findByRole('region', { name: 'New model from a file' });
    await within(panel).findByRole('group', { name: 'Billing for this upload' });
    await chooseFile(panel);

    await userEvent.click(within(panel).getByRole('button', { name: 'Upload' }));
    const confirm = within(panel).getByRole('alertdialog', { name: 'Confirm paid model' });
    expect(confirm.textContent).toContain(
      "this model will be paid, $25.00 per month (Test mode), charged to your organization's payment method.",
    );
    expect(within(panel).getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByRole('alertdialog', { name: 'Confirm paid model' })).toBeNull();
    expect(within(panel).getByText(/tower\.e2k/)).toBeTruthy();
    expect(uploads()).toBe(0);

    await userEvent.click(within(panel).getByRole('button', { name: 'Upload' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Create paid model' }));
    await waitFor(() => expect(uploads()).toBe(1));
  });
});
