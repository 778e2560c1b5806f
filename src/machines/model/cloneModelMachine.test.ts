import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import type { Model } from '../../contract/http/models';
import { createFakeHttpClient, failure, ok } from '../auth/fakeHttpClient';
import { billingGatingMachine, createBillingGatingImplementations } from '../billing/billingGatingMachine';
import { atLimit, paid } from '../billing/billingTestKit';
import { aModel, anOrganization } from '../organizations/organizationsTestKit';
import { cloneModelMachine, cloneTargets, createCloneModelImplementations } from './cloneModelMachine';
import { selectCloneBillingGating, selectConfirmingPaidClone } from './cloneSelectors';

const tower = aModel({ _id: 'model-1', name: 'Tower' });

function startClone() {
  const fake = createFakeHttpClient();
  const cloned: Model[] = [];
  fake.answer('GET /api/organizations/org-1/billing/quota', ok(paid()));
  fake.answer('GET /api/organizations/org-2/billing/quota', ok(atLimit({ organizationId: 'org-2' })));
  const billingGating = billingGatingMachine.provide(
    createBillingGatingImplementations({ http: fake.http, announceSuccess: () => {} }),
  );
  const actor = createActor(
    cloneModelMachine.provide(
      createCloneModelImplementations({ http: fake.http, modelCloned: (m) => cloned.push(m), billingGating }),
    ),
    { input: { model: tower } },
  ).start();
  const gating = () => {
    const ref = selectCloneBillingGating(actor.getSnapshot());
    if (!ref) throw new Error('the clone form has no billing gating');
    return ref;
  };
  return { fake, actor, cloned, gating };
}

describe('cloneModelMachine', () => {
  it('offers the organizations the user may create models in (not those where they only pay)', () => {
    const organizations = [
      anOrganization({ _id: 'org-1', currentUserRole: 'OWNER' }),
      anOrganization({ _id: 'org-2', currentUserRole: 'MEMBER' }),
      anOrganization({ _id: 'org-3', currentUserRole: 'BILLING' }),
    ];
    expect(cloneTargets(organizations).map((organization) => organization._id)).toEqual(['org-1', 'org-2']);
  });

  it('clones into the model’s own organization by default, named as a copy, once the charge is confirmed', async () => {
    const { fake, actor, cloned, gating } = startClone();
    actor.send({ type: 'organizations.offered', organizationIds: ['org-2', 'org-1'] });
    await waitFor(gating(), (s) => s.hasTag('paid'));
    const copy = aModel({ _id: 'model-2', name: 'Tower (copy)' });
    fake.answer('POST /api/models/model-1/clone', ok(copy, 201));
    // The organization's free models are used: the copy is paid, so the user is asked; cancelling sends nothing.
    actor.send({ type: 'model.clone' });
    expect(selectConfirmingPaidClone(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'paid.cancel' });
    expect(selectConfirmingPaidClone(actor.getSnapshot())).toBe(false);
    expect(fake.requests.filter((request) => request.method === 'POST')).toEqual([]);

    actor.send({ type: 'model.clone' });
    actor.send({ type: 'paid.confirm' });
    await waitFor(actor, (s) => s.hasTag('form') && !s.hasTag('confirmingPaid'));
    expect(fake.requests.find((request) => request.method === 'POST')?.json).toEqual({
      name: 'Tower (copy)',
      organizationId: 'org-1',
    });
    expect(cloned).toEqual([copy]);
  });

  it('follows the chosen organization’s quota and shows a 402 where the user looks', async () => {
    const { fake, actor, gating } = startClone();
    actor.send({ type: 'organizations.offered', organizationIds: ['org-1', 'org-2'] });
    actor.send({ type: 'organization.change', organizationId: 'org-2' });
    await waitFor(gating(), (s) => s.hasTag('atLimit'));

    fake.answer('POST /api/models/model-1/clone', failure(402, ownMessages.freeModelsUsed));
    actor.send({ type: 'model.clone' });
    await waitFor(actor, (s) => s.hasTag('form'));
    expect(actor.getSnapshot().context.error).toBe(ownMessages.freeModelsUsed);
  });

  it('asks for an organization when the user may create models in none', () => {
    const { fake, actor } = startClone();
    actor.send({ type: 'organizations.offered', organizationIds: [] });
    actor.send({ type: 'model.clone' });
    expect(actor.getSnapshot().context.error).toBe(messages.organizationDetailsMissing);
    expect(fake.requests).toEqual([]);
  });
});
