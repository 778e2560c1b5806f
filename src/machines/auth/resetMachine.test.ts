import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import { createFakeHttpClient, failure, ok } from './fakeHttpClient';
import { createResetImplementations, resetMachine } from './resetMachine';

function startReset() {
  const fake = createFakeHttpClient();
  const announcements: string[] = [];
  let loginOpened = 0;
  const actor = createActor(
    resetMachine.provide(
      createResetImplementations({
        http: fake.http,
        announce: (message) => announcements.push(message),
        openLogin: () => (loginOpened += 1),
      }),
    ),
    { input: { token: 'mailed-token-0123456789' } },
  ).start();
  const fill = (password: string, confirmPassword: string) => {
    actor.send({ type: 'field.change', field: 'password', value: password });
    actor.send({ type: 'field.change', field: 'confirmPassword', value: confirmPassword });
  };
  return { actor, fake, announcements, fill, loginOpened: () => loginOpened };
}

describe('resetMachine', () => {
  it.each([
    ['', '', messages.fillOutForm],
    ['Secret123', 'Secret124', messages.passwordsDoNotMatch],
    ['secret12', 'secret12', ownMessages.passwordRule],
    ['SECRET12', 'SECRET12', ownMessages.passwordRule],
    ['Secretly', 'Secretly', ownMessages.passwordRule],
    ['Sec12', 'Sec12', ownMessages.passwordRule],
  ])('refuses %j / %j with the message the user needs', (password, confirmPassword, message) => {
    const { actor, fake, fill } = startReset();
    fill(password, confirmPassword);
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(actor.getSnapshot().hasTag('form')).toBe(true);
    expect(fake.requests).toEqual([]);
  });

  it('sets the password, tells the user, and opens the login screen', async () => {
    const { actor, fake, announcements, fill, loginOpened } = startReset();
    fake.answer('POST /auth/reset', ok({ message: ownMessages.passwordUpdated }));
    fill('Secret123', 'Secret123');
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');

    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/auth/reset',
        json: { token: 'mailed-token-0123456789', password: 'Secret123' },
      },
    ]);
    expect(announcements).toEqual([ownMessages.passwordUpdated]);
    expect(loginOpened()).toBe(1);
    expect(actor.getSnapshot().context.password).toBe('');
  });

  it('explains a spent or expired link and stops offering the form', async () => {
    const { actor, fake, fill, loginOpened } = startReset();
    fake.answer('POST /auth/reset', failure(400, messages.resetTokenInvalid));
    fill('Secret123', 'Secret123');
    actor.send({ type: 'reset.submit' });
    await waitFor(actor, (s) => !s.hasTag('busy'));

    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('tokenRejected')).toBe(true);
    expect(snapshot.hasTag('form')).toBe(false);
    expect(snapshot.context.error).toBe(
      'Token is invalid or has expired. Request to reset your password again',
    );
    expect(loginOpened()).toBe(0);
  });

  it('keeps the form for any other refusal, with its own message', async () => {
    const { actor, fake, fill } = startReset();
    fake.answer('POST /auth/reset', failure(429, ownMessages.tooManyAttempts));
    fill('Secret123', 'Secret123');
    actor.send({ type: 'reset.submit' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().hasTag('form')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(ownMessages.tooManyAttempts);
  });
});
