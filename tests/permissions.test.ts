/**
 * The permission matrix (issue #4): every actor × every /api route, with the status each must get. The status
 * contract: 403 only for a missing or bad token, 401 for a signed-in user whose role is too weak, 404 for a
 * resource the user may not know exists. A route registered on the server without a row here fails the suite.
 *
 * Each cell runs against fresh resources (its own organization or model) so a DELETE in one cell cannot change
 * what the next cell sees.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../src/contract/http/users';
import { signUp, uniqueEmail } from '../src/server/testing/accounts';
import { databases } from '../src/server/testing/databases';
import { startTestServer, type TestServer } from '../src/server/testing/testServer';
import {
  ACTORS,
  everyone,
  modelAdmins,
  modelSeers,
  modelUpdaters,
  modelViewers,
  orgManagers,
  orgMembers,
  type Actor,
  type Row,
  type Statuses,
} from './permissionMatrix';
import { adminRows } from './permissionRows/admin';
import { apiTokenRows } from './permissionRows/apiTokens';
import { billingRows } from './permissionRows/billing';
import { compareRows } from './permissionRows/compare';
import { dxfRows } from './permissionRows/dxf';
import { fidelityRows } from './permissionRows/fidelity';
import { mergeRows } from './permissionRows/merge';
import { pluginRows } from './permissionRows/plugins';
import { repairRows } from './permissionRows/repair';
import { resultsRows } from './permissionRows/results';
import { viewerRows } from './permissionRows/viewer';
import { permissionWorld, type PermissionWorld } from './permissionWorld';

/**
 * GET /api/users/{id} of the stranger (issue #22): only the stranger and an internal admin see them; everyone
 * else shares no organization or model with them and gets the 404 of an unknown id.
 */
//                                  owner billing member mAdmin mWrite mRead mLimit strngr iAdmin none
const workTogether: Statuses = [404, 404, 404, 404, 404, 404, 404, 200, 200, 403];

