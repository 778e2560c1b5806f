import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../../contract/errors';
import { filterListResponse, filterSchema, type Filter } from '../../../contract/http/filters';
import { organizationSchema } from '../../../contract/http/organizations';
import type { SessionResponse } from '../../../contract/http/users';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';

describe.each(databases())('filters API on $kind', ({ kind }) => {
  let server: TestServer;
  let olga: SessionResponse; // organization owner (ADMIN on every model of it)
  let adam: SessionResponse; // ADMIN member
  let mia: SessionResponse; // MEMBER, no model role
  let bill: SessionResponse; // billing administrator only
  let stranger: SessionResponse;
  let writer: SessionResponse; // WRITE on the model
  let reader: SessionResponse; // READ on the model
  let limited: SessionResponse; // LIMITEDVIEW on the model
  let organizationId: string;
  let modelId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const person = (name: string) => signUp(server, uniqueEmail(name), { firstName: name, lastName: 'Test' });
    [olga, adam, mia, bill] = await Promise.all([
      person('olga'),
      person('adam'),
      person('mia'),
      person('bill'),
    ]);
    [stranger, writer, reader, limited] = await Promise.all([
      person('stranger'),
      person('writer'),
      person('reader'),
      person('limited'),
    ]);
    organizationId = await createOrganization('Acme');
    for (const [session, role] of [
      [adam, 'ADMIN'],
      [mia, 'MEMBER'],
    ] as const) {
      const added = await call('POST', `/api/organizations/${organizationId}/collaborators`, olga, {
        emailAddress: session.user.emailAddress,
        role,
      });
      expect(added.status).toBe(201);
    }
    // The billing capability sets billing administrators who are not collaborators; simulate its data.
    await server.db.query('UPDATE organizations SET billing_admin_id = $2 WHERE id = $1', [
      organizationId,
      bill.user._id,
    ]);
    modelId = await createModel(organizationId, [
      [writer, 'WRITE'],
      [reader, 'READ'],
      [limited, 'LIMITEDVIEW'],
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = (method: string, path: string, session: SessionResponse, json?: unknown) =>
    server.request(method, path, { token: session.token, ...(json === undefined ? {} : { json }) });

  async function createOrganization(name: string): Promise<string> {
    const response = await call('POST', '/api/organizations', olga, { name });
    return organizationSchema.parse(response.body)._id;
  }

  /** Models belong to the models capability; the rows it would write are enough here. */
  async function createModel(orgId: string, permissions: Array<[SessionResponse, string]>): Promise<string> {
    const id = randomUUID();
    await server.db.query(
      `INSERT INTO models (id, organization_id, name, units, created_by, created_at, updated_at)
       VALUES ($1, $2, 'Tower', 'm', $3, now(), now())`,
      [id, orgId, olga.user._id],
    );
    for (const [session, role] of permissions) {
      await server.db.query(
        'INSERT INTO model_permissions (model_id, user_id, role, created_at) VALUES ($1, $2, $3, now())',
        [id, session.user._id, role],
      );
    }
    return id;
  }

  const orgFilters = (id = organizationId) => `/api/organizations/${id}/filters`;
  const modelFilters = (id = modelId) => `/api/models/${id}/filters`;

  async function createFilter(path: string, session: SessionResponse, body: Record<string, unknown>) {
    const response = await call('POST', path, session, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return filterSchema.parse(response.body);
  }

  async function list(path: string, session: SessionResponse) {
    const response = await call('GET', path, session);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return filterListResponse.parse(response.body);
  }

  const unauthorized = { status: 401, body: { message: messages.unauthorizedAccess } };
  const organizationNotFound = { status: 404, body: { message: ownMessages.organizationNotFound } };
  const modelNotFound = { status: 404, body: { message: ownMessages.modelNotFound } };
  const filterNotFound = { status: 404, body: { message: ownMessages.filterNotFound } };

  it('needs a live session on every route (403)', async () => {
    const id = randomUUID();
    const routes: Array<[string, string, unknown?]> = [];
    for (const base of [orgFilters(id), modelFilters(id)]) {
      routes.push(
        ['GET', `${base}?fromWebUI=true`],
        ['POST', base, { from: 'Revit', to: 'SAP' }],
        ['PUT', `${base}/${id}`, { from: 'Revit', to: 'SAP' }],
        ['DELETE', `${base}/${id}`],
      );
    }
    for (const [method, path, json] of routes) {
      const response = await server.request(method, path, json === undefined ? {} : { json });
      expect(response, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: messages.sessionExpired },
      });
    }
  });

  describe('organization filters', () => {
    it('are created by the owner and ADMIN members with what they say, all properties by default', async () => {
      const id = await createOrganization('Created');
      await call('POST', `/api/organizations/${id}/collaborators`, olga, {
        emailAddress: adam.user.emailAddress,
        role: 'ADMIN',
      });
      const byOwner = await createFilter(orgFilters(id), olga, {
        from: 'Revit',
        to: 'SAP',
        elementTypes: ['Beam', 'Column'],
        properties: ['Geometry', 'Name'],
        nameMappings: [{ kind: 'Profile', from: 'W-Wide Flange 12x26', to: 'W12X26' }],
      });
      expect(byOwner).toMatchObject({
        organizationId: id,
        modelId: null,
        from: 'Revit',
        to: 'SAP',
        elementTypes: ['Beam', 'Column'],
        properties: ['Geometry', 'Name'],
        nameMappings: [{ kind: 'Profile', from: 'W-Wide Flange 12x26', to: 'W12X26' }],
      });
      const byAdmin = await createFilter(orgFilters(id), adam, { from: 'SAP', to: 'Revit' });
      expect(byAdmin.properties).toEqual([
        'Geometry',
        'Name',
        'Profile',
        'Material',
        'Releases',
        'Restraints',
        'Loads',
        'Groups',
      ]);
      expect(byAdmin.elementTypes).toHaveLength(12);
      expect((await list(orgFilters(id), olga)).data.map((f) => f._id)).toEqual([byOwner._id, byAdmin._id]);
    });

    it('are read by every member; strangers, unknown and malformed ids get 404', async () => {
      const created = await createFilter(orgFilters(), olga, { from: 'Etabs', to: 'Revit' });
      for (const session of [olga, adam, mia, bill]) {
        expect((await list(orgFilters(), session)).data.map((f) => f._id)).toContain(created._id);
      }
      for (const [session, id] of [
        [stranger, organizationId],
        [olga, randomUUID()],
        [olga, 'not-a-uuid'],
        [writer, organizationId],
      ] as const) {
        expect(await call('GET', orgFilters(id), session)).toMatchObject(organizationNotFound);
      }
    });

    it('are changed only by the owner and ADMIN members', async () => {
      const existing = await createFilter(orgFilters(), adam, { from: 'Tekla', to: 'Revit' });
      const body = { from: 'Tekla', to: 'Etabs' };
      for (const session of [mia, bill]) {
        expect(await call('POST', orgFilters(), session, body)).toMatchObject(unauthorized);
        expect(await call('PUT', `${orgFilters()}/${existing._id}`, session, body)).toMatchObject(
          unauthorized,
        );
        expect(await call('DELETE', `${orgFilters()}/${existing._id}`, session)).toMatchObject(unauthorized);
      }
      expect(await call('POST', orgFilters(), stranger, body)).toMatchObject(organizationNotFound);
      expect(await call('DELETE', `${orgFilters()}/${existing._id}`, stranger)).toMatchObject(
        organizationNotFound,
      );
      const unchanged = (await list(orgFilters(), olga)).data.find((f) => f._id === existing._id);
      expect(unchanged).toMatchObject({ from: 'Tekla', to: 'Revit' });
    });

    it("refuses a missing From or To with the spec's messages, From first", async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{}, messages.filterFromRequired],
        [{ from: '', to: '' }, messages.filterFromRequired],
        [{ to: 'SAP' }, messages.filterFromRequired],
        [{ from: null, to: 'SAP' }, messages.filterFromRequired],
        [{ from: 'Revit' }, messages.filterToRequired],
        [{ from: 'Revit', to: '' }, messages.filterToRequired],
        [{ from: 'Revit', to: 'Navisworks' }, ownMessages.filterPlatformUnknown],
      ];
      for (const [body, message] of cases) {
        expect(await call('POST', orgFilters(), olga, body), JSON.stringify(body)).toMatchObject({
          status: 400,
          body: { message },
        });
      }
      const existing = await createFilter(orgFilters(), olga, { from: 'Grasshopper', to: 'Revit' });
      expect(await call('PUT', `${orgFilters()}/${existing._id}`, olga, { to: 'Revit' })).toMatchObject({
        status: 400,
        body: { message: messages.filterFromRequired },
      });
    });

    it('refuses other bad input with 400', async () => {
      for (const body of [
        { from: 'Revit', to: 'SAP', elementTypes: ['Chair'] },
        { from: 'Revit', to: 'SAP', properties: ['Colour'] },
        { from: 'Revit', to: 'SAP', nameMappings: [{ kind: 'Profile', from: ' ', to: 'X' }] },
        { from: 'Revit', to: 'SAP', extra: true },
      ]) {
        const response = await call('POST', orgFilters(), olga, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body).toEqual({ message: expect.any(String) });
      }
    });

    it('allow one filter per From → To pair (409 for a second), either way round', async () => {
      const id = await createOrganization('Pairs');
      const first = await createFilter(orgFilters(id), olga, { from: 'RAM', to: 'Revit' });
      expect(await call('POST', orgFilters(id), olga, { from: 'RAM', to: 'Revit' })).toMatchObject({
        status: 409,
        body: { message: ownMessages.filterPairExists },
      });
      const reverse = await createFilter(orgFilters(id), olga, { from: 'Revit', to: 'RAM' });
      // Moving a filter onto a pair that is taken is a conflict too; rewriting it in place is not.
      expect(
        await call('PUT', `${orgFilters(id)}/${reverse._id}`, olga, { from: 'RAM', to: 'Revit' }),
      ).toMatchObject({ status: 409, body: { message: ownMessages.filterPairExists } });
      const rewritten = await call('PUT', `${orgFilters(id)}/${first._id}`, olga, {
        from: 'RAM',
        to: 'Revit',
        properties: ['Profile'],
      });
      expect(rewritten.status).toBe(200);
      // Another organization has its own pairs.
      const other = await createOrganization('Other pairs');
      await createFilter(orgFilters(other), olga, { from: 'RAM', to: 'Revit' });
    });

    it('are updated and deleted by id within their organization only', async () => {
      const other = await createOrganization('Elsewhere');
      const foreign = await createFilter(orgFilters(other), olga, { from: 'Revit', to: 'Tekla' });
      const own = await createFilter(orgFilters(), olga, { from: 'Revit', to: 'Grasshopper' });

      const updated = await call('PUT', `${orgFilters()}/${own._id}`, adam, {
        from: 'Revit',
        to: 'Grasshopper',
        elementTypes: ['Beam'],
        properties: ['Geometry'],
      });
      expect(updated.status).toBe(200);
      const filter = filterSchema.parse(updated.body);
      expect(filter).toMatchObject({ _id: own._id, elementTypes: ['Beam'], properties: ['Geometry'] });
      expect(filter.createdAt).toBe(own.createdAt);

      for (const id of [foreign._id, randomUUID(), 'nope']) {
        expect(await call('PUT', `${orgFilters()}/${id}`, olga, { from: 'Revit', to: 'SAP' })).toMatchObject(
          filterNotFound,
        );
        expect(await call('DELETE', `${orgFilters()}/${id}`, olga)).toMatchObject(filterNotFound);
      }
      expect((await list(orgFilters(other), olga)).data.map((f) => f._id)).toEqual([foreign._id]);

      expect((await call('DELETE', `${orgFilters()}/${own._id}`, adam)).status).toBe(204);
      expect(await call('DELETE', `${orgFilters()}/${own._id}`, adam)).toMatchObject(filterNotFound);
      expect((await list(orgFilters(), olga)).data.map((f) => f._id)).not.toContain(own._id);
    });

    it('recommend filters for common pairs the organization has not saved, only from the web UI', async () => {
      const id = await createOrganization('Recommendations');
      const plain = await list(orgFilters(id), olga);
      expect(plain.recommended).toBeUndefined();

      const before = await list(`${orgFilters(id)}?fromWebUI=true&_ANALYTICS=x&GussetSessionId=y`, olga);
      const recommended = before.recommended ?? [];
      const pair = (from: string, to: string) => recommended.find((r) => r.from === from && r.to === to);
      expect(pair('Revit', 'SAP')?.properties).toEqual(['Geometry', 'Name', 'Material']);
      expect(pair('SAP', 'Revit')?.properties).toEqual(['Profile', 'Material']);
      expect(pair('Etabs', 'Revit')?.properties).toEqual(['Profile', 'Material']);
      expect(pair('Revit', 'Etabs')?.properties).not.toContain('Profile');
      expect(pair('Excel', 'Revit')?.properties).toHaveLength(8);
      expect(pair('Revit', 'Excel')?.properties).toHaveLength(8);
      expect(recommended.every((r) => r.reason.length > 20)).toBe(true);

      // A recommendation can be saved as it is; then it is no longer recommended.
      const { reason: _reason, ...revitToSap } = pair('Revit', 'SAP') ?? {};
      await createFilter(orgFilters(id), olga, revitToSap);
      const after = await list(`${orgFilters(id)}?fromWebUI=true`, olga);
      expect(after.recommended?.some((r) => r.from === 'Revit' && r.to === 'SAP')).toBe(false);
      expect(after.recommended).toHaveLength(recommended.length - 1);
    });

    it("answers 'Organizations details are missing.' when the organization id is blank", async () => {
      for (const [method, path, json] of [
        ['GET', '/api/organizations//filters?fromWebUI=true'],
        ['POST', '/api/organizations//filters', { from: 'Revit', to: 'SAP' }],
        ['DELETE', `/api/organizations//filters/${randomUUID()}`],
      ] as Array<[string, string, unknown?]>) {
        expect(await call(method, path, olga, json), `${method} ${path}`).toMatchObject({
          status: 400,
          body: { message: messages.organizationDetailsMissing },
        });
      }
    });
  });

  describe('model filters', () => {
    it('are read with READ or more, changed with WRITE or more (the organization owner is ADMIN)', async () => {
      const id = await createModel(organizationId, [
        [writer, 'WRITE'],
        [reader, 'READ'],
        [limited, 'LIMITEDVIEW'],
      ]);
      const byWriter = await createFilter(modelFilters(id), writer, { from: 'Revit', to: 'Etabs' });
      expect(byWriter).toMatchObject({ organizationId, modelId: id });
      const byOwner = await createFilter(modelFilters(id), olga, { from: 'Etabs', to: 'Revit' });
      for (const session of [olga, writer, reader]) {
        expect((await list(modelFilters(id), session)).data.map((f) => f._id)).toEqual([
          byWriter._id,
          byOwner._id,
        ]);
      }
      expect(await call('GET', modelFilters(id), limited)).toMatchObject(unauthorized);
      const body = { from: 'Revit', to: 'Etabs', properties: ['Name'] };
      expect(await call('POST', modelFilters(id), reader, { from: 'SAP', to: 'Revit' })).toMatchObject(
        unauthorized,
      );
      expect(await call('PUT', `${modelFilters(id)}/${byWriter._id}`, reader, body)).toMatchObject(
        unauthorized,
      );
      expect(await call('DELETE', `${modelFilters(id)}/${byWriter._id}`, reader)).toMatchObject(unauthorized);
      // Organization membership alone gives no model role; strangers and unknown models look the same.
      for (const [session, model] of [
        [mia, id],
        [adam, id],
        [stranger, id],
        [olga, randomUUID()],
        [olga, 'not-a-uuid'],
      ] as const) {
        expect(await call('GET', modelFilters(model), session)).toMatchObject(modelNotFound);
      }

      const updated = await call('PUT', `${modelFilters(id)}/${byWriter._id}`, writer, body);
      expect(filterSchema.parse(updated.body).properties).toEqual(['Name']);
      expect((await call('DELETE', `${modelFilters(id)}/${byOwner._id}`, writer)).status).toBe(204);
      expect((await list(modelFilters(id), reader)).data.map((f) => f._id)).toEqual([byWriter._id]);
    });

    it("override the organization's filter for their pair and inherit the others", async () => {
      const orgId = await createOrganization('Inheritance');
      const id = await createModel(orgId, [[writer, 'WRITE']]);
      const orgRevitSap = await createFilter(orgFilters(orgId), olga, { from: 'Revit', to: 'SAP' });
      const orgSapRevit = await createFilter(orgFilters(orgId), olga, { from: 'SAP', to: 'Revit' });
      const modelRevitSap = await createFilter(modelFilters(id), writer, {
        from: 'Revit',
        to: 'SAP',
        properties: ['Geometry'],
      });
      expect(await call('POST', modelFilters(id), writer, { from: 'Revit', to: 'SAP' })).toMatchObject({
        status: 409,
        body: { message: ownMessages.filterPairExists },
      });

      const forModel = await list(modelFilters(id), writer);
      expect(forModel.data.map((f: Filter) => f._id)).toEqual([modelRevitSap._id]);
      expect(forModel.inherited?.map((f: Filter) => f._id)).toEqual([orgSapRevit._id]);
      // The organization's own list does not show model filters.
      expect((await list(orgFilters(orgId), olga)).data.map((f) => f._id)).toEqual([
        orgRevitSap._id,
        orgSapRevit._id,
      ]);
    });

    it("cannot reach each other's filters across scopes", async () => {
      const onModel = await createFilter(modelFilters(), writer, { from: 'SAP', to: 'Excel' });
      const onOrganization = await createFilter(orgFilters(), olga, { from: 'SAP', to: 'Excel' });
      const otherModel = await createModel(organizationId, [[writer, 'WRITE']]);
      const body = { from: 'SAP', to: 'Excel' };
      expect(await call('PUT', `${orgFilters()}/${onModel._id}`, olga, body)).toMatchObject(filterNotFound);
      expect(await call('DELETE', `${orgFilters()}/${onModel._id}`, olga)).toMatchObject(filterNotFound);
      expect(await call('PUT', `${modelFilters()}/${onOrganization._id}`, olga, body)).toMatchObject(
        filterNotFound,
      );
      expect(await call('DELETE', `${modelFilters(otherModel)}/${onModel._id}`, writer)).toMatchObject(
        filterNotFound,
      );
      expect((await list(modelFilters(), writer)).data.map((f) => f._id)).toContain(onModel._id);
    });
  });
});
