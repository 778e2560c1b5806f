import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { messages, ownMessages } from '../../../contract/errors';
import type { SessionResponse } from '../../../contract/http/users';
import { versionElementResponse, versionSceneResponse, versionSchema } from '../../../contract/http/versions';
import { writeModelJson } from '../../../engine/formats/json';
import { toSceneData } from '../../../engine/scene';
import type { Element, FrameElement, LinearLoad, Model, Node } from '../../../engine/schema';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization, grantModelRole, uploadAndWait } from '../../testing/uploads';
import { SCENE_CACHE_KIND } from './scene';

/**
 * A generated building with a few additions the viewer's calls must get right: a beam whose id has a slash and
 * spaces (ids come from the source tool), and two beams whose ids are a prefix of each other, with different
 * numbers of loads.
 */
function buildingForTheViewer(): Model {
  const model = generateBuilding(presetParameters('1k', 5));
  const template = model.elements.find((element): element is FrameElement => element.type === 'Beam');
  if (!template) throw new Error('the generated building has beams');
  const beam = (id: string): FrameElement => ({ ...template, id, name: id });
  const load = (elementId: string, pattern: string): LinearLoad => ({
    id: `line:${elementId}:${pattern}`,
    source: template.source,
    name: `${elementId} ${pattern}`,
    type: 'LinearLoad',
    elementId,
    patternId: pattern,
    quantity: 'force',
    direction: 'Gravity',
    distribution: { kind: 'distributed', relative: true, start: 0, end: 1, startValue: 1000, endValue: 1000 },
    attributes: {},
  });
  model.elements.push(beam('X1'), beam('X10'), beam('Bay 7/east B'));
  model.loads.push(load('X1', 'SDL'), load('X10', 'SDL'), load('X10', 'LIVE'), load('Bay 7/east B', 'SDL'));
  return model;
}

