import { randomUUID } from 'node:crypto';
import DxfParser, { type IDxf, type ILineEntity, type ITextEntity } from 'dxf-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { messages, ownMessages } from '../../../contract/errors';
import { dxfExportEventSchema, dxfExportResponse, type DxfExportResponse } from '../../../contract/http/dxf';
import type { SessionResponse } from '../../../contract/http/users';
import { writeModelJson } from '../../../engine/formats/json';
import type { Model } from '../../../engine/schema';
import { connectAndLogin, eventsNamed, type LiveClient } from '../../testing/sockets';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization, grantModelRole, uploadAndWait } from '../../testing/uploads';

function parseDxf(text: string): IDxf {
  const parsed = new DxfParser().parseSync(text);
  if (!parsed) throw new Error('dxf-parser read nothing');
  return parsed;
}

describe.each(databases())('DXF export on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let reader: SessionResponse;
  let limited: SessionResponse;
  let stranger: SessionResponse;
  let model: Model;
  let modelId: string;
  let versionId: string;
  let readerLive: LiveClient;
  let limitedLive: LiveClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const user = (name: string) => signUp(server, uniqueEmail(name), { firstName: name });
    owner = await user('owner');
    reader = await user('reader');
    limited = await user('limited');
    stranger = await user('stranger');
    const organizationId = await createOrganization(server, owner.user._id);
    model = generateBuilding(presetParameters('1k', 7));
    model.units = 'ft';
    const uploaded = await uploadAndWait(server, owner.token, writeModelJson(model).bytes, {
      fileName: 'building.json',
      organizationId,
      name: 'Tower',
    });
    modelId = uploaded.modelId;
    versionId = uploaded.versionId;
    await grantModelRole(server, modelId, reader.user._id, 'READ');
    await grantModelRole(server, modelId, limited.user._id, 'LIMITEDVIEW');
    readerLive = await connectAndLogin(server.url, reader.token, reader.user._id);
    limitedLive = await connectAndLogin(server.url, limited.token, limited.user._id);
  }, 120_000);
  afterAll(async () => {
    readerLive?.close();
    limitedLive?.close();
    await server?.close();
  });

  const dxfPath = (version: string, slash = '/') => `/api/models/${modelId}/data/dxf${slash}?ID=${version}`;
  const get = (path: string, token: string) => server.request('GET', path, { token });
  const parseAnswer = (body: unknown): DxfExportResponse => dxfExportResponse.parse(body);
  async function dxfJobs(): Promise<number> {
    const rows = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM jobs WHERE kind = 'dxfExport' AND payload ->> 'versionId' = $1`,
      [versionId],
    );
    return rows[0]?.count ?? 0;
  }

  it('queues one job, announces DXFExport to READ (not LIMITEDVIEW), and the file has the model in feet', async () => {
    const first = await get(dxfPath(versionId), reader.token);
    expect(first.status).toBe(202);
    const queued = parseAnswer(first.body);
    if (queued.status !== 'queued' && queued.status !== 'running') throw new Error('expected a job');
    // A second ask while it runs joins the job.
    expect(parseAnswer((await get(dxfPath(versionId, ''), owner.token)).body)).toMatchObject({
      jobId: queued.jobId,
    });
    expect(await dxfJobs()).toBe(1);

    const event = await readerLive.waitFor((received) => received.payload.eventName === 'DXFExport', 60_000);
    const data = dxfExportEventSchema.parse(event.payload.data);
    expect(data).toEqual({
      modelId,
      versionId,
      jobId: queued.jobId,
      fileName: 'Tower v1.dxf',
      url: `/api/models/${modelId}/data/dxf/${versionId}/file`,
      error: null,
    });

    const file = await get(data.url ?? '', reader.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Tower v1.dxf');
    const dxf = parseDxf(file.body as string);
    expect(dxf.header['$INSUNITS']).toBe(2);
    const beams = model.elements.filter((element) => element.type === 'Beam').length;
    const beamLines = dxf.entities.filter((e) => e.type === 'LINE' && e.layer === 'BEAM');
    expect(beamLines).toHaveLength(2 * beams);
    // The highest column end is the top level, in feet.
    const top = Math.max(...model.nodes.map((node) => node.z)) / 304.8;
    const columnZ = dxf.entities
      .filter((e): e is ILineEntity => e.type === 'LINE' && e.layer === 'COLUMN')
      .flatMap((line) => line.vertices.map((v) => v.z ?? 0));
    expect(Math.max(...columnZ)).toBeCloseTo(top, 5);
    const sections = dxf.entities.filter((e): e is ITextEntity => e.type === 'TEXT' && e.layer === 'SECTION');
    expect(sections.length).toBeGreaterThan(0);

    // LIMITEDVIEW hears nothing of version data.
    expect(eventsNamed(limitedLive, 'DXFExport')).toEqual([]);
  });

  it('answers a second request at once from the cache, without another job', async () => {
    const again = await get(dxfPath(versionId), owner.token);
    expect(again.status).toBe(200);
    expect(parseAnswer(again.body)).toEqual({
      status: 'done',
      modelId,
      versionId,
      fileName: 'Tower v1.dxf',
      url: `/api/models/${modelId}/data/dxf/${versionId}/file`,
    });
    expect(await dxfJobs()).toBe(1);
  });

  it('draws in the new unit after the model units change, as a new drawing', async () => {
    await server.db.query(`UPDATE models SET units = 'mm' WHERE id = $1`, [modelId]);
    try {
      expect((await get(dxfPath(versionId), reader.token)).status).toBe(202);
      await readerLive.waitFor(
        (received) =>
          received.payload.eventName === 'DXFExport' && eventsNamed(readerLive, 'DXFExport').length >= 2,
        60_000,
      );
      const file = await get(`/api/models/${modelId}/data/dxf/${versionId}/file`, reader.token);
      expect(parseDxf(file.body as string).header['$INSUNITS']).toBe(4);
    } finally {
      await server.db.query(`UPDATE models SET units = 'ft' WHERE id = $1`, [modelId]);
    }
  });

  it('refuses an unknown version, LIMITEDVIEW, strangers and a missing session', async () => {
    expect(await get(dxfPath(randomUUID()), reader.token)).toMatchObject({
      status: 404,
      body: { message: ownMessages.versionNotFound },
    });
    expect(await get(dxfPath('not-a-version'), reader.token)).toMatchObject({ status: 404 });
    expect(await get(dxfPath(versionId), limited.token)).toMatchObject({
      status: 401,
      body: { message: messages.unauthorizedAccess },
    });
    expect((await get(dxfPath(versionId), stranger.token)).status).toBe(404);
    expect((await server.request('GET', dxfPath(versionId))).status).toBe(403);
    const file = `/api/models/${modelId}/data/dxf/${versionId}/file`;
    expect((await get(file, limited.token)).status).toBe(401);
    expect((await get(file, stranger.token)).status).toBe(404);
    expect((await get(`/api/models/${modelId}/data/dxf/${randomUUID()}/file`, reader.token)).status).toBe(
      404,
    );
  });

  it('tells a failed drawing once with the reason, then retries it on the next ask', async () => {
    // A second version whose manifest names an object that is not stored: it cannot be drawn.
    const broken = randomUUID();
    await server.db.query(
      `INSERT INTO versions (id, model_id, number, author_id, created_at, message, origin, source_blob, manifest,
                             model_hash, counts, report)
       SELECT $1, model_id, number + 1, author_id, created_at, message, origin, source_blob,
              jsonb_set(manifest, '{header}', to_jsonb('0000'::text)), model_hash, counts, report
         FROM versions WHERE id = $2`,
      [broken, versionId],
    );
    const first = parseAnswer((await get(dxfPath(broken), reader.token)).body);
    if (first.status !== 'queued' && first.status !== 'running') throw new Error('expected a job');
    const event = await readerLive.waitFor(
      (received) =>
        received.payload.eventName === 'DXFExport' &&
        (received.payload.data as { jobId: string }).jobId === first.jobId,
      60_000,
    );
    const data = dxfExportEventSchema.parse(event.payload.data);
    expect(data.url).toBeNull();
    expect(data.error?.startsWith(ownMessages.dxfFailed.replace('{reason}', ''))).toBe(true);
    expect(parseAnswer((await get(dxfPath(broken), reader.token)).body)).toEqual({
      status: 'failed',
      jobId: first.jobId,
      error: data.error,
    });
    const retried = await get(dxfPath(broken), reader.token);
    expect(retried.status).toBe(202);
    expect(parseAnswer(retried.body)).not.toMatchObject({ jobId: first.jobId });
  });
});
