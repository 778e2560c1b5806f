import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import type { Organization } from '../../contract/http/organizations';
import { createFakeHttpClient, failure, ok } from '../auth/fakeHttpClient';
import { aCollaborator, anOrganization, grace } from './organizationsTestKit';
import { createPeopleImplementations, peopleMachine } from './peopleMachine';
import { selectPeopleRows } from './peopleSelectors';

const invited = aCollaborator({
  user: { ...grace, _id: 'user-3', firstName: 'Hedy', lastName: 'Lamarr', emailAddress: 'hedy@example.com' },
  pending: true,
});

async function startPeople(
  organization: Organization = anOrganization({ collaborators: [aCollaborator()] }),
) {
  const fake = createFakeHttpClient();
  const toasts: string[] = [];
  const saved: Organization[] = [];
  fake.answer('GET /api/organizations/org-1', ok(organization));
  const actor = createActor(
    peopleMachine.provide(
      createPeopleImplementations({
        http: fake.http,
        announceSuccess: (message) => toasts.push(message),
        organizationSaved: (o) => saved.push(o),
      }),
    ),
    { input: { organizationId: 'org-1' } },
  ).start();
  await waitFor(actor, (s) => s.hasTag('ready'));
  fake.requests.length = 0;
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy'));
  return { fake, actor, toasts, saved, settled };
}

