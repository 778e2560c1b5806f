/**
 * Model-based tests of the billing gating statechart (issue #10: free → at limit → adding a payment method →
 * paid). A user-flow model (what the owner, or a member, can do at the model-creation screen and what they should
 * see) drives the production machine through @xstate/test over a scripted server; the model has no invoke, which
 * createTestModel refuses. Below it, xstate/graph walks the production machine itself: every state is reachable,
 * none is a dead end, and the gating's invariants hold in every state the walk reaches.
 */
import { createTestModel } from '@xstate/test';
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { setup, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { messages, ownMessages } from '../../contract/errors';
import { failure, ok } from '../auth/fakeHttpClient';
import { aRealtimeEvent } from '../socket/socketTestKit';
import { billingGatingMachine, type BillingGatingEvent } from './billingGatingMachine';
import {
  aPaymentMethodAdded,
  aQuota,
  atLimit,
  localSetup,
  paid,
  quotaPath,
  startGating,
} from './billingTestKit';
import { isAtLimit } from './gatingRules';
import {
  selectCreationBlocked,
  selectFreeModelUsage,
  selectGatingPaymentForm,
  selectGatingStatus,
  selectMayManageBilling,
} from './gatingSelectors';

type GatingSnapshot = SnapshotFrom<typeof billingGatingMachine>;

type UserFlowEvent =
  | { type: 'open.belowLimit' }
  | { type: 'open.atLimit' }
  | { type: 'open.atLimitAsMember' }
  | { type: 'open.paying' }
  | { type: 'thirdModelMadeElsewhere' }
  | { type: 'add' }
  | { type: 'cancel' }
  | { type: 'submit.declined' }
  | { type: 'submit.testCard' };

const gatingUserFlow = setup({ types: { events: {} as UserFlowEvent } }).createMachine({
  id: 'gatingUserFlow',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'open.belowLimit': 'free',
        'open.atLimit': 'atLimit',
        'open.atLimitAsMember': 'memberAtLimit',
        'open.paying': 'paid',
      },
    },
    free: { on: { thirdModelMadeElsewhere: 'atLimit' } },
    memberAtLimit: {},
    atLimit: { on: { add: 'addingPaymentMethod' } },
    addingPaymentMethod: {
      initial: 'filling',
      states: { filling: {}, declined: {} },
      on: { cancel: 'atLimit', 'submit.declined': '.declined', 'submit.testCard': 'paid' },
    },
    paid: { type: 'final' },
  },
});

type Gating = ReturnType<typeof startGating>;

const addPath = 'POST /api/organizations/org-1/billing/paymentMethods';

