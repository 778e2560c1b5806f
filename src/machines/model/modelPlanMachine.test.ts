import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ownMessages } from '../../contract/errors';
import type { Model } from '../../contract/http/models';
import { createFakeHttpClient, failure, ok } from '../auth/fakeHttpClient';
import { aModel } from '../organizations/organizationsTestKit';
import { createModelPlanImplementations, modelPlanMachine } from './modelPlanMachine';
import { selectPlan, selectPlanEditable, selectPlanError } from './modelPlanSelectors';

function startPlan(model: Model) {
  const fake = createFakeHttpClient();
  const toasts: string[] = [];
  const shared: Model[] = [];
  const actor = createActor(
    modelPlanMachine.provide(
      createModelPlanImplementations({
        http: fake.http,
        announce: (message) => toasts.push(message),
        shareModel: (changed) => shared.push(changed),
      }),
    ),
    { input: { model } },
  ).start();
  return { fake, actor, toasts, shared };
}

const idle = (s: { hasTag: (tag: 'saving') => boolean }) => !s.hasTag('saving');

describe('modelPlanMachine', () => {
  it('makes a paid model free, so that the payment method can go, and hands the model to the page', async () => {
    const { fake, actor, toasts, shared } = startPlan(aModel({ plan: 'PAID' }));
    const demoted = aModel({ plan: 'FREE' });
    fake.answer('PUT /api/models/model-1', ok(demoted));
    actor.send({ type: 'plan.change', plan: 'FREE' });
    await waitFor(actor, idle);
    expect(fake.requests.map((request) => request.json)).toEqual([{ plan: 'FREE' }]);
    expect(selectPlan(actor.getSnapshot())).toBe('FREE');
    expect(shared).toEqual([demoted]);
    expect(toasts).toEqual([ownMessages.modelSaved]);
  });

  it('shows why the server refused: the free models are taken, or no payment method is on file', async () => {
    const { fake, actor, toasts } = startPlan(aModel({ plan: 'PAID' }));
    fake.answer('PUT /api/models/model-1', failure(409, ownMessages.freeModelsFullForDemotion));
    actor.send({ type: 'plan.change', plan: 'FREE' });
    await waitFor(actor, idle);
    expect(selectPlanError(actor.getSnapshot())).toBe(ownMessages.freeModelsFullForDemotion);
    expect(selectPlan(actor.getSnapshot())).toBe('PAID');

    const free = startPlan(aModel({ plan: 'FREE' }));
    free.fake.answer('PUT /api/models/model-1', failure(402, ownMessages.paidPlanNeedsPaymentMethod));
    free.actor.send({ type: 'plan.change', plan: 'PAID' });
    await waitFor(free.actor, idle);
    expect(selectPlanError(free.actor.getSnapshot())).toBe(ownMessages.paidPlanNeedsPaymentMethod);
    expect(toasts).toEqual([]);
  });

  it('offers no change to a collaborator who is not the model’s admin', () => {
    const { fake, actor } = startPlan(aModel({ plan: 'PAID', currentUserRole: 'WRITE' }));
    expect(selectPlanEditable(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'plan.change', plan: 'FREE' });
    expect(fake.requests).toEqual([]);
  });
});
