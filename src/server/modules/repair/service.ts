import { randomUUID } from 'node:crypto';
import { ownMessages } from '../../../contract/errors';
import type { z } from 'zod';
import type {
  commitRepairBody,
  connectivityQuery,
  RepairTolerancesWire,
  startRepairBody,
  StartRepairResponse,
} from '../../../contract/http/repair';
import type { Job } from '../../../contract/http/jobs';
import {
  DEFAULT_OPERATIONS,
  OPERATION_IDS,
  type RepairOperation,
  type RepairTolerances,
} from '../../../engine/repair';
import type { DisplayUnit } from '../../../engine/schema';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { ServerContext } from '../../context';
import { isUniqueViolation, type Queryable } from '../../db/db';
import { HttpError } from '../../httpError';
import { fill } from '../../messageTemplate';
import { cachedOrQueuedJob, type CachedJobAnswer } from '../../jobs/cachedJob';
import { jobQueue, type JobRow } from '../../jobs/queue';
import type { JobRunner } from '../../jobs/runner';
import { realtimeEvent, type EventCause } from '../../realtime/events';
import { noRealtime } from '../../realtime/realtime';
import { isUuid } from '../access/access';
import { latestVersion } from '../versions/storedModels';
import { WRITER_JOB_KINDS } from '../versions/createVersion';
import { sceneAnswerJson } from '../versions/scene';
import { repairInWorker } from './repairInWorker';
import {
  CONNECTIVITY_CACHE_KIND,
  CONNECTIVITY_JOB_KIND,
  REPAIR_COMMIT_JOB_KIND,
  REPAIR_JOB_KIND,
  repairStore,
  storedPlanOf,
  toRepair,
  toRepairJob,
  versionInput,
  type ConnectivityPayload,
  type RepairCommitPayload,
  type RepairPayload,
  type RepairRow,
} from './store';
import { effectiveOperations, requestedTolerances, tolerancesDigest, tolerancesToMm } from './views';

/** A version's connectivity as the route answers it; `json` is the cached ConnectivityView text. */
export type ConnectivityAnswer = CachedJobAnswer<{ status: 'done'; versionId: string; json: string }>;

/** The answer's body as JSON text (contract connectivityResponse), the report sent without re-parsing. */
export function connectivityAnswerJson(answer: ConnectivityAnswer): string {
  if (answer.status !== 'done') return JSON.stringify(answer);
  return `{"status":"done","versionId":${JSON.stringify(answer.versionId)},"report":${answer.json}}`;
}

/** Jobs that keep a repair from starting: anything writing a version of the model, or another repair. */
const BUSY_KINDS = [...WRITER_JOB_KINDS, REPAIR_JOB_KIND];

/**
 * Connectivity checks and repairs (issue #8): reading needs READ (LIMITEDVIEW 401, as for a version's data),
 * starting, committing and discarding a repair need WRITE.
 */
