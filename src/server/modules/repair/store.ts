import type { Repair, RepairTolerancesWire } from '../../../contract/http/repair';
import type { Job } from '../../../contract/http/jobs';
import type { OperationId } from '../../../engine/repair';
import type { DisplayUnit } from '../../../engine/schema';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { Queryable } from '../../db/db';
import type { JobRow, JobStatusValue } from '../../jobs/queue';
import { loadPublicUsers } from '../models/versionRows';
import { toJob } from '../jobs/jobView';
import type { WriterJobKind } from '../versions/createVersion';
import { manifestHashes } from '../versions/manifest';
import { versionStore } from '../versions/repository';
import { repairInWorker } from './repairInWorker';
import type { VersionInput } from './repairProtocol';
import { tolerancesToMm } from './views';

/** Job kinds (issue #8). A repair commit makes a version: it is a writer like uploads and merges. */
export const CONNECTIVITY_JOB_KIND = 'connectivity';
export const REPAIR_JOB_KIND = 'repair';
export const REPAIR_COMMIT_JOB_KIND = 'repairCommit' satisfies WriterJobKind;

/** Derived cache kinds; a new shape takes a new kind, never a migration. */
export const CONNECTIVITY_CACHE_KIND = 'connectivity-v1';
/** The engine's RepairOperation[] of a repair (mm, with edits), keyed by the repair's id. */
export const REPAIR_PLAN_CACHE_KIND = 'repair-plan-v1';
/** RepairResponse['plan'] of a repair, in its units, keyed by the repair's id. */
export const REPAIR_VIEW_CACHE_KIND = 'repair-view-v1';

/** What a connectivity job carries. */
export interface ConnectivityPayload {
  modelId: string;
  versionId: string;
  units: DisplayUnit;
  tolerances: RepairTolerancesWire;
  cacheKey: string;
}

/** What a repair job carries: the repair (its row has the rest) and what the job is called in lists. */
export interface RepairPayload {
  fileName: string;
  repairId: string;
  sessionId?: string;
}

/** What a commit job carries: the accepted operations (their ids) and the version's message. */
export interface RepairCommitPayload {
  fileName: string;
  repairId: string;
  accepted: string[];
  message: string | null;
  sessionId?: string;
}

