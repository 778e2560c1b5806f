import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../../contract/errors';
import { publicUserSchema, type SessionResponse, userSchema } from '../../../contract/http/users';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';

describe.each(databases())('users API on $kind', ({ kind }) => {
  let server: TestServer;
  let alice: SessionResponse;
  let bob: SessionResponse;
  let admin: SessionResponse;
  const adminEmail = uniqueEmail('admin');
  const unregisteredAdmin = uniqueEmail('absent-admin');

  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: { GUSSET_ADMINS: ` ${adminEmail.toUpperCase()} , ${unregisteredAdmin}` },
    });
    alice = await signUp(server, uniqueEmail('alice'), { firstName: 'alice', lastName: 'Zeta' });
    bob = await signUp(server, uniqueEmail('bob'), { firstName: 'Bob', lastName: 'Young' });
    admin = await signUp(server, adminEmail, { firstName: 'Ida', lastName: 'Admin' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, token?: string) => server.request('GET', path, token ? { token } : {});
  const put = (path: string, json: unknown, token?: string) =>
    server.request('PUT', path, { json, ...(token ? { token } : {}) });

  describe('every /api route needs a live session (403 otherwise)', () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/users'],
      ['PUT', '/api/users', { firstName: 'X' }],
      ['GET', `/api/users/${randomUUID()}`],
      ['GET', `/api/users/profileInfo/${randomUUID()}`],
      ['GET', '/api/users/findByEmail/someone@example.com'],
      ['PUT', `/api/users/${randomUUID()}/updateUserState`, { state: { plan: 'free' } }],
      ['GET', '/api/users/GussetAdmins'],
      ['GET', '/api/users/adminList'],
    ];
    for (const [method, path, json] of routes) {
      it(`${method} ${path.replace(/[0-9a-f-]{36}/, '{id}')}`, async () => {
        for (const token of [undefined, 'garbage token', 'F'.repeat(43)]) {
          const response = await server.request(method, path, {
            ...(json === undefined ? {} : { json }),
            ...(token ? { token } : {}),
          });
          expect(response).toMatchObject({ status: 403, body: { message: messages.sessionExpired } });
        }
      });
    }
  });

  it('GET /api/users returns the own user with default preferences', async () => {
    const response = await get('/api/users', alice.token);
    expect(response.status).toBe(200);
    const user = userSchema.parse(response.body);
    expect(user).toMatchObject({
      _id: alice.user._id,
      firstName: 'alice',
      initials: 'AZ',
      preferences: { colorSchemes: { default: 'light', repair: 'dark' }, testingGroup: null },
      survey: null,
      state: {},
    });
    expect(JSON.stringify(response.body)).not.toMatch(/argon2|password/i);
  });

  it('PUT /api/users updates names, initials, preferences and survey, and refuses bad input', async () => {
    const updated = await put(
      '/api/users',
      {
        firstName: ' Alicia ',
        preferences: { colorSchemes: { default: 'dark', repair: 'white' } },
        survey: { features: ['Sharing'], softwareUsed: ['ETABS'], softwareWanted: [] },
      },
      alice.token,
    );
    expect(updated.status).toBe(200);
    expect(userSchema.parse(updated.body)).toMatchObject({
      firstName: 'Alicia',
      lastName: 'Zeta',
      initials: 'AZ',
      preferences: { colorSchemes: { default: 'dark', repair: 'white' }, testingGroup: null },
      survey: { features: ['Sharing'], softwareUsed: ['ETABS'], softwareWanted: [] },
    });
    const reread = userSchema.parse((await get('/api/users', alice.token)).body);
    expect(reread.preferences.colorSchemes.default).toBe('dark');

    for (const bad of [
      { firstName: '' },
      { firstName: 'x'.repeat(10_000) },
      { preferences: { colorSchemes: { default: 'neon', repair: 'dark' } } },
      { emailAddress: 'takeover@example.com' },
      { survey: { features: ['Mining'], softwareUsed: [], softwareWanted: [] } },
    ]) {
      const response = await put('/api/users', bad, alice.token);
      expect(response.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(response.body).toEqual({ message: expect.any(String) });
    }
    const malformed = await server.request('PUT', '/api/users', { rawJson: '{', token: alice.token });
    expect(malformed).toMatchObject({ status: 400, body: { message: ownMessages.invalidJson } });
  });

  /** Alice and Bob in one organization (Alice's), so they work together. */
  async function colleagues(owner: SessionResponse, member: SessionResponse): Promise<string> {
    const created = await server.request('POST', '/api/organizations', {
      token: owner.token,
      json: { name: `Firm ${randomUUID().slice(0, 8)}` },
    });
    const organizationId = (created.body as { _id: string })._id;
    const added = await server.request('POST', `/api/organizations/${organizationId}/collaborators`, {
      token: owner.token,
      json: { emailAddress: member.user.emailAddress, role: 'MEMBER' },
    });
    expect(added.status).toBe(201);
    return organizationId;
  }

  it('GET /api/users/{id} and /profileInfo/{id} show a colleague publicly, 404 when unknown or malformed', async () => {
    await colleagues(alice, bob);
    for (const prefix of ['/api/users/', '/api/users/profileInfo/']) {
      const found = await get(`${prefix}${bob.user._id}`, alice.token);
      expect(found.status).toBe(200);
      expect(found.body).toEqual(publicUserSchema.parse(bob.user));
      expect(Object.keys(found.body as object)).not.toContain('preferences');

      for (const id of [randomUUID(), 'not-a-uuid', "1' OR '1'='1", 'x'.repeat(90)]) {
        const missing = await get(`${prefix}${encodeURIComponent(id)}`, alice.token);
        expect(missing, `${prefix}${id}`).toMatchObject({
          status: 404,
          body: { message: messages.userDetailNotFound },
        });
      }
    }
  });

  it("keeps a user's address from whoever shares no organization or model with them, admins' included", async () => {
    const carol = await signUp(server, uniqueEmail('carol'), { firstName: 'Carol', lastName: 'Curious' });
    const dave = await signUp(server, uniqueEmail('dave'), { firstName: 'Dave', lastName: 'Distant' });
    // The admins' ids are public (spec section 7), their addresses are not.
    const ids = await get('/api/users/GussetAdmins', carol.token);
    expect(ids).toMatchObject({ status: 200, body: { data: [admin.user._id] } });
    for (const prefix of ['/api/users/', '/api/users/profileInfo/']) {
      for (const someone of [admin, dave]) {
        const answer = await get(`${prefix}${someone.user._id}`, carol.token);
        // Exactly the answer for an id that does not exist.
        expect(answer).toMatchObject({ status: 404, body: { message: messages.userDetailNotFound } });
        expect(JSON.stringify(answer.body)).not.toContain(someone.user.emailAddress);
      }
      expect(await get(`${prefix}${carol.user._id}`, carol.token)).toMatchObject({
        status: 200,
        body: { emailAddress: carol.user.emailAddress },
      });
      // An internal admin reads anyone (the admin area lists every user anyway).
      expect(await get(`${prefix}${dave.user._id}`, admin.token)).toMatchObject({
        status: 200,
        body: { emailAddress: dave.user.emailAddress },
      });
    }

    // People on one model work together too, though neither is in the other's organization.
    const organizationId = await colleagues(alice, bob);
    const modelId = randomUUID();
    const now = new Date();
    await server.db.query(
      `INSERT INTO models (id, organization_id, name, units, created_by, created_at, updated_at)
       VALUES ($1, $2, 'Shared model', 'm', $3, $4, $4)`,
      [modelId, organizationId, alice.user._id, now],
    );
    for (const [user, role] of [
      [carol, 'LIMITEDVIEW'],
      [dave, 'READ'],
    ] as const) {
      await server.db.query(
        'INSERT INTO model_permissions (model_id, user_id, role, created_at) VALUES ($1, $2, $3, $4)',
        [modelId, user.user._id, role, now],
      );
    }
    expect((await get(`/api/users/${dave.user._id}`, carol.token)).status).toBe(200);
    // The organization's owner is ADMIN on its models.
    expect((await get(`/api/users/${alice.user._id}`, carol.token)).status).toBe(200);
    expect((await get(`/api/users/${carol.user._id}`, alice.token)).status).toBe(200);
    // A member of the organization with no role on the model does not work with its collaborators.
    expect((await get(`/api/users/${carol.user._id}`, bob.token)).status).toBe(404);
  });

  it('GET /api/users/findByEmail/{email} finds a user case-insensitively, else 404', async () => {
    const found = await get(
      `/api/users/findByEmail/${encodeURIComponent(bob.user.emailAddress.toUpperCase())}`,
      alice.token,
    );
    expect(found).toMatchObject({ status: 200, body: { _id: bob.user._id, firstName: 'Bob' } });
    const missing = await get(
      `/api/users/findByEmail/${encodeURIComponent(uniqueEmail('ghost'))}`,
      alice.token,
    );
    expect(missing).toMatchObject({ status: 404, body: { message: messages.userDoesNotExist } });
  });

  describe('PUT /api/users/{id}/updateUserState', () => {
    it('lets a user merge into their own state', async () => {
      const path = `/api/users/${bob.user._id}/updateUserState`;
      expect((await put(path, { state: { plan: 'free' } }, bob.token)).status).toBe(200);
      const second = await put(path, { state: { signupCompleted: true } }, bob.token);
      expect(second.status).toBe(200);
      expect(userSchema.parse(second.body).state).toEqual({ plan: 'free', signupCompleted: true });
    });

    it('answers 401 to a signed-in user changing someone else, whether or not the id exists', async () => {
      for (const id of [alice.user._id, randomUUID(), 'not-a-uuid']) {
        const response = await put(
          `/api/users/${id}/updateUserState`,
          { state: { plan: 'paid' } },
          bob.token,
        );
        expect(response).toMatchObject({ status: 401, body: { message: messages.unauthorizedAccess } });
      }
      const alicesState = userSchema.parse((await get('/api/users', alice.token)).body).state;
      expect(alicesState.plan).toBeUndefined();
    });

    it('lets an internal admin change another user, and answers the admin 404 for an unknown one', async () => {
      const response = await put(
        `/api/users/${alice.user._id}/updateUserState`,
        { state: { plan: 'paid' } },
        admin.token,
      );
      expect(response.status).toBe(200);
      expect(userSchema.parse((await get('/api/users', alice.token)).body).state.plan).toBe('paid');
      const unknown = await put(
        `/api/users/${randomUUID()}/updateUserState`,
        { state: { plan: 'paid' } },
        admin.token,
      );
      expect(unknown).toMatchObject({ status: 404, body: { message: messages.userDetailNotFound } });
    });

    it('refuses a state outside the contract with 400', async () => {
      const path = `/api/users/${bob.user._id}/updateUserState`;
      for (const bad of [
        { state: { plan: 'platinum' } },
        { state: { isInternalAdmin: true } },
        { plan: 'free' },
        {},
      ]) {
        const response = await put(path, bad, bob.token);
        expect(response.status, JSON.stringify(bad)).toBe(400);
        expect(response.body).toEqual({ message: expect.any(String) });
      }
    });
  });

  it('GET /api/users/GussetAdmins lists the ids of the registered internal admins to anyone signed in', async () => {
    const response = await get('/api/users/GussetAdmins', bob.token);
    expect(response).toMatchObject({ status: 200, body: { data: [admin.user._id] } });
  });

  it('GET /api/users/adminList shows the admins to an internal admin and nothing to anyone else', async () => {
    const forAdmin = await get('/api/users/adminList', admin.token);
    expect(forAdmin).toMatchObject({ status: 200, body: { data: [publicUserSchema.parse(admin.user)] } });
    const forUser = await get('/api/users/adminList', bob.token);
    expect(forUser).toMatchObject({ status: 200, body: { data: [] } });
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    const response = await get('/api/nothing/here', alice.token);
    expect(response).toMatchObject({ status: 404, body: { message: ownMessages.notFound } });
  });
});