const rows: Row[] = [
  // Users (the foundation's routes: every signed-in user).
  { method: 'GET', route: '/api/users', request: async () => ({ path: '/api/users' }), expected: everyone },
  {
    method: 'PUT',
    route: '/api/users',
    request: async () => ({ path: '/api/users', json: { firstName: 'Renamed' } }),
    expected: everyone,
  },
  {
    method: 'GET',
    route: '/api/users/:id',
    request: async (world) => ({ path: `/api/users/${world.users.stranger.user._id}` }),
    expected: workTogether,
  },
  {
    method: 'GET',
    route: '/api/users/profileInfo/:id',
    request: async (world) => ({ path: `/api/users/profileInfo/${world.users.stranger.user._id}` }),
    expected: workTogether,
  },
  {
    method: 'GET',
    route: '/api/users/findByEmail/:email',
    request: async (world) => ({
      path: `/api/users/findByEmail/${encodeURIComponent(world.users.stranger.user.emailAddress)}`,
    }),
    expected: everyone,
  },
  {
    method: 'PUT',
    route: '/api/users/:id/updateUserState',
    // Each actor updates their own state; someone else's is 401 (pinned in users.test.ts).
    request: async (world, actor) => ({
      path: `/api/users/${actor === 'noToken' ? randomUUID() : world.users[actor].user._id}/updateUserState`,
      json: { state: { plan: 'free' } },
    }),
    expected: everyone,
  },
  {
    method: 'GET',
    route: '/api/users/GussetAdmins',
    request: async () => ({ path: '/api/users/GussetAdmins' }),
    expected: everyone,
  },
  {
    method: 'GET',
    route: '/api/users/adminList',
    request: async () => ({ path: '/api/users/adminList' }),
    expected: everyone,
  },

  // Organizations.
  {
    method: 'GET',
    route: '/api/organizations',
    request: async () => ({ path: '/api/organizations' }),
    expected: everyone,
  },
  {
    method: 'GET',
    route: '/api/organizations/all',
    request: async () => ({ path: '/api/organizations/all' }),
    expected: [401, 401, 401, 401, 401, 401, 401, 401, 200, 403],
  },
  {
    method: 'POST',
    route: '/api/organizations',
    request: async () => ({ path: '/api/organizations', json: { name: 'New firm' } }),
    expected: [201, 201, 201, 201, 201, 201, 201, 201, 201, 403],
  },
  {
    method: 'GET',
    route: '/api/organizations/:id',
    request: async (world) => ({ path: `/api/organizations/${world.organizationId}` }),
    expected: orgMembers(200),
  },
  {
    method: 'PUT',
    route: '/api/organizations/:id',
    request: async (world) => ({
      path: `/api/organizations/${await world.freshOrganization()}`,
      json: { name: 'Renamed firm' },
    }),
    expected: orgManagers(200),
  },
  {
    method: 'POST',
    route: '/api/organizations/:id/collaborators',
    request: async (world) => ({
      path: `/api/organizations/${await world.freshOrganization()}/collaborators`,
      json: { emailAddress: (await world.extraUser()).user.emailAddress, role: 'MEMBER' },
    }),
    expected: orgManagers(201),
  },
  {
    method: 'PUT',
    route: '/api/organizations/:id/collaborators/:userId',
    request: async (world) => {
      const organizationId = await world.freshOrganization();
      const extra = await world.extraOrganizationMember(organizationId);
      return {
        path: `/api/organizations/${organizationId}/collaborators/${extra}`,
        json: { role: 'ADMIN' },
      };
    },
    expected: orgManagers(200),
  },
  {
    method: 'DELETE',
    route: '/api/organizations/:id/collaborators/:userId',
    request: async (world) => {
      const organizationId = await world.freshOrganization();
      const extra = await world.extraOrganizationMember(organizationId);
      return { path: `/api/organizations/${organizationId}/collaborators/${extra}` };
    },
    expected: orgManagers(204),
  },
  {
    method: 'GET',
    route: '/api/organizations/:id/filters',
    request: async (world) => ({ path: `/api/organizations/${world.organizationId}/filters?fromWebUI=true` }),
    expected: orgMembers(200),
  },
  {
    method: 'POST',
    route: '/api/organizations/:id/filters',
    request: async (world) => ({
      path: `/api/organizations/${await world.freshOrganization()}/filters`,
      json: { from: 'Revit', to: 'SAP' },
    }),
    expected: orgManagers(201),
  },
  {
    method: 'PUT',
    route: '/api/organizations/:id/filters/:filterId',
    request: async (world) => {
      const organizationId = await world.freshOrganization();
      const filterId = await world.organizationFilter(organizationId);
      return {
        path: `/api/organizations/${organizationId}/filters/${filterId}`,
        json: { from: 'Revit', to: 'SAP', properties: ['Geometry'] },
      };
    },
    expected: orgManagers(200),
  },
  {
    method: 'DELETE',
    route: '/api/organizations/:id/filters/:filterId',
    request: async (world) => {
      const organizationId = await world.freshOrganization();
      const filterId = await world.organizationFilter(organizationId);
      return { path: `/api/organizations/${organizationId}/filters/${filterId}` };
    },
    expected: orgManagers(204),
  },

  // Models.
  { method: 'GET', route: '/api/models', request: async () => ({ path: '/api/models' }), expected: everyone },
  {
    method: 'POST',
    route: '/api/models',
    request: async (world) => ({
      path: '/api/models',
      json: { name: 'Tower', organizationId: world.organizationId },
    }),
    expected: [201, 401, 201, 404, 404, 404, 404, 404, 404, 403],
  },
  {
    method: 'POST',
    route: '/api/models/',
    request: async (world) => ({
      path: '/api/models/',
      json: { name: 'Tower', organizationId: world.organizationId },
    }),
    expected: [201, 401, 201, 404, 404, 404, 404, 404, 404, 403],
  },
  {
    method: 'GET',
    route: '/api/models/imagesAndVersionsByModelIds',
    request: async (world) => ({
      path: `/api/models/imagesAndVersionsByModelIds?modelIds=${await world.freshModel()}`,
    }),
    expected: everyone,
  },
  {
    method: 'GET',
    route: '/api/models/:id',
    request: async (world) => ({ path: `/api/models/${world.modelId}` }),
    expected: modelSeers(200),
  },
  {
    method: 'PUT',
    route: '/api/models/:id',
    request: async (world) => ({
      path: `/api/models/${await world.freshModel()}`,
      json: { name: 'Renamed' },
    }),
    expected: modelUpdaters(200),
  },
  {
    method: 'DELETE',
    route: '/api/models/:id',
    request: async (world) => ({ path: `/api/models/${await world.freshModel()}` }),
    expected: modelAdmins(200),
  },
  {
    method: 'POST',
    route: '/api/models/:id/clone',
    // Without a target organization the copy goes to the source's; collaborators from outside it must name
    // one of theirs (400 'Organizations details are missing.').
    request: async (world) => ({ path: `/api/models/${await world.freshModel()}/clone`, json: {} }),
    expected: [201, 404, 404, 400, 400, 400, 401, 404, 404, 403],
  },
  {
    method: 'POST',
    route: '/api/models/:id/collaborators',
    request: async (world) => ({
      path: `/api/models/${await world.freshModel()}/collaborators`,
      json: { emailAddress: (await world.extraUser()).user.emailAddress, type: 'READ' },
    }),
    expected: modelAdmins(201),
  },
  {
    method: 'PUT',
    route: '/api/models/:id/collaborators',
    request: async (world) => {
      const modelId = await world.freshModel();
      const userId = await world.extraModelCollaborator(modelId);
      return { path: `/api/models/${modelId}/collaborators`, json: { userId, type: 'WRITE' } };
    },
    expected: modelAdmins(200),
  },
  {
    method: 'PUT',
    route: '/api/models/:id/collaborators/:userId',
    request: async (world) => {
      const modelId = await world.freshModel();
      const userId = await world.extraModelCollaborator(modelId);
      return { path: `/api/models/${modelId}/collaborators/${userId}`, json: { type: 'WRITE' } };
    },
    expected: modelAdmins(200),
  },
  {
    method: 'DELETE',
    route: '/api/models/:id/collaborators/:userId',
    request: async (world) => {
      const modelId = await world.freshModel();
      const userId = await world.extraModelCollaborator(modelId);
      return { path: `/api/models/${modelId}/collaborators/${userId}` };
    },
    expected: modelAdmins(200),
  },
  {
    method: 'GET',
    route: '/api/models/:id/filters',
    request: async (world) => ({ path: `/api/models/${world.modelId}/filters?fromWebUI=true` }),
    expected: modelViewers(200),
  },
  {
    method: 'POST',
    route: '/api/models/:id/filters',
    request: async (world) => ({
      path: `/api/models/${await world.freshModel()}/filters`,
      json: { from: 'SAP', to: 'Revit' },
    }),
    expected: modelUpdaters(201),
  },
  {
    method: 'PUT',
    route: '/api/models/:id/filters/:filterId',
    request: async (world) => {
      const modelId = await world.freshModel();
      const filterId = await world.modelFilter(modelId);
      return {
        path: `/api/models/${modelId}/filters/${filterId}`,
        json: { from: 'SAP', to: 'Revit', properties: ['Profile'] },
      };
    },
    expected: modelUpdaters(200),
  },
  {
    method: 'DELETE',
    route: '/api/models/:id/filters/:filterId',
    request: async (world) => {
      const modelId = await world.freshModel();
      const filterId = await world.modelFilter(modelId);
      return { path: `/api/models/${modelId}/filters/${filterId}` };
    },
    expected: modelUpdaters(204),
  },

  // Versions and uploads.
  {
    method: 'GET',
    route: '/api/models/:id/versions/:versionId',
    request: async (world) => ({ path: `/api/models/${world.modelId}/versions/${world.versionId}` }),
    expected: modelViewers(200),
  },
  {
    method: 'GET',
    route: '/api/models/:id/data/versions/:versionId/minimal',
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/minimal`,
    }),
    expected: modelViewers(200),
  },
  {
    method: 'GET',
    route: '/api/models/:id/data/versions/:versionId/groups',
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/groups`,
    }),
    expected: modelViewers(200),
  },
  {
    method: 'GET',
    route: '/api/models/:id/data/attributes',
    request: async (world) => ({ path: `/api/models/${world.modelId}/data/attributes` }),
    expected: modelViewers(200),
  },
  {
    method: 'GET',
    route: '/api/models/:id/data/versions/:versionId/export',
    request: async (world) => ({
      path: `/api/models/${world.modelId}/data/versions/${world.versionId}/export?format=s2k`,
    }),
    expected: modelViewers(200),
  },
  {
    method: 'POST',
    route: '/api/models/:id/versions/:versionId/restore',
    request: async (world) => {
      const { modelId, versionId } = await world.freshModelWithVersion();
      return { path: `/api/models/${modelId}/versions/${versionId}/restore` };
    },
    expected: modelUpdaters(201),
  },
  {
    method: 'POST',
    route: '/api/v2/uploads',
    request: async (world) => ({
      path: `/api/v2/uploads?modelId=${await world.freshModel()}`,
      bytes: world.modelFile,
      headers: { 'x-file-name': 'matrix.json' },
    }),
    expected: modelUpdaters(202),
  },
  {
    method: 'GET',
    route: '/api/v2/uploads/:jobId',
    // The job's creator and whoever can view its model; LIMITEDVIEW sees no versions, so no jobs either.
    request: async (world) => ({ path: `/api/v2/uploads/${world.jobId}` }),
    expected: [200, 404, 404, 200, 200, 200, 404, 404, 404, 403],
  },
  {
    method: 'GET',
    route: '/api/jobs/:jobId',
    // The same rule as the upload route it generalises: the creator and whoever can view the job's model.
    request: async (world) => ({ path: `/api/jobs/${world.jobId}` }),
    expected: [200, 404, 404, 200, 200, 200, 404, 404, 404, 403],
  },
  ...billingRows,
  ...adminRows,
  ...viewerRows,
  ...compareRows,
  ...mergeRows,
  ...repairRows,
  ...resultsRows,
  ...dxfRows,
  ...fidelityRows,
  ...pluginRows,
  ...apiTokenRows,
];

