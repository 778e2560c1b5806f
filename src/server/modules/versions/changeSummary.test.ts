import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modelListResponse, modelSchema } from '../../../contract/http/models';
import type { SessionResponse } from '../../../contract/http/users';
import { jobSchema } from '../../../contract/http/jobs';
import type { RealtimePayload } from '../../../contract/realtime';
import { writeModelJson } from '../../../engine/formats/json';
import type { Element, Model, Node, Profile } from '../../../engine/schema';
import { emptyModel } from '../../../engine/schema';
import { connectAndLogin, type LiveClient } from '../../testing/sockets';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization, grantModelRole, postUpload, waitForJob } from '../../testing/uploads';

const source = { tool: 'gusset', version: '1' } as const;

function wide(id: string): Profile {
  return {
    id,
    source,
    name: id,
    type: 'Profile',
    kind: 'frame',
    section: { shape: 'library', library: 'AISC14', designation: id },
    attributes: {},
  };
}

/** Three beams on four nodes at 4 m, in metres for display: version 1 of the tower. */
function tower(): Model {
  const model = emptyModel(source, 'm');
  model.profiles = [wide('W18X35'), wide('W21X44')];
  for (let k = 0; k < 4; k++) {
    const node: Node = {
      id: `N${k}`,
      source,
      name: `N${k}`,
      type: 'Node',
      x: k * 6000,
      y: 0,
      z: 4000,
      attributes: {},
    };
    model.nodes.push(node);
  }
  for (let k = 1; k < 4; k++) {
    const beam: Element = {
      id: `B${k}`,
      source,
      name: `B${k}`,
      type: 'Beam',
      startNodeId: `N${k - 1}`,
      endNodeId: `N${k}`,
      profileId: 'W18X35',
      attributes: {},
    };
    model.elements.push(beam);
  }
  return model;
}

/** Each test uploads two or three versions through the job queue: slow on a loaded machine. */
const UPLOADS_TIMEOUT_MS = 120_000;

