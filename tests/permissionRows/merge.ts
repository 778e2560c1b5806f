import { randomUUID } from 'node:crypto';
import { modelUpdaters, type Actor, type Row } from '../permissionMatrix';
import type { PermissionWorld } from '../permissionWorld';

/**
 * Upload review and merge (issue #7): all WRITE and up. A review is open only to its uploader and the model's
 * ADMINs, so each cell's review is made by the actor asking (in SQL: actors without WRITE cannot upload), and
 * the answer then follows the role alone. Merges act on a fresh model with two versions each, so a queued merge
 * in one cell never blocks the next.
 */

/** A user id for the review's uploader; noToken's review belongs to orgOwner (the request is refused anyway). */
function uploaderOf(world: PermissionWorld, actor: Actor): string {
  return world.users[actor === 'noToken' ? 'orgOwner' : actor].user._id;
}

/** An open review of the model by `createdBy`, whose upload is the model's version itself (an empty diff). */
async function reviewOf(
  world: PermissionWorld,
  model: { modelId: string; versionId: string },
  createdBy: string,
): Promise<string> {
  const { db } = world;
  const jobId = randomUUID();
  const reviewId = randomUUID();
  const now = new Date();
  await db.query(
    `INSERT INTO jobs (id, kind, model_id, created_by, payload, status, stage, progress, attempts, result,
                       created_at, updated_at)
     VALUES ($1, 'upload', $2, $3, $4::jsonb, 'done', 'Done', 100, 1, $5::jsonb, $6, $6)`,
    [
      jobId,
      model.modelId,
      createdBy,
      JSON.stringify({ fileName: 'matrix.json' }),
      JSON.stringify({ modelId: model.modelId, versionId: null, reviewId }),
      now,
    ],
  );
  await db.query(
    `INSERT INTO upload_reviews (id, model_id, job_id, file_name, message, created_by, created_at, base_version_id,
                                 source_blob, origin, manifest, model_hash, counts, report, status)
     SELECT $1, $2, $3, 'matrix.json', NULL, $4, $5, v.id, NULL,
            '{"kind":"upload","fileName":"matrix.json","format":"json","sizeBytes":1}'::jsonb,
            v.manifest, v.model_hash, v.counts, v.report, 'open'
       FROM versions v WHERE v.id = $6`,
    [reviewId, model.modelId, jobId, createdBy, now, model.versionId],
  );
  return reviewId;
}

/** A fresh model with versions 1 and 2 (2 a copy of 1): merging version 1 is a merge of no change. */
async function modelWithTwoVersions(
  world: PermissionWorld,
): Promise<{ modelId: string; first: string; second: string }> {
  const { modelId, versionId } = await world.freshModelWithVersion();
  const second = randomUUID();
  await world.db.query(
    `INSERT INTO versions (id, model_id, number, author_id, created_at, message, origin, source_blob, manifest,
                           model_hash, counts, report)
     SELECT $1, model_id, number + 1, author_id, created_at, message, origin, source_blob, manifest, model_hash,
            counts, report
       FROM versions WHERE id = $2`,
    [second, versionId],
  );
  return { modelId, first: versionId, second };
}

export const mergeRows: Row[] = [
  {
    method: 'GET',
    route: '/api/models/:id/reviews/:reviewId',
    request: async (world, actor) => {
      const reviewId = await reviewOf(
        world,
        { modelId: world.modelId, versionId: world.versionId },
        uploaderOf(world, actor),
      );
      return { path: `/api/models/${world.modelId}/reviews/${reviewId}` };
    },
    expected: modelUpdaters(200),
  },
  {
    method: 'POST',
    route: '/api/models/:id/reviews/:reviewId/apply',
    request: async (world, actor) => {
      const model = await world.freshModelWithVersion();
      const reviewId = await reviewOf(world, model, uploaderOf(world, actor));
      return {
        path: `/api/models/${model.modelId}/reviews/${reviewId}/apply`,
        json: { selection: { all: true } },
      };
    },
    expected: modelUpdaters(201),
  },
  {
    method: 'DELETE',
    route: '/api/models/:id/reviews/:reviewId',
    request: async (world, actor) => {
      const model = await world.freshModelWithVersion();
      const reviewId = await reviewOf(world, model, uploaderOf(world, actor));
      return { path: `/api/models/${model.modelId}/reviews/${reviewId}` };
    },
    expected: modelUpdaters(200),
  },
  {
    method: 'POST',
    route: '/api/models/:id/merge/preview',
    request: async (world) => {
      const { modelId, first } = await modelWithTwoVersions(world);
      return {
        path: `/api/models/${modelId}/merge/preview`,
        json: { targetId: modelId, targetVersion: first },
      };
    },
    expected: modelUpdaters(200),
  },
  {
    method: 'POST',
    route: '/api/models/:id/merge',
    request: async (world) => {
      const { modelId, first } = await modelWithTwoVersions(world);
      return { path: `/api/models/${modelId}/merge`, json: { targetId: modelId, targetVersion: first } };
    },
    expected: modelUpdaters(202),
  },
];
