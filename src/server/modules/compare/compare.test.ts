import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { messages, ownMessages } from '../../../contract/errors';
import { diffResponse, type DiffResponse, type DiffViewWire } from '../../../contract/http/compare';
import { reportListResponse, reportSchema, type Report } from '../../../contract/http/reports';
import { modelListResponse } from '../../../contract/http/models';
import type { SessionResponse } from '../../../contract/http/users';
import { writeModelJson } from '../../../engine/formats/json';
import type { Element, Model } from '../../../engine/schema';
import { connectAndLogin, eventsNamed, type LiveClient } from '../../testing/sockets';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization, grantModelRole, uploadAndWait } from '../../testing/uploads';
import { nodeIdsOf } from '../versions/minimal';

/**
 * The known edits between the two uploaded versions, made on a generated building so the expected diff is
 * derived from the edits themselves: one node moved 12 mm up, one beam's profile swapped, one column deleted,
 * one beam added (a copy of another under a new id).
 */
interface Edits {
  before: Model;
  after: Model;
  movedNodeId: string;
  swappedBeamId: string;
  removedColumnId: string;
  addedBeamId: string;
  /** Elements with a node on the moved node (each a Geometry change), the removed column excluded. */
  elementsOnMovedNode: Set<string>;
}

function makeEdits(): Edits {
  const before = generateBuilding(presetParameters('1k', 23));
  // Display units mm, so deviations read in mm.
  before.units = 'mm';
  const after = structuredClone(before);
  const touches = (element: Element, nodeId: string) => nodeIdsOf(element).includes(nodeId);

  // An interior node of the top level: no point load (those are on the x = 0 facade).
  const topLevel = after.levels.find(
    (level) => level.id !== 'Base' && level.elevation === Math.max(...after.levels.map((l) => l.elevation)),
  );
  const moved = after.nodes.find((node) => node.levelId === topLevel?.id && node.x > 0 && node.y > 0);
  if (!moved) throw new Error('the building has an interior top node');
  moved.z += 12;

  const awayFromMoved = (element: Element) => !touches(element, moved.id);
  const swapped = after.elements.find(
    (element) => element.type === 'Beam' && element.profileId === 'BEAM-SHORT' && awayFromMoved(element),
  );
  const removed = after.elements.find(
    (element) => element.type === 'Column' && awayFromMoved(element) && element.id !== swapped?.id,
  );
  const copied = after.elements.find(
    (element) => element.type === 'Beam' && awayFromMoved(element) && element.id !== swapped?.id,
  );
  if (!swapped || swapped.type !== 'Beam' || !removed || !copied)
    throw new Error('the building has beams and columns');
  swapped.profileId = 'BEAM-LONG';
  after.elements = after.elements.filter((element) => element.id !== removed.id);
  const added = { ...structuredClone(copied), id: `B999@${copied.id.split('@')[1] ?? 'X'}`, name: 'B999' };
  after.elements.push(added);

  const elementsOnMovedNode = new Set(
    after.elements.filter((element) => touches(element, moved.id)).map((element) => element.id),
  );
  return {
    before,
    after,
    movedNodeId: moved.id,
    swappedBeamId: swapped.id,
    removedColumnId: removed.id,
    addedBeamId: added.id,
    elementsOnMovedNode,
  };
}

async function workbookOf(bytes: ArrayBuffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook;
}