describe.each(databases())('version change summaries on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let reader: SessionResponse;
  let organizationId: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUp(server, uniqueEmail('owner'), { firstName: 'Bob', lastName: 'Builder' });
    reader = await signUp(server, uniqueEmail('reader'), { firstName: 'Rita', lastName: 'Reader' });
    organizationId = await createOrganization(server, owner.user._id, 'Summaries');
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function uploadVersion(modelId: string, model: Model): Promise<string> {
    const response = await postUpload(server, owner.token, writeModelJson(model).bytes, {
      fileName: 'tower.json',
      modelId,
    });
    expect(response.status).toBe(202);
    const job = await waitForJob(server, owner.token, jobSchema.parse(response.body)._id);
    expect(job.status, job.error ?? '').toBe('done');
    return job.versionId as string;
  }

  it(
    'names a moved and a resized beam on the version, and in the ModelAdded a second user receives',
    async () => {
      const created = await server.request('POST', '/api/models', {
        token: owner.token,
        json: { name: 'Selecto Tower', organizationId },
      });
      expect(created.status).toBe(201);
      const modelId = modelSchema.parse(created.body)._id;
      await grantModelRole(server, modelId, reader.user._id, 'READ');
      await uploadVersion(modelId, tower());

      const readerClient = await connectAndLogin(server.url, reader.token, reader.user._id);
      clients.push(readerClient);
      const revised = tower();
      // B1 resized; N3 (the far end of B3) moved 100 mm along X.
      (revised.elements[0] as Extract<Element, { type: 'Beam' }>).profileId = 'W21X44';
      (revised.nodes[3] as Node).x += 100;
      const versionId = await uploadVersion(modelId, revised);

      const expected = '1 beam resized W18X35 → W21X44 and 1 beam moved 0.1 m';
      const added = await readerClient.waitFor(
        (event: { payload: RealtimePayload }) =>
          event.payload.eventName === 'ModelAdded' &&
          (event.payload.data as { versionId?: string }).versionId === versionId,
        30_000,
      );
      expect(added.payload).toMatchObject({
        author: { _id: owner.user._id, firstName: 'Bob' },
        data: { modelId, versionNumber: 2, modelName: 'Selecto Tower', changeSummary: expected },
      });

      // Kept on the version: the list carries the phrases, with lengths in mm, and version 1 has none.
      const list = await server.request('GET', '/api/models?getVersions=true', { token: reader.token });
      expect(list.status).toBe(200);
      const model = modelListResponse.parse(list.body).data.find((each) => each._id === modelId);
      const [latest, first] = model?.versions ?? [];
      expect(latest?.changeSummary?.phrases).toEqual([
        { kind: 'resized', subject: 'Beam', count: 1, from: 'W18X35', to: 'W21X44', pairCount: 1 },
        { kind: 'moved', subject: 'Beam', count: 1, maxMove: 100 },
      ]);
      expect(first?.changeSummary ?? null).toBeNull();
      const [row] = await server.db.query<{ change_summary: unknown }>(
        'SELECT change_summary FROM versions WHERE id = $1',
        [versionId],
      );
      expect(row?.change_summary).toEqual(latest?.changeSummary);
    },
    UPLOADS_TIMEOUT_MS,
  );

  it(
    'summarizes a restore against the version it follows',
    async () => {
      const created = await server.request('POST', '/api/models', {
        token: owner.token,
        json: { name: 'Restored Tower', organizationId },
      });
      const modelId = modelSchema.parse(created.body)._id;
      const firstId = await uploadVersion(modelId, tower());
      const revised = tower();
      revised.elements.pop();
      await uploadVersion(modelId, revised);
      const ownerClient = await connectAndLogin(server.url, owner.token, owner.user._id);
      clients.push(ownerClient);
      const restored = await server.request('POST', `/api/models/${modelId}/versions/${firstId}/restore`, {
        token: owner.token,
      });
      expect(restored.status).toBe(201);
      const added = await ownerClient.waitFor(
        (event: { payload: RealtimePayload }) =>
          event.payload.eventName === 'ModelAdded' &&
          (event.payload.data as { versionId?: string }).versionId === (restored.body as { ID: string }).ID,
        30_000,
      );
      expect(added.payload.data).toMatchObject({ modelId, versionNumber: 3, changeSummary: '1 beam added' });
    },
    UPLOADS_TIMEOUT_MS,
  );

  it(
    'ModelUpdated names the model and the change; LIMITEDVIEW hears of a report only that the model changed',
    async () => {
      const limited = await signUp(server, uniqueEmail('limited'));
      const created = await server.request('POST', '/api/models', {
        token: owner.token,
        json: { name: 'Selecto', organizationId },
      });
      const modelId = modelSchema.parse(created.body)._id;
      await grantModelRole(server, modelId, reader.user._id, 'READ');
      await grantModelRole(server, modelId, limited.user._id, 'LIMITEDVIEW');
      const first = await uploadVersion(modelId, tower());
      const revised = tower();
      revised.elements.pop();
      const second = await uploadVersion(modelId, revised);
      const [readerClient, limitedClient] = await Promise.all([
        connectAndLogin(server.url, reader.token, reader.user._id),
        connectAndLogin(server.url, limited.token, limited.user._id),
      ]);
      clients.push(readerClient, limitedClient);
      const updated = (event: { payload: RealtimePayload }) =>
        event.payload.eventName === 'ModelUpdated' &&
        (event.payload.data as { modelId?: string }).modelId === modelId;

      const renamed = await server.request('PUT', `/api/models/${modelId}`, {
        token: owner.token,
        json: { name: 'Selecto Tower' },
      });
      expect(renamed.status).toBe(200);
      expect((await readerClient.waitFor(updated)).payload.data).toEqual({
        modelId,
        modelName: 'Selecto Tower',
        change: 'renamed',
        previousName: 'Selecto',
      });
      expect((await limitedClient.waitFor(updated)).payload.data).toMatchObject({ change: 'renamed' });

      readerClient.events.length = 0;
      limitedClient.events.length = 0;
      const report = await server.request('POST', `/api/models/${modelId}/reports`, {
        token: owner.token,
        json: { currentVersionID: second, comparisonVersionID: first },
      });
      expect(report.status).toBe(201);
      expect((await readerClient.waitFor(updated)).payload.data).toEqual({
        modelId,
        modelName: 'Selecto Tower',
        change: 'reportAdded',
      });
      expect((await limitedClient.waitFor(updated)).payload.data).toEqual({
        modelId,
        modelName: 'Selecto Tower',
      });
      // One event each, not the other's too.
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(readerClient.events.filter(updated)).toHaveLength(1);
      expect(limitedClient.events.filter(updated)).toHaveLength(1);

      // Analysis results on a version: READ and up hear which version has them (its viewer shows them).
      readerClient.events.length = 0;
      limitedClient.events.length = 0;
      const results = await server.request(
        'PUT',
        `/api/models/${modelId}/data/versions/${second}/results?fileName=results.s2k`,
        {
          token: owner.token,
          bytes: new TextEncoder().encode(
            'TABLE:  "PROGRAM CONTROL"\n   ProgramName=SAP2000   Version=25.3.1   CurrUnits="KN, m, C"\nTABLE:  "JOINT REACTIONS"\n   Joint=1   OutputCase=DEAD   CaseType=LinStatic   F3=12.5\nEND TABLE DATA\n',
          ),
        },
      );
      expect(results.status, JSON.stringify(results.body)).toBe(200);
      expect((await readerClient.waitFor(updated)).payload.data).toEqual({
        modelId,
        modelName: 'Selecto Tower',
        change: 'resultsAdded',
        versionId: second,
      });
      expect((await limitedClient.waitFor(updated)).payload.data).toEqual({
        modelId,
        modelName: 'Selecto Tower',
      });
    },
    UPLOADS_TIMEOUT_MS,
  );
});
