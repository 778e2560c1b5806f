import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ownMessages } from '../../contract/errors';
import type { Organization } from '../../contract/http/organizations';
import { createFakeHttpClient, ok } from '../auth/fakeHttpClient';
import { createRealtimeFeed } from '../socket/realtimeFeed';
import { aRealtimeEvent } from '../socket/socketTestKit';
import { createDirectoryImplementations, organizationDirectoryMachine } from './directoryMachine';
import { anOrganization, grace, owner } from './organizationsTestKit';

const acme = anOrganization({ _id: 'org-1', name: 'Acme', owner });
const zeta = anOrganization({ _id: 'org-2', name: 'Zeta', owner });

/** The directory, loaded for the owner, over a fake server and a feed the test publishes on. */
async function startDirectory() {
  const fake = createFakeHttpClient();
  fake.answer('GET /api/organizations', ok({ data: [acme, zeta] }));
  const feed = createRealtimeFeed();
  const toasts: string[] = [];
  const actor = createActor(
    organizationDirectoryMachine.provide(
      createDirectoryImplementations(fake.http, {
        realtime: feed,
        announce: (message) => toasts.push(message),
      }),
    ),
  ).start();
  actor.send({ type: 'organizations.needed', userId: owner._id });
  await waitFor(actor, (s) => s.hasTag('loaded'));
  const updated = (organizationId: string, organization: Organization | null) => {
    const sent = organization && (({ currentUserRole: _role, ...rest }) => rest)(organization);
    feed.publish({
      type: 'realtime.event',
      event: aRealtimeEvent(
        { eventName: 'OrganizationUpdated', data: { organizationId, organization: sent } },
        'anotherUser',
        'fromOrganizationService',
      ),
    });
  };
  const loads = () => fake.requests.length;
  return { actor, fake, feed, toasts, updated, loads };
}

describe('the organizations directory, live', () => {
  it('rule (d): replaces the collaborators of the organization the event names, without a fetch', async () => {
    const { actor, updated, loads, toasts } = await startDirectory();
    const joined = {
      user: grace,
      role: 'MEMBER' as const,
      pending: false,
      addedAt: '2025-04-01T00:00:00.000Z',
    };
    updated('org-1', { ...acme, currentUserRole: 'MEMBER', collaborators: [joined] });
    const [first, second] = actor.getSnapshot().context.organizations;
    expect(first?.collaborators).toEqual([joined]);
    expect(first?.currentUserRole).toBe(acme.currentUserRole);
    expect(second).toEqual(zeta);
    expect(loads()).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('rule (d): an event without the organization’s details gives an info toast and reads them again', async () => {
    const { actor, updated, loads, toasts } = await startDirectory();
    updated('org-1', null);
    expect(toasts).toEqual([ownMessages.realtimeOrganizationDetailsMissing]);
    await waitFor(actor, (s) => s.hasTag('loaded'));
    expect(loads()).toBe(2);
  });

  it('reads the organizations again for an organization it does not hold (the user just joined it)', async () => {
    const { actor, updated, loads } = await startDirectory();
    updated('org-9', anOrganization({ _id: 'org-9', name: 'Newly joined' }));
    await waitFor(actor, (s) => s.hasTag('loaded'));
    expect(loads()).toBe(2);
  });

  it('reads them again after the socket reconnects', async () => {
    const { actor, feed, loads } = await startDirectory();
    feed.publish({ type: 'socket.resynced' });
    await waitFor(actor, (s) => s.hasTag('loaded'));
    expect(loads()).toBe(2);
  });
});
