import { randomUUID } from 'node:crypto';
import {
  modelSeers,
  modelUpdaters,
  modelViewers,
  type Actor,
  type Row,
  type Statuses,
} from '../permissionMatrix';
import type { PermissionWorld } from '../permissionWorld';

/**
 * Compare versions (issue #7): a pair's diff (READ and up), reports (seen by every collaborator, LIMITEDVIEW
 * only when assigned; created by WRITE and up; changed by the model's ADMIN or their WRITE creator), a report's
 * diff and workbook (whoever sees the report). Reports are inserted in SQL so a cell starts no diff of its own;
 * the diff cells each get a fresh pair, so their first ask is always 202.
 */

/** A model with two versions (the second a copy of the first: an empty diff is still a diff to compute). */
interface Pair {
  modelId: string;
  from: string;
  to: string;
}

async function freshPair(world: PermissionWorld): Promise<Pair> {
  const { modelId, versionId } = await world.freshModelWithVersion();
  const to = randomUUID();
  await world.db.query(
    `INSERT INTO versions (id, model_id, number, author_id, created_at, message, origin, source_blob, manifest,
                           model_hash, counts, report)
     SELECT $1, model_id, number + 1, author_id, created_at, message, origin, source_blob, manifest, model_hash,
            counts, report
       FROM versions WHERE id = $2`,
    [to, versionId],
  );
  return { modelId, from: versionId, to };
}

const sharedPairs = new WeakMap<PermissionWorld, Promise<Pair>>();
function sharedPair(world: PermissionWorld): Promise<Pair> {
  let pair = sharedPairs.get(world);
  if (!pair) {
    pair = freshPair(world);
    sharedPairs.set(world, pair);
  }
  return pair;
}

/** A report on the pair made by `creator`, assigned to `assignee` when given. */
async function report(world: PermissionWorld, pair: Pair, creator: Actor, assignee?: Actor): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  const database = world.db;
  const userOf = (actor: Actor) => (actor === 'noToken' ? null : world.users[actor].user._id);
  await database.query(
    `INSERT INTO reports (id, model_id, title, current_version_id, comparison_version_id, created_by, created_at,
                          updated_at)
     VALUES ($1, $2, 'Matrix report', $3, $4, $5, $6, $6)`,
    [id, pair.modelId, pair.to, pair.from, userOf(creator), now],
  );
  if (assignee) {
    await database.query(
      'INSERT INTO report_assignees (report_id, user_id, created_at) VALUES ($1, $2, $3)',
      [id, userOf(assignee), now],
    );
  }
  return id;
}

//                                     owner billing member mAdmin mWrite mRead mLimit strngr iAdmin none
const reportEditors: Statuses = [200, 404, 404, 200, 200, 401, 404, 404, 404, 403];

export const compareRows: Row[] = [
  {
    method: 'GET',
    route: '/api/models/:id/data/diff',
    request: async (world) => {
      const pair = await freshPair(world);
      return { path: `/api/models/${pair.modelId}/data/diff?from=${pair.from}&to=${pair.to}` };
    },
    expected: modelViewers(202),
  },
  {
    method: 'GET',
    route: '/api/models/:id/reports',
    request: async (world) => ({ path: `/api/models/${world.modelId}/reports` }),
    expected: modelSeers(200),
  },
  {
    method: 'POST',
    route: '/api/models/:id/reports',
    request: async (world) => {
      const pair = await sharedPair(world);
      return {
        path: `/api/models/${pair.modelId}/reports`,
        json: { currentVersionID: pair.to, comparisonVersionID: pair.from },
      };
    },
    expected: modelUpdaters(201),
  },
  {
    method: 'PUT',
    route: '/api/models/:id/reports/:reportId',
    // The report is modelWrite's and assigned to nobody: LIMITEDVIEW does not see it (404).
    request: async (world) => {
      const pair = await sharedPair(world);
      const id = await report(world, pair, 'modelWrite');
      return { path: `/api/models/${pair.modelId}/reports/${id}`, json: { title: 'Renamed' } };
    },
    expected: reportEditors,
  },
  {
    method: 'DELETE',
    route: '/api/models/:id/reports/:reportId',
    request: async (world) => {
      const pair = await sharedPair(world);
      const id = await report(world, pair, 'modelWrite');
      return { path: `/api/models/${pair.modelId}/reports/${id}` };
    },
    expected: reportEditors,
  },
  {
    method: 'GET',
    route: '/api/models/:id/reports/:reportId/diff',
    // Assigned to modelLimited, who may read its diff though not the versions' data.
    request: async (world) => {
      const pair = await freshPair(world);
      const id = await report(world, pair, 'modelWrite', 'modelLimited');
      return { path: `/api/models/${pair.modelId}/reports/${id}/diff` };
    },
    expected: modelSeers(202),
  },
  {
    method: 'GET',
    route: '/api/models/:id/reports/:reportId/results',
    // The analysis results that changed (issue #25): the assignee reads them as they read the diff.
    request: async (world) => {
      const pair = await sharedPair(world);
      const id = await report(world, pair, 'modelWrite', 'modelLimited');
      return { path: `/api/models/${pair.modelId}/reports/${id}/results` };
    },
    expected: modelSeers(200),
  },
  {
    method: 'GET',
    route: '/api/models/:id/reports/:reportId/xlsx',
    request: async (world) => {
      const pair = await sharedPair(world);
      const id = await report(world, pair, 'modelWrite', 'modelLimited');
      return { path: `/api/models/${pair.modelId}/reports/${id}/xlsx` };
    },
    expected: modelSeers(200),
  },
];