describe('billing gating user flow (model-based, @xstate/test)', () => {
  const model = createTestModel(gatingUserFlow);
  const paths = model.getShortestPaths();

  it('covers every state of the model', () => {
    const reached = new Set(
      paths
        .flatMap((path) => [path.state, ...path.steps.map((step) => step.state)])
        .map((state) => JSON.stringify(state.value)),
    );
    for (const expected of [
      'free',
      'memberAtLimit',
      'atLimit',
      { addingPaymentMethod: 'filling' },
      { addingPaymentMethod: 'declined' },
      'paid',
    ]) {
      expect(reached).toContain(JSON.stringify(expected));
    }
  });

  for (const path of paths) {
    it(path.description, async () => {
      let gating: Gating | undefined;
      const sut = (): Gating => {
        if (!gating) throw new Error('the screen was not opened');
        return gating;
      };
      const snapshot = () => sut().actor.getSnapshot();
      const settle = () => waitFor(sut().actor, (s) => !s.hasTag('checking'));
      const open = async (quota: ReturnType<typeof aQuota>) => {
        gating = startGating(quota);
        await settle();
      };
      const form = () => {
        const ref = selectGatingPaymentForm(snapshot());
        if (!ref) throw new Error('the payment form is not open');
        return ref;
      };
      const typeCard = (number: string) => {
        form().send({ type: 'card.change', field: 'number', value: number });
        form().send({ type: 'card.change', field: 'expMonth', value: '12' });
        form().send({ type: 'card.change', field: 'expYear', value: '2030' });
        form().send({ type: 'card.change', field: 'cvc', value: '123' });
      };

      await path.test({
        states: {
          free: () => {
            expect(selectGatingStatus(snapshot())).toBe('free');
            expect(selectCreationBlocked(snapshot())).toBe(false);
            expect(selectFreeModelUsage(snapshot())).toEqual({ used: 2, limit: 3 });
          },
          memberAtLimit: () => {
            expect(selectCreationBlocked(snapshot())).toBe(true);
            expect(selectMayManageBilling(snapshot())).toBe(false);
            sut().actor.send({ type: 'paymentMethod.add' });
            expect(selectGatingStatus(snapshot())).toBe('atLimit');
          },
          atLimit: () => {
            expect(selectGatingStatus(snapshot())).toBe('atLimit');
            expect(selectCreationBlocked(snapshot())).toBe(true);
            expect(selectFreeModelUsage(snapshot())).toEqual({ used: 3, limit: 3 });
            expect(selectMayManageBilling(snapshot())).toBe(true);
          },
          'addingPaymentMethod.filling': () => {
            expect(selectGatingStatus(snapshot())).toBe('addingPaymentMethod');
            expect(selectCreationBlocked(snapshot())).toBe(true);
            expect(form().getSnapshot().context.provider).toBe('local');
            expect(form().getSnapshot().context.error).toBeNull();
          },
          'addingPaymentMethod.declined': () => {
            expect(selectGatingStatus(snapshot())).toBe('addingPaymentMethod');
            expect(form().getSnapshot().context.error).toBe(ownMessages.cardDeclined);
            expect(sut().toasts).toEqual([]);
          },
          paid: () => {
            expect(selectGatingStatus(snapshot())).toBe('paid');
            expect(selectCreationBlocked(snapshot())).toBe(false);
            const added = sut().fake.requests.filter(
              (request) => `${request.method} ${request.path}` === addPath,
            );
            // Opened as paying: nothing was added here. Reached through the form: one toast per added method.
            expect(sut().toasts).toEqual(added.length > 0 ? [ownMessages.paymentMethodAdded] : []);
          },
        },
        events: {
          'open.belowLimit': () => open(aQuota({ freeModels: 2 })),
          'open.atLimit': () => open(atLimit()),
          'open.atLimitAsMember': () => open(atLimit({ canManageBilling: false })),
          'open.paying': () => open(paid()),
          thirdModelMadeElsewhere: async () => {
            sut().fake.answer(`GET ${quotaPath}`, ok(atLimit()));
            sut().feed.publish({
              type: 'realtime.event',
              event: aRealtimeEvent({
                eventName: 'ModelAdded',
                data: {
                  modelId: 'm-3',
                  versionId: 'v-1',
                  versionNumber: 1,
                  organizationId: 'org-1',
                  newModel: true,
                },
              }),
            });
            await waitFor(sut().actor, (s) => s.hasTag('atLimit'));
          },
          add: async () => {
            sut().actor.send({ type: 'paymentMethod.add' });
            await waitFor(sut().actor, (s) => selectGatingPaymentForm(s) !== undefined);
          },
          cancel: () => sut().actor.send({ type: 'paymentMethod.cancel' }),
          'submit.declined': async () => {
            sut().fake.answer(addPath, failure(402, ownMessages.cardDeclined));
            typeCard('4000000000000002');
            const declining = form();
            declining.send({ type: 'paymentMethod.submit' });
            await waitFor(declining, (s) => !s.hasTag('busy'));
          },
          'submit.testCard': async () => {
            sut().fake.answer(addPath, ok(aPaymentMethodAdded(), 201));
            sut().fake.answer(`GET ${quotaPath}`, ok(atLimit({ canCreatePaidModels: true })));
            typeCard('4242424242424242');
            form().send({ type: 'paymentMethod.submit' });
            await waitFor(sut().actor, (s) => s.hasTag('paid'));
          },
        },
      });
    });
  }
});

