import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ownMessages } from '../../contract/errors';
import type { Model } from '../../contract/http/models';
import { createFakeHttpClient, failure, ok } from '../auth/fakeHttpClient';
import { billingGatingMachine, createBillingGatingImplementations } from '../billing/billingGatingMachine';
import { aQuota, atLimit, paid } from '../billing/billingTestKit';
import { selectCreationBlocked, selectGatingStatus } from '../billing/gatingSelectors';
import { aModel } from '../organizations/organizationsTestKit';
import { createModelImplementations, createModelMachine } from './createModelMachine';
import { selectBillingGating } from './createModelSelectors';

/** The new-model form with the billing gating statechart bound to the same fake server. */
function startCreateModel(organizationId: string | null, quota = aQuota({ freeModels: 2 })) {
  const fake = createFakeHttpClient();
  const created: Model[] = [];
  const billingGating = billingGatingMachine.provide(
    createBillingGatingImplementations({ http: fake.http, announceSuccess: () => {} }),
  );
  fake.answer('GET /api/organizations/org-1/billing/quota', ok(quota));
  fake.answer('GET /api/organizations/org-2/billing/quota', ok(atLimit({ organizationId: 'org-2' })));
  const actor = createActor(
    createModelMachine.provide(
      createModelImplementations({ http: fake.http, modelCreated: (m) => created.push(m), billingGating }),
    ),
    { input: { organizationId } },
  ).start();
  const gating = () => {
    const ref = selectBillingGating(actor.getSnapshot());
    if (!ref) throw new Error('the form has no billing gating');
    return ref;
  };
  const quotaReads = (id: string) =>
    fake.requests.filter((request) => request.path === `/api/organizations/${id}/billing/quota`).length;
  return { fake, actor, created, gating, quotaReads };
}

describe('the new-model form and billing', () => {
  it('shows the server’s 402 message and reads the quota again, which now blocks the form', async () => {
    const { fake, actor, gating, created, quotaReads } = startCreateModel('org-1');
    await waitFor(gating(), (s) => s.hasTag('free'));
    fake.answer('POST /api/models/', failure(402, ownMessages.freeModelsUsed));
    fake.answer('GET /api/organizations/org-1/billing/quota', ok(atLimit()));
    actor.send({ type: 'name.change', value: 'Third tower' });
    actor.send({ type: 'model.create' });
    await waitFor(actor, (s) => s.hasTag('form'));

    expect(actor.getSnapshot().context.error).toBe(ownMessages.freeModelsUsed);
    expect(created).toEqual([]);
    await waitFor(gating(), (s) => s.hasTag('atLimit'));
    expect(quotaReads('org-1')).toBe(2);
    expect(selectCreationBlocked(gating().getSnapshot())).toBe(true);
  });

  it('gates the organization the user chooses, and nothing before a choice', async () => {
    const { actor, gating, fake } = startCreateModel(null);
    expect(selectGatingStatus(gating().getSnapshot())).toBe('free');
    expect(fake.requests).toEqual([]);

    actor.send({ type: 'organizations.offered', organizationIds: ['org-2'] });
    await waitFor(gating(), (s) => s.hasTag('atLimit'));
    actor.send({ type: 'organization.change', organizationId: 'org-1' });
    await waitFor(gating(), (s) => s.hasTag('free'));
    actor.send({ type: 'organization.change', organizationId: '' });
    expect(selectGatingStatus(gating().getSnapshot())).toBe('free');
    expect(selectCreationBlocked(gating().getSnapshot())).toBe(false);
  });

  it('asks before a paid model is created: cancelling sends nothing, confirming sends it once', async () => {
    const { fake, actor, gating, created } = startCreateModel('org-1', paid());
    await waitFor(gating(), (s) => s.hasTag('paid'));
    fake.answer('POST /api/models/', ok(aModel(), 201));
    const posts = () => fake.requests.filter((request) => request.method === 'POST').length;
    actor.send({ type: 'name.change', value: 'Fourth tower' });

    actor.send({ type: 'model.create' });
    expect(actor.getSnapshot().hasTag('confirmingPaid')).toBe(true);
    actor.send({ type: 'paid.cancel' });
    expect(actor.getSnapshot().hasTag('confirmingPaid')).toBe(false);
    expect(actor.getSnapshot().context.name).toBe('Fourth tower');
    expect(posts()).toBe(0);

    actor.send({ type: 'model.create' });
    actor.send({ type: 'paid.confirm' });
    await waitFor(actor, (s) => s.hasTag('form') && !s.hasTag('confirmingPaid'));
    expect(posts()).toBe(1);
    expect(created.map((model) => model._id)).toEqual([aModel()._id]);
  });

  it('asks while the quota is re-read, when the last count said the next model is paid', async () => {
    const { actor, gating } = startCreateModel('org-1', paid());
    await waitFor(gating(), (s) => s.hasTag('paid'));
    gating().send({ type: 'billing.refresh' });
    expect(gating().getSnapshot().hasTag('checking')).toBe(true);
    actor.send({ type: 'name.change', value: 'Fifth tower' });
    actor.send({ type: 'model.create' });
    expect(actor.getSnapshot().hasTag('confirmingPaid')).toBe(true);
  });

  it('does not ask for a free model', async () => {
    const { fake, actor, gating } = startCreateModel('org-1');
    await waitFor(gating(), (s) => s.hasTag('free'));
    fake.answer('POST /api/models/', ok(aModel(), 201));
    actor.send({ type: 'name.change', value: 'Third tower' });
    actor.send({ type: 'model.create' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });
});
