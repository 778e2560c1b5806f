import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import { createFakeHttpClient, failure, ok } from './fakeHttpClient';
import { createSignupRequestImplementations, signupRequestMachine } from './signupRequestMachine';

function startSignupRequest() {
  const fake = createFakeHttpClient();
  const actor = createActor(
    signupRequestMachine.provide(createSignupRequestImplementations({ http: fake.http })),
  ).start();
  const type = (value: string) => actor.send({ type: 'field.change', field: 'emailAddress', value });
  return { actor, fake, type };
}

describe('signupRequestMachine', () => {
  it('validates the address before asking for a verification mail', () => {
    const { actor, fake, type } = startSignupRequest();
    actor.send({ type: 'request.submit' });
    expect(actor.getSnapshot().context.error).toBe(messages.fillOutForm);
    type('ada@');
    actor.send({ type: 'request.submit' });
    expect(actor.getSnapshot().context.error).toBe(messages.enterValidEmail);
    expect(fake.requests).toEqual([]);
  });

  it("shows the server's check-your-mail message once the mail is requested", async () => {
    const { actor, fake, type } = startSignupRequest();
    fake.answer('POST /auth/signup', ok({ message: ownMessages.confirmationEmailSent }));
    type(' ada@example.com ');
    actor.send({ type: 'request.submit' });
    await waitFor(actor, (s) => s.hasTag('sent'));
    expect(actor.getSnapshot().context.notice).toBe(ownMessages.confirmationEmailSent);
    expect(fake.requests).toEqual([
      { method: 'POST', path: '/auth/signup', json: { emailAddress: 'ada@example.com' } },
    ]);

    actor.send({ type: 'request.again' });
    expect(actor.getSnapshot().hasTag('form')).toBe(true);
  });

  it('keeps the form with the server message on a refusal', async () => {
    const { actor, fake, type } = startSignupRequest();
    fake.answer('POST /auth/signup', failure(400, messages.provideValidEmail));
    type('ada@example.com');
    actor.send({ type: 'request.submit' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().context.error).toBe(messages.provideValidEmail);
    expect(actor.getSnapshot().hasTag('form')).toBe(true);
  });
});
