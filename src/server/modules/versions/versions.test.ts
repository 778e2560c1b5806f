import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { messages, ownMessages } from '../../../contract/errors';
import {
  attributesResponse,
  groupsResponse,
  minimalModelResponse,
  versionDetailSchema,
  versionSchema,
} from '../../../contract/http/versions';
import type { SessionResponse } from '../../../contract/http/users';
import { hashModel } from '../../../engine/canonical';
import { readModelJson, writeModelJson } from '../../../engine/formats/json';
import { translatorForFile } from '../../../engine/formats/registry';
import type { Model } from '../../../engine/schema';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../../../engine/testing/fixtures';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { countRows, createOrganization, grantModelRole, uploadAndWait } from '../../testing/uploads';
import { nodeIdsOf } from './minimal';

const EJEMPLO = 'RDC_PERFORM__Ejemplo.e2k';
const EJEMPLO_NEW = 'RDC_PERFORM__EjemploNew.e2k';

/** GET returning the raw bytes (export). */
async function download(server: TestServer, path: string, token: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: token } });
  return {
    status: response.status,
    disposition: response.headers.get('content-disposition'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

describe.each(databases())('version data on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let reader: SessionResponse;
  let limited: SessionResponse;
  let stranger: SessionResponse;
  let organizationId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUp(server, uniqueEmail('owner'));
    reader = await signUp(server, uniqueEmail('reader'));
    limited = await signUp(server, uniqueEmail('limited'));
    stranger = await signUp(server, uniqueEmail('stranger'));
    organizationId = await createOrganization(server, owner.user._id);
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, token: string) => server.request('GET', path, { token });

  describe('a generated building uploaded as canonical JSON', () => {
    let model: Model;
    let modelId: string;
    let versionId: string;

    beforeAll(async () => {
      model = generateBuilding(presetParameters('1k', 11));
      // Attributes a viewer may colour by, on a few elements.
      model.elements[0]!.attributes = { PIER: 'P1', __proto__x: 1 };
      model.elements[1]!.attributes = { PIER: 'P2' };
      model.groups.push({
        id: 'core',
        type: 'Group',
        name: 'Core',
        source: model.source,
        attributes: {},
        members: [
          { kind: 'element', id: model.elements[0]!.id },
          { kind: 'node', id: model.nodes[0]!.id },
        ],
      });
      const job = await uploadAndWait(server, owner.token, writeModelJson(model).bytes, {
        fileName: 'building.json',
        organizationId,
        name: 'Generated',
      });
      modelId = job.modelId;
      versionId = job.versionId;
      await grantModelRole(server, modelId, reader.user._id, 'READ');
      await grantModelRole(server, modelId, limited.user._id, 'LIMITEDVIEW');
    });

    it('exports the version as .json equal to what was uploaded (the manifest loses nothing)', async () => {
      const file = await download(
        server,
        `/api/models/${modelId}/data/versions/${versionId}/export?format=json`,
        owner.token,
      );
      expect(file.status).toBe(200);
      expect(file.disposition).toBe(
        `attachment; filename="Generated v1.json"; filename*=UTF-8''Generated%20v1.json`,
      );
      expect(hashModel(readModelJson(file.bytes).model)).toBe(hashModel(model));
    });

    it('GET minimal: nodes in mm, elements with their nodes, section and material', async () => {
      const response = await get(`/api/models/${modelId}/data/versions/${versionId}/minimal`, reader.token);
      expect(response.status).toBe(200);
      const minimal = minimalModelResponse.parse(response.body);
      expect(minimal).toMatchObject({ modelId, versionId, units: model.units });
      expect(minimal.nodes).toEqual(model.nodes.map((node) => [node.id, node.x, node.y, node.z]));
      expect(minimal.elements).toHaveLength(model.elements.length);
      const first = model.elements[0]!;
      expect(minimal.elements[0]).toEqual({
        id: first.id,
        type: first.type,
        name: first.name,
        nodes: nodeIdsOf(first),
        ...('profileId' in first && first.profileId ? { profile: first.profileId } : {}),
        ...('materialId' in first && first.materialId ? { material: first.materialId } : {}),
      });
      expect(minimal.elements.map((element) => element.attributes)).toEqual(
        model.elements.map(() => undefined),
      );
    });

    it('GET minimal answers the same from the cache the upload wrote and rebuilt from the stored objects', async () => {
      const path = `/api/models/${modelId}/data/versions/${versionId}/minimal`;
      const cached = await get(path, owner.token);
      const cacheFile = join(server.config.uploads.blobDir, 'derived', 'minimal', `${versionId}.json`);
      expect(existsSync(cacheFile)).toBe(true);
      await rm(cacheFile);
      const rebuilt = await get(path, owner.token);
      expect(rebuilt.status).toBe(200);
      expect(rebuilt.body).toEqual(cached.body);
      expect(existsSync(cacheFile)).toBe(true);
    });

    it('GET minimal with keys adds them; specificAttributesOnly sends only id, type and the keys', async () => {
      const path = `/api/models/${modelId}/data/versions/${versionId}/minimal`;
      const withKeys = minimalModelResponse.parse((await get(`${path}?keys=PIER,levelId`, owner.token)).body);
      const first = model.elements[0]!;
      expect(withKeys.elements[0]?.attributes).toEqual({
        PIER: 'P1',
        ...('levelId' in first && first.levelId ? { levelId: first.levelId } : {}),
      });
      expect(withKeys.elements[5]?.attributes).not.toHaveProperty('PIER');

      const only = minimalModelResponse.parse(
        (await get(`${path}?keys=PIER&specificAttributesOnly=true`, owner.token)).body,
      );
      expect(only.nodes).toEqual([]);
      expect(only.elements[0]).toEqual({ id: first.id, type: first.type, attributes: { PIER: 'P1' } });
      expect(only.elements[2]).toEqual({
        id: model.elements[2]!.id,
        type: model.elements[2]!.type,
        attributes: {},
      });
    });

    it('GET groups and GET attributes', async () => {
      const groups = groupsResponse.parse(
        (await get(`/api/models/${modelId}/data/versions/${versionId}/groups`, reader.token)).body,
      );
      expect(groups.data.find((group) => group.id === 'core')).toEqual({
        id: 'core',
        name: 'Core',
        memberCount: 2,
        members: [model.elements[0]!.id, model.nodes[0]!.id],
      });
      const attributes = attributesResponse.parse(
        (await get(`/api/models/${modelId}/data/attributes`, reader.token)).body,
      );
      expect(attributes.data.find((entry) => entry.key === 'PIER')).toEqual({
        key: 'PIER',
        elementTypes: [...new Set([model.elements[0]!.type, model.elements[1]!.type])].sort(),
        count: 2,
      });
      const profileKey = attributes.data.find((entry) => entry.key === 'profileId');
      expect(profileKey?.count).toBe(
        model.elements.filter((element) => 'profileId' in element && element.profileId).length,
      );
      expect(attributes.data.map((entry) => entry.key)).not.toContain('startNodeId');
    });

    it('restores an old version as a new one equal to it, without new objects', async () => {
      const changed = structuredClone(model);
      changed.elements[3]!.name = 'renamed';
      const second = await uploadAndWait(server, owner.token, writeModelJson(changed).bytes, {
        fileName: 'building2.json',
        modelId,
      });
      const objects = await countRows(server, 'model_objects');
      expect(
        await server.request('POST', `/api/models/${modelId}/versions/${versionId}/restore`, {
          token: reader.token,
        }),
      ).toMatchObject({ status: 401, body: { message: messages.unauthorizedAccess } });

      const response = await server.request('POST', `/api/models/${modelId}/versions/${versionId}/restore`, {
        token: owner.token,
      });
      expect(response.status).toBe(201);
      const restored = versionSchema.parse(response.body);
      expect(restored).toMatchObject({
        number: 3,
        Author: { _id: owner.user._id },
        origin: { kind: 'restore', restoredVersionId: versionId, restoredNumber: 1 },
      });
      expect(restored.ID).not.toBe(second.versionId);
      expect(await countRows(server, 'model_objects')).toBe(objects);
      const file = await download(
        server,
        `/api/models/${modelId}/data/versions/${restored.ID}/export?format=json`,
        owner.token,
      );
      expect(hashModel(readModelJson(file.bytes).model)).toBe(hashModel(model));
    });

    it('applies the model filter to an export: element types not listed do not flow', async () => {
      const now = new Date();
      const filterId = randomUUID();
      await server.db.query(
        `INSERT INTO filters (id, organization_id, model_id, from_platform, to_platform, rules, created_at, updated_at)
         VALUES ($1, $2, $3, 'Etabs', 'SAP', $4::jsonb, $5, $5)`,
        [
          filterId,
          organizationId,
          modelId,
          JSON.stringify({
            elementTypes: ['Column', 'Grid', 'Level'],
            properties: ['Geometry', 'Name', 'Profile', 'Material'],
            nameMappings: [],
          }),
          now,
        ],
      );
      try {
        const sap = await download(
          server,
          `/api/models/${modelId}/data/versions/${versionId}/export?format=s2k`,
          owner.token,
        );
        expect(sap.status).toBe(200);
        const exported = (await translatorForFile('x.s2k')!.read(sap.bytes)).model;
        const columns = model.elements.filter((element) => element.type === 'Column').length;
        expect(exported.elements.filter((element) => element.type === 'Column')).toHaveLength(columns);
        expect(exported.elements).toHaveLength(columns);
        expect(exported.loads).toEqual([]);
        // Etabs → Gusset has no filter: the JSON export is whole.
        const json = await download(
          server,
          `/api/models/${modelId}/data/versions/${versionId}/export?format=json`,
          owner.token,
        );
        expect(readModelJson(json.bytes).model.elements).toHaveLength(model.elements.length);
      } finally {
        await server.db.query('DELETE FROM filters WHERE id = $1', [filterId]);
      }
    });

    it('checks roles: READ reads, LIMITEDVIEW cannot (401), strangers and other ids get 404', async () => {
      const paths = [
        `/api/models/${modelId}/versions/${versionId}`,
        `/api/models/${modelId}/data/versions/${versionId}/minimal`,
        `/api/models/${modelId}/data/versions/${versionId}/groups`,
        `/api/models/${modelId}/data/attributes`,
        `/api/models/${modelId}/data/versions/${versionId}/export?format=e2k`,
      ];
      for (const path of paths) {
        expect((await get(path, reader.token)).status, path).toBe(200);
        expect(await get(path, limited.token), path).toMatchObject({
          status: 401,
          body: { message: messages.unauthorizedAccess },
        });
        expect(await get(path, stranger.token), path).toMatchObject({
          status: 404,
          body: { message: ownMessages.modelNotFound },
        });
      }
      for (const unknown of [randomUUID(), 'nope']) {
        expect(await get(`/api/models/${modelId}/versions/${unknown}`, owner.token)).toMatchObject({
          status: 404,
          body: { message: ownMessages.versionNotFound },
        });
        expect(
          (await get(`/api/models/${modelId}/data/versions/${unknown}/minimal`, owner.token)).status,
        ).toBe(404);
      }
      expect(
        await get(`/api/models/${modelId}/data/versions/${versionId}/export?format=dwg`, owner.token),
      ).toMatchObject({ status: 400, body: { message: ownMessages.exportFormatUnsupported } });
    });
  });

  describe.skipIf(!fixturesPresent)(`ETABS fixtures${FIXTURES_SKIP_NOTE}`, () => {
    it('exports a version as .s2k and imports that file as a new model', async () => {
      const original = await uploadAndWait(server, owner.token, readFixture('e2k', EJEMPLO), {
        fileName: EJEMPLO,
        organizationId,
        name: 'Ejemplo',
      });
      const second = await uploadAndWait(server, owner.token, readFixture('e2k', EJEMPLO_NEW), {
        fileName: EJEMPLO_NEW,
        modelId: original.modelId,
      });
      const file = await download(
        server,
        `/api/models/${original.modelId}/data/versions/${second.versionId}/export?format=s2k`,
        owner.token,
      );
      expect(file.status).toBe(200);
      expect(file.disposition).toContain('filename="Ejemplo v2.s2k"');

      const imported = await uploadAndWait(server, owner.token, file.bytes, {
        fileName: 'Ejemplo v2.s2k',
        organizationId,
        name: 'Ejemplo from SAP',
      });
      expect(imported.modelId).not.toBe(original.modelId);
      const detail = versionDetailSchema.parse(
        (await get(`/api/models/${imported.modelId}/versions/${imported.versionId}`, owner.token)).body,
      );
      const source = (await translatorForFile(EJEMPLO_NEW)!.read(readFixture('e2k', EJEMPLO_NEW))).report
        .counts;
      expect(detail.origin).toMatchObject({ kind: 'upload', format: 's2k' });
      for (const key of ['nodes', 'columns', 'beams', 'floors', 'walls'] as const) {
        expect(detail.counts[key], key).toBe(source[key]);
      }
      // Two uploads, an export and a change summary: well over the default limit on a busy 2-core laptop.
    }, 120_000);
  });
});
