/**
 * Model-based tests of the sign-up/verify flow. A user-flow model (what a new user can do and what they should
 * see) drives the production machine through @xstate/test; the model has no invoke/after, which createTestModel
 * refuses. Below it, xstate/graph walks the production machine itself to prove every state is reachable and
 * that no state but the deliberate ones is a dead end.
 */
import { createTestModel } from '@xstate/test';
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { assign, setup, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { messages, ownMessages } from '../../contract/errors';
import { failure, ok, sampleUser } from '../auth/fakeHttpClient';
import { selectScreen } from './selectors';
import { signupMachine } from './signupMachine';
import { startSignupFlow } from './signupTestKit';
import type { Plan, SignupEvent, SignupInput } from './types';

type UserFlowEvent =
  | { type: 'open.withLink' }
  | { type: 'open.withoutLink' }
  | { type: 'open.resumingAfterReload' }
  | { type: 'submit.incomplete' }
  | { type: 'submit.mismatched' }
  | { type: 'submit.weakPassword' }
  | { type: 'submit.valid' }
  | { type: 'back' }
  | { type: 'create.free' }
  | { type: 'create.pro' }
  | { type: 'create.emailTaken' }
  | { type: 'create.linkRejected' }
  | { type: 'next' }
  | { type: 'finish' }
  | { type: 'finish.failing' }
  | { type: 'skip' };

const signupUserFlow = setup({
  types: { context: {} as { plan: Plan | null }, events: {} as UserFlowEvent },
}).createMachine({
  id: 'signupUserFlow',
  context: { plan: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'open.withLink': 'createAccount',
        'open.withoutLink': 'linkMissing',
        'open.resumingAfterReload': 'downloadPlugins',
      },
    },
    linkMissing: {},
    createAccount: {
      initial: 'blank',
      states: { blank: {}, incomplete: {}, mismatched: {}, weakPassword: {}, keptAfterBack: {} },
      on: {
        'submit.incomplete': '.incomplete',
        'submit.mismatched': '.mismatched',
        'submit.weakPassword': '.weakPassword',
        'submit.valid': 'choosePlan',
      },
    },
    choosePlan: {
      initial: 'choosing',
      states: { choosing: {}, emailTaken: {}, linkRejected: {} },
      on: {
        back: 'createAccount.keptAfterBack',
        'create.free': { target: 'downloadPlugins', actions: assign({ plan: 'free' }) },
        'create.pro': { target: 'downloadPlugins', actions: assign({ plan: 'paid' }) },
        'create.emailTaken': '.emailTaken',
        'create.linkRejected': '.linkRejected',
      },
    },
    downloadPlugins: { on: { next: 'survey' } },
    survey: {
      initial: 'answering',
      states: { answering: {}, saveFailed: {} },
      on: { finish: 'dashboard', skip: 'dashboard', 'finish.failing': '.saveFailed' },
    },
    dashboard: { type: 'final' },
  },
});

type UserFlowSnapshot = SnapshotFrom<typeof signupUserFlow>;
type Flow = ReturnType<typeof startSignupFlow>;