export function createRepairService(
  context: ServerContext,
  deps: { derived: DerivedCache; runner: JobRunner },
) {
  const { db, clock, access, log } = context;
  const { derived, runner } = deps;
  const realtime = context.realtime ?? noRealtime;
  const versionNotFound = () => new HttpError(404, ownMessages.versionNotFound);
  const repairNotFound = () => new HttpError(404, ownMessages.repairNotFound);

  /**
   * The version asked for (default the latest) with its number, the model's display unit and the model's own
   * tolerances (mm; null for the defaults); 404 otherwise.
   */
  async function versionOf(
    modelId: string,
    versionId: string | undefined,
  ): Promise<{ id: string; number: number; units: DisplayUnit; saved: RepairTolerances | null }> {
    if (versionId !== undefined && !isUuid(versionId)) throw versionNotFound();
    const rows = await db.query<{
      id: string;
      number: number;
      units: DisplayUnit;
      saved: RepairTolerances | null;
    }>(
      `SELECT v.id, v.number, m.units, m.repair_tolerances AS saved FROM versions v JOIN models m ON m.id = v.model_id
        WHERE v.model_id = $1 AND ($2::uuid IS NULL OR v.id = $2::uuid)
        ORDER BY v.number DESC LIMIT 1`,
      [modelId, versionId ?? null],
    );
    const row = rows[0];
    if (!row) throw versionNotFound();
    return row;
  }

  async function modelUnits(modelId: string): Promise<DisplayUnit> {
    const rows = await db.query<{ units: DisplayUnit }>('SELECT units FROM models WHERE id = $1', [modelId]);
    const units = rows[0]?.units;
    if (!units) throw new HttpError(404, ownMessages.modelNotFound);
    return units;
  }

  async function cachedReport(key: string): Promise<string | undefined> {
    const content = await derived.read(CONNECTIVITY_CACHE_KIND, key).catch((error: unknown) => {
      log.warn({ err: error, key }, 'Could not read a cached connectivity report');
      return undefined;
    });
    return content?.toString('utf8');
  }

  /**
   * The report from the cache, else the one job computing it per key (version, units, tolerances), found as
   * diffs are. A connectivity job belongs to nobody; a failed one is answered once, and the next ask retries.
   */
  async function connectivityAnswer(
    modelId: string,
    versionId: string,
    units: DisplayUnit,
    tolerances: RepairTolerancesWire,
  ): Promise<ConnectivityAnswer> {
    const key = `${versionId}-${units}-${tolerancesDigest(tolerances)}`;
    const payload: ConnectivityPayload = { modelId, versionId, units, tolerances, cacheKey: key };
    return cachedOrQueuedJob(
      { db, clock, runner },
      {
        kind: CONNECTIVITY_JOB_KIND,
        jobKey: `${CONNECTIVITY_CACHE_KIND}:${key}`,
        modelId,
        payload,
        cached: () => cachedReport(key),
        done: (json) => ({ status: 'done', versionId, json }),
        unknownFailure: fill(ownMessages.connectivityFailed, { reason: 'unknown reason' }),
      },
    );
  }

  /** The repair of the model, for someone whose access was checked; 404 repairNotFound otherwise. */
  async function requireRepair(modelId: string, repairId: string): Promise<RepairRow> {
    if (!isUuid(repairId)) throw repairNotFound();
    const row = await repairStore.find(db, modelId, repairId);
    if (!row) throw repairNotFound();
    return row;
  }

  /** A repair whose plan can be read: ready or committed. 409 with why otherwise. */
  function requirePlanned(row: RepairRow): void {
    const status = row.status === 'running' && row.job_status === 'failed' ? 'failed' : row.status;
    if (status === 'ready' || status === 'committed') return;
    if (status === 'running') throw new HttpError(409, ownMessages.repairNotReady);
    if (status === 'failed') {
      throw new HttpError(409, fill(ownMessages.repairFailed, { reason: row.job_error ?? row.error ?? '' }));
    }
    throw new HttpError(409, ownMessages.repairClosed);
  }

  /** The inputs of a task on the repair's version with its stored plan and exactly `accepted`. */
  async function planned(row: RepairRow, accepted: string[]) {
    const plan = await storedPlanOf({ db, derived }, row);
    const version = await versionInput(db, row.model_id, row.version_id);
    if (!version) throw versionNotFound();
    return {
      version,
      units: row.units,
      display: row.tolerances,
      tolerances: tolerancesToMm(row.tolerances, row.units),
      plan: plan.plan,
      accepted,
    };
  }

  async function insertJob(
    tx: Queryable,
    kind: string,
    modelId: string,
    userId: string,
    payload: RepairPayload | RepairCommitPayload,
  ): Promise<JobRow> {
    return jobQueue.insert(
      tx,
      { id: randomUUID(), kind, modelId, createdBy: userId, idempotencyKey: null, payload },
      clock(),
    );
  }

  function announce(modelId: string, userId: string, job: Job, cause: EventCause): void {
    void realtime.publish(
      [
        { kind: 'model', modelId, minimumAbility: 'view' },
        { kind: 'user', userId },
      ],
      realtimeEvent('ProgressUpdate', job, cause),
    );
  }

  return {
    /** GET …/data/connectivity: the cached report, or the job making it. */
    async connectivity(
      userId: string,
      modelId: string,
      query: z.infer<typeof connectivityQuery>,
    ): Promise<ConnectivityAnswer> {
      await access.requireModel(userId, modelId, 'view');
      const version = await versionOf(modelId, query.versionId);
      const { versionId: _versionId, ...given } = query;
      const tolerances = requestedTolerances(version.units, given, version.saved);
      return connectivityAnswer(modelId, version.id, version.units, tolerances);
    },

    /** POST …/repairs: the repair and its planning job, queued (202). */
    async start(
      userId: string,
      modelId: string,
      body: z.infer<typeof startRepairBody>,
      cause: EventCause,
    ): Promise<StartRepairResponse> {
      await access.requireModel(userId, modelId, 'update');
      const version = await versionOf(modelId, body.versionId);
      if (await jobQueue.hasUnfinished(db, modelId, BUSY_KINDS))
        throw new HttpError(409, ownMessages.repairInProgress);
      const tolerances = requestedTolerances(version.units, body.tolerances, version.saved);
      const wanted = new Set(body.operations ?? DEFAULT_OPERATIONS);
      const operations = OPERATION_IDS.filter((id) => wanted.has(id));
      const repairId = randomUUID();
      const payload: RepairPayload = {
        fileName: `Repair of version ${version.number}`,
        repairId,
        ...(cause.sessionId === undefined ? {} : { sessionId: cause.sessionId }),
      };
      let jobRow: JobRow;
      try {
        jobRow = await db.transaction(async (tx) => {
          const job = await insertJob(tx, REPAIR_JOB_KIND, modelId, userId, payload);
          await repairStore.insert(tx, {
            id: repairId,
            modelId,
            versionId: version.id,
            jobId: job.id,
            units: version.units,
            tolerances,
            operations,
            createdBy: userId,
            createdAt: job.created_at instanceof Date ? job.created_at : new Date(job.created_at),
          });
          // The model keeps the tolerances it was last repaired with: its checks use them from now on.
          await tx.query('UPDATE models SET repair_tolerances = $2 WHERE id = $1', [
            modelId,
            JSON.stringify(tolerancesToMm(tolerances, version.units)),
          ]);
          return job;
        });
      } catch (error) {
        // The unique indexes: another repair, or a writer, of the model got in first.
        if (isUniqueViolation(error)) throw new HttpError(409, ownMessages.repairInProgress);
        throw error;
      }
      runner.wake();
      const job = toRepairJob(jobRow);
      announce(modelId, userId, job, cause);
      const row = await requireRepair(modelId, repairId);
      return { repair: await toRepair(db, row), job };
    },

    /** GET …/repairs/{repairId}: the repair, and its plan (as JSON text) once it is ready. */
    async get(userId: string, modelId: string, repairId: string): Promise<string> {
      await access.requireModel(userId, modelId, 'view');
      const row = await requireRepair(modelId, repairId);
      const repair = JSON.stringify(await toRepair(db, row));
      if (row.status !== 'ready' && row.status !== 'committed') return `{"repair":${repair},"plan":null}`;
      const { view } = await storedPlanOf({ db, derived }, row);
      return `{"repair":${repair},"plan":${view}}`;
    },

    /** POST …/repairs/{repairId}/preview: the checks and diff after exactly `accepted` (JSON text). */
    async preview(userId: string, modelId: string, repairId: string, accepted: string[]): Promise<string> {
      await access.requireModel(userId, modelId, 'view');
      const row = await requireRepair(modelId, repairId);
      requirePlanned(row);
      return (await repairInWorker({ task: 'preview', ...(await planned(row, accepted)) })).json;
    },

    /** POST …/repairs/{repairId}/scene: the repaired model's scene with exactly `accepted` (JSON text). */
    async scene(userId: string, modelId: string, repairId: string, accepted: string[]): Promise<string> {
      await access.requireModel(userId, modelId, 'view');
      const row = await requireRepair(modelId, repairId);
      requirePlanned(row);
      const content = (await repairInWorker({ task: 'scene', ...(await planned(row, accepted)) })).json;
      return sceneAnswerJson(modelId, row.version_id, await modelUnits(modelId), content);
    },

    /** POST …/repairs/{repairId}/commit: the commit job, queued (202); its events tell the rest. */
    async commit(
      userId: string,
      modelId: string,
      repairId: string,
      body: z.infer<typeof commitRepairBody>,
      cause: EventCause,
    ): Promise<Job> {
      await access.requireModel(userId, modelId, 'update');
      const row = await requireRepair(modelId, repairId);
      if (body.accepted.length === 0) throw new HttpError(400, ownMessages.repairNothingAccepted);
      requirePlanned(row);
      if (row.status === 'committed') throw new HttpError(409, ownMessages.repairClosed);
      if ((await latestVersion(db, modelId))?.id !== row.version_id) {
        throw new HttpError(409, ownMessages.repairOutdated);
      }
      const operations = JSON.parse((await storedPlanOf({ db, derived }, row)).plan) as RepairOperation[];
      if (effectiveOperations(operations, new Set(body.accepted)).length === 0) {
        throw new HttpError(400, ownMessages.repairNothingAccepted);
      }
      const payload: RepairCommitPayload = {
        fileName: `Repair of version ${row.version_number}`,
        repairId,
        accepted: body.accepted,
        message: body.message?.trim() || null,
        ...(cause.sessionId === undefined ? {} : { sessionId: cause.sessionId }),
      };
      let jobRow: JobRow;
      try {
        jobRow = await insertJob(db, REPAIR_COMMIT_JOB_KIND, modelId, userId, payload);
      } catch (error) {
        // The unique index: another upload, merge or commit of the model is unfinished.
        if (isUniqueViolation(error)) throw new HttpError(409, ownMessages.repairInProgress);
        throw error;
      }
      runner.wake();
      const job = toRepairJob(jobRow);
      announce(modelId, userId, job, cause);
      return job;
    },

    /** DELETE …/repairs/{repairId}: discarded (204); a committed or discarded repair is 409 repairClosed. */
    async discard(userId: string, modelId: string, repairId: string): Promise<void> {
      await access.requireModel(userId, modelId, 'update');
      const row = await requireRepair(modelId, repairId);
      if (!(await repairStore.discard(db, row.id))) throw new HttpError(409, ownMessages.repairClosed);
    },
  };
}

export type RepairService = ReturnType<typeof createRepairService>;
