import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import { deferred, failure, sampleUser } from '../auth/fakeHttpClient';
import type { ApiResult } from '../../api/types';
import { selectScreen } from './selectors';
import { startSignupFlow } from './signupTestKit';

describe('signupMachine: create-account', () => {
  it('without the mailed link shows only the link-missing message', () => {
    const { actor, fillCreateAccount, validForm, fake } = startSignupFlow({ link: null });
    expect(selectScreen(actor.getSnapshot())).toBe('createAccount');
    expect(actor.getSnapshot().hasTag('linkMissing')).toBe(true);

    fillCreateAccount(validForm);
    actor.send({ type: 'createAccount.submit' });
    actor.send({ type: 'screen.opened', screen: 'choosePlan' });
    expect(actor.getSnapshot().hasTag('linkMissing')).toBe(true);
    expect(fake.requests).toEqual([]);
  });

  it.each([
    [
      { firstName: '', lastName: 'L', password: 'Secret123', confirmPassword: 'Secret123' },
      messages.fillOutForm,
    ],
    [
      { firstName: 'A', lastName: '  ', password: 'Secret123', confirmPassword: 'Secret123' },
      messages.fillOutForm,
    ],
    [{ firstName: 'A', lastName: 'L', password: '', confirmPassword: '' }, messages.fillOutForm],
    [
      { firstName: 'A', lastName: 'L', password: 'Secret123', confirmPassword: 'Secret321' },
      messages.passwordsDoNotMatch,
    ],
    [
      { firstName: 'A', lastName: 'L', password: 'secret123', confirmPassword: 'secret123' },
      ownMessages.passwordRule,
    ],
  ])('refuses %j with %j and stays', (form, message) => {
    const { actor, fillCreateAccount } = startSignupFlow();
    fillCreateAccount(form);
    actor.send({ type: 'createAccount.submit' });
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(selectScreen(actor.getSnapshot())).toBe('createAccount');
  });

  it('moves to choose-plan with a valid form, without calling the server yet', () => {
    const { actor, fillCreateAccount, validForm, fake } = startSignupFlow();
    fillCreateAccount(validForm);
    actor.send({ type: 'createAccount.submit' });
    expect(selectScreen(actor.getSnapshot())).toBe('choosePlan');
    expect(actor.getSnapshot().context.plan).toBe('free');
    expect(fake.requests).toEqual([]);
  });

  it('does not skip ahead when the address bar names a later screen', () => {
    const { actor } = startSignupFlow();
    for (const screen of ['choosePlan', 'downloadPlugins', 'survey'] as const) {
      actor.send({ type: 'screen.opened', screen });
      expect(selectScreen(actor.getSnapshot())).toBe('createAccount');
    }
  });
});