describe('billing gating production machine (xstate/graph)', () => {
  const graphMachine = billingGatingMachine.provide({ actions: { announceSuccess: () => {} } });

  // The graph steps pure transitions and never starts actors, so their completions are fed in as events.
  const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
  const userEvents: BillingGatingEvent[] = [
    { type: 'paymentMethod.add' },
    { type: 'paymentMethod.cancel' },
    { type: 'billing.refresh' },
    { type: 'billing.retry' },
    { type: 'organization.change', organizationId: 'org-1' },
    { type: 'organization.change', organizationId: null },
    { type: 'socket.resynced' },
    {
      type: 'realtime.event',
      event: aRealtimeEvent(
        { eventName: 'OrganizationUpdated', data: { organizationId: 'org-1', organization: null } },
        'anotherUser',
        'fromOrganizationService',
      ),
    },
  ];
  const actorEvents: AnyEventObject[] = [
    done('loadQuota', ok(aQuota({ freeModels: 2 }))),
    done('loadQuota', ok(atLimit())),
    done('loadQuota', ok(atLimit({ canManageBilling: false }))),
    done('loadQuota', ok(paid())),
    done('loadQuota', failure(0, messages.serverNotResponding)),
    done('loadPaymentSetup', ok(localSetup)),
    done('loadPaymentSetup', failure(0, messages.serverNotResponding)),
    done('paymentMethodForm', aPaymentMethodAdded()),
  ];
  // Actor completions are not part of the machine's public event type, hence the widening.
  const events = [...userEvents, ...actorEvents] as BillingGatingEvent[];
  const serializeState = (snapshot: GatingSnapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.organizationId,
      snapshot.context.quota,
      snapshot.context.paymentSetup?.provider ?? null,
      snapshot.context.error,
    ]);
  const snapshots = [{ organizationId: 'org-1' }, { organizationId: null }].flatMap((input) =>
    getShortestPaths(graphMachine, { input, events, serializeState }).map((path) => path.state),
  );

  it('reaches every state', () => {
    const reached = new Set(snapshots.map((snapshot) => JSON.stringify(snapshot.value)));
    expect([...reached].sort()).toEqual(
      [
        '"loading"',
        '"free"',
        '"atLimit"',
        '"paid"',
        '"failure"',
        '{"addingPaymentMethod":"preparing"}',
        '{"addingPaymentMethod":"entering"}',
      ].sort(),
    );
  });

  it('can reach paid from every state (no dead end)', () => {
    const stuck = snapshots.filter(
      (snapshot) =>
        getShortestPaths(graphMachine, {
          fromState: snapshot,
          events,
          serializeState,
          toState: (s) => s.matches('paid'),
        }).length === 0,
    );
    expect(stuck.map((snapshot) => snapshot.value)).toEqual([]);
  });

  it('blocks creation exactly where a new model would be refused for want of a payment method', () => {
    for (const snapshot of snapshots) {
      const refused = isAtLimit(snapshot.context.quota);
      const atRest = !snapshot.hasTag('checking');
      if (atRest) expect(selectCreationBlocked(snapshot)).toBe(refused);
      if (snapshot.matches('free')) expect(refused).toBe(false);
      if (snapshot.matches('paid')) expect(snapshot.context.quota?.canCreatePaidModels).toBe(true);
      if (snapshot.matches('failure')) expect(selectCreationBlocked(snapshot)).toBe(false);
    }
  });

  it('opens the payment form only for the owner and the billing administrator, at the limit', () => {
    const adding = snapshots.filter((snapshot) => snapshot.hasTag('addingPaymentMethod'));
    expect(adding.length).toBeGreaterThan(0);
    for (const snapshot of adding) {
      expect(snapshot.context.quota?.canManageBilling).toBe(true);
      expect(isAtLimit(snapshot.context.quota)).toBe(true);
    }
  });

  it('asks nothing and blocks nothing while no organization is chosen', () => {
    const withoutOrganization = snapshots.filter((snapshot) => snapshot.context.organizationId === null);
    expect(withoutOrganization.length).toBeGreaterThan(0);
    for (const snapshot of withoutOrganization) {
      expect(snapshot.value).toBe('free');
      expect(selectCreationBlocked(snapshot)).toBe(false);
    }
  });
});