describe.each(databases())('the viewer’s version calls on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let reader: SessionResponse;
  let limited: SessionResponse;
  let stranger: SessionResponse;
  let model: Model;
  let modelId: string;
  let versionId: string;
  let otherModel: { modelId: string; versionId: string };

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ANALYTICS_ENABLED: 'false' } });
    owner = await signUp(server, uniqueEmail('owner'));
    reader = await signUp(server, uniqueEmail('reader'));
    limited = await signUp(server, uniqueEmail('limited'));
    stranger = await signUp(server, uniqueEmail('stranger'));
    const organizationId = await createOrganization(server, owner.user._id);
    model = buildingForTheViewer();
    const job = await uploadAndWait(server, owner.token, writeModelJson(model).bytes, {
      fileName: 'viewer.json',
      organizationId,
      name: 'Viewer building',
    });
    modelId = job.modelId;
    versionId = job.versionId;
    await grantModelRole(server, modelId, reader.user._id, 'READ');
    await grantModelRole(server, modelId, limited.user._id, 'LIMITEDVIEW');
    const other = await uploadAndWait(server, owner.token, writeModelJson(model).bytes, {
      fileName: 'other.json',
      organizationId,
      name: 'Another building',
    });
    otherModel = { modelId: other.modelId, versionId: other.versionId };
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, token: string) => server.request('GET', path, { token });
  const scenePath = (model: string, version: string) => `/api/models/${model}/data/versions/${version}/scene`;
  const elementPath = (elementId: string, version = versionId) =>
    `/api/models/${modelId}/data/versions/${version}/elements/${encodeURIComponent(elementId)}`;
  const cacheFile = (version: string) =>
    join(server.config.uploads.blobDir, 'derived', SCENE_CACHE_KIND, `${version}.json`);

  describe('GET …/scene', () => {
    it('is cached by the upload itself, before anyone asks (first view of a large version is not a rebuild)', async () => {
      // The job writes the cache just after it marks the version done, so give it a moment.
      await vi.waitFor(
        () => {
          expect(existsSync(cacheFile(versionId))).toBe(true);
          expect(existsSync(cacheFile(otherModel.versionId))).toBe(true);
        },
        { timeout: 10_000, interval: 50 },
      );
    });

    it('answers the version’s scene data with its ids, for a reader', async () => {
      const response = await get(scenePath(modelId, versionId), reader.token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const scene = versionSceneResponse.parse(response.body);
      expect(scene).toEqual({ modelId, versionId, ...toSceneData(model) });
      expect(scene.elements.ids).toContain('Bay 7/east B');
    });

    it('is cached per version, and rebuilt from the stored objects when the cache file is gone', async () => {
      const first = await get(scenePath(modelId, versionId), owner.token);
      expect(existsSync(cacheFile(versionId))).toBe(true);
      // The cache holds the content without the unit: the model's unit is a setting that can change.
      expect((await readFile(cacheFile(versionId), 'utf8')).startsWith('{"levels":')).toBe(true);
      await rm(cacheFile(versionId));
      const rebuilt = await get(scenePath(modelId, versionId), owner.token);
      expect(rebuilt.status).toBe(200);
      expect(rebuilt.body).toEqual(first.body);
      expect(existsSync(cacheFile(versionId))).toBe(true);
    });

    it('says lengths are in the model’s display unit as it is set now', async () => {
      const renamed = await server.request('PUT', `/api/models/${otherModel.modelId}`, {
        token: owner.token,
        json: { settings: { units: 'ft' } },
      });
      expect(renamed.status).toBe(200);
      const scene = versionSceneResponse.parse(
        (await get(scenePath(otherModel.modelId, otherModel.versionId), owner.token)).body,
      );
      expect(scene.units).toBe('ft');
      // Coordinates stay in mm whatever the unit shown.
      expect(scene.nodes.xyz).toEqual(toSceneData(model).nodes.xyz);
    });

    it('gives a restored version its scene at once (the cache is copied)', async () => {
      await get(scenePath(otherModel.modelId, otherModel.versionId), owner.token);
      const restored = versionSchema.parse(
        (
          await server.request(
            'POST',
            `/api/models/${otherModel.modelId}/versions/${otherModel.versionId}/restore`,
            { token: owner.token },
          )
        ).body,
      );
      expect(existsSync(cacheFile(restored.ID))).toBe(true);
      const scene = versionSceneResponse.parse(
        (await get(scenePath(otherModel.modelId, restored.ID), owner.token)).body,
      );
      expect(scene.versionId).toBe(restored.ID);
      expect(scene.elements.ids).toEqual(toSceneData(model).elements.ids);
    });

    it('checks access like GET minimal: LIMITEDVIEW 401, strangers and unknown versions 404', async () => {
      expect(await get(scenePath(modelId, versionId), limited.token)).toMatchObject({
        status: 401,
        body: { message: messages.unauthorizedAccess },
      });
      expect(await get(scenePath(modelId, versionId), stranger.token)).toMatchObject({
        status: 404,
        body: { message: ownMessages.modelNotFound },
      });
      for (const version of [randomUUID(), 'not-a-version', otherModel.versionId]) {
        expect(await get(scenePath(modelId, version), owner.token)).toMatchObject({
          status: 404,
          body: { message: ownMessages.versionNotFound },
        });
      }
      expect((await server.request('GET', scenePath(modelId, versionId))).status).toBe(403);
    });
  });

  describe('GET …/elements/{elementId}', () => {
    const byId = <T extends { id: string }>(items: readonly T[], id: string | undefined) =>
      items.find((item) => item.id === id);
    const loadsOn = (elementId: string) =>
      model.loads.filter((load) => load.type !== 'PointLoad' && load.elementId === elementId).length;

    it('gives a member with its profile, material, level, end nodes, length and loads', async () => {
      const column = model.elements.find((element) => element.type === 'Column') as FrameElement;
      const response = await get(elementPath(column.id), reader.token);
      expect(response.status).toBe(200);
      const answer = versionElementResponse.parse(response.body);
      const profile = byId(model.profiles, column.profileId);
      const start = byId(model.nodes, column.startNodeId) as Node;
      const end = byId(model.nodes, column.endNodeId) as Node;
      expect(answer).toEqual({
        element: column,
        profile,
        material: byId(model.materials, column.materialId ?? profile?.materialId),
        level: byId(model.levels, column.levelId),
        nodes: [start, end].map(({ id, x, y, z }) => ({ id, x, y, z })),
        lengthMm: Math.hypot(end.x - start.x, end.y - start.y, end.z - start.z),
        units: model.units,
        loads: 0,
      });
      expect(answer.profile).not.toBeNull();
      expect(answer.material).not.toBeNull();
      // A column spans one storey.
      expect(answer.lengthMm).toBeCloseTo(Math.abs(end.z - start.z), 6);
      expect(answer.lengthMm).toBeGreaterThan(0);
    });

    it('counts the loads on exactly that element (X1 is not X10)', async () => {
      const loads = async (id: string) =>
        versionElementResponse.parse((await get(elementPath(id), owner.token)).body).loads;
      expect(await loads('X1')).toBe(1);
      expect(await loads('X10')).toBe(2);
      expect(await loads('Bay 7/east B')).toBe(1);
      const loadedFloor = model.elements.find(
        (element) => element.type === 'Floor' && loadsOn(element.id) > 0,
      ) as Element;
      expect(await loads(loadedFloor.id)).toBe(loadsOn(loadedFloor.id));
    });

    it('gives an area its outline nodes and no length', async () => {
      const floor = model.elements.find((element) => element.type === 'Floor') as Extract<
        Element,
        { type: 'Floor' }
      >;
      const answer = versionElementResponse.parse((await get(elementPath(floor.id), owner.token)).body);
      expect(answer.nodes.map((node) => node.id)).toEqual(floor.nodeIds);
      expect(answer.lengthMm).toBeNull();
      expect(answer.profile?.kind).toBe('shell');
    });

    it('answers for a version whose scene was never asked for (and is no longer cached)', async () => {
      await rm(cacheFile(otherModel.versionId), { force: true });
      const beam = model.elements.find((element) => element.id === 'X10') as FrameElement;
      const response = await get(
        `/api/models/${otherModel.modelId}/data/versions/${otherModel.versionId}/elements/X10`,
        owner.token,
      );
      expect(response.status).toBe(200);
      const answer = versionElementResponse.parse(response.body);
      expect(answer.element).toEqual(beam);
      expect(answer.nodes.map((node) => node.id)).toEqual([beam.startNodeId, beam.endNodeId]);
      expect(answer.loads).toBe(2);
      // The other model's unit was set to ft above.
      expect(answer.units).toBe('ft');
    });

    it('answers 404 with a clear message for an element the version does not have', async () => {
      for (const id of ['nope', 'X100', 'x1']) {
        expect(await get(elementPath(id), owner.token)).toMatchObject({
          status: 404,
          body: { message: ownMessages.elementNotFound },
        });
      }
      expect(await get(elementPath('X1', randomUUID()), owner.token)).toMatchObject({
        status: 404,
        body: { message: ownMessages.versionNotFound },
      });
      expect(await get(elementPath('X1', otherModel.versionId), owner.token)).toMatchObject({
        status: 404,
        body: { message: ownMessages.versionNotFound },
      });
    });

    it('checks access: READ reads, LIMITEDVIEW 401, strangers 404', async () => {
      expect((await get(elementPath('X1'), reader.token)).status).toBe(200);
      expect(await get(elementPath('X1'), limited.token)).toMatchObject({
        status: 401,
        body: { message: messages.unauthorizedAccess },
      });
      expect(await get(elementPath('X1'), stranger.token)).toMatchObject({
        status: 404,
        body: { message: ownMessages.modelNotFound },
      });
    });
  });
});
