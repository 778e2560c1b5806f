import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../../contract/errors';
import {
  API_TOKEN_PREFIX,
  MAX_ACTIVE_API_TOKENS,
  apiTokenListResponse,
  createdApiTokenResponse,
  type CreatedApiToken,
} from '../../../contract/http/apiTokens';
import type { SessionResponse } from '../../../contract/http/users';
import { signUp, strongPassword, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { createTestClock, startTestServer, type TestServer } from '../../testing/testServer';
import { hashToken } from '../auth/tokens';
import { LAST_USED_RESOLUTION_MS } from './service';

const tokensPath = '/api/users/me/tokens';

describe.each(databases())('personal API tokens on $kind', ({ kind }) => {
  let server: TestServer;
  const time = createTestClock();

  beforeAll(async () => {
    server = await startTestServer(kind, { clock: time.clock, env: { ANALYTICS_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function create(session: SessionResponse, body: unknown): Promise<CreatedApiToken> {
    const response = await server.request('POST', tokensPath, { token: session.token, json: body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return createdApiTokenResponse.parse(response.body);
  }
  async function list(session: SessionResponse) {
    const response = await server.request('GET', tokensPath, { token: session.token });
    expect(response.status).toBe(200);
    return apiTokenListResponse.parse(response.body).data;
  }
  const me = (authorization: string) => server.request('GET', '/api/users', { headers: { authorization } });

  it('creates a token whose secret works as Bearer and bare, shows its last use, and is dead once revoked', async () => {
    const session = await signUp(server, uniqueEmail('scripter'));
    const created = await create(session, { name: 'Grasshopper on my laptop' });
    // gst_ + 32 bytes in base64url (43 characters), shown with its first characters only from now on.
    expect(created.token).toMatch(/^gst_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    expect(created.prefix.length).toBeLessThan(created.token.length / 2);
    expect(created.lastUsedAt).toBeNull();

    const asBearer = await me(`Bearer ${created.token}`);
    expect(asBearer.status).toBe(200);
    expect(asBearer.body).toMatchObject({ _id: session.user._id });
    expect((await me(created.token)).status).toBe(200);

    const [listed] = await list(session);
    expect(listed).toMatchObject({
      _id: created._id,
      name: 'Grasshopper on my laptop',
      prefix: created.prefix,
    });
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(listed).not.toHaveProperty('token');

    const revoked = await server.request('DELETE', `${tokensPath}/${created._id}`, { token: session.token });
    expect(revoked).toMatchObject({ status: 200, body: { _id: created._id } });
    // The same answer as an expired browser session, so scripts and the browser handle it alike.
    expect(await me(`Bearer ${created.token}`)).toMatchObject({
      status: 403,
      body: { message: messages.sessionExpired },
    });
    expect(await list(session)).toEqual([]);
    // Revoking twice is a 404: the token is gone from the user's point of view.
    expect(
      await server.request('DELETE', `${tokensPath}/${created._id}`, { token: session.token }),
    ).toMatchObject({ status: 404, body: { message: ownMessages.apiTokenNotFound } });
  });

  it('answers an unknown gst_ token like an expired session', async () => {
    const forged = `${API_TOKEN_PREFIX}${'A'.repeat(43)}`;
    expect(await me(`Bearer ${forged}`)).toMatchObject({
      status: 403,
      body: { message: messages.sessionExpired },
    });
  });

  it('stores only the SHA-256 of the secret and never sends the secret again', async () => {
    const session = await signUp(server, uniqueEmail('careful'));
    const created = await create(session, { name: 'CI' });
    const rows = await server.db.query<Record<string, unknown>>('SELECT * FROM api_tokens WHERE id = $1', [
      created._id,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashToken(created.token));
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(API_TOKEN_PREFIX.length));

    const listText = JSON.stringify((await server.request('GET', tokensPath, { token: session.token })).body);
    expect(listText).toContain(created._id);
    expect(listText).not.toContain(created.token);
  });

  it("keeps each user's tokens to themself", async () => {
    const alice = await signUp(server, uniqueEmail('alice'));
    const bob = await signUp(server, uniqueEmail('bob'));
    const alicesToken = await create(alice, { name: 'Alice script' });
    await create(bob, { name: 'Bob script' });

    expect((await list(bob)).map((token) => token.name)).toEqual(['Bob script']);
    // Bob cannot revoke Alice's token, and learns nothing about it (the same 404 as an unknown id).
    expect(
      await server.request('DELETE', `${tokensPath}/${alicesToken._id}`, { token: bob.token }),
    ).toMatchObject({ status: 404, body: { message: ownMessages.apiTokenNotFound } });
    expect(await server.request('DELETE', `${tokensPath}/not-a-uuid`, { token: bob.token })).toMatchObject({
      status: 404,
    });
    expect((await me(`Bearer ${alicesToken.token}`)).status).toBe(200);
  });

  it('lets only a browser session manage tokens', async () => {
    const session = await signUp(server, uniqueEmail('owner'));
    const created = await create(session, { name: 'Dynamo' });
    const bearer = { authorization: `Bearer ${created.token}` };
    for (const [method, path, json] of [
      ['GET', tokensPath, undefined],
      ['POST', tokensPath, { name: 'minted by a token' }],
      ['DELETE', `${tokensPath}/${created._id}`, undefined],
    ] as const) {
      expect(
        await server.request(method, path, { headers: bearer, json }),
        `${method} ${path}`,
      ).toMatchObject({
        status: 401,
        body: { message: ownMessages.apiTokenNeedsSession },
      });
    }
    expect((await list(session)).map((token) => token.name)).toEqual(['Dynamo']);
  });

  it('ends every token of the account when its password is changed, and keeps the session that changed it', async () => {
    const session = await signUp(server, uniqueEmail('changer'));
    const first = await create(session, { name: 'Laptop' });
    const second = await create(session, { name: 'CI', expiresInDays: 30 });
    const changed = await server.request('PUT', '/api/users/password', {
      token: session.token,
      json: { currentPassword: strongPassword, newPassword: 'Another-Pass-8' },
    });
    expect(changed.status).toBe(204);
    for (const token of [first, second]) {
      expect(await me(`Bearer ${token.token}`)).toMatchObject({
        status: 403,
        body: { message: messages.sessionExpired },
      });
    }
    expect(await list(session)).toEqual([]);
    expect((await server.request('GET', '/api/users', { token: session.token })).status).toBe(200);
  });

  it('ends every token of the account when its password is reset', async () => {
    const email = uniqueEmail('resetter');
    const session = await signUp(server, email);
    const created = await create(session, { name: 'Dynamo' });
    expect((await me(created.token)).status).toBe(200);
    await server.request('POST', '/auth/forgot', { json: { emailAddress: email } });
    const resetToken = (await server.lastMailTo(email)).links[0]?.split('/').pop();
    const reset = await server.request('POST', '/auth/reset', {
      json: { token: resetToken, password: 'Reset-Pass-77' },
    });
    expect(reset).toMatchObject({ status: 200, body: { message: ownMessages.passwordUpdated } });
    expect(await me(created.token)).toMatchObject({
      status: 403,
      body: { message: messages.sessionExpired },
    });
    const login = await server.request('POST', '/auth/login', {
      json: { emailAddress: email, password: 'Reset-Pass-77' },
    });
    expect(await list(login.body as SessionResponse)).toEqual([]);
  });

  it('revokes the token that logs out, and only that one', async () => {
    const session = await signUp(server, uniqueEmail('leaver'));
    const leaving = await create(session, { name: 'Leaving script' });
    const staying = await create(session, { name: 'Staying script' });
    const logout = await server.request('POST', '/auth/logout', {
      headers: { authorization: `Bearer ${leaving.token}` },
    });
    expect(logout.status).toBe(204);
    expect(await me(`Bearer ${leaving.token}`)).toMatchObject({
      status: 403,
      body: { message: messages.sessionExpired },
    });
    expect((await me(`Bearer ${staying.token}`)).status).toBe(200);
    expect((await server.request('GET', '/api/users', { token: session.token })).status).toBe(200);
    expect((await list(session)).map((token) => token.name)).toEqual(['Staying script']);
  });

  it('refuses a password change made with a token, before the current password is checked', async () => {
    const session = await signUp(server, uniqueEmail('guarded'));
    const created = await create(session, { name: 'Leaked script' });
    for (const currentPassword of [strongPassword, 'Wrong-Pass-1']) {
      expect(
        await server.request('PUT', '/api/users/password', {
          headers: { authorization: `Bearer ${created.token}` },
          json: { currentPassword, newPassword: 'Taken-Over-9' },
        }),
      ).toMatchObject({ status: 401, body: { message: ownMessages.apiTokenCannotChangePassword } });
    }
    // Nothing changed: the old password still signs in, the session and the token still work.
    const login = await server.request('POST', '/auth/login', {
      json: { emailAddress: session.user.emailAddress, password: strongPassword },
    });
    expect(login.status).toBe(200);
    expect((await server.request('GET', '/api/users', { token: session.token })).status).toBe(200);
    expect((await me(created.token)).status).toBe(200);
  });

  it('refuses a blank or over-long name and an expiry out of range', async () => {
    const session = await signUp(server, uniqueEmail('namer'));
    const post = (json: unknown) => server.request('POST', tokensPath, { token: session.token, json });
    expect(await post({ name: '   ' })).toMatchObject({
      status: 400,
      body: { message: ownMessages.apiTokenNameBlank },
    });
    expect(await post({ name: 'x'.repeat(101) })).toMatchObject({
      status: 400,
      body: { message: ownMessages.apiTokenNameTooLong },
    });
    expect(await post({ name: 'ok', expiresInDays: 0 })).toMatchObject({
      status: 400,
      body: { message: ownMessages.apiTokenExpiryRange },
    });
    expect(await list(session)).toEqual([]);
  });

  it('ends a token at its expiry and writes its last use at most once a minute', async () => {
    time.reset();
    const session = await signUp(server, uniqueEmail('expiring'));
    const created = await create(session, { name: 'Weekly export', expiresInDays: 7 });
    expect(Date.parse(created.expiresAt ?? '') - Date.parse(created.createdAt)).toBe(7 * 86_400_000);

    expect((await me(created.token)).status).toBe(200);
    const firstUse = (await list(session))[0]?.lastUsedAt;
    time.advanceHours(LAST_USED_RESOLUTION_MS / 3_600_000 / 2);
    expect((await me(created.token)).status).toBe(200);
    expect((await list(session))[0]?.lastUsedAt).toBe(firstUse);
    time.advanceHours(LAST_USED_RESOLUTION_MS / 3_600_000);
    expect((await me(created.token)).status).toBe(200);
    expect(Date.parse((await list(session))[0]?.lastUsedAt ?? '')).toBeGreaterThan(
      Date.parse(firstUse ?? ''),
    );

    time.advanceHours(7 * 24);
    expect(await me(created.token)).toMatchObject({
      status: 403,
      body: { message: messages.sessionExpired },
    });
    time.reset();
  });

  it(`refuses more than ${MAX_ACTIVE_API_TOKENS} active tokens and accepts one after a revoke`, async () => {
    const session = await signUp(server, uniqueEmail('hoarder'));
    const ids: string[] = [];
    for (let index = 0; index < MAX_ACTIVE_API_TOKENS; index += 1)
      ids.push((await create(session, { name: `token ${index}` }))._id);
    expect(
      await server.request('POST', tokensPath, { token: session.token, json: { name: 'one more' } }),
    ).toMatchObject({ status: 409, body: { message: ownMessages.apiTokenLimit } });
    await server.request('DELETE', `${tokensPath}/${ids[0] ?? ''}`, { token: session.token });
    await create(session, { name: 'one more' });
  });
});
