import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import type { Organization } from '../../contract/http/organizations';
import { createFakeHttpClient, failure, ok } from '../auth/fakeHttpClient';
import { createOrganizationImplementations, createOrganizationMachine } from './createOrganizationMachine';
import { anOrganization } from './organizationsTestKit';

function startForm() {
  const fake = createFakeHttpClient();
  const created: Organization[] = [];
  const actor = createActor(
    createOrganizationMachine.provide(
      createOrganizationImplementations({ http: fake.http, organizationCreated: (o) => created.push(o) }),
    ),
  ).start();
  return { fake, actor, created };
}

describe('createOrganizationMachine', () => {
  it('refuses a name of only spaces with the spec’s message, without calling the server', () => {
    const { fake, actor } = startForm();
    actor.send({ type: 'name.change', value: '   ' });
    actor.send({ type: 'organization.create' });
    expect(actor.getSnapshot().context.error).toBe(messages.modelNameBlank);
    expect(fake.requests).toEqual([]);
  });

  it('creates the organization with the trimmed name and leaves a blank form', async () => {
    const { fake, actor, created } = startForm();
    const organization = anOrganization({ name: 'Acme Structures' });
    fake.answer('POST /api/organizations', ok(organization, 201));
    actor.send({ type: 'name.change', value: '  Acme Structures ' });
    actor.send({ type: 'organization.create' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('form'));

    expect(fake.requests).toEqual([
      { method: 'POST', path: '/api/organizations', json: { name: 'Acme Structures' } },
    ]);
    expect(created).toEqual([organization]);
    expect(actor.getSnapshot().context).toMatchObject({ name: '', error: null });
  });

  it('shows the server’s refusal and keeps the name', async () => {
    const { fake, actor, created } = startForm();
    fake.answer('POST /api/organizations', failure(400, ownMessages.nothingToUpdate));
    actor.send({ type: 'name.change', value: 'Acme' });
    actor.send({ type: 'organization.create' });
    await waitFor(actor, (s) => s.hasTag('form'));
    expect(actor.getSnapshot().context).toMatchObject({ name: 'Acme', error: ownMessages.nothingToUpdate });
    expect(created).toEqual([]);
  });
});
