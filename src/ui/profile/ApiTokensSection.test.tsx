import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownMessages } from '../../contract/errors';
import type { ApiToken } from '../../contract/http/apiTokens';
import { createFakeHttpClient, ok } from '../../machines/auth/fakeHttpClient';
import { renderApp } from '../app/testApp';

const tokensPath = '/api/users/me/tokens';
const secret = `gst_${'s'.repeat(43)}`;

const existing: ApiToken = {
  _id: 'token-1',
  name: 'Grasshopper on my laptop',
  prefix: 'gst_AbCd1234',
  createdAt: '2026-01-05T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
};

async function openSection(fake: ReturnType<typeof createFakeHttpClient>) {
  fake.answer('GET /api/organizations', ok({ data: [] }));
  await renderApp({ path: '/profile/profile', http: fake.http });
  const heading = await screen.findByRole('heading', { name: 'Personal API tokens' });
  const section = heading.closest('section');
  if (!section) throw new Error('the heading is not in its section');
  return within(section);
}

describe('/profile/profile: personal API tokens', () => {
  it('lists tokens by name and first characters, never the secret', async () => {
    const fake = createFakeHttpClient();
    fake.answer(`GET ${tokensPath}`, ok({ data: [existing] }));
    const section = await openSection(fake);
    const row = (await section.findByRole('rowheader', { name: existing.name })).closest('tr');
    expect(row?.textContent).toContain('gst_AbCd1234…');
    expect(row?.textContent).toContain('Never');
  });

  it('creates a token, shows its secret once with a copy button, and forgets it when dismissed', async () => {
    const fake = createFakeHttpClient();
    fake.answer(`GET ${tokensPath}`, ok({ data: [] }));
    fake.answer(
      `POST ${tokensPath}`,
      ok({ ...existing, _id: 'token-2', name: 'Dynamo', prefix: secret.slice(0, 12), token: secret }, 201),
    );
    const user = userEvent.setup();
    const section = await openSection(fake);
    await section.findByText('You have no API tokens.');

    await user.type(section.getByLabelText('Token name'), 'Dynamo');
    await user.selectOptions(section.getByLabelText('Expires'), '90 days');
    await user.click(section.getByRole('button', { name: 'Create token' }));

    const shown = (await section.findByRole('textbox', { name: 'New token' })) as HTMLInputElement;
    expect(shown.value).toBe(secret);
    expect(section.getByRole('status', { name: 'New token' }).textContent).toMatch(/cannot show it again/);
    expect(fake.requests.at(-1)?.json).toEqual({ name: 'Dynamo', expiresInDays: 90 });
    expect(section.getByRole('rowheader', { name: 'Dynamo' })).toBeTruthy();

    await user.click(section.getByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(await section.findByRole('button', { name: 'Copied' })).toBeTruthy();

    await user.click(section.getByRole('button', { name: 'I have copied it' }));
    expect(section.queryByRole('textbox', { name: 'New token' })).toBeNull();
    expect(document.body.innerHTML).not.toContain(secret);
  });

  it('says why a name is refused, beside the form', async () => {
    const fake = createFakeHttpClient();
    fake.answer(`GET ${tokensPath}`, ok({ data: [] }));
    const section = await openSection(fake);
    await section.findByText('You have no API tokens.');
    await userEvent.click(section.getByRole('button', { name: 'Create token' }));
    expect(section.getByRole('alert').textContent).toBe(ownMessages.apiTokenNameBlank);
    expect(fake.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('revokes a token only once the user confirms', async () => {
    const fake = createFakeHttpClient();
    fake.answer(`GET ${tokensPath}`, ok({ data: [existing] }));
    fake.answer(`DELETE ${tokensPath}/token-1`, ok({ _id: 'token-1' }));
    const user = userEvent.setup();
    const section = await openSection(fake);

    await user.click(await section.findByRole('button', { name: `Revoke ${existing.name}` }));
    const dialog = section.getByRole('alertdialog', { name: 'Revoke a token' });
    expect(dialog.textContent).toContain('stop working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(section.queryByRole('alertdialog')).toBeNull();
    expect(fake.requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(section.getByRole('button', { name: `Revoke ${existing.name}` }));
    await user.click(within(section.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(section.queryByRole('rowheader', { name: existing.name })).toBeNull());
    expect(section.getByText('You have no API tokens.')).toBeTruthy();
    expect(await screen.findByText(ownMessages.apiTokenRevoked)).toBeTruthy();
  });
});
