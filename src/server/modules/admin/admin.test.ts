import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../contract/errors';
import {
  adminUserRowSchema,
  adminUsersPage,
  fuzzySearchResponse,
  type AdminUserRow,
} from '../../../contract/http/admin';
import { userSchema, type SessionResponse } from '../../../contract/http/users';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { addOrganizationMember, createOrganization, uploadAndWait } from '../../testing/uploads';
import { fuzzySearchParams, fuzzySearchSql, fuzzyThresholdStatements } from './repository';

describe.each(databases('pooled transactions'))('internal admin API on $kind', ({ kind }) => {
  let server: TestServer;
  const adminEmail = uniqueEmail('internal-admin');
  let admin: SessionResponse;
  let john: SessionResponse;
  let jane: SessionResponse;
  let johan: SessionResponse;
  let alice: SessionResponse;
  let modelId: string;
  let versionId: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { GUSSET_ADMINS: adminEmail, ANALYTICS_ENABLED: 'false' } });
    admin = await signUp(server, adminEmail, { firstName: 'Ida', lastName: 'Internal' });
    john = await signUp(server, 'jsmith@example.com', { firstName: 'John', lastName: 'Smith' });
    jane = await signUp(server, 'jane.smithers@example.org', { firstName: 'Jane', lastName: 'Smithers' });
    johan = await signUp(server, 'jschmidt@example.net', { firstName: 'Johan', lastName: 'Schmidt' });
    alice = await signUp(server, 'azeta@example.net', { firstName: 'Alice', lastName: 'Zeta' });
    await signUp(server, 'bob.brown@example.com', { firstName: 'Bob', lastName: 'Brown' });
    const organizationId = await createOrganization(server, john.user._id, 'Smith Engineering');
    await addOrganizationMember(server, organizationId, alice.user._id, 'MEMBER');
    await createOrganization(server, alice.user._id, 'Zeta Design');

    // A model with a version in John's organization; the admin has no role on it.
    const modelFile = new TextEncoder().encode(JSON.stringify(generateBuilding(presetParameters('1k', 7))));
    const upload = await uploadAndWait(server, john.token, modelFile, {
      fileName: 'tower.json',
      organizationId,
      name: 'Tower',
    });
    modelId = upload.modelId;
    versionId = upload.versionId;
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, session?: SessionResponse) =>
    server.request('GET', path, session ? { token: session.token } : {});
  const post = (path: string, json: unknown, session?: SessionResponse) =>
    server.request('POST', path, { json, ...(session ? { token: session.token } : {}) });

  async function search(term: string): Promise<AdminUserRow[]> {
    const response = await get(`/api/users/fuzzySearch/?searchTerm=${encodeURIComponent(term)}`, admin);
    expect(response.status).toBe(200);
    return fuzzySearchResponse.parse(response.body).data;
  }

  describe('authorization', () => {
    const adminRoutes = (): Array<[string, string, unknown?]> => [
      ['GET', '/api/users/all'],
      ['GET', '/api/users/fuzzySearch/?searchTerm=smith'],
      ['GET', '/api/users/fuzzySearch?searchTerm=smith'],
      ['POST', '/api/users/updateTestingGroup/', { data: { userId: john.user._id, testingGroup: 'beta' } }],
      ['POST', '/api/users/updateTestingGroup', { data: { userId: john.user._id, testingGroup: 'beta' } }],
      ['GET', '/api/organizations/all'],
      ['GET', '/api/analytics/summary'],
    ];

    it('answers 401 to every signed-in non-admin and 403 without a token, on every admin route', async () => {
      for (const [method, path, json] of adminRoutes()) {
        for (const session of [john, alice]) {
          const response = await server.request(method, path, {
            token: session.token,
            ...(json === undefined ? {} : { json }),
          });
          expect({ path, response }).toMatchObject({
            path,
            response: { status: 401, body: { message: messages.unauthorizedAccess } },
          });
        }
        const anonymous = await server.request(method, path, json === undefined ? {} : { json });
        expect({ path, status: anonymous.status }).toEqual({ path, status: 403 });
      }
      // The refusal comes before validation: a malformed request tells a non-admin nothing more.
      expect(await post('/api/users/updateTestingGroup/', { nonsense: true }, john)).toMatchObject({
        status: 401,
      });
      // Nothing was changed by the refused calls.
      const johnNow = userSchema.parse((await get('/api/users', john)).body);
      expect(johnNow.preferences.testingGroup).toBeNull();
    });

    it('gives an internal admin no access to model contents', async () => {
      for (const path of [
        `/api/models/${modelId}`,
        `/api/models/${modelId}/data/versions/${versionId}/minimal`,
        `/api/models/${modelId}/data/versions/${versionId}/export?format=e2k`,
        `/api/models/${modelId}/data/attributes`,
        `/api/models/${modelId}/versions/${versionId}`,
      ]) {
        expect({ path, status: (await get(path, admin)).status }).toEqual({ path, status: 404 });
      }
      // The owner reads the same model, so the 404 is about who asks.
      for (const path of [
        `/api/models/${modelId}`,
        `/api/models/${modelId}/data/versions/${versionId}/minimal`,
      ]) {
        expect({ path, status: (await get(path, john)).status }).toEqual({ path, status: 200 });
      }
    });
  });

  describe('GET /api/users/fuzzySearch/', () => {
    it('finds a user from a misspelled name', async () => {
      for (const typo of ['Jonh Smiht', 'john smtih', 'Jon Smitth', 'jhon smith']) {
        const found = await search(typo);
        expect({ typo, first: found[0]?._id }).toEqual({ typo, first: john.user._id });
      }
      // A misspelled surname alone finds both people who bear it.
      expect((await search('Smiht')).map((row) => row._id)).toEqual(
        expect.arrayContaining([john.user._id, jane.user._id]),
      );
    });

    it('finds a user from part of the email address', async () => {
      expect((await search('jsmith@exa'))[0]?._id).toBe(john.user._id);
      expect((await search('smth')).map((row) => row._id)).toContain(john.user._id);
      expect((await search('JSCHMIDT@'))[0]?._id).toBe(johan.user._id);
    });

    it('ranks the closer name first and leaves out users who do not match', async () => {
      const found = await search('Jane Smithrs');
      expect(found[0]?._id).toBe(jane.user._id);
      expect(found.map((row) => row._id)).not.toContain(alice.user._id);
      expect(await search('qqqqxz')).toEqual([]);
      // LIKE wildcards are matched as typed, not as wildcards.
      expect(await search('%')).toEqual([]);
    });

    it('answers the admin row: testing group, creation date and organization count', async () => {
      const [row] = await search('Alice Zeta');
      expect(adminUserRowSchema.parse(row)).toMatchObject({
        _id: alice.user._id,
        emailAddress: 'azeta@example.net',
        testingGroup: null,
        organizationCount: 2,
        createdAt: alice.user.createdAt,
      });
      expect(JSON.stringify(row)).not.toMatch(/password|argon2/i);
    });

    it('is served by the trigram index', async () => {
      // With sequential scans priced out, the plan shows whether the index can answer the query at all.
      const plan = await server.db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        for (const statement of fuzzyThresholdStatements) await tx.query(statement);
        return tx.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN ${fuzzySearchSql}`,
          fuzzySearchParams('smiht', 20),
        );
      });
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('users_search_trgm_idx');
    });

    it('refuses an empty or an oversized term', async () => {
      expect((await get('/api/users/fuzzySearch/?searchTerm=%20', admin)).status).toBe(400);
      expect((await get(`/api/users/fuzzySearch/?searchTerm=${'a'.repeat(201)}`, admin)).status).toBe(400);
      expect((await get('/api/users/fuzzySearch/', admin)).status).toBe(400);
    });
  });

  describe('GET /api/users/all', () => {
    it('pages through every account, newest first, with the total', async () => {
      const first = adminUsersPage.parse((await get('/api/users/all', admin)).body);
      expect(first).toMatchObject({ page: 1, pageSize: 50, total: 6 });
      expect(first.data.map((row) => row.emailAddress)).toContain('jsmith@example.com');
      const created = first.data.map((row) => row.createdAt);
      expect(created).toEqual([...created].sort().reverse());

      const walked: string[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const onePage = adminUsersPage.parse(
          (await get(`/api/users/all?page=${page}&pageSize=2`, admin)).body,
        );
        expect(onePage).toMatchObject({ page, pageSize: 2, total: 6 });
        walked.push(...onePage.data.map((row) => row._id));
      }
      expect(walked).toEqual(first.data.map((row) => row._id));
      expect(adminUsersPage.parse((await get('/api/users/all?page=4&pageSize=2', admin)).body).data).toEqual(
        [],
      );
    });

    it('filters by a part of the name or email', async () => {
      const smiths = adminUsersPage.parse((await get('/api/users/all?search=SMITH', admin)).body);
      expect(smiths.total).toBe(2);
      expect(smiths.data.map((row) => row._id).sort()).toEqual([john.user._id, jane.user._id].sort());
      const none = adminUsersPage.parse((await get('/api/users/all?search=_', admin)).body);
      expect(none).toMatchObject({ total: 0, data: [] });
    });

    it('refuses page sizes out of range', async () => {
      for (const query of ['page=0', 'pageSize=0', 'pageSize=201', 'page=abc']) {
        expect((await get(`/api/users/all?${query}`, admin)).status).toBe(400);
      }
    });
  });

  describe('POST /api/users/updateTestingGroup/', () => {
    it("sets a user's testing group, which the user then sees in their preferences", async () => {
      const response = await post(
        '/api/users/updateTestingGroup/',
        { data: { userId: johan.user._id, testingGroup: ' beta ' } },
        admin,
      );
      expect(response.status).toBe(200);
      expect(adminUserRowSchema.parse(response.body)).toMatchObject({
        _id: johan.user._id,
        testingGroup: 'beta',
      });
      const seen = userSchema.parse((await get('/api/users', johan)).body);
      expect(seen.preferences).toMatchObject({
        testingGroup: 'beta',
        colorSchemes: johan.user.preferences.colorSchemes,
      });
      expect((await search('Johan Schmidt'))[0]?.testingGroup).toBe('beta');

      // The user keeps editing their own preferences without touching the group...
      const own = await server.request('PUT', '/api/users', {
        token: johan.token,
        json: {
          preferences: { colorSchemes: { default: 'dark', repair: 'white' }, testingGroup: 'self-chosen' },
        },
      });
      expect(own.status).toBe(200);
      expect(userSchema.parse(own.body).preferences).toEqual({
        colorSchemes: { default: 'dark', repair: 'white' },
        testingGroup: 'beta',
      });

      // ...and null takes them out of it.
      const cleared = await post(
        '/api/users/updateTestingGroup',
        { data: { userId: johan.user._id, testingGroup: null } },
        admin,
      );
      expect(adminUserRowSchema.parse(cleared.body).testingGroup).toBeNull();
      expect(userSchema.parse((await get('/api/users', johan)).body).preferences).toEqual({
        colorSchemes: { default: 'dark', repair: 'white' },
        testingGroup: null,
      });
    });

    it('answers 404 for an unknown or malformed user and 400 for a malformed body', async () => {
      for (const userId of [randomUUID(), 'not-a-uuid']) {
        expect(
          await post('/api/users/updateTestingGroup/', { data: { userId, testingGroup: 'x' } }, admin),
        ).toMatchObject({ status: 404, body: { message: messages.userDetailNotFound } });
      }
      for (const body of [
        {},
        { data: { userId: john.user._id } },
        { data: { userId: john.user._id, testingGroup: 'x'.repeat(101) } },
        { data: { userId: john.user._id, testingGroup: '  ' } },
        { data: { userId: john.user._id, testingGroup: 'x', extra: 1 } },
      ]) {
        expect((await post('/api/users/updateTestingGroup/', body, admin)).status).toBe(400);
      }
    });
  });
});
