import { randomUUID } from 'node:crypto';
import { planRepair, type OperationId } from '../../src/engine/repair';
import type { Model } from '../../src/engine/schema';
import { requestedTolerances, tolerancesToMm } from '../../src/server/modules/repair/views';
import { modelUpdaters, modelViewers, type Row } from '../permissionMatrix';
import type { PermissionWorld } from '../permissionWorld';

/**
 * Connectivity checks and repair (issue #8): a version's connectivity, a repair, its preview and its scene are
 * READ and up (LIMITEDVIEW 401, as for a version's data); starting, committing and discarding a repair are WRITE
 * and up. Repairs are inserted in SQL (their planning job already done) so a cell plans nothing of its own unless
 * it asks for the plan; the connectivity and start cells each get a fresh model, so their first ask is always
 * 202 and no cell waits for another's job.
 */

/** The world's models are all copies of one file, in metres ('Matrix model'). */
const UNITS = 'm';
const TOLERANCES = requestedTolerances(UNITS);
/**
 * The generated building is well connected; only its crossing braces (C04) plan operations, and only when the
 * opt-in R03 runs, so the repairs here plan R03 alone.
 */
const OPERATIONS: OperationId[] = ['R03'];

/** A repair of the model's version by the org owner, in `status`, whose planning job is done. */
async function repairOf(
  world: PermissionWorld,
  model: { modelId: string; versionId: string },
  status: 'running' | 'ready',
): Promise<string> {
  const { db } = world;
  const repairId = randomUUID();
  const jobId = randomUUID();
  const now = new Date();
  await db.query(
    `INSERT INTO jobs (id, kind, model_id, created_by, payload, status, stage, progress, attempts, result,
                       created_at, updated_at)
     VALUES ($1, 'repair', $2, $3, $4::jsonb, 'done', 'Done', 100, 1, $5::jsonb, $6, $6)`,
    [
      jobId,
      model.modelId,
      world.users.orgOwner.user._id,
      JSON.stringify({ fileName: 'Repair of version 1', repairId }),
      JSON.stringify({ modelId: model.modelId, versionId: null, repairId }),
      now,
    ],
  );
  await db.query(
    `INSERT INTO repairs (id, model_id, version_id, job_id, status, units, tolerances, operations, created_by,
                          created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10)`,
    [
      repairId,
      model.modelId,
      model.versionId,
      jobId,
      status,
      UNITS,
      JSON.stringify(TOLERANCES),
      JSON.stringify(OPERATIONS),
      world.users.orgOwner.user._id,
      now,
    ],
  );
  return repairId;
}

/** One ready repair of the world's own version, shared by the read-only cells (its plan is made once). */
const sharedRepairs = new WeakMap<PermissionWorld, Promise<string>>();
function sharedRepair(world: PermissionWorld): Promise<string> {
  let repair = sharedRepairs.get(world);
  if (!repair) {
    repair = repairOf(world, { modelId: world.modelId, versionId: world.versionId }, 'ready');
    sharedRepairs.set(world, repair);
  }
  return repair;
}

/** The id of an operation the world's model's plan would apply (the server plans the same: deterministic). */
const operationIds = new WeakMap<PermissionWorld, string>();
function anOperationId(world: PermissionWorld): string {
  let id = operationIds.get(world);
  if (id === undefined) {
    const model = JSON.parse(new TextDecoder().decode(world.modelFile)) as Model;
    const plan = planRepair(model, tolerancesToMm(TOLERANCES, UNITS), { operations: OPERATIONS });
    const first = plan.operations.find((operation) => operation.dependsOn.length === 0);
    if (!first) throw new Error('the matrix model needs a repair operation');
    id = first.id;
    operationIds.set(world, id);
  }
  return id;
}

export const repairRows: Row[] = [
  {
    method: 'GET',
    route: '/api/models/:id/data/connectivity',
    request: async (world) => {
      const { modelId, versionId } = await world.freshModelWithVersion();
      return { path: `/api/models/${modelId}/data/connectivity?versionId=${versionId}` };
    },
    expected: modelViewers(202),
  },
  {
    method: 'POST',
    route: '/api/models/:id/repairs',
    request: async (world) => {
      const { modelId } = await world.freshModelWithVersion();
      return { path: `/api/models/${modelId}/repairs`, json: {} };
    },
    expected: modelUpdaters(202),
  },
  {
    method: 'GET',
    route: '/api/models/:id/repairs/:repairId',
    request: async (world) => {
      const repairId = await repairOf(
        world,
        { modelId: world.modelId, versionId: world.versionId },
        'running',
      );
      return { path: `/api/models/${world.modelId}/repairs/${repairId}` };
    },
    expected: modelViewers(200),
  },
  {
    method: 'POST',
    route: '/api/models/:id/repairs/:repairId/preview',
    request: async (world) => ({
      path: `/api/models/${world.modelId}/repairs/${await sharedRepair(world)}/preview`,
      json: { accepted: [anOperationId(world)] },
    }),
    expected: modelViewers(200),
  },
  {
    method: 'POST',
    route: '/api/models/:id/repairs/:repairId/scene',
    request: async (world) => ({
      path: `/api/models/${world.modelId}/repairs/${await sharedRepair(world)}/scene`,
      json: { accepted: [anOperationId(world)] },
    }),
    expected: modelViewers(200),
  },
  {
    method: 'POST',
    route: '/api/models/:id/repairs/:repairId/commit',
    // A fresh model per cell: a queued commit is a writer of its model, which would refuse the next one.
    request: async (world) => {
      const model = await world.freshModelWithVersion();
      const repairId = await repairOf(world, model, 'ready');
      return {
        path: `/api/models/${model.modelId}/repairs/${repairId}/commit`,
        json: { accepted: [anOperationId(world)] },
      };
    },
    expected: modelUpdaters(202),
  },
  {
    method: 'DELETE',
    route: '/api/models/:id/repairs/:repairId',
    request: async (world) => {
      const repairId = await repairOf(world, { modelId: world.modelId, versionId: world.versionId }, 'ready');
      return { path: `/api/models/${world.modelId}/repairs/${repairId}` };
    },
    expected: modelUpdaters(204),
  },
];
