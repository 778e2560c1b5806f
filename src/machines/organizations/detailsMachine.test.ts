import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import type { Organization } from '../../contract/http/organizations';
import { createFakeHttpClient, failure, ok } from '../auth/fakeHttpClient';
import { createDetailsImplementations, detailsMachine } from './detailsMachine';
import { aCollaborator, anOrganization, grace } from './organizationsTestKit';

async function startDetails(organization: Organization) {
  const fake = createFakeHttpClient();
  const toasts: string[] = [];
  fake.answer('GET /api/organizations/org-1', ok(organization));
  const actor = createActor(
    detailsMachine.provide(
      createDetailsImplementations({
        http: fake.http,
        announceSuccess: (message) => toasts.push(message),
        organizationSaved: () => {},
      }),
    ),
    { input: { organizationId: 'org-1' } },
  ).start();
  await waitFor(actor, (s) => s.hasTag('form'));
  fake.requests.length = 0;
  return { fake, actor, toasts };
}

describe('detailsMachine', () => {
  it('renames the organization and says it was updated', async () => {
    const { fake, actor, toasts } = await startDetails(anOrganization());
    fake.answer('PUT /api/organizations/org-1', ok(anOrganization({ name: 'Acme Ltd' })));
    actor.send({ type: 'name.change', value: ' Acme Ltd ' });
    actor.send({ type: 'details.save' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(fake.requests).toEqual([
      { method: 'PUT', path: '/api/organizations/org-1', json: { name: 'Acme Ltd' } },
    ]);
    expect(toasts).toEqual([ownMessages.organizationUpdated]);
    expect(actor.getSnapshot().context.name).toBe('Acme Ltd');
  });

  it('refuses a blank name', async () => {
    const { fake, actor } = await startDetails(anOrganization());
    actor.send({ type: 'name.change', value: ' ' });
    actor.send({ type: 'details.save' });
    expect(actor.getSnapshot().context.nameError).toBe(messages.modelNameBlank);
    expect(fake.requests).toEqual([]);
  });

  it('says “Billing administrator updated” when only the billing administrator changed, and both when both did', async () => {
    const { fake, actor, toasts } = await startDetails(anOrganization({ collaborators: [aCollaborator()] }));
    fake.answer('PUT /api/organizations/org-1', ok(anOrganization({ billingAdministrator: grace })));
    actor.send({ type: 'billingAdministrator.change', userId: grace._id });
    actor.send({ type: 'details.save' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(toasts).toEqual([ownMessages.billingAdministratorUpdated]);

    toasts.length = 0;
    fake.answer('PUT /api/organizations/org-1', ok(anOrganization({ name: 'Acme Ltd' })));
    actor.send({ type: 'name.change', value: 'Acme Ltd' });
    actor.send({ type: 'billingAdministrator.change', userId: '' });
    actor.send({ type: 'details.save' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(toasts).toEqual([ownMessages.organizationUpdated, ownMessages.billingAdministratorUpdated]);
  });

  it('lets the owner name a member billing administrator, and give the role back to themself', async () => {
    const { fake, actor } = await startDetails(anOrganization({ collaborators: [aCollaborator()] }));
    fake.answer('PUT /api/organizations/org-1', ok(anOrganization({ billingAdministrator: grace })));
    actor.send({ type: 'billingAdministrator.change', userId: grace._id });
    actor.send({ type: 'details.save' });
    await waitFor(actor, (s) => !s.hasTag('busy'));

    fake.answer('PUT /api/organizations/org-1', ok(anOrganization()));
    actor.send({ type: 'billingAdministrator.change', userId: '' });
    actor.send({ type: 'details.save' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(fake.requests.map((request) => request.json)).toEqual([
      { name: 'Acme Structures', billingAdministratorId: grace._id },
      { name: 'Acme Structures', billingAdministratorId: null },
    ]);
  });

  it('never sends the billing administrator for an ADMIN member, who may only rename', async () => {
    const { fake, actor } = await startDetails(anOrganization({ currentUserRole: 'ADMIN' }));
    fake.answer('PUT /api/organizations/org-1', failure(401, messages.unauthorizedAccess));
    actor.send({ type: 'billingAdministrator.change', userId: grace._id });
    actor.send({ type: 'details.save' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(fake.requests.map((request) => request.json)).toEqual([{ name: 'Acme Structures' }]);
  });
});