describe('peopleMachine', () => {
  it('lists the owner first, then the members, with their roles', async () => {
    const { actor } = await startPeople(
      anOrganization({ collaborators: [invited, aCollaborator({ role: 'ADMIN' })] }),
    );
    expect(
      selectPeopleRows(actor.getSnapshot()).map(
        (row) => `${row.user.firstName} ${row.role}${row.pending ? ' pending' : ''}`,
      ),
    ).toEqual(['Ada OWNER', 'Grace ADMIN', 'Hedy MEMBER pending']);
  });

  it('invites someone who has an account, and says the permissions were updated', async () => {
    const { fake, actor, toasts, saved, settled } = await startPeople(anOrganization());
    const after = anOrganization({ collaborators: [aCollaborator({ role: 'ADMIN' })] });
    fake.answer('POST /api/organizations/org-1/collaborators', ok(after, 201));
    actor.send({ type: 'invite.field', field: 'emailAddress', value: ' grace@example.com ' });
    actor.send({ type: 'invite.role', role: 'ADMIN' });
    actor.send({ type: 'invite.submit' });
    await settled();

    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/api/organizations/org-1/collaborators',
        json: { emailAddress: 'grace@example.com', role: 'ADMIN' },
      },
    ]);
    expect(toasts).toEqual([ownMessages.permissionsUpdated]);
    expect(saved).toEqual([after]);
    expect(actor.getSnapshot().context.invite.emailAddress).toBe('');
    expect(selectPeopleRows(actor.getSnapshot())).toHaveLength(2);
  });

  it('asks for the name of someone without an account, then sends the invitation with it', async () => {
    const { fake, actor, toasts, settled } = await startPeople(anOrganization());
    fake.answer('POST /api/organizations/org-1/collaborators', failure(404, messages.inviteNeedsInfo));
    actor.send({ type: 'invite.field', field: 'emailAddress', value: 'hedy@example.com' });
    actor.send({ type: 'invite.submit' });
    await settled();
    expect(actor.getSnapshot().hasTag('askingNames')).toBe(true);
    expect(actor.getSnapshot().context.inviteNotice).toBe(messages.inviteNeedsInfo);

    actor.send({ type: 'invite.field', field: 'firstName', value: 'Hedy' });
    actor.send({ type: 'invite.submit' });
    expect(actor.getSnapshot().context.inviteError).toBe(messages.fillOutForm);

    // The server's answer to the second POST has no body: the organization is read again.
    fake.answer('POST /api/organizations/org-1/collaborators', ok(null, 201));
    fake.answer('GET /api/organizations/org-1', ok(anOrganization({ collaborators: [invited] })));
    actor.send({ type: 'invite.field', field: 'lastName', value: 'Lamarr' });
    actor.send({ type: 'invite.submit' });
    await waitFor(actor, (s) => !s.hasTag('askingNames'));
    await settled();

    expect(fake.requests.map((request) => request.json)).toEqual([
      { emailAddress: 'hedy@example.com', role: 'MEMBER' },
      { emailAddress: 'hedy@example.com', role: 'MEMBER', firstName: 'Hedy', lastName: 'Lamarr' },
      undefined,
    ]);
    expect(toasts).toEqual([ownMessages.permissionsUpdated]);
    expect(selectPeopleRows(actor.getSnapshot()).map((row) => row.pending)).toEqual([false, true]);
  });

  it('forgets the names asked for when the address changes', async () => {
    const { fake, actor, settled } = await startPeople();
    fake.answer('POST /api/organizations/org-1/collaborators', failure(404, messages.inviteNeedsInfo));
    actor.send({ type: 'invite.field', field: 'emailAddress', value: 'hedy@example.com' });
    actor.send({ type: 'invite.submit' });
    await settled();
    actor.send({ type: 'invite.field', field: 'firstName', value: 'Hedy' });
    actor.send({ type: 'invite.field', field: 'emailAddress', value: 'other@example.com' });
    expect(actor.getSnapshot().hasTag('askingNames')).toBe(false);
    expect(actor.getSnapshot().context.invite.firstName).toBe('');
  });

  it('refuses an address that is not one, without calling the server', async () => {
    const { fake, actor } = await startPeople();
    actor.send({ type: 'invite.field', field: 'emailAddress', value: 'grace@' });
    actor.send({ type: 'invite.submit' });
    expect(actor.getSnapshot().context.inviteError).toBe(messages.enterValidEmail);
    expect(fake.requests).toEqual([]);
  });

  it('changes a member’s role', async () => {
    const { fake, actor, toasts, settled } = await startPeople();
    fake.answer(
      'PUT /api/organizations/org-1/collaborators/user-2',
      ok(anOrganization({ collaborators: [aCollaborator({ role: 'ADMIN' })] })),
    );
    actor.send({ type: 'role.change', userId: 'user-2', role: 'ADMIN' });
    await settled();
    expect(fake.requests).toEqual([
      { method: 'PUT', path: '/api/organizations/org-1/collaborators/user-2', json: { role: 'ADMIN' } },
    ]);
    expect(selectPeopleRows(actor.getSnapshot())[1]?.role).toBe('ADMIN');
    expect(toasts).toEqual([ownMessages.permissionsUpdated]);
  });

  it('removes a member only once the removal is confirmed', async () => {
    const { fake, actor, toasts, settled } = await startPeople();
    actor.send({ type: 'collaborator.remove', userId: 'user-2' });
    actor.send({ type: 'removal.cancel' });
    expect(fake.requests).toEqual([]);

    fake.answer('DELETE /api/organizations/org-1/collaborators/user-2', ok(anOrganization()));
    actor.send({ type: 'collaborator.remove', userId: 'user-2' });
    actor.send({ type: 'removal.confirm' });
    await settled();
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'DELETE /api/organizations/org-1/collaborators/user-2',
    ]);
    expect(selectPeopleRows(actor.getSnapshot())).toHaveLength(1);
    expect(toasts).toEqual([ownMessages.permissionsUpdated]);
  });

  it('shows the server’s refusal of a change beside the list', async () => {
    const { fake, actor, toasts, settled } = await startPeople();
    fake.answer(
      'PUT /api/organizations/org-1/collaborators/user-2',
      failure(400, ownMessages.ownerIsNotACollaborator),
    );
    actor.send({ type: 'role.change', userId: 'user-2', role: 'ADMIN' });
    await settled();
    expect(actor.getSnapshot().context.actionError).toBe(ownMessages.ownerIsNotACollaborator);
    expect(toasts).toEqual([]);
  });
});
