import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, ownMessages } from '../../../contract/errors';
import {
  imagesAndVersionsResponse,
  modelListResponse,
  modelPermissionsResponse,
  modelSchema,
  type Model,
  type ModelRole,
} from '../../../contract/http/models';
import { organizationSchema } from '../../../contract/http/organizations';
import type { SessionResponse } from '../../../contract/http/users';
import { MAIL_SUBJECT_MAX } from '../../mail/plainText';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { putPaymentMethodOnFile } from '../billing/billingTesting';
import { databases } from '../../testing/databases';
import { createTestClock, startTestServer, type TestServer } from '../../testing/testServer';

const listAll = '/api/models?getImages=true&getVersions=true&getReports=true';

describe.each(databases())('models API on $kind', ({ kind }) => {
  let server: TestServer;
  /** Owns organization `org`: ADMIN on every model of it without a permission row. */
  let owner: SessionResponse;
  /** MEMBER of `org`; creates the models of most tests (and so is their ADMIN). */
  let alice: SessionResponse;
  let bob: SessionResponse;
  let carol: SessionResponse;
  let dave: SessionResponse;
  let stranger: SessionResponse;
  /** Billing administrator of `org`, nothing else. */
  let billy: SessionResponse;
  let org: string;

  beforeAll(async () => {
    // No uploads here; without the job runner's polling, query counts (the N+1 test) see only the requests.
    server = await startTestServer(kind, { startJobRunner: false });
    owner = await signUp(server, uniqueEmail('owner'), { firstName: 'Olga', lastName: 'Owner' });
    alice = await signUp(server, uniqueEmail('alice'), { firstName: 'Alice', lastName: 'Member' });
    bob = await signUp(server, uniqueEmail('bob'), { firstName: 'Bob', lastName: 'Writer' });
    carol = await signUp(server, uniqueEmail('carol'), { firstName: 'Carol', lastName: 'Reader' });
    dave = await signUp(server, uniqueEmail('dave'), { firstName: 'Dave', lastName: 'Limited' });
    stranger = await signUp(server, uniqueEmail('stranger'), { firstName: 'Sam', lastName: 'Stranger' });
    billy = await signUp(server, uniqueEmail('billy'), { firstName: 'Billy', lastName: 'Billing' });
    org = await createOrganization(owner, { members: [[alice, 'MEMBER']], billingAdmin: billy });
  });
  afterAll(async () => {
    await server?.close();
  });

  // Organizations are another module's routes; rows are enough here.
  async function createOrganization(
    orgOwner: SessionResponse,
    options: { members?: Array<[SessionResponse, 'ADMIN' | 'MEMBER']>; billingAdmin?: SessionResponse } = {},
  ): Promise<string> {
    const id = randomUUID();
    const now = new Date();
    await server.db.query(
      `INSERT INTO organizations (id, name, owner_id, billing_admin_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5)`,
      [
        id,
        `Org of ${orgOwner.user.firstName}`,
        orgOwner.user._id,
        options.billingAdmin?.user._id ?? null,
        now,
      ],
    );
    for (const [member, role] of options.members ?? []) {
      await server.db.query(
        'INSERT INTO organization_collaborators (organization_id, user_id, role, created_at) VALUES ($1, $2, $3, $4)',
        [id, member.user._id, role, now],
      );
    }
    // These suites make many models per organization: a card on file keeps the free-model rule out of the way.
    await putPaymentMethodOnFile(server.db, id);
    return id;
  }

  /** What an upload would leave behind: one versions row (uploads are another module's work). */
  async function insertVersionRow(
    modelId: string,
    number: number,
    author: SessionResponse | null,
    severities: Array<'approximated' | 'dropped' | 'warning' | Record<string, unknown>> = [],
  ): Promise<string> {
    const id = randomUUID();
    const report = {
      format: 'e2k',
      direction: 'read',
      counts: {},
      items: severities.map((severity, index) =>
        typeof severity === 'string' ? { severity, subject: `Frame ${index}`, reason: 'test' } : severity,
      ),
    };
    await server.db.query(
      `INSERT INTO versions (id, model_id, number, author_id, created_at, message, origin, manifest, model_hash,
                             counts, report)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10::jsonb, $11::jsonb)`,
      [
        id,
        modelId,
        number,
        author?.user._id ?? null,
        new Date(Date.UTC(2024, 0, number)),
        `upload ${number}`,
        JSON.stringify({ kind: 'upload', fileName: `v${number}.e2k`, format: 'e2k', sizeBytes: 100 }),
        JSON.stringify({ units: 'm', nodes: [[`N${number}`, 'a'.repeat(64)]] }),
        `hash-${number}`,
        JSON.stringify({ nodes: number }),
        JSON.stringify(report),
      ],
    );
    return id;
  }

  const call = (method: string, path: string, who: SessionResponse, json?: unknown) =>
    server.request(method, path, { token: who.token, ...(json === undefined ? {} : { json }) });

  async function createModel(
    who: SessionResponse,
    name = `Model ${randomUUID().slice(0, 8)}`,
    organizationId = org,
  ): Promise<Model> {
    const response = await call('POST', '/api/models/', who, { name, organizationId });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return modelSchema.parse(response.body);
  }

  async function share(model: Model, who: SessionResponse, type: ModelRole) {
    const response = await call('POST', `/api/models/${model._id}/collaborators`, alice, {
      emailAddress: who.user.emailAddress,
      type,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }

  async function list(who: SessionResponse, query = listAll): Promise<Model[]> {
    const response = await call('GET', query, who);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return modelListResponse.parse(response.body).data;
  }

  async function getModel(who: SessionResponse, modelId: string): Promise<Model> {
    const response = await call('GET', `/api/models/${modelId}`, who);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return modelSchema.parse(response.body);
  }

  const permissionSummary = (model: Pick<Model, 'permissions'>) =>
    model.permissions.map((permission) => [permission.user._id, permission.type]);

  describe('POST /api/models/', () => {
    it('creates a model in an organization the user belongs to; the creator is ADMIN, the owner too', async () => {
      const response = await call('POST', '/api/models/', alice, {
        name: '  Tower A  ',
        organizationId: org,
        units: 'ft',
      });
      expect(response.status).toBe(201);
      const model = modelSchema.parse(response.body);
      expect(model).toMatchObject({
        name: 'Tower A',
        organization: { _id: org, name: 'Org of Olga' },
        settings: { units: 'ft' },
        createdBy: { _id: alice.user._id, firstName: 'Alice' },
        updatedBy: { _id: alice.user._id },
        currentUserRole: 'ADMIN',
        versionCount: 0,
        reportCount: 0,
        latestVersionId: null,
        versions: [],
        reports: [],
        image: null,
        clonedFrom: null,
      });
      expect(permissionSummary(model)).toEqual([
        [owner.user._id, 'ADMIN'],
        [alice.user._id, 'ADMIN'],
      ]);
      expect(model.contributors.map((user) => user._id)).toEqual([alice.user._id]);
    });

    it('defaults the units to metres, and the owner may create without a collaborator row', async () => {
      const response = await call('POST', '/api/models', owner, { name: 'Owned', organizationId: org });
      expect(response.status).toBe(201);
      const model = modelSchema.parse(response.body);
      expect(model.settings.units).toBe('m');
      expect(permissionSummary(model)).toEqual([[owner.user._id, 'ADMIN']]);
    });

    it('refuses a blank name, a missing organization and bad units with the spec messages', async () => {
      for (const name of ['', '   ', undefined]) {
        const response = await call('POST', '/api/models/', alice, { name, organizationId: org });
        expect(response).toMatchObject({ status: 400, body: { message: messages.modelNameBlank } });
      }
      const noOrganization = await call('POST', '/api/models/', alice, { name: 'No org' });
      expect(noOrganization).toMatchObject({
        status: 400,
        body: { message: 'Organizations details are missing.' },
      });
      const badUnits = await call('POST', '/api/models/', alice, {
        name: 'Yards',
        organizationId: org,
        units: 'yd',
      });
      expect(badUnits).toMatchObject({
        status: 400,
        body: { message: 'Invalid unit type. Please provide one of the valid units: cm, mm, m, ft, in.' },
      });
    });

    it('answers 404 to a stranger or an unknown organization, 401 to the billing administrator', async () => {
      for (const organizationId of [org, randomUUID(), 'not-a-uuid']) {
        const response = await call('POST', '/api/models/', stranger, { name: 'Nope', organizationId });
        expect(response).toMatchObject({ status: 404, body: { message: ownMessages.organizationNotFound } });
      }
      const billing = await call('POST', '/api/models/', billy, { name: 'Nope', organizationId: org });
      expect(billing).toMatchObject({ status: 401, body: { message: messages.unauthorizedAccess } });
      expect((await list(stranger)).map((model) => model.name)).not.toContain('Nope');
    });

    it('needs a session (403)', async () => {
      const response = await server.request('POST', '/api/models/', {
        json: { name: 'x', organizationId: org },
      });
      expect(response).toMatchObject({ status: 403, body: { message: messages.sessionExpired } });
    });
  });

  describe('roles on one model', () => {
    let model: Model;
    beforeAll(async () => {
      model = await createModel(alice, 'Shared model');
      await share(model, bob, 'WRITE');
      await share(model, carol, 'READ');
      await share(model, dave, 'LIMITEDVIEW');
      await insertVersionRow(model._id, 1, alice, ['dropped']);
    });

    it('lists every collaborator with their role, the organization owner first as ADMIN', async () => {
      const seen = await getModel(carol, model._id);
      expect(permissionSummary(seen)).toEqual([
        [owner.user._id, 'ADMIN'],
        [alice.user._id, 'ADMIN'],
        [bob.user._id, 'WRITE'],
        [carol.user._id, 'READ'],
        [dave.user._id, 'LIMITEDVIEW'],
      ]);
      expect(seen.currentUserRole).toBe('READ');
      expect(seen.versions?.map((version) => version.number)).toEqual([1]);
    });

    it('the organization owner is ADMIN without a row: sees it listed, renames it, and manages people', async () => {
      const listed = (await list(owner)).find((candidate) => candidate._id === model._id);
      expect(listed?.currentUserRole).toBe('ADMIN');
      const renamed = await call('PUT', `/api/models/${model._id}`, owner, { name: 'Shared model' });
      expect(renamed.status).toBe(200);
      const invite = await call('PUT', `/api/models/${model._id}/collaborators/${carol.user._id}`, owner, {
        type: 'READ',
      });
      expect(invite.status).toBe(200);
    });

    it('READ views and lists versions but cannot rename, delete, invite or change roles (401)', async () => {
      const refused: Array<[string, string, unknown?]> = [
        ['PUT', `/api/models/${model._id}`, { name: 'Renamed by reader' }],
        ['PUT', `/api/models/${model._id}`, { settings: { units: 'mm' } }],
        ['DELETE', `/api/models/${model._id}`],
        [
          'POST',
          `/api/models/${model._id}/collaborators`,
          { emailAddress: stranger.user.emailAddress, type: 'READ' },
        ],
        ['PUT', `/api/models/${model._id}/collaborators/${bob.user._id}`, { type: 'READ' }],
        ['PUT', `/api/models/${model._id}/collaborators`, { userId: bob.user._id, type: 'READ' }],
        ['DELETE', `/api/models/${model._id}/collaborators/${bob.user._id}`],
      ];
      for (const [method, path, json] of refused) {
        const response = await call(method, path, carol, json);
        expect(response, `${method} ${path}`).toMatchObject({
          status: 401,
          body: { message: messages.unauthorizedAccess },
        });
      }
      const after = await getModel(alice, model._id);
      expect(after.name).toBe('Shared model');
      expect(after.permissions).toHaveLength(5);
    });

    it('WRITE renames and changes units, and becomes updatedBy; cannot invite or delete (401)', async () => {
      const renamed = await call('PUT', `/api/models/${model._id}`, bob, {
        name: 'Shared model v2',
        settings: { units: 'mm' },
      });
      expect(renamed.status).toBe(200);
      expect(modelSchema.parse(renamed.body)).toMatchObject({
        name: 'Shared model v2',
        settings: { units: 'mm' },
        updatedBy: { _id: bob.user._id },
        currentUserRole: 'WRITE',
      });
      for (const [method, path, json] of [
        [
          'POST',
          `/api/models/${model._id}/collaborators`,
          { emailAddress: stranger.user.emailAddress, type: 'READ' },
        ],
        ['DELETE', `/api/models/${model._id}`, undefined],
        ['PUT', `/api/models/${model._id}`, { permissions: [{ userId: carol.user._id, type: 'WRITE' }] }],
      ] as const) {
        const response = await call(method, path, bob, json);
        expect(response, `${method} ${path}`).toMatchObject({ status: 401 });
      }
      expect((await getModel(alice, model._id)).name).toBe('Shared model v2');
    });

    it('LIMITEDVIEW sees the model in lists without versions, and cannot change it', async () => {
      const listed = (await list(dave)).find((candidate) => candidate._id === model._id);
      expect(listed).toMatchObject({ currentUserRole: 'LIMITEDVIEW', versions: [] });
      const single = await getModel(dave, model._id);
      expect(single.versions).toEqual([]);
      const rename = await call('PUT', `/api/models/${model._id}`, dave, { name: 'Limited' });
      expect(rename).toMatchObject({ status: 401 });
      const images = await call('GET', `/api/models/imagesAndVersionsByModelIds?modelIds=${model._id}`, dave);
      expect(imagesAndVersionsResponse.parse(images.body).data).toEqual([]);
    });

    it('LIMITEDVIEW learns nothing from versions: no count, no latest id, no authors', async () => {
      const secret = await createModel(alice, 'Versioned secret');
      await share(secret, carol, 'READ');
      await share(secret, dave, 'LIMITEDVIEW');
      await insertVersionRow(secret._id, 1, alice);
      const latest = await insertVersionRow(secret._id, 2, bob);

      const forReader = await getModel(carol, secret._id);
      expect(forReader).toMatchObject({
        versionCount: 2,
        latestVersionId: latest,
        updatedBy: { _id: bob.user._id },
      });
      expect(forReader.contributors.map((person) => person._id)).toContain(bob.user._id);

      const answers = [
        (await call('GET', `/api/models/${secret._id}`, dave)).body as Record<string, unknown>,
        ...(
          (await call('GET', `${listAll}`, dave)).body as { data: Array<Record<string, unknown>> }
        ).data.filter((candidate) => candidate._id === secret._id),
      ];
      expect(answers).toHaveLength(2);
      for (const answer of answers) {
        expect(answer).not.toHaveProperty('versionCount');
        expect(answer).not.toHaveProperty('latestVersionId');
        expect(JSON.stringify(answer)).not.toContain(latest);
        const parsed = modelSchema.parse(answer);
        expect(parsed.contributors.map((person) => person._id)).toEqual([alice.user._id]);
        // Updated-by does not fall back to the latest version's author (Bob, who is no collaborator here).
        expect(parsed.updatedBy?._id).toBe(alice.user._id);
      }
    });

    it('a stranger gets 404 on every route, like an unknown id', async () => {
      for (const id of [model._id, randomUUID(), 'not-a-uuid']) {
        const attempts: Array<[string, string, unknown?]> = [
          ['GET', `/api/models/${id}`],
          ['PUT', `/api/models/${id}`, { name: 'Mine now' }],
          ['DELETE', `/api/models/${id}`],
          ['POST', `/api/models/${id}/clone`, {}],
          [
            'POST',
            `/api/models/${id}/collaborators`,
            { emailAddress: stranger.user.emailAddress, type: 'ADMIN' },
          ],
          ['PUT', `/api/models/${id}/collaborators/${stranger.user._id}`, { type: 'ADMIN' }],
          ['DELETE', `/api/models/${id}/collaborators/${alice.user._id}`],
        ];
        for (const [method, path, json] of attempts) {
          const response = await call(method, path, stranger, json);
          expect(response, `${method} ${path}`).toMatchObject({
            status: 404,
            body: { message: ownMessages.modelNotFound },
          });
        }
      }
      expect((await list(stranger)).map((candidate) => candidate._id)).not.toContain(model._id);
      // Removing oneself from a model one has no role on is a 404 too, not a loophole.
      const self = await call(
        'DELETE',
        `/api/models/${model._id}/collaborators/${stranger.user._id}`,
        stranger,
      );
      expect(self.status).toBe(404);
    });
  });

  describe('GET /api/models', () => {
    it('lists only models the user has a role on, most recently updated first', async () => {
      const mine = await createOrganization(stranger);
      const first = await createModel(stranger, 'First', mine);
      const second = await createModel(stranger, 'Second', mine);
      const third = await createModel(stranger, 'Third', mine);
      expect((await list(stranger)).map((model) => model.name)).toEqual(['Third', 'Second', 'First']);

      const renamed = await call('PUT', `/api/models/${first._id}`, stranger, { name: 'First, renamed' });
      expect(renamed.status).toBe(200);
      expect((await list(stranger)).map((model) => model.name)).toEqual([
        'First, renamed',
        'Third',
        'Second',
      ]);
      expect((await list(alice)).map((model) => model._id)).not.toContain(second._id);
      expect((await list(alice)).map((model) => model._id)).not.toContain(third._id);
    });

    it('filters by organization, and leaves out versions, reports and images unless asked for', async () => {
      const other = await createOrganization(alice);
      const elsewhere = await createModel(alice, 'Elsewhere', other);
      const inOrg = await list(alice, `${listAll}&organizationId=${org}`);
      expect(inOrg.length).toBeGreaterThan(0);
      expect(inOrg.every((model) => model.organization._id === org)).toBe(true);
      expect(inOrg.map((model) => model._id)).not.toContain(elsewhere._id);
      expect(await list(alice, `${listAll}&organizationId=not-a-uuid`)).toEqual([]);

      const bare = (await list(alice, '/api/models')).find((model) => model._id === elsewhere._id);
      expect(bare).toBeDefined();
      expect(bare).not.toHaveProperty('versions');
      expect(bare).not.toHaveProperty('reports');
      expect(bare).not.toHaveProperty('image');
    });

    it('versions newest first with authors and report summary; updatedBy falls back to the latest author', async () => {
      const model = await createModel(alice, 'History');
      expect(model.updatedBy?._id).toBe(alice.user._id);
      await insertVersionRow(model._id, 1, bob, ['approximated', 'dropped', 'dropped']);
      await insertVersionRow(model._id, 2, carol, []);
      const v3 = await insertVersionRow(model._id, 3, bob, ['warning', 'approximated']);
      await share(model, bob, 'WRITE');

      const listed = (await list(alice)).find((candidate) => candidate._id === model._id);
      if (!listed) throw new Error('the model is not listed');
      expect(listed.versions?.map((version) => [version.number, version.Author?._id])).toEqual([
        [3, bob.user._id],
        [2, carol.user._id],
        [1, bob.user._id],
      ]);
      expect(listed.versions?.[0]).toMatchObject({
        ID: v3,
        Time: new Date(Date.UTC(2024, 0, 3)).toISOString(),
        message: 'upload 3',
        origin: { kind: 'upload', fileName: 'v3.e2k' },
        counts: { nodes: 3 },
        reportSummary: { approximated: 1, dropped: 0, warning: 1 },
      });
      expect(listed.versions?.[2]?.reportSummary).toEqual({ approximated: 1, dropped: 2, warning: 0 });
      expect(listed).toMatchObject({ versionCount: 3, latestVersionId: v3, reportCount: 0, reports: [] });
      // Nobody edited the model itself: updatedBy is the latest version's author.
      expect(listed.updatedBy?._id).toBe(bob.user._id);
      expect(listed.contributors.map((user) => user._id)).toEqual([
        alice.user._id,
        bob.user._id,
        carol.user._id,
      ]);

      await insertVersionRow(model._id, 4, null);
      expect((await getModel(alice, model._id)).updatedBy?._id).toBe(alice.user._id);
      await call('PUT', `/api/models/${model._id}`, bob, { settings: { units: 'cm' } });
      expect((await getModel(alice, model._id)).updatedBy?._id).toBe(bob.user._id);
    });

    it('summarizes a report as the objects it names, as its groups count them (issue #23)', async () => {
      const model = await createModel(alice, 'Summary counts');
      await insertVersionRow(model._id, 1, alice, [
        // 240 released beams in one item, 3 of them listed: what it stands for is its count.
        { severity: 'approximated', subject: 'LINEASSIGN', reason: 'r', ids: ['B1', 'B2', 'B3'], count: 240 },
        // Two ids, no count: two objects.
        { severity: 'approximated', subject: 'LINEASSIGN', reason: 'r', ids: ['B4', 'B5'] },
        { severity: 'dropped', subject: 'LINK', reason: 'r', id: 'K1' },
        // The item counting the like items past the cap (no id): its count.
        { severity: 'warning', subject: 'POINT', reason: 'r', count: 309 },
        { severity: 'warning', subject: 'POINT', reason: 'r', line: 12 },
      ]);
      const expected = { approximated: 242, dropped: 1, warning: 310 };
      const listed = (await list(alice)).find((candidate) => candidate._id === model._id);
      // The list computes it in SQL, a version row read whole in Node: both say the same.
      expect(listed?.versions?.[0]?.reportSummary).toEqual(expected);
      const versionId = listed?.versions?.[0]?.ID ?? '';
      const detail = await server.request('GET', `/api/models/${model._id}/versions/${versionId}`, {
        token: alice.token,
      });
      expect(detail.status).toBe(200);
      expect((detail.body as { reportSummary: unknown }).reportSummary).toEqual(expected);
    });

    it('shows the thumbnail URL when the model has one', async () => {
      const model = await createModel(alice, 'Pictured');
      await server.db.query("UPDATE models SET image_blob = 'abc123' WHERE id = $1", [model._id]);
      const listed = (await list(alice)).find((candidate) => candidate._id === model._id);
      expect(listed?.image).toMatch(/abc123/);
    });

    it('makes the same number of queries for 2 models as for 50 (no N+1)', async () => {
      const few = await signUp(server, uniqueEmail('few'));
      const many = await signUp(server, uniqueEmail('many'));
      const fewOrg = await createOrganization(few);
      const manyOrg = await createOrganization(many, { members: [[bob, 'MEMBER']] });
      for (let index = 0; index < 2; index += 1) {
        const model = await createModel(few, `Few ${index}`, fewOrg);
        await insertVersionRow(model._id, 1, few);
      }
      const created: string[] = [];
      for (let index = 0; index < 50; index += 1) {
        const model = await createModel(many, `Many ${index}`, manyOrg);
        created.push(model._id);
        await insertVersionRow(model._id, 1, many, ['dropped']);
        await insertVersionRow(model._id, 2, bob);
        await server.db.query(
          "INSERT INTO model_permissions (model_id, user_id, role, created_at) VALUES ($1, $2, 'READ', $3)",
          [model._id, carol.user._id, new Date()],
        );
      }

      const spy = vi.spyOn(server.db, 'query');
      try {
        await list(few);
        const fewQueries = spy.mock.calls.length;
        spy.mockClear();
        const models = await list(many);
        const manyQueries = spy.mock.calls.length;
        expect(manyQueries).toBe(fewQueries);
        expect(manyQueries).toBeLessThan(15);
        expect(models.map((model) => model._id)).toEqual([...created].reverse());
        for (const model of models) {
          expect(model.versions?.map((version) => version.Author?._id)).toEqual([
            bob.user._id,
            many.user._id,
          ]);
          expect(model.updatedBy?._id).toBe(bob.user._id);
          expect(permissionSummary(model)).toEqual([
            [many.user._id, 'ADMIN'],
            [carol.user._id, 'READ'],
          ]);
        }
      } finally {
        spy.mockRestore();
      }
    });
    it('keeps an unchanged list, and shows any change at once, whichever instance or job wrote it', async () => {
      const reader = await signUp(server, uniqueEmail('kept'), { firstName: 'Kim', lastName: 'Kept' });
      const own = await createOrganization(reader, { members: [[dave, 'MEMBER']] });
      const model = await createModel(reader, 'Kept', own);
      const v1 = await insertVersionRow(model._id, 1, reader);
      const first = await list(reader);

      const spy = vi.spyOn(server.db, 'query');
      try {
        expect(await list(reader)).toEqual(first);
        // The kept answer: the list's statement did not run again.
        const snapshots = spy.mock.calls.filter(([sql]) => String(sql).includes('WITH visible AS'));
        expect(snapshots).toHaveLength(0);
      } finally {
        spy.mockRestore();
      }

      // Each change is written straight to the database, as another instance or a job would: this server's
      // kept answer must not outlive it.
      const listed = async () => {
        const found = (await list(reader)).find((candidate) => candidate._id === model._id);
        if (!found) throw new Error('the model is not listed');
        return found;
      };
      const sql = (text: string, values: Parameters<TestServer['db']['query']>[1]) =>
        server.db.query(text, values);

      await sql("UPDATE users SET first_name = 'Kimberly' WHERE id = $1", [reader.user._id]);
      expect((await listed()).createdBy?.firstName).toBe('Kimberly');

      await sql("UPDATE organizations SET name = 'Renamed office' WHERE id = $1", [own]);
      expect((await listed()).organization.name).toBe('Renamed office');

      await sql("UPDATE models SET name = 'Kept, renamed' WHERE id = $1", [model._id]);
      expect((await listed()).name).toBe('Kept, renamed');

      await sql("UPDATE versions SET message = 'edited message' WHERE id = $1", [v1]);
      expect((await listed()).versions?.[0]?.message).toBe('edited message');

      const v2 = await insertVersionRow(model._id, 2, dave);
      expect(await listed()).toMatchObject({ versionCount: 2, latestVersionId: v2 });

      await sql(
        "INSERT INTO model_permissions (model_id, user_id, role, created_at) VALUES ($1, $2, 'READ', now())",
        [model._id, carol.user._id],
      );
      expect(permissionSummary(await listed())).toContainEqual([carol.user._id, 'READ']);
      await sql('DELETE FROM model_permissions WHERE model_id = $1 AND user_id = $2', [
        model._id,
        carol.user._id,
      ]);
      expect(permissionSummary(await listed())).not.toContainEqual([carol.user._id, 'READ']);

      await sql(
        `INSERT INTO reports (id, model_id, title, current_version_id, comparison_version_id, created_by,
                              created_at, updated_at)
         VALUES ($1, $2, 'Check', $3, $4, $5, now(), now())`,
        [randomUUID(), model._id, v2, v1, reader.user._id],
      );
      expect((await listed()).reportCount).toBe(1);

      await sql('DELETE FROM models WHERE id = $1', [model._id]);
      expect((await list(reader)).map((candidate) => candidate._id)).not.toContain(model._id);
    });
  });

  describe('GET /api/models/imagesAndVersionsByModelIds', () => {
    it('answers for the models the user may view and silently leaves out the others', async () => {
      const mine = await createModel(alice, 'Mine');
      await insertVersionRow(mine._id, 1, alice);
      await insertVersionRow(mine._id, 2, alice);
      const theirs = await createModel(owner, 'Not shared with Alice');
      await server.db.query("UPDATE models SET image_blob = 'f00d' WHERE id = $1", [mine._id]);
      const ids = [mine._id, theirs._id, randomUUID(), 'garbage', ''].join(',');
      const response = await call('GET', `/api/models/imagesAndVersionsByModelIds?modelIds=${ids}`, alice);
      expect(response.status).toBe(200);
      const { data } = imagesAndVersionsResponse.parse(response.body);
      expect(data.map((entry) => entry._id)).toEqual([mine._id]);
      expect(data[0]?.image).toMatch(/f00d/);
      expect(data[0]?.versions.map((version) => version.number)).toEqual([2, 1]);
    });
  });

  describe('PUT /api/models/{id}', () => {
    let model: Model;
    beforeAll(async () => {
      model = await createModel(alice, 'Editable');
      await share(model, bob, 'READ');
    });

    it('validates name, units and permission types with the spec messages', async () => {
      const cases: Array<[unknown, string]> = [
        [{ name: '  ' }, messages.modelNameBlank],
        [{ settings: { units: 'yd' } }, messages.invalidUnit],
        [
          { permissions: [{ userId: bob.user._id, type: 'LIMITEDVIEW' }] },
          ownMessages.permissionTypeRequired,
        ],
        [{ permissions: [{ userId: bob.user._id, type: 'OWNER' }] }, ownMessages.permissionTypeRequired],
        [{ permissions: [{ userId: bob.user._id }] }, ownMessages.permissionTypeRequired],
      ];
      for (const [json, message] of cases) {
        const response = await call('PUT', `/api/models/${model._id}`, alice, json);
        expect(response, JSON.stringify(json)).toMatchObject({ status: 400, body: { message } });
      }
      expect(messages.invalidUnit).toBe(
        'Invalid unit type. Please provide one of the valid units: cm, mm, m, ft, in.',
      );
    });

    it('sets units and permissions, and records who updated', async () => {
      const response = await call('PUT', `/api/models/${model._id}`, alice, {
        settings: { units: 'in' },
        permissions: [
          { userId: bob.user._id, type: 'WRITE' },
          { userId: carol.user._id, type: 'READ' },
          { userId: owner.user._id, type: 'ADMIN' },
        ],
      });
      expect(response.status).toBe(200);
      const updated = modelSchema.parse(response.body);
      expect(updated.settings.units).toBe('in');
      expect(updated.updatedBy?._id).toBe(alice.user._id);
      expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(model.updatedAt).getTime());
      expect(permissionSummary(updated)).toEqual([
        [owner.user._id, 'ADMIN'],
        [alice.user._id, 'ADMIN'],
        [bob.user._id, 'WRITE'],
        [carol.user._id, 'READ'],
      ]);
    });

    it('refuses to demote the organization owner (409) and to grant an unknown user (404)', async () => {
      const demote = await call('PUT', `/api/models/${model._id}`, alice, {
        permissions: [{ userId: owner.user._id, type: 'READ' }],
      });
      expect(demote).toMatchObject({
        status: 409,
        body: { message: ownMessages.organizationOwnerStaysModelAdmin },
      });
      const unknown = await call('PUT', `/api/models/${model._id}`, alice, {
        permissions: [{ userId: randomUUID(), type: 'READ' }],
      });
      expect(unknown).toMatchObject({ status: 404, body: { message: messages.userDetailNotFound } });
    });
  });

  describe('collaborators', () => {
    let model: Model;
    beforeAll(async () => {
      model = await createModel(alice, 'People');
    });
    const path = () => `/api/models/${model._id}/collaborators`;

    it('adds by email (any case) and answers the permissions; 404 for an unknown address, 409 twice', async () => {
      const added = await call('POST', path(), alice, {
        emailAddress: ` ${bob.user.emailAddress.toUpperCase()} `,
        type: 'READ',
      });
      expect(added.status).toBe(201);
      const body = modelPermissionsResponse.parse(added.body);
      expect(body.message).toBe(ownMessages.permissionsUpdated);
      expect(permissionSummary(body)).toEqual([
        [owner.user._id, 'ADMIN'],
        [alice.user._id, 'ADMIN'],
        [bob.user._id, 'READ'],
      ]);

      const unknown = await call('POST', path(), alice, { emailAddress: 'nobody@example.com', type: 'READ' });
      expect(unknown).toMatchObject({ status: 404, body: { message: messages.userDoesNotExist } });
      for (const who of [bob, owner, alice]) {
        const twice = await call('POST', path(), alice, {
          emailAddress: who.user.emailAddress,
          type: 'WRITE',
        });
        expect(twice).toMatchObject({ status: 409, body: { message: ownMessages.alreadyModelCollaborator } });
      }
      const badType = await call('POST', path(), alice, {
        emailAddress: carol.user.emailAddress,
        type: 'OWNER',
      });
      expect(badType).toMatchObject({ status: 400, body: { message: ownMessages.permissionTypeRequired } });
    });

    it('changes a role by path or by body; 404 for someone who is not a collaborator', async () => {
      const byPath = await call('PUT', `${path()}/${bob.user._id}`, alice, { type: 'WRITE' });
      expect(byPath.status).toBe(200);
      expect(permissionSummary(modelPermissionsResponse.parse(byPath.body))).toContainEqual([
        bob.user._id,
        'WRITE',
      ]);
      const byBody = await call('PUT', path(), alice, { userId: bob.user._id, type: 'LIMITEDVIEW' });
      expect(byBody.status).toBe(200);
      expect((await getModel(bob, model._id)).currentUserRole).toBe('LIMITEDVIEW');

      for (const userId of [carol.user._id, randomUUID(), 'garbage']) {
        const missing = await call('PUT', `${path()}/${userId}`, alice, { type: 'READ' });
        expect(missing).toMatchObject({
          status: 404,
          body: { message: ownMessages.modelCollaboratorNotFound },
        });
      }
    });

    it('keeps an ADMIN: the organization owner cannot be demoted or removed (409)', async () => {
      for (const [method, url, json] of [
        ['PUT', `${path()}/${owner.user._id}`, { type: 'WRITE' }],
        ['PUT', path(), { userId: owner.user._id, type: 'READ' }],
        ['DELETE', `${path()}/${owner.user._id}`, undefined],
      ] as const) {
        const response = await call(method, url, alice, json);
        expect(response, `${method} ${url}`).toMatchObject({
          status: 409,
          body: { message: ownMessages.organizationOwnerStaysModelAdmin },
        });
      }
      // The owner removing themself is refused just the same.
      const ownerSelf = await call('DELETE', `${path()}/${owner.user._id}`, owner);
      expect(ownerSelf.status).toBe(409);
      // The creator may step down: the owner is still ADMIN.
      const creatorDown = await call('PUT', `${path()}/${alice.user._id}`, owner, { type: 'WRITE' });
      expect(creatorDown.status).toBe(200);
      expect((await getModel(alice, model._id)).currentUserRole).toBe('WRITE');
      await call('PUT', `${path()}/${alice.user._id}`, owner, { type: 'ADMIN' });
    });

    it('an ADMIN removes a collaborator; anyone may remove themself; nobody else can', async () => {
      await call('POST', path(), alice, { emailAddress: carol.user.emailAddress, type: 'WRITE' });
      await call('POST', path(), alice, { emailAddress: dave.user.emailAddress, type: 'READ' });

      const byWriter = await call('DELETE', `${path()}/${dave.user._id}`, carol);
      expect(byWriter).toMatchObject({ status: 401, body: { message: messages.unauthorizedAccess } });

      const self = await call('DELETE', `${path()}/${carol.user._id}`, carol);
      expect(self.status).toBe(200);
      expect(permissionSummary(modelPermissionsResponse.parse(self.body))).not.toContainEqual([
        carol.user._id,
        'WRITE',
      ]);
      expect((await call('GET', `/api/models/${model._id}`, carol)).status).toBe(404);

      const byAdmin = await call('DELETE', `${path()}/${dave.user._id}`, alice);
      expect(byAdmin.status).toBe(200);
      expect((await list(dave)).map((candidate) => candidate._id)).not.toContain(model._id);
      const again = await call('DELETE', `${path()}/${dave.user._id}`, alice);
      expect(again).toMatchObject({ status: 404, body: { message: ownMessages.modelCollaboratorNotFound } });
    });

    it('mails the person added who shared which model with which role, with a link to the model (issue #23)', async () => {
      const shared = await createModel(alice, 'Riverside Tower');
      await share(shared, carol, 'READ');
      const mail = await server.lastMailTo(carol.user.emailAddress);
      expect(mail.subject).toBe('Alice Member shared Riverside Tower with you on Gusset');
      expect(mail.text).toContain(
        `Alice Member (${alice.user.emailAddress}) shared the model "Riverside Tower" of the organization ` +
          '"Org of Olga" with you on Gusset. Your role is READ: you can only view and download it.',
      );
      expect(mail.links).toEqual([`${server.config.publicUrl}/model/${shared._id}`]);
      expect(mail.html).toContain(
        `<a href="${server.config.publicUrl}/model/${shared._id}">Open the model</a>`,
      );

      // LIMITEDVIEW sees only reports: the link goes there.
      await share(shared, dave, 'LIMITEDVIEW');
      expect((await server.lastMailTo(dave.user.emailAddress)).links).toEqual([
        `${server.config.publicUrl}/model/${shared._id}/reports`,
      ]);
      // A refused add mails nobody.
      const before = (await server.mails()).length;
      const twice = await call('POST', `/api/models/${shared._id}/collaborators`, alice, {
        emailAddress: carol.user.emailAddress,
        type: 'WRITE',
      });
      expect(twice.status).toBe(409);
      expect((await server.mails()).length).toBe(before);
    });

    it('sends a hostile model name as plain text that no mail client links', async () => {
      const hostile = '<a href="http://evil.example/claim">Claim your refund</a> www.evil.example';
      const shared = await createModel(alice, hostile);
      expect(shared.name).toBe(hostile);
      await share(shared, bob, 'WRITE');

      const mail = await server.lastMailTo(bob.user.emailAddress);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('http://evil');
        expect(part).not.toContain('evil.example');
      }
      expect(mail.html).not.toContain('refund</a>');
      expect(mail.subject.length).toBeLessThanOrEqual(MAIL_SUBJECT_MAX);
      expect(mail.subject.endsWith('with you on Gusset')).toBe(true);
      // The only anchor is Gusset's own link; the name is escaped and defanged.
      const anchors = [...mail.html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((match) => match[1] ?? '');
      expect(anchors).toEqual([`${server.config.publicUrl}/model/${shared._id}`]);
      expect(mail.html).toContain(
        '&lt;a href=&quot;http[:]//evil[.]example/claim&quot;&gt;Claim your refund',
      );
      expect(mail.text).toContain('www[.]evil[.]example');
      expect(mail.links).toEqual([`${server.config.publicUrl}/model/${shared._id}`]);
    });
  });

  describe('POST /api/models/{id}/clone', () => {
    let source: Model;
    let sourceVersions: string[];
    beforeAll(async () => {
      source = await createModel(alice, 'Bridge');
      sourceVersions = [
        await insertVersionRow(source._id, 1, bob, ['dropped']),
        await insertVersionRow(source._id, 2, alice),
      ];
      await share(source, carol, 'READ');
      await share(source, dave, 'LIMITEDVIEW');
    });

    it('copies the versions into a new model the cloner administers, first in their list', async () => {
      const objectsBefore = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM model_objects',
      );
      const response = await call('POST', `/api/models/${source._id}/clone`, alice, {});
      expect(response.status).toBe(201);
      const copy = modelSchema.parse(response.body);
      expect(copy).toMatchObject({
        name: 'Bridge (copy)',
        organization: { _id: org },
        currentUserRole: 'ADMIN',
        clonedFrom: source._id,
        versionCount: 2,
        createdBy: { _id: alice.user._id },
      });
      expect(copy._id).not.toBe(source._id);
      expect(copy.versions?.map((version) => [version.number, version.Author?._id, version.origin])).toEqual([
        [2, alice.user._id, { kind: 'clone', modelId: source._id, versionId: sourceVersions[1] }],
        [1, bob.user._id, { kind: 'clone', modelId: source._id, versionId: sourceVersions[0] }],
      ]);
      expect(copy.versions?.[1]?.reportSummary.dropped).toBe(1);
      expect(copy.versions?.map((version) => version.ID)).not.toContain(sourceVersions[0]);
      // The copies point at the same content: no object rows are copied.
      const rows = await server.db.query<{ model_id: string; manifest: unknown; model_hash: string }>(
        'SELECT model_id, manifest, model_hash FROM versions WHERE model_id = ANY($1::uuid[]) ORDER BY number',
        [[source._id, copy._id]],
      );
      const byModel = (id: string) =>
        rows.filter((row) => row.model_id === id).map((row) => [row.manifest, row.model_hash]);
      expect(byModel(copy._id)).toEqual(byModel(source._id));
      const objectsAfter = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM model_objects',
      );
      expect(objectsAfter).toEqual(objectsBefore);

      expect((await list(alice))[0]?._id).toBe(copy._id);
      // The source is untouched.
      expect((await getModel(alice, source._id)).versions?.map((version) => version.ID)).toEqual([
        sourceVersions[1],
        sourceVersions[0],
      ]);
    });

    it('a READ collaborator from outside clones into their own organization with a new name', async () => {
      const missing = await call('POST', `/api/models/${source._id}/clone`, carol, {});
      expect(missing).toMatchObject({ status: 400, body: { message: messages.organizationDetailsMissing } });

      const carolsOrg = await createOrganization(carol);
      const response = await call('POST', `/api/models/${source._id}/clone`, carol, {
        name: 'My bridge',
        organizationId: carolsOrg,
      });
      expect(response.status).toBe(201);
      const copy = modelSchema.parse(response.body);
      expect(copy).toMatchObject({
        name: 'My bridge',
        organization: { _id: carolsOrg },
        currentUserRole: 'ADMIN',
      });
      expect(permissionSummary(copy)).toEqual([[carol.user._id, 'ADMIN']]);
      expect((await list(carol))[0]?._id).toBe(copy._id);
      // Cloning does not share the copy with the source's collaborators.
      expect((await list(alice)).map((model) => model._id)).not.toContain(copy._id);
    });

    it('refuses LIMITEDVIEW (401), a target organization the user is not in (404), billing only (401)', async () => {
      const limited = await call('POST', `/api/models/${source._id}/clone`, dave, {});
      expect(limited).toMatchObject({ status: 401, body: { message: messages.unauthorizedAccess } });
      const strangersOrg = await createOrganization(stranger);
      const elsewhere = await call('POST', `/api/models/${source._id}/clone`, alice, {
        organizationId: strangersOrg,
      });
      expect(elsewhere).toMatchObject({ status: 404, body: { message: ownMessages.organizationNotFound } });
      await share(source, billy, 'READ');
      const billing = await call('POST', `/api/models/${source._id}/clone`, billy, {});
      expect(billing).toMatchObject({ status: 401, body: { message: messages.unauthorizedAccess } });
      const blank = await call('POST', `/api/models/${source._id}/clone`, alice, { name: '  ' });
      expect(blank).toMatchObject({ status: 400, body: { message: messages.modelNameBlank } });
    });

    it('accepts a call without a body', async () => {
      const response = await server.request('POST', `/api/models/${source._id}/clone`, {
        token: alice.token,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    });
  });

  describe('DELETE /api/models/{id}', () => {
    it('needs ADMIN; removes the model with its versions and permissions, keeps shared content', async () => {
      const model = await createModel(alice, 'Doomed');
      await share(model, bob, 'WRITE');
      await insertVersionRow(model._id, 1, alice);
      await server.db.query("INSERT INTO model_objects (hash, body) VALUES ('shared-hash', '{}')");

      const byWriter = await call('DELETE', `/api/models/${model._id}`, bob);
      expect(byWriter).toMatchObject({ status: 401 });

      const response = await call('DELETE', `/api/models/${model._id}`, alice);
      expect(response).toMatchObject({ status: 200, body: { message: ownMessages.modelRemoved } });
      expect((await call('GET', `/api/models/${model._id}`, alice)).status).toBe(404);
      expect((await call('DELETE', `/api/models/${model._id}`, alice)).status).toBe(404);
      const left = await server.db.query<{ versions: number; permissions: number; objects: number }>(
        `SELECT (SELECT count(*)::int FROM versions WHERE model_id = $1) AS versions,
                (SELECT count(*)::int FROM model_permissions WHERE model_id = $1) AS permissions,
                (SELECT count(*)::int FROM model_objects WHERE hash = 'shared-hash') AS objects`,
        [model._id],
      );
      expect(left).toEqual([{ versions: 0, permissions: 0, objects: 1 }]);
    });
  });
});

/**
 * Issue #23: sharing a model mails the person added, so it spends the invitation budgets that organization
 * invitations spend (issue #22). Budgets smaller than the defaults keep the suite short; each lasts an hour, far
 * longer than any run, so no test depends on the machine's speed.
 */
describe.each(databases())('model share mails on $kind', ({ kind }) => {
  const limits = {
    perNewAccount: { points: 2, durationSeconds: 3600 },
    perUser: { points: 4, durationSeconds: 3600 },
    perOrganization: { points: 6, durationSeconds: 3600 },
    newAccountHours: 24,
  };
  let server: TestServer;
  const time = createTestClock();
  // Signed up a day and more before the tests run: established accounts.
  let olga: SessionResponse;
  let adam: SessionResponse;
  /** People with accounts to share with. */
  const people: SessionResponse[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, {
      startJobRunner: false,
      clock: time.clock,
      invitationLimits: limits,
    });
    olga = await signUp(server, uniqueEmail('olga'), { firstName: 'Olga', lastName: 'Owner' });
    adam = await signUp(server, uniqueEmail('adam'), { firstName: 'Adam', lastName: 'Admin' });
    for (let index = 0; index < 4; index += 1)
      people.push(await signUp(server, uniqueEmail(`person${index}`)));
    time.advanceHours(limits.newAccountHours + 1);
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, who: SessionResponse, json?: unknown) =>
    server.request(method, path, { token: who.token, ...(json === undefined ? {} : { json }) });

  /** An organization of `owner` with one model in it (the owner is ADMIN on it). */
  async function organizationWithModel(owner: SessionResponse) {
    const organization = await call('POST', '/api/organizations', owner, { name: `Firm ${randomUUID()}` });
    expect(organization.status, JSON.stringify(organization.body)).toBe(201);
    const organizationId = organizationSchema.parse(organization.body)._id;
    const model = await call('POST', '/api/models/', owner, { name: 'Shared', organizationId });
    expect(model.status, JSON.stringify(model.body)).toBe(201);
    return { organizationId, model: modelSchema.parse(model.body) };
  }
  const share = (who: SessionResponse, model: Model, emailAddress: string, type: ModelRole = 'READ') =>
    call('POST', `/api/models/${model._id}/collaborators`, who, { emailAddress, type });

  async function expectRefused(who: SessionResponse, model: Model, person: SessionResponse) {
    const mailsBefore = (await server.mails()).filter((mail) => mail.to === person.user.emailAddress).length;
    const refused = await share(who, model, person.user.emailAddress);
    expect(refused).toMatchObject({ status: 429, body: { message: ownMessages.tooManyAttempts } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // All or nothing: no role, no mail.
    const rows = await server.db.query(
      'SELECT 1 FROM model_permissions WHERE model_id = $1 AND user_id = $2',
      [model._id, person.user._id],
    );
    expect(rows).toEqual([]);
    expect((await server.mails()).filter((mail) => mail.to === person.user.emailAddress).length).toBe(
      mailsBefore,
    );
  }

  it('gives a new account a small budget, then 429 with Retry-After', async () => {
    const newcomer = await signUp(server, uniqueEmail('newcomer'));
    const { model } = await organizationWithModel(newcomer);
    for (const person of people.slice(0, limits.perNewAccount.points)) {
      expect((await share(newcomer, model, person.user.emailAddress)).status).toBe(201);
    }
    await expectRefused(newcomer, model, people[limits.perNewAccount.points]!);
  });

  it('shares the inviter and organization budgets with organization invitations; a pending invitee signs up first', async () => {
    const { organizationId, model } = await organizationWithModel(olga);
    expect((await share(olga, model, adam.user.emailAddress, 'ADMIN')).status).toBe(201);
    // An organization invitation to someone without an account spends the same budgets...
    const pendingEmail = uniqueEmail('pending');
    const invited = await call('POST', `/api/organizations/${organizationId}/collaborators`, olga, {
      emailAddress: pendingEmail,
      firstName: 'Nina',
      lastName: 'Newcomer',
      role: 'MEMBER',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    // ...and the pending person's share mail leads through sign-up to the model.
    expect((await share(olga, model, pendingEmail)).status).toBe(201);
    const pendingMail = await server.lastMailTo(pendingEmail);
    expect(pendingMail.subject).toBe('Olga Owner shared Shared with you on Gusset');
    expect(pendingMail.links).toHaveLength(2);
    expect(pendingMail.links[0]).toMatch(new RegExp(`^${server.config.publicUrl}/verify\\?resetToken=`));
    expect(pendingMail.links[1]).toBe(`${server.config.publicUrl}/model/${model._id}`);

    const [first, second, third, fourth] = people as [
      SessionResponse,
      SessionResponse,
      SessionResponse,
      SessionResponse,
    ];
    expect((await share(olga, model, first.user.emailAddress)).status).toBe(201);
    await expectRefused(olga, model, second); // Olga's 4 an hour are spent.
    // Adam has his own budget, but the organization's 6 run out first.
    expect((await share(adam, model, second.user.emailAddress)).status).toBe(201);
    expect((await share(adam, model, third.user.emailAddress)).status).toBe(201);
    await expectRefused(adam, model, fourth);
    // In another organization Adam still shares.
    const own = await organizationWithModel(adam);
    expect((await share(adam, own.model, fourth.user.emailAddress)).status).toBe(201);
  });
});
