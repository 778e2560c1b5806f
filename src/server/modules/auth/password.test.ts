import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../../contract/errors';
import { sessionResponse, type SessionResponse } from '../../../contract/http/users';
import { signUp, strongPassword, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { passwordChangeFailuresPerAccount } from './passwordService';

describe.each(databases())('PUT /api/users/password on $kind', ({ kind }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ANALYTICS_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const login = (emailAddress: string, password: string) =>
    server.request('POST', '/auth/login', { json: { emailAddress, password } });
  const change = (session: SessionResponse, currentPassword: string, newPassword: string) =>
    server.request('PUT', '/api/users/password', {
      token: session.token,
      json: { currentPassword, newPassword },
    });
  const isSignedIn = async (session: SessionResponse) =>
    (await server.request('GET', '/api/users', { token: session.token })).status === 200;

  it('sets the new password, keeps this session and ends the others', async () => {
    const email = uniqueEmail('changer');
    const here = await signUp(server, email);
    const elsewhere = sessionResponse.parse((await login(email, strongPassword)).body);
    const newPassword = 'Another-Secret-42';

    const response = await change(here, strongPassword, newPassword);
    expect(response.status).toBe(204);
    expect(await isSignedIn(here)).toBe(true);
    expect(await server.request('GET', '/api/users', { token: elsewhere.token })).toMatchObject({
      status: 403,
      body: { message: messages.sessionExpired },
    });
    expect((await login(email, strongPassword)).status).toBe(401);
    expect((await login(email, newPassword)).status).toBe(200);
    const notice = await server.lastMailTo(email);
    expect(notice.subject).toBe('Your Gusset password was changed');
  });

  it('refuses a wrong current password and a new one that breaks the rule, changing nothing', async () => {
    const email = uniqueEmail('careful');
    const session = await signUp(server, email);
    expect(await change(session, 'Not-The-Password-1', 'Another-Secret-42')).toMatchObject({
      status: 400,
      body: { message: ownMessages.currentPasswordIncorrect },
    });
    for (const weak of ['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      expect(await change(session, strongPassword, weak)).toMatchObject({
        status: 400,
        body: { message: ownMessages.passwordRule },
      });
    }
    expect(await change(session, strongPassword, `Aa1${'x'.repeat(254)}`)).toMatchObject({
      status: 400,
      body: { message: ownMessages.passwordTooLong },
    });
    expect(
      (await server.request('PUT', '/api/users/password', { token: session.token, json: {} })).status,
    ).toBe(400);
    expect((await login(email, strongPassword)).status).toBe(200);
    expect(await isSignedIn(session)).toBe(true);
  });

  it('pauses after repeated wrong current passwords, even for the right one', async () => {
    const session = await signUp(server, uniqueEmail('guesser'));
    for (let i = 0; i < passwordChangeFailuresPerAccount.points; i += 1) {
      expect((await change(session, `Wrong-Guess-${i}`, 'Another-Secret-42')).status).toBe(400);
    }
    expect(await change(session, strongPassword, 'Another-Secret-42')).toMatchObject({
      status: 429,
      body: { message: ownMessages.tooManyAttempts },
    });
  });

  it('needs a session', async () => {
    expect(
      await server.request('PUT', '/api/users/password', {
        json: { currentPassword: strongPassword, newPassword: 'Another-Secret-42' },
      }),
    ).toMatchObject({ status: 403, body: { message: messages.sessionExpired } });
  });
});