/** A `repairs` row with its version's number and its job's state (a job that gave up leaves the row running). */
export interface RepairRow {
  id: string;
  model_id: string;
  version_id: string;
  version_number: number;
  job_id: string;
  status: Repair['status'];
  error: string | null;
  units: DisplayUnit;
  tolerances: RepairTolerancesWire;
  operations: OperationId[];
  created_by: string | null;
  created_at: Date | string;
  committed_version_id: string | null;
  job_status: JobStatusValue;
  job_error: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The row's status as a person reads it: a planning job that failed for good is a failed repair. */
export function effectiveStatus(row: RepairRow): { status: Repair['status']; error: string | null } {
  if (row.status === 'running' && row.job_status === 'failed') {
    return { status: 'failed', error: row.job_error ?? row.error };
  }
  return { status: row.status, error: row.error };
}

/** The job as GET /api/v2/uploads/{jobId} shows one, with its repair kind. */
export function toRepairJob(row: JobRow): Job {
  const kind = row.kind === REPAIR_COMMIT_JOB_KIND ? 'repairCommit' : 'repair';
  return { ...toJob(row), kind };
}

export const repairStore = {
  async insert(
    tx: Queryable,
    row: {
      id: string;
      modelId: string;
      versionId: string;
      jobId: string;
      units: DisplayUnit;
      tolerances: RepairTolerancesWire;
      operations: readonly OperationId[];
      createdBy: string;
      createdAt: Date;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO repairs (id, model_id, version_id, job_id, status, units, tolerances, operations, created_by,
                            created_at)
       VALUES ($1, $2, $3, $4, 'running', $5, $6::jsonb, $7::jsonb, $8, $9)`,
      [
        row.id,
        row.modelId,
        row.versionId,
        row.jobId,
        row.units,
        JSON.stringify(row.tolerances),
        JSON.stringify(row.operations),
        row.createdBy,
        row.createdAt,
      ],
    );
  },

  async find(db: Queryable, modelId: string, repairId: string, lock = false): Promise<RepairRow | undefined> {
    const rows = await db.query<RepairRow>(
      `SELECT r.*, v.number AS version_number, j.status AS job_status, j.error AS job_error
         FROM repairs r
         JOIN versions v ON v.id = r.version_id
         JOIN jobs j ON j.id = r.job_id
        WHERE r.id = $1 AND r.model_id = $2${lock ? ' FOR UPDATE OF r' : ''}`,
      [repairId, modelId],
    );
    return rows[0];
  },

  async findByJob(db: Queryable, jobId: string): Promise<RepairRow | undefined> {
    const rows = await db.query<{ id: string; model_id: string }>(
      'SELECT id, model_id FROM repairs WHERE job_id = $1',
      [jobId],
    );
    const row = rows[0];
    return row ? repairStore.find(db, row.model_id, row.id) : undefined;
  },

  /** running → ready (a discarded repair stays discarded). */
  async markReady(tx: Queryable, repairId: string): Promise<void> {
    await tx.query(`UPDATE repairs SET status = 'ready' WHERE id = $1 AND status = 'running'`, [repairId]);
  },

  async markFailed(db: Queryable, repairId: string, error: string): Promise<void> {
    await db.query(`UPDATE repairs SET status = 'failed', error = $2 WHERE id = $1 AND status = 'running'`, [
      repairId,
      error,
    ]);
  },

  /** Discards an open repair; false when it was committed or discarded already. */
  async discard(db: Queryable, repairId: string): Promise<boolean> {
    const rows = await db.query(
      `UPDATE repairs SET status = 'discarded' WHERE id = $1 AND status IN ('running', 'ready', 'failed')
       RETURNING id`,
      [repairId],
    );
    return rows.length > 0;
  },

  async markCommitted(tx: Queryable, repairId: string, versionId: string): Promise<void> {
    await tx.query(`UPDATE repairs SET status = 'committed', committed_version_id = $2 WHERE id = $1`, [
      repairId,
      versionId,
    ]);
  },
};

/** The contract's Repair of a row. */
export async function toRepair(db: Queryable, row: RepairRow): Promise<Repair> {
  const users = await loadPublicUsers(db, row.created_by === null ? [] : [row.created_by]);
  const { status, error } = effectiveStatus(row);
  return {
    _id: row.id,
    modelId: row.model_id,
    versionId: row.version_id,
    versionNumber: row.version_number,
    jobId: row.job_id,
    status,
    error,
    units: row.units,
    tolerances: row.tolerances,
    operations: row.operations,
    createdBy: row.created_by === null ? null : (users.get(row.created_by) ?? null),
    createdAt: iso(row.created_at),
    committedVersionId: row.committed_version_id,
  };
}

/** A version's manifest and object bodies, as a repair task takes them; undefined when it is not the model's. */
export async function versionInput(
  db: Queryable,
  modelId: string,
  versionId: string,
): Promise<VersionInput | undefined> {
  const stored = await versionStore.manifest(db, modelId, versionId);
  if (!stored) return undefined;
  const bodies = await versionStore.bodies(db, manifestHashes(stored.manifest));
  return { manifest: stored.manifest, hashes: [...bodies.keys()], bodies: [...bodies.values()] };
}

/** The repaired version is gone (deleted with its model). */
export class RepairVersionMissingError extends Error {
  override readonly name = 'RepairVersionMissingError';
}

/** A repair's stored plan: the engine's operations (JSON) and their display form (JSON). */
export interface PlanTexts {
  plan: string;
  view: string;
}

/**
 * Plans the repair of a row's version in a worker thread and writes both cache entries. The plan is
 * deterministic (same version, tolerances and operations, same operation ids), so a plan the cache lost is
 * planned again here rather than stored in the database.
 */
export async function planRepairOf(
  deps: { db: Queryable; derived: DerivedCache },
  row: Pick<RepairRow, 'id' | 'model_id' | 'version_id' | 'units' | 'tolerances' | 'operations'>,
  options: { signal?: AbortSignal; onProgress?: (fraction: number, stage: OperationId) => void } = {},
): Promise<PlanTexts> {
  const version = await versionInput(deps.db, row.model_id, row.version_id);
  if (!version) throw new RepairVersionMissingError('the repaired version no longer exists');
  options.signal?.throwIfAborted();
  const answer = await repairInWorker(
    {
      task: 'plan',
      version,
      units: row.units,
      display: row.tolerances,
      tolerances: tolerancesToMm(row.tolerances, row.units),
      operations: row.operations,
    },
    options,
  );
  await deps.derived.write(REPAIR_PLAN_CACHE_KIND, row.id, answer.plan);
  await deps.derived.write(REPAIR_VIEW_CACHE_KIND, row.id, answer.view);
  return { plan: answer.plan, view: answer.view };
}

/** A ready repair's plan from the cache, else planned again (and cached). */
export async function storedPlanOf(
  deps: { db: Queryable; derived: DerivedCache },
  row: Pick<RepairRow, 'id' | 'model_id' | 'version_id' | 'units' | 'tolerances' | 'operations'>,
): Promise<PlanTexts> {
  const [plan, view] = await Promise.all([
    deps.derived.read(REPAIR_PLAN_CACHE_KIND, row.id),
    deps.derived.read(REPAIR_VIEW_CACHE_KIND, row.id),
  ]);
  if (plan && view) return { plan: plan.toString('utf8'), view: view.toString('utf8') };
  return planRepairOf(deps, row);
}
