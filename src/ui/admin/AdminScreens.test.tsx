import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../contract/errors';
import { anAdminUserRow, someUsers } from '../../machines/admin/adminTestKit';
import { ADMIN_PAGE_SIZE } from '../../machines/admin/paging';
import { createFakeHttpClient, ok } from '../../machines/auth/fakeHttpClient';
import { anOrganization } from '../../machines/organizations/organizationsTestKit';
import { aPublicUser } from '../../machines/session/sessionTestKit';
import { renderApp } from '../app/testApp';

const john = anAdminUserRow();
const admin = { adminIds: ['user-1'], adminList: [aPublicUser({ _id: 'user-1' })] };

function rowNames(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent ?? '');
}

describe('/admin for someone who is not an internal admin (issue #23)', () => {
  it.each(['/admin', '/admin/profile', '/admin/testingGroups'])(
    'sends them from %s to the dashboard with the spec message, before any admin call',
    async (path) => {
      const fake = createFakeHttpClient();
      fake.answer('GET /api/organizations', ok({ data: [] }));
      const app = await renderApp({ path, http: fake.http, adminIds: [], adminList: [] });
      await waitFor(() => expect(app.location()).toBe('/dashboard'));
      expect(await screen.findByText(messages.unauthorizedAccess)).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
      expect(screen.queryByRole('table', { name: 'Users' })).toBeNull();
      expect(fake.requests.filter((request) => request.path.startsWith('/api/users/all'))).toEqual([]);
    },
  );
});

describe('/admin', () => {
  it('opens on the users, lists everyone a page at a time, and finds a user from a misspelled name', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    fake.answer(
      'GET /api/users/all',
      ok({
        data: someUsers(ADMIN_PAGE_SIZE),
        total: ADMIN_PAGE_SIZE + 3,
        page: 1,
        pageSize: ADMIN_PAGE_SIZE,
      }),
    );
    fake.answer('GET /api/users/fuzzySearch/', ok({ data: [john] }));
    const app = await renderApp({ path: '/admin', http: fake.http, ...admin });

    const table = await screen.findByRole('table', { name: 'Users' });
    expect(app.location()).toBe('/admin/profile');
    expect(rowNames(table)).toHaveLength(ADMIN_PAGE_SIZE);
    expect(screen.getByText(`Page 1 of 2 · ${ADMIN_PAGE_SIZE + 3} users`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a user' }), 'Jonh Smiht');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(rowNames(screen.getByRole('table', { name: 'Users' }))).toEqual(['John Smith']),
    );
    expect(screen.getByText('Best matches for “Jonh Smiht”: 1.')).toBeTruthy();
    const row = screen.getByRole('row', { name: /John Smith/ });
    expect(row.textContent).toContain('jsmith@example.com');
    expect(row.textContent).toContain('None');
    // Search results are one list: no pages.
    expect(screen.queryByRole('navigation', { name: 'Pages of users' })).toBeNull();
  });

  it('sets a user’s testing group from /admin/testingGroups', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    fake.answer('GET /api/users/all', ok({ data: [john], total: 1, page: 1, pageSize: ADMIN_PAGE_SIZE }));
    fake.answer('POST /api/users/updateTestingGroup/', ok({ ...john, testingGroup: 'beta' }));
    await renderApp({ path: '/admin/testingGroups', http: fake.http, ...admin });

    const field = await screen.findByRole('textbox', { name: 'Testing group of John Smith' });
    const editor = screen.getByRole('form', { name: 'Testing group of John Smith' });
    const save = within(editor).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.type(field, 'beta');
    await userEvent.click(save);

    await waitFor(() =>
      expect(within(editor).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true),
    );
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/api/users/updateTestingGroup/',
      json: { data: { userId: john._id, testingGroup: 'beta' } },
    });
    expect((field as HTMLInputElement).value).toBe('beta');
    expect(await screen.findByText(ownMessages.testingGroupUpdated)).toBeTruthy();
  });

  it('lists every organization with its owner and counts', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    fake.answer(
      'GET /api/organizations/all',
      ok({
        data: [anOrganization({ _id: 'org-acme', name: 'Acme', modelCount: 4 })],
        total: 1,
        page: 1,
        pageSize: ADMIN_PAGE_SIZE,
      }),
    );
    await renderApp({ path: '/admin/organizations', http: fake.http, ...admin });
    const table = await screen.findByRole('table', { name: 'Organizations' });
    expect(rowNames(table)).toEqual(['Acme']);
    const row = within(table).getByRole('row', { name: /Acme/ });
    expect(within(row).getAllByRole('cell').at(-2)?.textContent).toBe('4');
    expect(screen.getByText('Page 1 of 1 · 1 organizations')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeTruthy();
  });
});
