import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createFakeHttpClient, deferred, failure, ok } from '../auth/fakeHttpClient';
import type { ApiResult } from '../../api/types';
import { createDirectoryImplementations, organizationDirectoryMachine } from './directoryMachine';
import { anOrganization, grace, owner } from './organizationsTestKit';

const mine = anOrganization({ _id: 'org-mine', name: 'Zeta Engineering', owner });
const theirs = anOrganization({ _id: 'org-theirs', name: 'Acme', owner: grace, currentUserRole: 'MEMBER' });

function startDirectory() {
  const fake = createFakeHttpClient();
  const actor = createActor(
    organizationDirectoryMachine.provide(createDirectoryImplementations(fake.http)),
  ).start();
  const names = () => actor.getSnapshot().context.organizations.map((organization) => organization.name);
  return { fake, actor, names };
}

describe('organizationDirectoryMachine', () => {
  it('loads the user’s organizations once, owned first, then the others by name', async () => {
    const { fake, actor, names } = startDirectory();
    fake.answer('GET /api/organizations', ok({ data: [theirs, mine] }));
    actor.send({ type: 'organizations.needed', userId: owner._id });
    await waitFor(actor, (s) => s.hasTag('loaded'));
    actor.send({ type: 'organizations.needed', userId: owner._id });

    expect(names()).toEqual(['Zeta Engineering', 'Acme']);
    expect(fake.requests).toHaveLength(1);
  });

  it('forgets the previous user’s organizations when another user signs in on the tab', async () => {
    const { fake, actor, names } = startDirectory();
    fake.answer('GET /api/organizations', ok({ data: [mine] }));
    actor.send({ type: 'organizations.needed', userId: owner._id });
    await waitFor(actor, (s) => s.hasTag('loaded'));

    const next = deferred<ApiResult<unknown>>();
    fake.answer('GET /api/organizations', next.promise);
    actor.send({ type: 'organizations.needed', userId: grace._id });
    expect(names()).toEqual([]);
    next.resolve(ok({ data: [theirs] }));
    await waitFor(actor, (s) => s.hasTag('loaded'));
    expect(names()).toEqual(['Acme']);
  });

  it('adds an organization created on a screen in its place, without asking the server', async () => {
    const { fake, actor, names } = startDirectory();
    fake.answer('GET /api/organizations', ok({ data: [theirs, mine] }));
    actor.send({ type: 'organizations.needed', userId: owner._id });
    await waitFor(actor, (s) => s.hasTag('loaded'));

    actor.send({
      type: 'organization.saved',
      organization: anOrganization({ _id: 'org-new', name: 'Beta', owner }),
    });
    actor.send({ type: 'organization.saved', organization: { ...theirs, name: 'Acme Renamed' } });
    expect(names()).toEqual(['Beta', 'Zeta Engineering', 'Acme Renamed']);
    expect(fake.requests).toHaveLength(1);
  });

  it('tries again when the same user comes back after a failure', async () => {
    const { fake, actor, names } = startDirectory();
    fake.answer('GET /api/organizations', failure(0, 'offline'));
    actor.send({ type: 'organizations.needed', userId: owner._id });
    await waitFor(actor, (s) => s.hasTag('failed'));

    fake.answer('GET /api/organizations', ok({ data: [mine] }));
    actor.send({ type: 'organizations.needed', userId: owner._id });
    await waitFor(actor, (s) => s.hasTag('loaded'));
    expect(names()).toEqual(['Zeta Engineering']);
  });
});
