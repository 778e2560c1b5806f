import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { messages, ownMessages } from '../../../contract/errors';
import { mergePreviewResponse, type MergeBody } from '../../../contract/http/merge';
import { reviewResponse } from '../../../contract/http/reviews';
import type { SessionResponse } from '../../../contract/http/users';
import { versionSchema } from '../../../contract/http/versions';
import { jobSchema, type Job } from '../../../contract/http/jobs';
import { diffModels, type ChangeSelection } from '../../../engine/diff';
import type { Element, Model } from '../../../engine/schema';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { connectAndLogin, eventsNamed, type LiveClient } from '../../testing/sockets';
import {
  createOrganization,
  grantModelRole,
  postUpload,
  uploadAndWait,
  waitForJob,
} from '../../testing/uploads';
import { loadVersionModel } from '../versions/storedModels';

/**
 * Upload review and merge (issue #7) over HTTP and a real socket, on one server per database. The models are a
 * generated building and copies of it with edits made here, so every expected change is known from the edit
 * that made it (the oracle), not from the engine's answer.
 */

const BASE = generateBuilding(presetParameters('1k', 7));
const bytesOf = (model: Model) => new TextEncoder().encode(JSON.stringify(model));
const keysOf = (diff: { changes: ReadonlyArray<{ key: string }> }) => diff.changes.map((c) => c.key).sort();

function elementOf(model: Model, id: string): Element {
  const element = model.elements.find((candidate) => candidate.id === id);
  if (!element) throw new Error(`the building has ${id}`);
  return element;
}

/** A copy of the model with these edits: profiles swapped, elements removed, elements added. */
function edited(
  model: Model,
  edits: { profiles?: Record<string, string>; remove?: string[]; add?: Element[] },
): Model {
  const copy = structuredClone(model);
  copy.elements = copy.elements
    .filter((element) => !(edits.remove ?? []).includes(element.id))
    .map((element) => {
      const profileId = edits.profiles?.[element.id];
      return profileId === undefined ? element : ({ ...element, profileId } as Element);
    });
  copy.elements.push(...(edits.add ?? []));
  return copy;
}

/** The other beam profile than the element's, so the swap is a change whatever the generator chose. */
function otherBeamProfile(id: string): string {
  const element = elementOf(BASE, id);
  return 'profileId' in element && element.profileId === 'BEAM-LONG' ? 'BEAM-SHORT' : 'BEAM-LONG';
}

/** A new beam across two bays of the first storey, where no member is. */
const NEW_BEAM: Element = {
  ...(elementOf(BASE, 'B1@Story1') as Extract<Element, { type: 'Beam' }>),
  id: 'B999@Story1',
  name: 'B999',
  startNodeId: '1@Story1',
  endNodeId: '3@Story1',
};

