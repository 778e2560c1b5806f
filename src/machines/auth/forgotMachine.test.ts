import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import { createFakeHttpClient, failure, ok } from './fakeHttpClient';
import { createForgotImplementations, forgotMachine } from './forgotMachine';

function startForgot() {
  const fake = createFakeHttpClient();
  const actor = createActor(forgotMachine.provide(createForgotImplementations({ http: fake.http }))).start();
  const type = (value: string) => actor.send({ type: 'field.change', field: 'emailAddress', value });
  return { actor, fake, type };
}

describe('forgotMachine', () => {
  it('validates the address before asking for a reset mail', () => {
    const { actor, fake, type } = startForgot();
    actor.send({ type: 'request.submit' });
    expect(actor.getSnapshot().context.error).toBe(messages.fillOutForm);
    type('not-an-address');
    actor.send({ type: 'request.submit' });
    expect(actor.getSnapshot().context.error).toBe(messages.enterValidEmail);
    expect(fake.requests).toEqual([]);
  });

  it('tells the user the reset mail is on its way', async () => {
    const { actor, fake, type } = startForgot();
    fake.answer('POST /auth/forgot', ok({ message: messages.resetEmailSent }));
    type('ada@example.com');
    actor.send({ type: 'request.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('sent'));
    expect(actor.getSnapshot().context.notice).toBe('We just sent you an email to reset your password');
    expect(fake.requests).toEqual([
      { method: 'POST', path: '/auth/forgot', json: { emailAddress: 'ada@example.com' } },
    ]);

    actor.send({ type: 'request.again' });
    expect(actor.getSnapshot().hasTag('form')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('keeps the form with the server message when rate-limited', async () => {
    const { actor, fake, type } = startForgot();
    fake.answer('POST /auth/forgot', failure(429, ownMessages.tooManyAttempts));
    type('ada@example.com');
    actor.send({ type: 'request.submit' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().hasTag('form')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(ownMessages.tooManyAttempts);
  });
});