describe('sign-up/verify user flow (model-based, @xstate/test)', () => {
  const model = createTestModel(signupUserFlow);
  const paths = model.getShortestPaths();

  it('covers every screen and failure of the model', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const expected of [
      'linkMissing',
      { createAccount: 'incomplete' },
      { createAccount: 'mismatched' },
      { createAccount: 'weakPassword' },
      { createAccount: 'keptAfterBack' },
      { choosePlan: 'emailTaken' },
      { choosePlan: 'linkRejected' },
      'downloadPlugins',
      { survey: 'saveFailed' },
      'dashboard',
    ]) {
      expect(reached).toContain(JSON.stringify(expected));
    }
  });

  for (const path of paths) {
    it(path.description, async () => {
      let flow: Flow | undefined;
      const sut = (): Flow => {
        if (!flow) throw new Error('the flow was not opened');
        return flow;
      };
      const submitForm = (form: Partial<Flow['validForm']>) => {
        sut().fillCreateAccount({ ...sut().validForm, ...form });
        sut().actor.send({ type: 'createAccount.submit' });
      };
      const createAccount = async () => {
        sut().actor.send({ type: 'choosePlan.submit' });
        await waitFor(sut().actor, (s) => !s.hasTag('busy') || s.hasTag('downloadPlugins'));
        await waitFor(sut().actor, (s) => !s.hasTag('busy'));
      };
      const screen = () => selectScreen(sut().actor.getSnapshot());
      const error = () => sut().actor.getSnapshot().context.error;
      const planRequests = () =>
        sut().fake.requests.filter((request) => request.path === '/api/users/user-1/updateUserState');

      await path.test({
        states: {
          linkMissing: () => {
            expect(screen()).toBe('createAccount');
            expect(sut().actor.getSnapshot().hasTag('linkMissing')).toBe(true);
          },
          'createAccount.blank': () => {
            expect(screen()).toBe('createAccount');
            expect(error()).toBeNull();
          },
          'createAccount.incomplete': () => expect(error()).toBe(messages.fillOutForm),
          'createAccount.mismatched': () => expect(error()).toBe(messages.passwordsDoNotMatch),
          'createAccount.weakPassword': () => expect(error()).toBe(ownMessages.passwordRule),
          'createAccount.keptAfterBack': () => {
            expect(screen()).toBe('createAccount');
            expect(error()).toBeNull();
            expect(sut().actor.getSnapshot().context.firstName).toBe(sut().validForm.firstName);
          },
          'choosePlan.choosing': () => {
            expect(screen()).toBe('choosePlan');
            expect(error()).toBeNull();
          },
          'choosePlan.emailTaken': () => {
            expect(screen()).toBe('choosePlan');
            expect(error()).toBe('A user with this email already exists.');
            expect(sut().sessions).toEqual([]);
          },
          'choosePlan.linkRejected': () => {
            expect(screen()).toBe('choosePlan');
            expect(error()).toBe(messages.signupFailed);
            expect(sut().sessions).toEqual([]);
          },
          downloadPlugins: (snapshot: UserFlowSnapshot) => {
            expect(screen()).toBe('downloadPlugins');
            if (snapshot.context.plan) {
              expect(sut().sessions).toHaveLength(1);
              expect(planRequests().at(-1)?.json).toEqual({ state: { plan: snapshot.context.plan } });
            } else {
              expect(sut().sessions).toEqual([]);
              expect(planRequests()).toEqual([]);
            }
          },
          'survey.answering': () => {
            expect(screen()).toBe('survey');
            expect(error()).toBeNull();
          },
          'survey.saveFailed': () => {
            expect(screen()).toBe('survey');
            expect(error()).toBe('Invalid input');
            expect(sut().outside.finishedSignup).toBe(0);
          },
          dashboard: (snapshot: UserFlowSnapshot) => {
            expect(sut().actor.getSnapshot().status).toBe('done');
            expect(sut().outside).toEqual({ finishedSignup: 1, openedDashboard: 1 });
            const plan = snapshot.context.plan;
            expect(planRequests().at(-1)?.json).toEqual({
              state: plan ? { plan, signupCompleted: true } : { signupCompleted: true },
            });
          },
        },
        events: {
          'open.withLink': () => {
            flow = startSignupFlow();
          },
          'open.withoutLink': () => {
            flow = startSignupFlow({ link: null });
          },
          'open.resumingAfterReload': () => {
            flow = startSignupFlow({ link: null, resumingUser: sampleUser() });
          },
          'submit.incomplete': () => submitForm({ lastName: '' }),
          'submit.mismatched': () => submitForm({ confirmPassword: 'Secret1234' }),
          'submit.weakPassword': () => submitForm({ password: 'password', confirmPassword: 'password' }),
          'submit.valid': () => submitForm({}),
          back: () => sut().actor.send({ type: 'choosePlan.back' }),
          'create.free': async () => {
            sut().fake.answer('POST /auth/verify', ok({ token: 'session-token', user: sut().user }, 201));
            sut().actor.send({ type: 'plan.select', plan: 'free' });
            await createAccount();
          },
          'create.pro': async () => {
            sut().fake.answer('POST /auth/verify', ok({ token: 'session-token', user: sut().user }, 201));
            sut().actor.send({ type: 'plan.select', plan: 'paid' });
            await createAccount();
          },
          'create.emailTaken': async () => {
            sut().fake.answer('POST /auth/verify', failure(409, messages.userExists));
            await createAccount();
          },
          'create.linkRejected': async () => {
            sut().fake.answer('POST /auth/verify', failure(400, messages.signupFailed));
            await createAccount();
          },
          next: () => sut().actor.send({ type: 'plugins.next' }),
          finish: async () => {
            sut().fake.answer('PUT /api/users', ok(sut().user));
            sut().actor.send({ type: 'survey.toggle', question: 'features', option: 'Tracking changes' });
            sut().actor.send({ type: 'survey.submit' });
            await waitFor(sut().actor, (s) => s.status === 'done');
          },
          'finish.failing': async () => {
            sut().fake.answer('PUT /api/users', failure(400, 'Invalid input'));
            sut().actor.send({ type: 'survey.submit' });
            await waitFor(sut().actor, (s) => !s.hasTag('busy'));
          },
          skip: async () => {
            sut().actor.send({ type: 'survey.skip' });
            await waitFor(sut().actor, (s) => s.status === 'done');
          },
        },
      });
    });
  }
});