describe.each(databases())('compare versions and reports on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let writer: SessionResponse;
  let otherWriter: SessionResponse;
  let reader: SessionResponse;
  let limited: SessionResponse;
  let otherLimited: SessionResponse;
  let stranger: SessionResponse;
  let edits: Edits;
  let modelId: string;
  let v1: string;
  let v2: string;
  let readerLive: LiveClient;
  let limitedLive: LiveClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const user = (name: string) => signUp(server, uniqueEmail(name), { firstName: name });
    owner = await user('owner');
    writer = await user('writer');
    otherWriter = await user('writer2');
    reader = await user('reader');
    limited = await user('limited');
    otherLimited = await user('limited2');
    stranger = await user('stranger');
    const organizationId = await createOrganization(server, owner.user._id);
    edits = makeEdits();
    const first = await uploadAndWait(server, owner.token, writeModelJson(edits.before).bytes, {
      fileName: 'building.json',
      organizationId,
      name: 'Tower',
    });
    modelId = first.modelId;
    v1 = first.versionId;
    v2 = (
      await uploadAndWait(server, owner.token, writeModelJson(edits.after).bytes, {
        fileName: 'building.json',
        modelId,
      })
    ).versionId;
    await grantModelRole(server, modelId, writer.user._id, 'WRITE');
    await grantModelRole(server, modelId, otherWriter.user._id, 'WRITE');
    await grantModelRole(server, modelId, reader.user._id, 'READ');
    await grantModelRole(server, modelId, limited.user._id, 'LIMITEDVIEW');
    await grantModelRole(server, modelId, otherLimited.user._id, 'LIMITEDVIEW');
    readerLive = await connectAndLogin(server.url, reader.token, reader.user._id);
    limitedLive = await connectAndLogin(server.url, limited.token, limited.user._id);
  }, 120_000);
  afterAll(async () => {
    readerLive?.close();
    limitedLive?.close();
    await server?.close();
  });

  const get = (path: string, token: string) => server.request('GET', path, { token });
  const diffPath = (from: string, to: string, query = '') =>
    `/api/models/${modelId}/data/diff?from=${from}&to=${to}${query}`;

  /** Asks until the diff is done (or failed), as a client does after VersionDiff. */
  async function diffWhenReady(path: string, token: string): Promise<DiffResponse> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const response = await get(path, token);
      const body = diffResponse.parse(response.body);
      if (body.status === 'done' || body.status === 'failed') return body;
      if (Date.now() > deadline) throw new Error(`diff still ${body.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  function doneDiff(body: DiffResponse): DiffViewWire {
    if (body.status !== 'done') throw new Error(`expected a done diff, got ${JSON.stringify(body)}`);
    return body.diff;
  }

  async function diffJobsFor(from: string, to: string): Promise<number> {
    const rows = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM jobs
        WHERE kind = 'diff' AND payload ->> 'fromVersionId' = $1 AND payload ->> 'toVersionId' = $2`,
      [from, to],
    );
    return rows[0]?.count ?? 0;
  }

  describe('GET …/data/diff', () => {
    it('answers 202 with one job for the pair, announces VersionDiff to READ (not LIMITEDVIEW), then the diff of the edits', async () => {
      const first = await get(diffPath(v1, v2), reader.token);
      expect(first.status).toBe(202);
      const queued = diffResponse.parse(first.body);
      if (queued.status !== 'queued' && queued.status !== 'running') throw new Error('expected a job');
      // A second ask while the job runs joins it rather than starting another.
      const second = diffResponse.parse((await get(diffPath(v1, v2), owner.token)).body);
      expect(second).toMatchObject({ jobId: queued.jobId });
      expect(await diffJobsFor(v1, v2)).toBe(1);

      const event = await readerLive.waitFor(
        (received) => received.payload.eventName === 'VersionDiff',
        60_000,
      );
      expect(event.payload.data).toEqual({
        modelId,
        fromVersionId: v1,
        toVersionId: v2,
        jobId: queued.jobId,
        error: null,
      });

      const answer = await get(diffPath(v1, v2), reader.token);
      expect(answer.status).toBe(200);
      const body = diffResponse.parse(answer.body);
      expect(body).toMatchObject({ status: 'done', fromVersionId: v1, toVersionId: v2 });
      const diff = doneDiff(body);
      expect(diff.units).toBe('mm');
      const nodes = edits.before.nodes.length;
      expect(diff.counts.nodes).toEqual({ added: 0, removed: 0, modified: 1, unchanged: nodes - 1 });
      const modifiedElements = new Set([edits.swappedBeamId, ...edits.elementsOnMovedNode]);
      expect(diff.counts.elements).toEqual({
        added: 1,
        removed: 1,
        modified: modifiedElements.size,
        unchanged: edits.before.elements.length - 1 - modifiedElements.size,
      });
      const byKey = new Map(diff.changes.map((change) => [change.key, change]));
      expect(byKey.get(`elements:${edits.addedBeamId}`)).toMatchObject({ kind: 'added', type: 'Beam' });
      expect(byKey.get(`elements:${edits.removedColumnId}`)).toMatchObject({
        kind: 'removed',
        type: 'Column',
      });
      expect(byKey.get(`elements:${edits.swappedBeamId}`)).toMatchObject({
        kind: 'modified',
        groups: ['Profile'],
      });
      const movedNode = byKey.get(`nodes:${edits.movedNodeId}`);
      expect(movedNode).toMatchObject({ kind: 'modified', groups: ['Geometry'] });
      expect(movedNode?.details.find((detail) => detail.group === 'Geometry')?.deviation).toBeCloseTo(12, 6);
      for (const id of edits.elementsOnMovedNode) {
        expect(byKey.get(`elements:${id}`)?.groups).toContain('Geometry');
      }

      // LIMITEDVIEW never hears of version data: the same delivery went to the reader only.
      expect(eventsNamed(limitedLive, 'VersionDiff')).toEqual([]);
    });

    it('answers a second ask from the cache, without another job', async () => {
      const answer = await get(diffPath(v1, v2), owner.token);
      expect(answer.status).toBe(200);
      expect(diffResponse.parse(answer.body).status).toBe('done');
      expect(await diffJobsFor(v1, v2)).toBe(1);
    });

    it('computes other tolerances under their own key: within 20 mm the 12 mm move is no change', async () => {
      const first = await get(diffPath(v1, v2, '&lengthTolerance=20'), reader.token);
      expect(first.status).toBe(202);
      const diff = doneDiff(await diffWhenReady(diffPath(v1, v2, '&lengthTolerance=20'), reader.token));
      expect(diff.options.lengthTolerance).toBe(20);
      expect(diff.counts.nodes?.modified).toBe(0);
      expect(diff.counts.elements).toMatchObject({ added: 1, removed: 1, modified: 1 });
      expect(await diffJobsFor(v1, v2)).toBe(2);
      // The default diff is still the cached one.
      expect(
        doneDiff(diffResponse.parse((await get(diffPath(v1, v2), reader.token)).body)).counts.nodes?.modified,
      ).toBe(1);
    });

    it('refuses one version twice, a version of no such pair, LIMITEDVIEW and strangers', async () => {
      expect(await get(diffPath(v1, v1), reader.token)).toMatchObject({
        status: 400,
        body: { message: ownMessages.sameVersionCompared },
      });
      expect(await get(diffPath(v1, randomUUID()), reader.token)).toMatchObject({
        status: 404,
        body: { message: ownMessages.versionNotFound },
      });
      expect(await get(diffPath(v1, 'not-a-version'), reader.token)).toMatchObject({ status: 404 });
      expect(await get(diffPath(v1, v2), limited.token)).toMatchObject({
        status: 401,
        body: { message: messages.unauthorizedAccess },
      });
      expect(await get(diffPath(v1, v2), stranger.token)).toMatchObject({
        status: 404,
        body: { message: ownMessages.modelNotFound },
      });
    });
  });

  describe('reports', () => {
    let writersReport: Report;
    let ownersReport: Report;
    const reportsPath = () => `/api/models/${modelId}/reports`;
    const reportPath = (id: string) => `${reportsPath()}/${id}`;

    it('creates a report with the default title and its assignees, tells LIMITEDVIEW to refresh, and starts its diff', async () => {
      const created = await server.request('POST', reportsPath(), {
        token: writer.token,
        json: { currentVersionID: v1, comparisonVersionID: v2, assignedUserIds: [limited.user._id] },
      });
      expect(created.status).toBe(201);
      writersReport = reportSchema.parse(created.body);
      expect(writersReport).toMatchObject({
        modelId,
        title: 'Version 2 → Version 1',
        currentVersionID: v1,
        comparisonVersionID: v2,
        currentVersionNumber: 1,
        comparisonVersionNumber: 2,
        currentUserRole: 'WRITE',
        createdBy: { _id: writer.user._id },
      });
      expect(writersReport.permissions).toEqual([
        expect.objectContaining({
          user: expect.objectContaining({ _id: limited.user._id }),
          type: 'LIMITEDVIEW',
        }),
      ]);
      await limitedLive.waitFor(
        (event) =>
          event.payload.eventName === 'ModelUpdated' &&
          (event.payload.data as { modelId: string }).modelId === modelId,
      );
      // Creating started the diff of v2 → v1, before anyone asked for it.
      await expect.poll(() => diffJobsFor(v2, v1), { timeout: 10_000 }).toBe(1);

      const second = await server.request('POST', reportsPath(), {
        token: owner.token,
        json: { title: 'Owner check', currentVersionID: v2, comparisonVersionID: v1 },
      });
      expect(second.status).toBe(201);
      ownersReport = reportSchema.parse(second.body);
      expect(ownersReport).toMatchObject({ title: 'Owner check', permissions: [], currentUserRole: 'ADMIN' });
    });

    it('refuses the same version twice, a version of another model, non-collaborator assignees and READ', async () => {
      const post = (token: string, json: unknown) => server.request('POST', reportsPath(), { token, json });
      expect(await post(writer.token, { currentVersionID: v1, comparisonVersionID: v1 })).toMatchObject({
        status: 400,
        body: { message: ownMessages.sameVersionCompared },
      });
      const elsewhere = randomUUID();
      expect(
        await post(writer.token, { currentVersionID: v1, comparisonVersionID: elsewhere }),
      ).toMatchObject({
        status: 404,
        body: { message: ownMessages.versionNotFound },
      });
      expect(
        await post(writer.token, {
          currentVersionID: v1,
          comparisonVersionID: v2,
          assignedUserIds: [stranger.user._id],
        }),
      ).toMatchObject({ status: 400, body: { message: ownMessages.reportAssigneeNotCollaborator } });
      expect(await post(reader.token, { currentVersionID: v1, comparisonVersionID: v2 })).toMatchObject({
        status: 401,
        body: { message: messages.unauthorizedAccess },
      });
      expect(await post(limited.token, { currentVersionID: v1, comparisonVersionID: v2 })).toMatchObject({
        status: 401,
      });
    });

    it('lists newest first; LIMITEDVIEW sees only the reports assigned to them, in the list and the model list', async () => {
      const all = reportListResponse.parse((await get(reportsPath(), reader.token)).body);
      expect(all.data.map((report) => report._id)).toEqual([ownersReport._id, writersReport._id]);
      expect(all.data[0]?.currentUserRole).toBe('READ');

      const assigned = reportListResponse.parse((await get(reportsPath(), limited.token)).body);
      expect(assigned.data.map((report) => report._id)).toEqual([writersReport._id]);
      expect(reportListResponse.parse((await get(reportsPath(), otherLimited.token)).body).data).toEqual([]);
      expect(await get(reportsPath(), stranger.token)).toMatchObject({ status: 404 });

      const listed = async (token: string) => {
        const models = modelListResponse.parse((await get('/api/models?getReports=true', token)).body).data;
        const model = models.find((candidate) => candidate._id === modelId);
        return { count: model?.reportCount, ids: model?.reports?.map((report) => report._id) };
      };
      expect(await listed(owner.token)).toEqual({ count: 2, ids: [ownersReport._id, writersReport._id] });
      expect(await listed(limited.token)).toEqual({ count: 1, ids: [writersReport._id] });
      expect(await listed(otherLimited.token)).toEqual({ count: 0, ids: [] });
    });

    it('opens an assigned report diff to LIMITEDVIEW and answers 404 for the others', async () => {
      // The owner's report (v1 → v2) is cached already; LIMITEDVIEW may not see it.
      expect(await get(`${reportPath(ownersReport._id)}/diff`, limited.token)).toMatchObject({
        status: 404,
        body: { message: ownMessages.reportNotFound },
      });
      const diff = doneDiff(await diffWhenReady(`${reportPath(writersReport._id)}/diff`, limited.token));
      // v2 → v1 undoes the edits: the added beam is removed, the removed column added.
      expect(diff.counts.elements).toMatchObject({ added: 1, removed: 1 });
      expect(diff.changes.find((change) => change.key === `elements:${edits.removedColumnId}`)?.kind).toBe(
        'added',
      );
      expect(await get(`${reportPath(randomUUID())}/diff`, reader.token)).toMatchObject({
        status: 404,
        body: { message: ownMessages.reportNotFound },
      });
    });

    it('exports the assigned report as a workbook whose Changes sheet has a row per property change', async () => {
      const response = await fetch(`${server.url}${reportPath(ownersReport._id)}/xlsx`, {
        headers: { authorization: reader.token },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('spreadsheetml');
      expect(response.headers.get('content-disposition')).toContain('.xlsx');
      const workbook = await workbookOf(await response.arrayBuffer());
      const diff = doneDiff(diffResponse.parse((await get(diffPath(v1, v2), reader.token)).body));

      const summary = workbook.getWorksheet('Summary');
      const summaryValues = summary?.getSheetValues().flat().map(String) ?? [];
      expect(summaryValues).toEqual(expect.arrayContaining(['Tower', 'Owner check']));

      const changes = workbook.getWorksheet('Changes');
      if (!changes) throw new Error('the workbook has a Changes sheet');
      const header = changes.getRow(1);
      expect(header.values).toEqual([
        undefined,
        'Status',
        'Type',
        'Label',
        'Level',
        'Property',
        'Change',
        'Deviation (mm)',
      ]);
      expect(header.font?.bold).toBe(true);
      expect(changes.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      const expectedRows = diff.changes.reduce((sum, change) => sum + Math.max(1, change.details.length), 0);
      expect(changes.actualRowCount - 1).toBe(expectedRows);
      const rows = changes.getSheetValues().slice(2) as unknown[][];
      const profileRow = rows.find((row) => row[1] === 'Modified' && row[5] === 'Profile');
      expect(profileRow?.[2]).toBe('Beam');
      const movedRow = rows.find(
        (row) => row[1] === 'Modified' && row[2] === 'Node' && row[5] === 'Geometry',
      );
      expect(movedRow?.[7]).toBeCloseTo(12, 6);

      const assignedOnly = await fetch(`${server.url}${reportPath(ownersReport._id)}/xlsx`, {
        headers: { authorization: limited.token },
      });
      expect(assignedOnly.status).toBe(404);
      const assigned = await fetch(`${server.url}${reportPath(writersReport._id)}/xlsx`, {
        headers: { authorization: limited.token },
      });
      expect(assigned.status).toBe(200);
      expect(
        (await workbookOf(await assigned.arrayBuffer())).getWorksheet('Changes')?.actualRowCount,
      ).toBeGreaterThan(1);
    });

    it('lets the model ADMIN edit any report and a WRITE creator only their own, while they still write', async () => {
      const put = (id: string, token: string, json: unknown) =>
        server.request('PUT', reportPath(id), { token, json });
      const forbidden = { status: 401, body: { message: ownMessages.reportEditForbidden } };
      expect(await put(writersReport._id, otherWriter.token, { title: 'Not mine' })).toMatchObject(forbidden);
      expect(await put(writersReport._id, reader.token, { title: 'Not mine' })).toMatchObject(forbidden);
      expect(await put(writersReport._id, limited.token, { title: 'Not mine' })).toMatchObject(forbidden);
      expect(await put(ownersReport._id, limited.token, { title: 'Hidden' })).toMatchObject({
        status: 404,
        body: { message: ownMessages.reportNotFound },
      });
      expect(await put(ownersReport._id, writer.token, { title: 'Not mine' })).toMatchObject(forbidden);

      const own = await put(writersReport._id, writer.token, {
        title: 'Mine, renamed',
        assignedUserIds: [limited.user._id, otherLimited.user._id],
      });
      expect(own.status).toBe(200);
      expect(
        reportSchema
          .parse(own.body)
          .permissions.map((permission) => permission.user._id)
          .sort(),
      ).toEqual([limited.user._id, otherLimited.user._id].sort());
      const byAdmin = await put(writersReport._id, owner.token, { title: 'Checked by the ADMIN' });
      expect(byAdmin).toMatchObject({
        status: 200,
        body: { title: 'Checked by the ADMIN', currentUserRole: 'ADMIN' },
      });
      expect(await put(writersReport._id, owner.token, { currentVersionID: v2 })).toMatchObject({
        status: 400,
        body: { message: ownMessages.sameVersionCompared },
      });

      // Demoted to READ, the creator can no longer change their report.
      await grantModelRole(server, modelId, writer.user._id, 'READ');
      expect(await put(writersReport._id, writer.token, { title: 'Again' })).toMatchObject(forbidden);
      await grantModelRole(server, modelId, writer.user._id, 'WRITE');
    });

    it('deletes a report for its creator, after which it is gone for everyone', async () => {
      expect(
        await server.request('DELETE', reportPath(writersReport._id), { token: otherWriter.token }),
      ).toMatchObject({
        status: 401,
      });
      expect(
        await server.request('DELETE', reportPath(writersReport._id), { token: writer.token }),
      ).toMatchObject({
        status: 200,
        body: { message: ownMessages.reportRemoved },
      });
      expect(reportListResponse.parse((await get(reportsPath(), limited.token)).body).data).toEqual([]);
      expect(await get(`${reportPath(writersReport._id)}/diff`, owner.token)).toMatchObject({ status: 404 });
      expect(
        await server.request('DELETE', reportPath(writersReport._id), { token: owner.token }),
      ).toMatchObject({
        status: 404,
      });
    });
  });

  it('tells a failed diff once, then retries it on the next ask', async () => {
    // A third version whose manifest names an object that is not stored: its diff cannot be computed.
    const v3 = randomUUID();
    await server.db.query(
      `INSERT INTO versions (id, model_id, number, author_id, created_at, message, origin, source_blob, manifest,
                             model_hash, counts, report)
       SELECT $1, model_id, number + 1, author_id, created_at, message, origin, source_blob,
              jsonb_set(manifest, '{header}', to_jsonb('0000'::text)), model_hash, counts, report
         FROM versions WHERE id = $2`,
      [v3, v2],
    );
    const first = diffResponse.parse((await get(diffPath(v2, v3), reader.token)).body);
    if (first.status !== 'queued' && first.status !== 'running') throw new Error('expected a job');
    const event = await readerLive.waitFor(
      (received) =>
        received.payload.eventName === 'VersionDiff' &&
        (received.payload.data as { jobId: string }).jobId === first.jobId,
      60_000,
    );
    const reason = (event.payload.data as { error: string | null }).error;
    expect(reason).toMatch(
      new RegExp(
        `^${ownMessages.diffFailed.replace('{reason}', '').replace(/[.*+?^${}()|[\]\\:]/g, '\\$&')}`,
      ),
    );

    const told = await get(diffPath(v2, v3), reader.token);
    expect(told.status).toBe(200);
    expect(diffResponse.parse(told.body)).toEqual({ status: 'failed', jobId: first.jobId, error: reason });
    const retried = await get(diffPath(v2, v3), reader.token);
    expect(retried.status).toBe(202);
    expect(diffResponse.parse(retried.body)).not.toMatchObject({ jobId: first.jobId });
  });
});
