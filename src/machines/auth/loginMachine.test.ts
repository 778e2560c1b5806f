import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import type { StartSessionParams } from './loginMachine';
import { createLoginImplementations, loginMachine } from './loginMachine';
import { createFakeHttpClient, deferred, failure, ok, sampleUser } from './fakeHttpClient';
import type { ApiResult } from '../../api/types';

function startLogin() {
  const fake = createFakeHttpClient();
  const sessions: StartSessionParams[] = [];
  const announcements: string[] = [];
  const actor = createActor(
    loginMachine.provide(
      createLoginImplementations({
        http: fake.http,
        startSession: (params) => sessions.push(params),
        announce: (message) => announcements.push(message),
      }),
    ),
  ).start();
  const fill = (emailAddress: string, password: string) => {
    actor.send({ type: 'field.change', field: 'emailAddress', value: emailAddress });
    actor.send({ type: 'field.change', field: 'password', value: password });
  };
  return { actor, fake, sessions, announcements, fill };
}

describe('loginMachine', () => {
  it('asks to fill out the form when a field is empty, without calling the server', () => {
    const { actor, fake, fill } = startLogin();
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().context.error).toBe(messages.fillOutForm);

    fill('ada@example.com', '');
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().context.error).toBe(messages.fillOutForm);
    expect(actor.getSnapshot().hasTag('form')).toBe(true);
    expect(fake.requests).toEqual([]);
  });

  it('rejects a malformed email address before calling the server', () => {
    const { actor, fake, fill } = startLogin();
    fill('ada.example.com', 'Secret123');
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().context.error).toBe(messages.enterValidEmail);
    expect(fake.requests).toEqual([]);
  });

  it('clears the message as soon as the user edits the form', () => {
    const { actor } = startLogin();
    actor.send({ type: 'login.submit' });
    actor.send({ type: 'field.change', field: 'emailAddress', value: 'a' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('logs in: busy while waiting, then starts the session and greets the user', async () => {
    const { actor, fake, sessions, announcements, fill } = startLogin();
    const user = sampleUser();
    const answer = deferred<ApiResult<unknown>>();
    fake.answer('POST /auth/login', answer.promise);

    fill('  ada@example.com ', 'Secret123');
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('form')).toBe(false);

    answer.resolve(ok({ token: 'session-token', user }));
    await waitFor(actor, (s) => s.status === 'done');

    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/auth/login',
        json: { emailAddress: 'ada@example.com', password: 'Secret123' },
      },
    ]);
    expect(sessions).toEqual([{ token: 'session-token', user }]);
    expect(announcements).toEqual([ownMessages.loginSucceeded]);
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
  });

  it.each([
    [401, ownMessages.loginFailed],
    [429, ownMessages.tooManyAttempts],
  ])('shows the server message of a %i and lets the user try again', async (status, message) => {
    const { actor, fake, sessions, fill } = startLogin();
    fake.answer('POST /auth/login', failure(status, message));
    fill('ada@example.com', 'wrong-password');
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => !s.hasTag('busy'));

    const snapshot = actor.getSnapshot();
    expect(snapshot.context.error).toBe(message);
    expect(snapshot.context.password).toBe('');
    expect(snapshot.context.emailAddress).toBe('ada@example.com');
    expect(snapshot.hasTag('form')).toBe(true);
    expect(sessions).toEqual([]);
  });

  it('leaves a 500 to the global toast and does not repeat it beside the form', async () => {
    const { actor, fake, fill } = startLogin();
    fake.answer('POST /auth/login', failure(500, messages.internalServerError));
    fill('ada@example.com', 'Secret123');
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().hasTag('form')).toBe(true);
  });
});
