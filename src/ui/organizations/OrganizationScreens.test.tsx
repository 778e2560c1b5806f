import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/errors';
import { createFakeHttpClient, failure, ok } from '../../machines/auth/fakeHttpClient';
import { aCollaborator, anOrganization, grace } from '../../machines/organizations/organizationsTestKit';
import { renderApp } from '../app/testApp';

function organizationServer() {
  const fake = createFakeHttpClient();
  fake.answer('GET /api/organizations', ok({ data: [anOrganization()] }));
  fake.answer('GET /api/organizations/org-1', ok(anOrganization({ collaborators: [aCollaborator()] })));
  return fake;
}

describe('/organizations/{id}/people', () => {
  it('lists the owner and the members with their roles', async () => {
    const fake = organizationServer();
    await renderApp({ path: '/organizations/org-1/people', http: fake.http });
    const members = await screen.findByRole('list', { name: 'Members' });
    const rows = within(members).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Ada Lovelace'),
      expect.stringContaining('Grace Hopper'),
    ]);
    expect(rows[0]?.textContent).toContain('Owner');
    expect((within(members).getByLabelText('Role of Grace Hopper') as HTMLSelectElement).value).toBe(
      'MEMBER',
    );
  });

  it('asks for the name of an invitee without an account, then sends the invitation', async () => {
    const fake = organizationServer();
    fake.answer('POST /api/organizations/org-1/collaborators', failure(404, messages.inviteNeedsInfo));
    await renderApp({ path: '/organizations/org-1/people', http: fake.http });

    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await userEvent.type(within(form).getByLabelText('Email address'), 'hedy@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect((await within(form).findByRole('status')).textContent).toBe(messages.inviteNeedsInfo);

    const pending = aCollaborator({
      user: {
        ...grace,
        _id: 'user-3',
        firstName: 'Hedy',
        lastName: 'Lamarr',
        emailAddress: 'hedy@example.com',
      },
      pending: true,
    });
    fake.answer(
      'POST /api/organizations/org-1/collaborators',
      ok(anOrganization({ collaborators: [pending] }), 201),
    );
    await userEvent.type(within(form).getByLabelText('First name'), 'Hedy');
    await userEvent.type(within(form).getByLabelText('Last name'), 'Lamarr');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));

    const members = screen.getByRole('list', { name: 'Members' });
    expect(await within(members).findByText('Hedy Lamarr')).toBeTruthy();
    expect(within(members).getByText('Pending')).toBeTruthy();
    expect(within(form).queryByLabelText('First name')).toBeNull();
    expect(
      fake.requests.filter((request) => request.method === 'POST').map((request) => request.json),
    ).toEqual([
      { emailAddress: 'hedy@example.com', role: 'MEMBER' },
      { emailAddress: 'hedy@example.com', role: 'MEMBER', firstName: 'Hedy', lastName: 'Lamarr' },
    ]);
  });

  it('does not offer invitations and role changes to a plain member', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    fake.answer(
      'GET /api/organizations/org-1',
      ok(anOrganization({ currentUserRole: 'MEMBER', collaborators: [aCollaborator()] })),
    );
    await renderApp({ path: '/organizations/org-1/people', http: fake.http });
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('form', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});

describe('/organizations/{id}/settings/filters', () => {
  it('shows the spec’s From and To messages under their fields before anything is sent', async () => {
    const fake = organizationServer();
    fake.answer('GET /api/organizations/org-1/filters', ok({ data: [], recommended: [] }));
    await renderApp({ path: '/organizations/org-1/settings/filters', http: fake.http });

    await userEvent.click(await screen.findByRole('button', { name: 'New filter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'From feild is required',
      'To feild is required',
    ]);
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(fake.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });
});

describe('the organization pages', () => {
  it('name the organization and link its sections', async () => {
    const fake = organizationServer();
    fake.answer('GET /api/models', ok({ data: [] }));
    await renderApp({ path: '/organizations/org-1/models', http: fake.http });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Structures: models' })).toBeTruthy();
    const sections = screen.getByRole('navigation', { name: 'Organization' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/organizations/org-1/models',
      '/organizations/org-1/people',
      '/organizations/org-1/settings',
    ]);
  });

  it('list the user’s organizations in the user menu, the owned ones first', async () => {
    const fake = createFakeHttpClient();
    fake.answer(
      'GET /api/organizations',
      ok({
        data: [
          anOrganization({ _id: 'org-a', name: 'Alpha', owner: grace, currentUserRole: 'MEMBER' }),
          anOrganization({ _id: 'org-z', name: 'Zeta' }),
        ],
      }),
    );
    fake.answer('GET /api/models', ok({ data: [] }));
    await renderApp({ path: '/dashboard', http: fake.http });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const group = await screen.findByRole('listitem', { name: 'Organizations' });
    expect(
      within(group)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Zeta', 'Alpha']);
  });
});
