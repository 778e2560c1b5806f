import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../../contract/errors';
import { sessionResponse, userSchema } from '../../../contract/http/users';
import { signUp, strongPassword, uniqueEmail, verificationLinkFor } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { createTestClock, startTestServer, testPublicUrl, type TestServer } from '../../testing/testServer';

describe.each(databases())('auth on $kind', ({ kind }) => {
  let server: TestServer;
  const time = createTestClock();

  beforeAll(async () => {
    server = await startTestServer(kind, { clock: time.clock, passwords: 'production' });
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => time.reset());

  const post = (path: string, json: unknown, token?: string) =>
    server.request('POST', path, { json, ...(token ? { token } : {}) });

  it('walks sign-up, verify, session, logout, login, forgot and reset end to end', async () => {
    const email = uniqueEmail('happy');

    const signup = await post('/auth/signup', { emailAddress: `  ${email.toUpperCase()} ` });
    expect(signup).toMatchObject({ status: 200, body: { message: ownMessages.confirmationEmailSent } });

    const verification = await verificationLinkFor(server, email);
    expect(verification.link.origin + verification.link.pathname).toBe(`${testPublicUrl}/verify`);
    expect(verification.email).toBe(email);
    expect(verification.resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const verify = await post('/auth/verify', {
      resetToken: verification.resetToken,
      emailAddress: email,
      firstName: 'Grace',
      lastName: 'Hopper',
      password: strongPassword,
    });
    expect(verify.status).toBe(201);
    const created = sessionResponse.parse(verify.body);
    expect(created.user).toMatchObject({ emailAddress: email, firstName: 'Grace', initials: 'GH' });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await server.request('GET', '/api/users', { token: created.token });
    expect(me.status).toBe(200);
    expect(userSchema.parse(me.body)._id).toBe(created.user._id);
    const bearer = await server.request('GET', '/api/users', { token: `Bearer ${created.token}` });
    expect(bearer.status).toBe(200);

    const logout = await server.request('POST', '/auth/logout', { token: created.token });
    expect(logout.status).toBe(204);
    const afterLogout = await server.request('GET', '/api/users', { token: created.token });
    expect(afterLogout).toMatchObject({ status: 403, body: { message: messages.sessionExpired } });

    const login = await post('/auth/login', { emailAddress: email, password: strongPassword });
    expect(login.status).toBe(200);
    const oldSession = sessionResponse.parse(login.body).token;

    const forgot = await post('/auth/forgot', { emailAddress: email });
    expect(forgot).toMatchObject({ status: 200, body: { message: messages.resetEmailSent } });
    const resetMail = await server.lastMailTo(email);
    const resetLink = resetMail.links[0] ?? '';
    expect(resetLink).toMatch(new RegExp(`^${testPublicUrl}/reset/[A-Za-z0-9_-]{43}$`));
    const resetToken = resetLink.split('/').pop();

    const newPassword = 'Brand-New-Pass-7';
    const reset = await post('/auth/reset', { token: resetToken, password: newPassword });
    expect(reset).toMatchObject({ status: 200, body: { message: ownMessages.passwordUpdated } });
    expect((await server.lastMailTo(email)).subject).toBe('Your Gusset password was changed');

    const oldSessionAfterReset = await server.request('GET', '/api/users', { token: oldSession });
    expect(oldSessionAfterReset).toMatchObject({ status: 403, body: { message: messages.sessionExpired } });
    const oldPassword = await post('/auth/login', { emailAddress: email, password: strongPassword });
    expect(oldPassword).toMatchObject({ status: 401, body: { message: ownMessages.loginFailed } });
    const newLogin = await post('/auth/login', { emailAddress: email, password: newPassword });
    expect(newLogin.status).toBe(200);
  });

  it('answers sign-up of an existing address exactly like a new one and mails the owner instead', async () => {
    const email = uniqueEmail('existing');
    await signUp(server, email);
    const fresh = await post('/auth/signup', { emailAddress: uniqueEmail('fresh') });
    const again = await post('/auth/signup', { emailAddress: email });
    expect(again.status).toBe(fresh.status);
    expect(again.body).toEqual(fresh.body);

    const mail = await server.lastMailTo(email);
    expect(mail.text).toContain(messages.userExists);
    expect(mail.links).toEqual([`${testPublicUrl}/login`, `${testPublicUrl}/forgot`]);
  });

  it('answers forgot for an unknown address exactly like a known one and mails "not registered"', async () => {
    const known = uniqueEmail('known');
    await signUp(server, known);
    const unknown = uniqueEmail('unknown');
    const forKnown = await post('/auth/forgot', { emailAddress: known });
    const forUnknown = await post('/auth/forgot', { emailAddress: unknown });
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);

    const mail = await server.lastMailTo(unknown);
    expect(mail.text).toContain(messages.emailNotRegistered);
    expect(mail.links).toEqual([`${testPublicUrl}/signup`]);
  });

  it('gives an unknown address and a wrong password the same 401', async () => {
    const email = uniqueEmail('login');
    await signUp(server, email);
    const wrongPassword = await post('/auth/login', { emailAddress: email, password: 'Wrong-Password-1' });
    const unknownEmail = await post('/auth/login', {
      emailAddress: uniqueEmail('nobody'),
      password: strongPassword,
    });
    expect(wrongPassword).toMatchObject({ status: 401, body: { message: ownMessages.loginFailed } });
    expect(unknownEmail).toMatchObject({ status: 401, body: { message: ownMessages.loginFailed } });
  });

  it('stores argon2id hashes at the OWASP parameters and compares NFKC-normalised passwords', async () => {
    const email = uniqueEmail('nfkc');
    // The ligature 'ﬁ' (U+FB01) and the letters 'fi' are one password after NFKC.
    await signUp(server, email, { password: 'Password1\uFB01' });
    const [row] = await server.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [email],
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const login = await post('/auth/login', { emailAddress: email, password: 'Password1fi' });
    expect(login.status).toBe(200);
  });

  it('stores only SHA-256 digests of session and mail tokens', async () => {
    const email = uniqueEmail('digest');
    const session = await signUp(server, email);
    const sessions = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(sessions.map((s) => s.token_hash)).not.toContain(session.token);
    expect(sessions.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
    const tokens = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM mail_tokens');
    expect(tokens.every((t) => /^[0-9a-f]{64}$/.test(t.token_hash))).toBe(true);
  });

  describe('verification tokens', () => {
    const account = (resetToken: string, emailAddress: string) => ({
      resetToken,
      emailAddress,
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: strongPassword,
    });

    it('refuses a token that was already used', async () => {
      const email = uniqueEmail('reuse');
      await post('/auth/signup', { emailAddress: email });
      const { resetToken } = await verificationLinkFor(server, email);
      expect((await post('/auth/verify', account(resetToken, email))).status).toBe(201);
      const second = await post('/auth/verify', account(resetToken, email));
      expect(second).toMatchObject({ status: 400, body: { message: messages.signupFailed } });
    });

    it('refuses a token after 24 hours', async () => {
      const email = uniqueEmail('late');
      await post('/auth/signup', { emailAddress: email });
      const { resetToken } = await verificationLinkFor(server, email);
      time.advanceHours(24.01);
      const late = await post('/auth/verify', account(resetToken, email));
      expect(late).toMatchObject({ status: 400, body: { message: messages.signupFailed } });
    });

    it('accepts a token just before it expires', async () => {
      const email = uniqueEmail('intime');
      await post('/auth/signup', { emailAddress: email });
      const { resetToken } = await verificationLinkFor(server, email);
      time.advanceHours(23.9);
      expect((await post('/auth/verify', account(resetToken, email))).status).toBe(201);
    });

    it('refuses a token presented with another address, and an unknown token', async () => {
      const email = uniqueEmail('owner');
      await post('/auth/signup', { emailAddress: email });
      const { resetToken } = await verificationLinkFor(server, email);
      const stolen = await post('/auth/verify', account(resetToken, uniqueEmail('thief')));
      expect(stolen).toMatchObject({ status: 400, body: { message: messages.signupFailed } });
      const made_up = await post('/auth/verify', account('A'.repeat(43), email));
      expect(made_up).toMatchObject({ status: 400, body: { message: messages.signupFailed } });
      // The refused attempts did not spend the owner's token.
      expect((await post('/auth/verify', account(resetToken, email))).status).toBe(201);
    });

    it('answers 409 when the address got an account since the mail was sent', async () => {
      const email = uniqueEmail('twice');
      await post('/auth/signup', { emailAddress: email });
      const first = await verificationLinkFor(server, email);
      await post('/auth/signup', { emailAddress: email });
      const second = await verificationLinkFor(server, email);
      expect(second.resetToken).not.toBe(first.resetToken);
      expect((await post('/auth/verify', account(first.resetToken, email))).status).toBe(201);
      const late = await post('/auth/verify', account(second.resetToken, email));
      expect(late).toMatchObject({ status: 409, body: { message: messages.userExists } });
    });
  });

  describe('reset tokens', () => {
    async function resetTokenFor(email: string): Promise<string> {
      await post('/auth/forgot', { emailAddress: email });
      const link = (await server.lastMailTo(email)).links[0] ?? '';
      return link.split('/').pop() ?? '';
    }

    it('refuses a used token, an expired token and a made-up one', async () => {
      const email = uniqueEmail('reset');
      await signUp(server, email);

      const token = await resetTokenFor(email);
      expect((await post('/auth/reset', { token, password: 'Another-Pass-1' })).status).toBe(200);
      const reused = await post('/auth/reset', { token, password: 'Another-Pass-2' });
      expect(reused).toMatchObject({ status: 400, body: { message: messages.resetTokenInvalid } });

      const expiring = await resetTokenFor(email);
      time.advanceHours(1.01);
      const expired = await post('/auth/reset', { token: expiring, password: 'Another-Pass-3' });
      expect(expired).toMatchObject({ status: 400, body: { message: messages.resetTokenInvalid } });

      const madeUp = await post('/auth/reset', { token: 'B'.repeat(43), password: 'Another-Pass-4' });
      expect(madeUp).toMatchObject({ status: 400, body: { message: messages.resetTokenInvalid } });

      time.reset();
      const login = await post('/auth/login', { emailAddress: email, password: 'Another-Pass-1' });
      expect(login.status).toBe(200);
    });

    it('cancels the other reset links of the account when one is used', async () => {
      const email = uniqueEmail('links');
      await signUp(server, email);
      const older = await resetTokenFor(email);
      const newer = await resetTokenFor(email);
      expect((await post('/auth/reset', { token: newer, password: 'Another-Pass-5' })).status).toBe(200);
      const stale = await post('/auth/reset', { token: older, password: 'Another-Pass-6' });
      expect(stale).toMatchObject({ status: 400, body: { message: messages.resetTokenInvalid } });
    });

    it('does not accept a verification token as a reset token', async () => {
      const email = uniqueEmail('crossed');
      await post('/auth/signup', { emailAddress: email });
      const { resetToken } = await verificationLinkFor(server, email);
      const crossed = await post('/auth/reset', { token: resetToken, password: 'Another-Pass-7' });
      expect(crossed).toMatchObject({ status: 400, body: { message: messages.resetTokenInvalid } });
    });
  });

  describe('sessions', () => {
    it('expire after SESSION_TTL_HOURS', async () => {
      const { token } = await signUp(server, uniqueEmail('ttl'));
      time.advanceHours(server.config.sessionTtlHours - 1);
      expect((await server.request('GET', '/api/users', { token })).status).toBe(200);
      time.advanceHours(2);
      const expired = await server.request('GET', '/api/users', { token });
      expect(expired).toMatchObject({ status: 403, body: { message: messages.sessionExpired } });
    });

    it('logout needs a live token: missing, malformed and unknown ones get 403', async () => {
      for (const token of [undefined, 'not a token', 'C'.repeat(43), `Bearer ${'D'.repeat(43)}`]) {
        const response = await server.request('POST', '/auth/logout', token ? { token } : {});
        expect(response).toMatchObject({ status: 403, body: { message: messages.sessionExpired } });
      }
    });

    it('logout ends only the session it is called with', async () => {
      const email = uniqueEmail('two-devices');
      const first = await signUp(server, email);
      const second = sessionResponse.parse(
        (await post('/auth/login', { emailAddress: email, password: strongPassword })).body,
      );
      expect((await server.request('POST', '/auth/logout', { token: first.token })).status).toBe(204);
      expect((await server.request('GET', '/api/users', { token: second.token })).status).toBe(200);
    });
  });

  describe('bad input never crashes and always answers 400 with a message', () => {
    const long = 'x'.repeat(10_000);
    const validToken = 'E'.repeat(43);
    const validBodies: Record<string, Record<string, unknown>> = {
      '/auth/signup': { emailAddress: 'someone@example.com' },
      '/auth/verify': {
        resetToken: validToken,
        emailAddress: 'someone@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        password: strongPassword,
      },
      '/auth/login': { emailAddress: 'someone@example.com', password: strongPassword },
      '/auth/forgot': { emailAddress: 'someone@example.com' },
      '/auth/reset': { token: validToken, password: strongPassword },
    };

    type Shape = { json?: unknown; rawJson?: string };
    /** Each case turns a valid body into a bad request, or undefined when it does not apply to this endpoint. */
    const cases: Array<[string, (body: Record<string, unknown>) => Shape | undefined]> = [
      ['malformed JSON', () => ({ rawJson: '{"emailAddress": ' })],
      ['an empty JSON body', () => ({ rawJson: '' })],
      ['a JSON array', () => ({ json: [] })],
      ['a JSON string', () => ({ json: 'hello' })],
      ['null', () => ({ json: null })],
      ['an unknown key', (body) => ({ json: { ...body, isInternalAdmin: true } })],
      [
        'a __proto__ key',
        (body) => ({ rawJson: JSON.stringify(body).replace(/^\{/, '{"__proto__":{"x":1},') }),
      ],
    ];
    for (const field of ['emailAddress', 'password', 'resetToken', 'token', 'firstName', 'lastName']) {
      cases.push([`${field} missing`, (body) => omit(body, field)]);
      cases.push([`${field} 10 000 characters long`, (body) => replace(body, field, long)]);
      cases.push([`${field} as a number`, (body) => replace(body, field, 42)]);
      cases.push([`${field} as an object`, (body) => replace(body, field, { $ne: null })]);
      cases.push([`${field} as an array`, (body) => replace(body, field, ['a'])]);
    }
    cases.push([
      'an email with a NUL byte',
      (body) => replace(body, 'emailAddress', 'some\u0000one@example.com'),
    ]);

    function omit(body: Record<string, unknown>, field: string): Shape | undefined {
      if (!(field in body)) return undefined;
      const copy = { ...body };
      delete copy[field];
      return { json: copy };
    }
    function replace(body: Record<string, unknown>, field: string, value: unknown): Shape | undefined {
      return field in body ? { json: { ...body, [field]: value } } : undefined;
    }

    for (const [path, body] of Object.entries(validBodies)) {
      it(`POST ${path}`, async () => {
        let tried = 0;
        for (const [name, make] of cases) {
          const request = make(body);
          if (!request) continue;
          tried += 1;
          const response = await server.request('POST', path, request);
          expect.soft(response.status, `${path} with ${name}`).toBe(400);
          expect.soft(response.body, `${path} with ${name}`).toEqual({ message: expect.any(String) });
          expect.soft((response.body as { message?: string }).message?.length ?? 0).toBeGreaterThan(0);
        }
        expect(tried).toBeGreaterThanOrEqual(12);
        expect((await server.request('GET', '/health')).status).toBe(200);
      });
    }

    it('uses the spec messages for the fields the user types', async () => {
      const badEmail = await post('/auth/signup', { emailAddress: 'not-an-email' });
      expect(badEmail).toMatchObject({ status: 400, body: { message: messages.provideValidEmail } });
      const weak = await post('/auth/reset', { token: validToken, password: 'alllowercase' });
      expect(weak).toMatchObject({ status: 400, body: { message: ownMessages.passwordRule } });
      const unknownToken = await post('/auth/reset', { token: 'short', password: strongPassword });
      expect(unknownToken).toMatchObject({ status: 400, body: { message: messages.resetTokenInvalid } });
      const invalidJson = await server.request('POST', '/auth/login', { rawJson: '{nope' });
      expect(invalidJson).toMatchObject({ status: 400, body: { message: ownMessages.invalidJson } });
    });

    it('refuses a body over 1 MiB with 413', async () => {
      const huge = await post('/auth/login', {
        emailAddress: 'a@example.com',
        password: 'p'.repeat(1024 * 1024),
      });
      expect(huge).toMatchObject({ status: 413, body: { message: ownMessages.bodyTooLarge } });
    });
  });
});