describe.each(databases('every capability’s SQL'))('permission matrix on $kind', ({ kind }) => {
  let server: TestServer;
  let world: PermissionWorld;
  const internalAdminEmail = uniqueEmail('internal-admin');

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { GUSSET_ADMINS: internalAdminEmail } });
    const users = {} as Record<Exclude<Actor, 'noToken'>, SessionResponse>;
    for (const actor of ACTORS) {
      if (actor === 'noToken') continue;
      users[actor] = await signUp(
        server,
        actor === 'internalAdmin' ? internalAdminEmail : uniqueEmail(actor),
      );
    }
    world = await permissionWorld(server, users);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has a row for every /api route the server registers, and no row for a route it does not', () => {
    const registered = new Set(
      server.app.registeredRoutes
        .filter((route) => route.url.startsWith('/api'))
        .map((route) => `${route.method} ${route.url}`),
    );
    const covered = new Set(rows.map((row) => `${row.method} ${row.route}`));
    expect([...registered].filter((route) => !covered.has(route)).sort()).toEqual([]);
    expect([...covered].filter((route) => !registered.has(route)).sort()).toEqual([]);
  });

  for (const row of rows) {
    it(`${row.method} ${row.route}`, async () => {
      const actual: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const [index, actor] of ACTORS.entries()) {
        const cell = await row.request(world, actor);
        const token = actor === 'noToken' ? undefined : world.users[actor].token;
        const response = await server.request(row.method, cell.path, {
          ...(cell.json === undefined ? {} : { json: cell.json }),
          ...(cell.bytes === undefined ? {} : { bytes: cell.bytes }),
          ...(cell.headers ? { headers: cell.headers } : {}),
          // A cell with its own Authorization (an API token) is sent with it instead of the actor's session.
          ...(token && cell.headers?.authorization === undefined ? { token } : {}),
        });
        actual[actor] = response.status;
        expected[actor] = row.expected[index] as number;
      }
      expect(actual).toEqual(expected);
    });
  }
});