describe('sign-up/verify production machine (xstate/graph)', () => {
  const user = sampleUser();
  const graphMachine = signupMachine.provide({
    actions: { startSession: () => {}, finishSignup: () => {}, openDashboard: () => {} },
  });

  // The graph steps pure transitions and never starts actors, so their completions are fed in as events.
  const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
  const userEvents: SignupEvent[] = [
    { type: 'field.change', field: 'firstName', value: 'Ada' },
    { type: 'field.change', field: 'lastName', value: 'Lovelace' },
    { type: 'field.change', field: 'password', value: 'Secret123' },
    { type: 'field.change', field: 'confirmPassword', value: 'Secret123' },
    { type: 'createAccount.submit' },
    { type: 'plan.select', plan: 'paid' },
    { type: 'choosePlan.back' },
    { type: 'choosePlan.submit' },
    { type: 'plugins.next' },
    { type: 'survey.toggle', question: 'softwareUsed', option: 'ETABS' },
    { type: 'survey.submit' },
    { type: 'survey.skip' },
    { type: 'screen.opened', screen: 'createAccount' },
    { type: 'screen.opened', screen: 'downloadPlugins' },
    { type: 'screen.opened', screen: 'survey' },
  ];
  const actorEvents: AnyEventObject[] = [
    done('createAccount', ok({ token: 'session-token', user }, 201)),
    done('createAccount', failure(409, messages.userExists)),
    { type: 'xstate.error.actor.createAccount', error: new Error('network') },
    done('savePlan', ok(user)),
    done('saveSurvey', ok(user)),
    done('saveSurvey', failure(400, 'Invalid input')),
    done('completeSignup', ok(user)),
  ];
  // Actor completions are not part of the machine's public event type, hence the widening.
  const events = [...userEvents, ...actorEvents] as SignupEvent[];
  const inputs: SignupInput[] = [
    { link: { resetToken: 'mailed-token-0123456789', emailAddress: 'ada@example.com' }, resumingUser: null },
    { link: null, resumingUser: null },
    { link: null, resumingUser: user },
  ];
  const serializeState = (snapshot: SnapshotFrom<typeof signupMachine>) =>
    JSON.stringify([snapshot.value, snapshot.context]);
  const snapshots = inputs.flatMap((input) =>
    getShortestPaths(graphMachine, { input, events, serializeState }).map((path) => path.state),
  );

  it('reaches every state of the machine', () => {
    const reached = new Set(snapshots.map((snapshot) => JSON.stringify(snapshot.value)));
    expect([...reached].sort()).toEqual(
      [
        '"linkMissing"',
        '"createAccount"',
        '"choosePlan"',
        '"creatingAccount"',
        '{"downloadPlugins":"savingPlan"}',
        '{"downloadPlugins":"ready"}',
        '"survey"',
        '"savingSurvey"',
        '"completing"',
        '"finished"',
      ].sort(),
    );
  });

  it('can finish sign-up from every state except a visit without the mailed link', () => {
    const stuck = snapshots.filter((snapshot) => {
      if (snapshot.status === 'done' || snapshot.matches('linkMissing')) return false;
      const toFinished = getShortestPaths(graphMachine, {
        fromState: snapshot,
        events,
        serializeState,
        toState: (s) => s.status === 'done',
      });
      return toFinished.length === 0;
    });
    expect(stuck.map((s) => s.value)).toEqual([]);
  });
});