describe.each(databases())('upload review and merge on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let writer: SessionResponse;
  let reader: SessionResponse;
  let stranger: SessionResponse;
  let organizationId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUp(server, uniqueEmail('owner'), { firstName: 'Olga', lastName: 'Owner' });
    writer = await signUp(server, uniqueEmail('writer'));
    reader = await signUp(server, uniqueEmail('reader'));
    stranger = await signUp(server, uniqueEmail('stranger'));
    organizationId = await createOrganization(server, owner.user._id);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function newModel(model: Model, name: string) {
    const job = await uploadAndWait(server, owner.token, bytesOf(model), {
      fileName: `${name}.json`,
      organizationId,
      name,
    });
    await grantModelRole(server, job.modelId, writer.user._id, 'WRITE');
    await grantModelRole(server, job.modelId, reader.user._id, 'READ');
    return { modelId: job.modelId, versionId: job.versionId };
  }

  async function stored(modelId: string, versionId: string): Promise<Model> {
    const version = await loadVersionModel(server.db, modelId, versionId);
    if (!version) throw new Error(`no version ${versionId}`);
    return version.model;
  }

  async function modelHash(versionId: string): Promise<string | undefined> {
    const rows = await server.db.query<{ model_hash: string }>(
      'SELECT model_hash FROM versions WHERE id = $1',
      [versionId],
    );
    return rows[0]?.model_hash;
  }

  /** Uploads with review=true and waits for the job; its review id. */
  async function review(token: string, modelId: string, model: Model, sessionId?: string): Promise<Job> {
    const accepted = await postUpload(server, token, bytesOf(model), {
      fileName: 'review.json',
      modelId,
      review: true,
      ...(sessionId ? { sessionId } : {}),
    });
    expect(accepted.status).toBe(202);
    const job = await waitForJob(server, token, jobSchema.parse(accepted.body)._id);
    expect(job).toMatchObject({ status: 'done', modelId, versionId: null, kind: 'upload' });
    return job;
  }

  const apply = (token: string, modelId: string, reviewId: string, selection: ChangeSelection) =>
    server.request('POST', `/api/models/${modelId}/reviews/${reviewId}/apply`, {
      token,
      json: { selection },
    });

  describe('upload review', () => {
    const changedProfiles = {
      'B1@Story1': otherBeamProfile('B1@Story1'),
      'B2@Story2': otherBeamProfile('B2@Story2'),
    };
    const upload = edited(BASE, { profiles: changedProfiles, remove: ['D1@Story1'], add: [NEW_BEAM] });
    const expectedKeys = [
      'elements:B1@Story1',
      'elements:B2@Story2',
      'elements:B999@Story1',
      'elements:D1@Story1',
    ];
    let modelId: string;
    let baseVersionId: string;

    beforeAll(async () => {
      ({ modelId, versionId: baseVersionId } = await newModel(BASE, 'Reviewed'));
    });

    it('refuses a review without a model, or of a model without versions (400 reviewNeedsModel)', async () => {
      const noModel = await postUpload(server, owner.token, bytesOf(upload), {
        fileName: 'review.json',
        organizationId,
        name: 'Nope',
        review: true,
      });
      expect(noModel).toMatchObject({ status: 400, body: { message: ownMessages.reviewNeedsModel } });

      const empty = randomUUID();
      await server.db.query(
        `INSERT INTO models (id, organization_id, name, units, created_by, created_at, updated_at)
         VALUES ($1, $2, 'Empty', 'm', $3, now(), now())`,
        [empty, organizationId, owner.user._id],
      );
      const noVersion = await postUpload(server, owner.token, bytesOf(upload), {
        fileName: 'review.json',
        modelId: empty,
        review: true,
      });
      expect(noVersion).toMatchObject({ status: 400, body: { message: ownMessages.reviewNeedsModel } });
    });

    it('makes a review, not a version: the job names it, ProgressUpdate carries it, no ModelAdded', async () => {
      const live = await connectAndLogin(server.url, reader.token, reader.user._id);
      try {
        const versionsBefore = await server.db.query('SELECT id FROM versions WHERE model_id = $1', [
          modelId,
        ]);
        const job = await review(owner.token, modelId, upload);
        expect(job.reviewId).toEqual(expect.any(String));
        const done = await live.waitFor(
          (event) =>
            event.payload.eventName === 'ProgressUpdate' &&
            jobSchema.parse(event.payload.data).status === 'done' &&
            jobSchema.parse(event.payload.data)._id === job._id,
        );
        expect(jobSchema.parse(done.payload.data).reviewId).toBe(job.reviewId);
        const versionsAfter = await server.db.query('SELECT id FROM versions WHERE model_id = $1', [modelId]);
        expect(versionsAfter.length).toBe(versionsBefore.length);
        // (The model's own creation may still be on its way: only a new version would be the review's.)
        const newVersions = eventsNamed(live, 'ModelAdded').filter(
          (payload) => (payload.data as { newModel: boolean }).newModel === false,
        );
        expect(newVersions).toEqual([]);
      } finally {
        live.close();
      }
    });

    it('shows the review with its diff against the latest version: exactly the edits made', async () => {
      const job = await review(writer.token, modelId, upload);
      const answer = await server.request('GET', `/api/models/${modelId}/reviews/${job.reviewId}`, {
        token: writer.token,
      });
      expect(answer.status).toBe(200);
      const { review: shown, diff } = reviewResponse.parse(answer.body);
      expect(shown).toMatchObject({
        status: 'open',
        baseVersionId,
        baseVersionNumber: 1,
        fileName: 'review.json',
        createdBy: { _id: writer.user._id },
        appliedVersionId: null,
      });
      expect(keysOf(diff)).toEqual(expectedKeys);
      expect(diff.counts.elements).toMatchObject({ added: 1, removed: 1, modified: 2 });
      expect(diff.changes.find((change) => change.key === 'elements:B1@Story1')?.groups).toEqual(['Profile']);

      // Another WRITE user may not see it; the model's ADMIN may.
      await grantModelRole(server, modelId, stranger.user._id, 'WRITE');
      const other = await server.request('GET', `/api/models/${modelId}/reviews/${job.reviewId}`, {
        token: stranger.token,
      });
      expect(other).toMatchObject({ status: 404, body: { message: ownMessages.reviewNotFound } });
      await server.db.query('DELETE FROM model_permissions WHERE model_id = $1 AND user_id = $2', [
        modelId,
        stranger.user._id,
      ]);
      const admin = await server.request('GET', `/api/models/${modelId}/reviews/${job.reviewId}`, {
        token: owner.token,
      });
      expect(admin.status).toBe(200);
    });

    it('refuses an empty selection (400 nothingSelected)', async () => {
      const job = await review(owner.token, modelId, upload);
      const none = await apply(owner.token, modelId, job.reviewId as string, { keys: [] });
      expect(none).toMatchObject({ status: 400, body: { message: ownMessages.nothingSelected } });
      const unknown = await apply(owner.token, modelId, job.reviewId as string, { keys: ['elements:nope'] });
      expect(unknown).toMatchObject({ status: 400, body: { message: ownMessages.nothingSelected } });
    });

    it('applies part: the new version has exactly the chosen changes, and readers hear ModelAdded', async () => {
      const job = await review(owner.token, modelId, upload);
      const live = await connectAndLogin(server.url, reader.token, reader.user._id);
      try {
        const chosen = ['elements:B1@Story1', 'elements:B999@Story1'];
        const applied = await apply(owner.token, modelId, job.reviewId as string, { keys: chosen });
        expect(applied.status).toBe(201);
        const version = versionSchema.parse(applied.body);
        expect(version).toMatchObject({
          number: 2,
          Author: { _id: owner.user._id },
          origin: {
            kind: 'review',
            fileName: 'review.json',
            format: 'json',
            changeCount: 2,
            totalChanges: expectedKeys.length,
          },
        });
        const base = await stored(modelId, baseVersionId);
        const made = await stored(modelId, version.ID);
        expect(keysOf(diffModels(base, made))).toEqual(chosen);
        // What was left out is still the difference to the upload.
        expect(keysOf(diffModels(made, upload))).toEqual(['elements:B2@Story2', 'elements:D1@Story1']);
        expect(elementOf(made, 'B1@Story1')).toEqual(elementOf(upload, 'B1@Story1'));

        const added = await live.waitFor((event) => event.payload.eventName === 'ModelAdded');
        expect(added.payload.data).toMatchObject({ modelId, versionId: version.ID, versionNumber: 2 });

        const again = await apply(owner.token, modelId, job.reviewId as string, { all: true });
        expect(again).toMatchObject({ status: 409, body: { message: ownMessages.reviewClosed } });
        const shown = reviewResponse.parse(
          (
            await server.request('GET', `/api/models/${modelId}/reviews/${job.reviewId}`, {
              token: owner.token,
            })
          ).body,
        );
        expect(shown.review).toMatchObject({ status: 'applied', appliedVersionId: version.ID });
      } finally {
        live.close();
      }
    });

    it('applies one property of a change: a moved, resized beam gets its section, not its move; a wrong group is 400', async () => {
      // In an organization of its own: the shared one's three free models are the other tests'.
      const job0 = await uploadAndWait(server, owner.token, bytesOf(BASE), {
        fileName: 'by-property.json',
        organizationId: await createOrganization(server, owner.user._id),
        name: 'By property',
      });
      const { modelId: ownModel, versionId: ownBase } = job0;
      const moved = structuredClone(BASE);
      const beam = elementOf(moved, 'B1@Story1') as Extract<Element, { type: 'Beam' }>;
      const to = otherBeamProfile('B1@Story1');
      const from = (elementOf(BASE, 'B1@Story1') as Extract<Element, { type: 'Beam' }>).profileId;
      beam.profileId = to;
      const end = moved.nodes.find((node) => node.id === beam.endNodeId);
      if (!end) throw new Error('the beam has an end node');
      end.x += 100;
      const job = await review(owner.token, ownModel, moved);
      const shown = reviewResponse.parse(
        (
          await server.request('GET', `/api/models/${ownModel}/reviews/${job.reviewId}`, {
            token: owner.token,
          })
        ).body,
      );
      const change = shown.diff.changes.find((item) => item.key === 'elements:B1@Story1');
      expect(change?.groups).toEqual(['Geometry', 'Profile']);

      // A group Gusset does not have is refused, and the review stays open.
      const wrong = await server.request('POST', `/api/models/${ownModel}/reviews/${job.reviewId}/apply`, {
        token: owner.token,
        json: { selection: { parts: { 'elements:B1@Story1': ['Colour'] } } },
      });
      expect(wrong.status).toBe(400);

      const applied = await apply(owner.token, ownModel, job.reviewId as string, {
        parts: { 'elements:B1@Story1': ['Profile'] },
      });
      expect(applied.status).toBe(201);
      const version = versionSchema.parse(applied.body);
      expect(version.message).toBe(`1 beam resized ${from} → ${to} (from review.json)`);
      const made = await stored(ownModel, version.ID);
      const diff = diffModels(await stored(ownModel, ownBase), made);
      expect(keysOf(diff)).toEqual(['elements:B1@Story1']);
      expect(diff.changes[0]?.kind === 'modified' && diff.changes[0].changes).toEqual([
        { path: 'profileId', group: 'Profile', before: from, after: to },
      ]);
    });

    it('refuses a review whose base is no longer the latest version (409 reviewOutdated)', async () => {
      // The reviews made before version 2 compared with version 1.
      const open = await server.db.query<{ id: string }>(
        `SELECT id FROM upload_reviews WHERE model_id = $1 AND status = 'open' LIMIT 1`,
        [modelId],
      );
      const reviewId = open[0]?.id as string;
      const outdated = await apply(owner.token, modelId, reviewId, { all: true });
      expect(outdated).toMatchObject({ status: 409, body: { message: ownMessages.reviewOutdated } });
    });

    it('applies all: the version is the upload exactly, hash-equal to a plain upload of the same file', async () => {
      const job = await review(owner.token, modelId, upload);
      const applied = await apply(owner.token, modelId, job.reviewId as string, { all: true });
      expect(applied.status).toBe(201);
      const version = versionSchema.parse(applied.body);
      expect(version.origin).toMatchObject({ kind: 'review', changeCount: 2, totalChanges: 2 });
      const plain = await uploadAndWait(server, owner.token, bytesOf(upload), {
        fileName: 'plain.json',
        modelId,
      });
      expect(await modelHash(version.ID)).toBe(await modelHash(plain.versionId));
    });

    it('discards a review: 200 reviewDiscarded, then it is closed', async () => {
      const job = await review(owner.token, modelId, BASE);
      const path = `/api/models/${modelId}/reviews/${job.reviewId}`;
      const discarded = await server.request('DELETE', path, { token: owner.token });
      expect(discarded).toMatchObject({ status: 200, body: { message: ownMessages.reviewDiscarded } });
      const twice = await server.request('DELETE', path, { token: owner.token });
      expect(twice).toMatchObject({ status: 409, body: { message: ownMessages.reviewClosed } });
      const applied = await apply(owner.token, modelId, job.reviewId as string, { all: true });
      expect(applied).toMatchObject({ status: 409, body: { message: ownMessages.reviewClosed } });
    });
  });

  describe('merge', () => {
    // v1 the building; v2 (the source) changes B1 and B2 and adds a beam; v3 (the latest) comes from v1 with B2
    // and B5 changed: B2 is changed on both sides.
    const v2Model = edited(BASE, {
      profiles: { 'B1@Story1': otherBeamProfile('B1@Story1'), 'B2@Story2': otherBeamProfile('B2@Story2') },
      add: [NEW_BEAM],
    });
    const v3Model = edited(BASE, {
      profiles: { 'B2@Story2': 'COL-LIGHT', 'B5@Story1': otherBeamProfile('B5@Story1') },
    });
    let modelId: string;
    let v1: string;
    let v2: string;
    let v3: string;
    const merge = (token: string, body: MergeBody, sessionId?: string) =>
      server.request('POST', `/api/models/${modelId}/merge`, {
        token,
        json: body,
        ...(sessionId ? { headers: { GussetSessionId: sessionId } } : {}),
      });

    beforeAll(async () => {
      ({ modelId, versionId: v1 } = await newModel(BASE, 'Merged'));
      v2 = (await uploadAndWait(server, owner.token, bytesOf(v2Model), { fileName: 'v2.json', modelId }))
        .versionId;
      v3 = (await uploadAndWait(server, owner.token, bytesOf(v3Model), { fileName: 'v3.json', modelId }))
        .versionId;
    });

    it('answers the spec errors verbatim, and refuses the latest version and unknown targets', async () => {
      const cases: Array<[MergeBody, number, string]> = [
        [{ targetVersion: v2 }, 400, messages.targetIdMissing],
        [{ targetId: modelId }, 400, messages.targetVersionMissing],
        [{ targetId: modelId, targetVersion: v2, targetElements: [] }, 400, messages.targetVersionMissing],
        [
          { targetId: modelId, targetVersion: v2, targetElements: [], categories: { kinds: [] } },
          400,
          messages.targetVersionMissing,
        ],
        [{ targetId: modelId, targetVersion: v3 }, 400, ownMessages.mergeSameVersion],
        [{ targetId: randomUUID(), targetVersion: v2 }, 404, ownMessages.modelNotFound],
        [{ targetId: modelId, targetVersion: randomUUID() }, 404, ownMessages.versionNotFound],
      ];
      for (const [body, status, message] of cases) {
        expect(await merge(owner.token, body)).toMatchObject({ status, body: { message } });
      }
      // The preview checks the same fields.
      const preview = await server.request('POST', `/api/models/${modelId}/merge/preview`, {
        token: owner.token,
        json: { targetVersion: v2 },
      });
      expect(preview).toMatchObject({ status: 400, body: { message: messages.targetIdMissing } });
      // A reader may not merge; a model the user cannot read is unknown to them.
      expect((await merge(reader.token, { targetId: modelId, targetVersion: v2 })).status).toBe(401);
      expect((await merge(stranger.token, { targetId: modelId, targetVersion: v2 })).status).toBe(404);
    });

    it('previews the changes of the version (against the one before it) and the conflicts with the latest', async () => {
      const answer = await server.request('POST', `/api/models/${modelId}/merge/preview`, {
        token: writer.token,
        json: { targetId: modelId, targetVersion: v2 },
      });
      expect(answer.status).toBe(200);
      const preview = mergePreviewResponse.parse(answer.body);
      expect(preview).toMatchObject({ latestVersionId: v3, baseVersionId: v1 });
      expect(keysOf(preview.changes)).toEqual([
        'elements:B1@Story1',
        'elements:B2@Story2',
        'elements:B999@Story1',
      ]);
      expect(preview.conflicts).toEqual([
        expect.objectContaining({ key: 'elements:B2@Story2', kind: 'modify/modify', type: 'Beam' }),
      ]);
      const [conflict] = preview.conflicts;
      expect(conflict?.source.join(' ')).toContain(otherBeamProfile('B2@Story2'));
      expect(conflict?.target.join(' ')).toContain('COL-LIGHT');
    });

    it('merges selected elements as a new version, told by ProgressUpdate and VersionMerged on the socket', async () => {
      const tab = `merge-${randomUUID().slice(0, 8)}`;
      const author = await connectAndLogin(server.url, owner.token, owner.user._id);
      const other = await connectAndLogin(server.url, reader.token, reader.user._id);
      try {
        const accepted = await merge(
          owner.token,
          { targetId: modelId, targetVersion: v2, targetElements: ['B1@Story1'] },
          tab,
        );
        expect(accepted.status).toBe(202);
        const queued = jobSchema.parse(accepted.body);
        expect(queued).toMatchObject({
          kind: 'merge',
          modelId,
          fileName: 'Merge of version 2',
          versionId: null,
        });

        const merged = await author.waitFor(
          (event) =>
            event.payload.eventName === 'VersionMerged' &&
            Object.keys(event.payload.data as object).length > 0,
          20_000,
        );
        const data = merged.payload.data as { versionId: string; versionNumber: number; jobId: string };
        expect(merged.payload.data).toMatchObject({ modelId, jobId: queued._id, versionNumber: 4 });
        const finished = await author.waitFor(
          (event) =>
            event.payload.eventName === 'VersionMerged' &&
            Object.keys(event.payload.data as object).length === 0,
        );
        expect(finished.payload.GussetSessionId).toBe(tab);
        const progress = eventsNamed(author, 'ProgressUpdate').map((payload) =>
          jobSchema.parse(payload.data),
        );
        expect(progress.every((job) => job.kind === 'merge' && job._id === queued._id)).toBe(true);
        expect(progress.at(-1)).toMatchObject({ status: 'done', versionId: data.versionId });

        // The other user's model page hears of the new version too (and never the author's "done").
        const seen = await other.waitFor((event) => event.payload.eventName === 'VersionMerged');
        expect(seen.payload.data).toMatchObject({ modelId, versionId: data.versionId });
        await other.waitFor((event) => event.payload.eventName === 'ModelAdded');
        expect(
          eventsNamed(other, 'VersionMerged').filter((p) => Object.keys(p.data as object).length === 0),
        ).toEqual([]);

        // GET /api/v2/uploads/{jobId} answers merge jobs too.
        const polled = await waitForJob(server, owner.token, queued._id);
        expect(polled).toMatchObject({ kind: 'merge', status: 'done', versionId: data.versionId });

        const version = versionSchema.parse(
          (
            await server.request('GET', `/api/models/${modelId}/versions/${data.versionId}`, {
              token: owner.token,
            })
          ).body,
        );
        expect(version.origin).toEqual({
          kind: 'merge',
          sourceVersionId: v2,
          sourceNumber: 2,
          changeCount: 1,
        });
        const latest = await stored(modelId, v3);
        const made = await stored(modelId, data.versionId);
        expect(keysOf(diffModels(latest, made))).toEqual(['elements:B1@Story1']);
        expect(elementOf(made, 'B1@Story1')).toEqual(elementOf(v2Model, 'B1@Story1'));
      } finally {
        author.close();
        other.close();
      }
    });

    it('merges one property of a change: a moved, resized beam brings its section, not its move', async () => {
      // In an organization of its own: the shared one's three free models are the other tests'.
      const { modelId: ownModel } = await uploadAndWait(server, owner.token, bytesOf(BASE), {
        fileName: 'parts.json',
        organizationId: await createOrganization(server, owner.user._id),
        name: 'Merged by property',
      });
      const moved = edited(BASE, { profiles: { 'B1@Story1': otherBeamProfile('B1@Story1') } });
      const beam = elementOf(moved, 'B1@Story1') as Extract<Element, { type: 'Beam' }>;
      const end = moved.nodes.find((node) => node.id === beam.endNodeId);
      if (!end) throw new Error('the beam has an end node');
      end.x += 100;
      const source = (
        await uploadAndWait(server, owner.token, bytesOf(moved), {
          fileName: 'moved.json',
          modelId: ownModel,
        })
      ).versionId;
      const latestModel = edited(BASE, { profiles: { 'B5@Story1': otherBeamProfile('B5@Story1') } });
      const latest = (
        await uploadAndWait(server, owner.token, bytesOf(latestModel), {
          fileName: 'latest.json',
          modelId: ownModel,
        })
      ).versionId;
      const accepted = await server.request('POST', `/api/models/${ownModel}/merge`, {
        token: owner.token,
        json: { targetId: ownModel, targetVersion: source, targetParts: { 'B1@Story1': ['Profile'] } },
      });
      expect(accepted.status).toBe(202);
      const job = await waitForJob(server, owner.token, jobSchema.parse(accepted.body)._id);
      expect(job.status).toBe('done');
      const diff = diffModels(
        await stored(ownModel, latest),
        await stored(ownModel, job.versionId as string),
      );
      expect(keysOf(diff)).toEqual(['elements:B1@Story1']);
      expect(diff.changes[0]?.kind === 'modified' && diff.changes[0].changes).toEqual([
        {
          path: 'profileId',
          group: 'Profile',
          before: (elementOf(BASE, 'B1@Story1') as Extract<Element, { type: 'Beam' }>).profileId,
          after: beam.profileId,
        },
      ]);
      // Three uploads and a merge: four jobs' worth of work, however busy the machine is.
    }, 120_000);

    it('takes a conflicting change when the conflict is decided for the source', async () => {
      const latest = (
        await server.db.query<{ id: string }>(
          'SELECT id FROM versions WHERE model_id = $1 ORDER BY number DESC LIMIT 1',
          [modelId],
        )
      )[0]?.id as string;
      const accepted = await merge(writer.token, {
        targetId: modelId,
        targetVersion: v2,
        targetElements: ['B2@Story2'],
        resolutions: { 'elements:B2@Story2': 'source' },
      });
      expect(accepted.status).toBe(202);
      const job = await waitForJob(server, writer.token, jobSchema.parse(accepted.body)._id);
      expect(job.status).toBe('done');
      const made = await stored(modelId, job.versionId as string);
      expect(keysOf(diffModels(await stored(modelId, latest), made))).toEqual(['elements:B2@Story2']);
      expect(elementOf(made, 'B2@Story2')).toEqual(elementOf(v2Model, 'B2@Story2'));
    });

    it('refuses a second writer while an upload or merge of the model is unfinished (409 mergeInProgress)', async () => {
      // A job another process holds (its lease far ahead), so this server's runner leaves it alone.
      const held = randomUUID();
      await server.db.query(
        `INSERT INTO jobs (id, kind, model_id, created_by, payload, status, stage, progress, attempts, lease_until,
                           created_at, updated_at)
         VALUES ($1, 'merge', $2, $3, '{"fileName":"Merge of version 1"}'::jsonb, 'running', 'Merging', 40, 1,
                 now() + interval '1 hour', now(), now())`,
        [held, modelId, owner.user._id],
      );
      try {
        const refused = await merge(owner.token, { targetId: modelId, targetVersion: v2 });
        expect(refused).toMatchObject({ status: 409, body: { message: ownMessages.mergeInProgress } });
      } finally {
        await server.db.query('DELETE FROM jobs WHERE id = $1', [held]);
      }
    });

    it('fails a merge whose source is gone with ModelError naming the job', async () => {
      const live: LiveClient = await connectAndLogin(server.url, owner.token, owner.user._id);
      try {
        const jobId = randomUUID();
        const payload = {
          fileName: 'Merge of version 9',
          sourceModelId: modelId,
          sourceVersionId: randomUUID(),
          sourceNumber: 9,
          base: null,
          selection: { all: true },
          resolutions: {},
          message: null,
        };
        await server.db.query(
          `INSERT INTO jobs (id, kind, model_id, created_by, payload, status, stage, progress, attempts,
                             created_at, updated_at)
           VALUES ($1, 'merge', $2, $3, $4::jsonb, 'queued', 'Waiting for a worker', 0, 0, now(), now())`,
          [jobId, modelId, owner.user._id, JSON.stringify(payload)],
        );
        server.app.jobRunner.wake();
        const failed = await live.waitFor((event) => event.payload.eventName === 'ModelError', 20_000);
        expect(failed.payload.data).toEqual({
          modelId,
          jobId,
          error: ownMessages.mergeFailed.replace('{reason}', ownMessages.versionNotFound),
        });
      } finally {
        live.close();
      }
    });
  });
});