describe('signupMachine: choose-plan', () => {
  function onChoosePlan() {
    const flow = startSignupFlow();
    flow.fillCreateAccount(flow.validForm);
    flow.actor.send({ type: 'createAccount.submit' });
    return flow;
  }

  it('goes back to create-account with the typed values kept', () => {
    const { actor } = onChoosePlan();
    actor.send({ type: 'choosePlan.back' });
    expect(selectScreen(actor.getSnapshot())).toBe('createAccount');
    expect(actor.getSnapshot().context.lastName).toBe('Lovelace');

    actor.send({ type: 'createAccount.submit' });
    actor.send({ type: 'screen.opened', screen: 'createAccount' });
    expect(selectScreen(actor.getSnapshot())).toBe('createAccount');
  });

  it('creates the account, starts the session with the sign-up flag and stores the plan', async () => {
    const { actor, fake, user, sessions } = onChoosePlan();
    const verifyAnswer = deferred<ApiResult<unknown>>();
    fake.answer('POST /auth/verify', verifyAnswer.promise);

    actor.send({ type: 'plan.select', plan: 'paid' });
    actor.send({ type: 'choosePlan.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(selectScreen(actor.getSnapshot())).toBe('choosePlan');

    verifyAnswer.resolve({ ok: true, status: 201, data: { token: 'session-token', user } });
    await waitFor(actor, (s) => s.hasTag('downloadPlugins') && !s.hasTag('busy'));

    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/auth/verify',
        json: {
          resetToken: 'mailed-token-0123456789',
          emailAddress: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          password: 'Secret123',
        },
      },
      { method: 'PUT', path: '/api/users/user-1/updateUserState', json: { state: { plan: 'paid' } } },
    ]);
    expect(sessions).toEqual([{ token: 'session-token', user }]);
    expect(actor.getSnapshot().context.password).toBe('');
    expect(actor.getSnapshot().context.confirmPassword).toBe('');
  });

  it.each([
    [409, messages.userExists],
    [400, messages.signupFailed],
  ])('stays on choose-plan with the message of a %i, and a retry can succeed', async (status, message) => {
    const { actor, fake, sessions } = onChoosePlan();
    fake.answer('POST /auth/verify', failure(status, message));
    actor.send({ type: 'choosePlan.submit' });
    await waitFor(actor, (s) => !s.hasTag('busy'));

    expect(selectScreen(actor.getSnapshot())).toBe('choosePlan');
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(sessions).toEqual([]);

    fake.answer('POST /auth/verify', { ok: true, status: 201, data: { token: 't', user: sampleUser() } });
    actor.send({ type: 'choosePlan.submit' });
    await waitFor(actor, (s) => s.hasTag('downloadPlugins'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('falls back to the sign-up failure text when the client already announced the failure', async () => {
    const { actor, fake } = onChoosePlan();
    fake.answer('POST /auth/verify', failure(500, messages.internalServerError));
    actor.send({ type: 'choosePlan.submit' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().context.error).toBe(messages.signupFailed);
  });
});

describe('signupMachine: download-plugins and survey', () => {
  async function onDownloadPlugins() {
    const flow = startSignupFlow();
    flow.fillCreateAccount(flow.validForm);
    flow.actor.send({ type: 'createAccount.submit' });
    flow.actor.send({ type: 'choosePlan.submit' });
    await waitFor(flow.actor, (s) => s.hasTag('downloadPlugins') && !s.hasTag('busy'));
    flow.fake.requests.length = 0;
    return flow;
  }

  it('moves between download-plugins and survey by Next and by the address bar, never back to the form', async () => {
    const { actor } = await onDownloadPlugins();
    actor.send({ type: 'screen.opened', screen: 'createAccount' });
    actor.send({ type: 'screen.opened', screen: 'choosePlan' });
    expect(selectScreen(actor.getSnapshot())).toBe('downloadPlugins');

    actor.send({ type: 'plugins.next' });
    expect(selectScreen(actor.getSnapshot())).toBe('survey');
    actor.send({ type: 'screen.opened', screen: 'downloadPlugins' });
    expect(selectScreen(actor.getSnapshot())).toBe('downloadPlugins');
    actor.send({ type: 'screen.opened', screen: 'survey' });
    expect(selectScreen(actor.getSnapshot())).toBe('survey');
  });

  it('stores the answers, marks sign-up complete, clears the flag and opens the dashboard', async () => {
    const { actor, fake, outside } = await onDownloadPlugins();
    actor.send({ type: 'plugins.next' });
    actor.send({ type: 'survey.toggle', question: 'features', option: 'Sharing' });
    actor.send({ type: 'survey.toggle', question: 'features', option: 'Translating between tools' });
    actor.send({ type: 'survey.toggle', question: 'features', option: 'Other' });
    actor.send({ type: 'survey.toggle', question: 'features', option: 'Other' });
    actor.send({ type: 'survey.toggle', question: 'softwareUsed', option: 'ETABS' });
    actor.send({ type: 'survey.toggle', question: 'softwareWanted', option: 'Strand7' });
    actor.send({ type: 'survey.otherChange', value: '  Bridges  ' });
    actor.send({ type: 'survey.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');

    expect(fake.requests).toEqual([
      {
        method: 'PUT',
        path: '/api/users',
        json: {
          survey: {
            features: ['Translating between tools', 'Sharing'],
            softwareUsed: ['ETABS'],
            softwareWanted: ['Strand7'],
            other: 'Bridges',
          },
        },
      },
      {
        method: 'PUT',
        path: '/api/users/user-1/updateUserState',
        json: { state: { plan: 'free', signupCompleted: true } },
      },
    ]);
    expect(outside).toEqual({ finishedSignup: 1, openedDashboard: 1 });
    expect(actor.getSnapshot().hasTag('finished')).toBe(true);
    expect(selectScreen(actor.getSnapshot())).toBeNull();
  });

  it('lets the user skip the survey: nothing is stored but the completion', async () => {
    const { actor, fake, outside } = await onDownloadPlugins();
    actor.send({ type: 'plugins.next' });
    actor.send({ type: 'survey.skip' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(fake.requests).toEqual([
      {
        method: 'PUT',
        path: '/api/users/user-1/updateUserState',
        json: { state: { plan: 'free', signupCompleted: true } },
      },
    ]);
    expect(outside).toEqual({ finishedSignup: 1, openedDashboard: 1 });
  });

  it('keeps the survey with its answers when it cannot be stored', async () => {
    const { actor, fake, outside } = await onDownloadPlugins();
    fake.answer('PUT /api/users', failure(400, 'Invalid input'));
    actor.send({ type: 'plugins.next' });
    actor.send({ type: 'survey.toggle', question: 'softwareUsed', option: 'Revit' });
    actor.send({ type: 'survey.submit' });
    await waitFor(actor, (s) => !s.hasTag('busy'));

    expect(selectScreen(actor.getSnapshot())).toBe('survey');
    expect(actor.getSnapshot().context.error).toBe('Invalid input');
    expect(actor.getSnapshot().context.survey.softwareUsed).toEqual(['Revit']);
    expect(outside).toEqual({ finishedSignup: 0, openedDashboard: 0 });
  });
});

describe('signupMachine: resuming after a reload', () => {
  it('starts at download-plugins for a signed-in user with the sign-up flag and completes without a plan', async () => {
    const user = sampleUser();
    const { actor, fake, outside } = startSignupFlow({ link: null, resumingUser: user });
    expect(selectScreen(actor.getSnapshot())).toBe('downloadPlugins');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);

    actor.send({ type: 'screen.opened', screen: 'survey' });
    actor.send({ type: 'survey.skip' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(fake.requests).toEqual([
      {
        method: 'PUT',
        path: '/api/users/user-1/updateUserState',
        json: { state: { signupCompleted: true } },
      },
    ]);
    expect(outside.finishedSignup).toBe(1);
  });
});
