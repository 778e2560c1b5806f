import type { FastifyBaseLogger } from 'fastify';
import { ownMessages } from '../../../contract/errors';
import type { ModelConnectivityEvent } from '../../../contract/http/repair';
import { OPERATION_TITLES, type CheckId } from '../../../engine/repair';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { jobQueue, type JobRow } from '../../jobs/queue';
import { JobFailure, LostLeaseError, type JobHandler, type JobListener } from '../../jobs/runner';
import { realtimeEvent, systemCause } from '../../realtime/events';
import { fill } from '../../messageTemplate';
import { latestVersion } from '../versions/storedModels';
import type { JobResult } from '../jobs/jobView';
import { finishedJobRow, serialJobListener, type JobEventsDeps } from '../jobs/events';
import { createVersionJobListener, jobAudiences } from '../versions/versionJobEvents';
import { createVersion } from '../versions/createVersion';
import { versionStore } from '../versions/repository';
import { repairInWorker } from './repairInWorker';
import {
  CONNECTIVITY_CACHE_KIND,
  planRepairOf,
  repairStore,
  storedPlanOf,
  toRepairJob,
  versionInput,
  type ConnectivityPayload,
  type RepairCommitPayload,
  type RepairPayload,
} from './store';
import { repairCommitMessage, tolerancesToMm } from './views';

export interface RepairJobDeps {
  db: Db;
  clock: Clock;
  derived: DerivedCache;
  log: FastifyBaseLogger;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Stopping or a lost lease: the runner puts the job back. Anything else is this input's failure. */
function rethrowIfStopping(error: unknown, signal: AbortSignal): void {
  if (signal.aborted || error instanceof LostLeaseError) throw error;
}

async function completeJob(
  db: Db,
  clock: Clock,
  job: JobRow,
  attempt: number,
  result: unknown,
  inside?: (tx: Queryable) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await jobQueue.lockForCompletion(tx, job.id, attempt))) throw new LostLeaseError();
    await inside?.(tx);
    await jobQueue.complete(tx, job.id, clock(), job.model_id, result);
  });
}

/**
 * A connectivity job: checks one version with one set of tolerances in a worker thread, writes the report's
 * display form to the derived cache, and records the counts in the job's result (ModelConnectivity carries them).
 * It fails at once when the engine throws: the checks are as deterministic as the version.
 */
export function createConnectivityJobHandler(deps: RepairJobDeps): JobHandler {
  const { db, clock, derived } = deps;
  return async (attempt) => {
    const { job, signal } = attempt;
    const payload = job.payload as ConnectivityPayload;
    const failed = (reason: string) => new JobFailure(fill(ownMessages.connectivityFailed, { reason }));
    await attempt.progress('Checking connectivity', 10, { flush: true });
    const version = await versionInput(db, payload.modelId, payload.versionId);
    if (!version) throw failed(ownMessages.versionNotFound);
    let answer;
    try {
      answer = await repairInWorker(
        {
          task: 'connectivity',
          version,
          units: payload.units,
          display: payload.tolerances,
          tolerances: tolerancesToMm(payload.tolerances, payload.units),
        },
        { signal },
      );
    } catch (error) {
      rethrowIfStopping(error, signal);
      throw failed(reasonOf(error));
    }
    await derived.write(CONNECTIVITY_CACHE_KIND, payload.cacheKey, answer.json);
    await completeJob(db, clock, job, attempt.attempt, { cacheKey: payload.cacheKey, counts: answer.counts });
  };
}

/** ModelConnectivity to the model's readers when a connectivity job is done or failed: waiting clients ask again. */
export function createConnectivityEventsListener(deps: JobEventsDeps): JobListener {
  const { db, realtime, log } = deps;
  return async (job, change) => {
    const row = await finishedJobRow(db, job.id, change);
    if (!row) return;
    const payload = row.payload as ConnectivityPayload;
    const result = row.result as { counts?: Record<CheckId, number> } | null;
    const data: ModelConnectivityEvent = {
      modelId: payload.modelId,
      versionId: payload.versionId,
      jobId: row.id,
      error:
        row.status === 'failed'
          ? (row.error ?? fill(ownMessages.connectivityFailed, { reason: 'unknown reason' }))
          : null,
      counts: row.status === 'done' ? (result?.counts ?? null) : null,
    };
    await realtime
      .emitToModel(payload.modelId, realtimeEvent('ModelConnectivity', data, systemCause))
      .catch((error: unknown) =>
        log.warn({ err: error, jobId: job.id }, 'Could not publish ModelConnectivity'),
      );
  };
}

/**
 * A repair job: plans the repair of the repair's version in a worker thread (each pipeline stage is progress),
 * stores the plan in the derived cache, and marks the repair ready with the job. A repair discarded before it
 * ran is not planned.
 */
export function createRepairJobHandler(deps: RepairJobDeps): JobHandler {
  const { db, clock, derived } = deps;
  return async (attempt) => {
    const { job, signal } = attempt;
    const payload = job.payload as RepairPayload;
    const result: JobResult & { repairId: string } = {
      modelId: job.model_id ?? '',
      versionId: null,
      repairId: payload.repairId,
    };
    const row = job.model_id ? await repairStore.find(db, job.model_id, payload.repairId) : undefined;
    if (!row) throw new JobFailure(ownMessages.repairNotFound);
    if (row.status !== 'running') {
      await completeJob(db, clock, job, attempt.attempt, result);
      return;
    }
    await attempt.progress('Checking connectivity', 5, { flush: true });
    try {
      await planRepairOf({ db, derived }, row, {
        signal,
        onProgress: (fraction, stage) =>
          void attempt.progress(OPERATION_TITLES[stage], 5 + Math.max(0, Math.min(1, fraction)) * 90),
      });
    } catch (error) {
      rethrowIfStopping(error, signal);
      throw new JobFailure(fill(ownMessages.repairFailed, { reason: reasonOf(error) }));
    }
    await completeJob(db, clock, job, attempt.attempt, result, (tx) => repairStore.markReady(tx, row.id));
  };
}

/**
 * A repair commit: applies the accepted operations of the repair's plan to its version (worker thread), then,
 * under the model lock, checks again that the version is still the latest and the repair still open, stores the
 * repaired model as the next version (createVersion, as every version is made) and marks the repair committed,
 * with the job, in one transaction. A retried job whose version exists only marks itself done.
 */
export function createRepairCommitJobHandler(deps: RepairJobDeps): JobHandler {
  const { db, clock, derived, log } = deps;
  return async (attempt) => {
    const { job, signal } = attempt;
    const payload = job.payload as RepairCommitPayload;
    const modelId = job.model_id;
    const authorId = job.created_by;
    if (modelId === null || authorId === null) throw new JobFailure(ownMessages.modelNotFound);
    const failed = (reason: string) => new JobFailure(fill(ownMessages.repairCommitFailed, { reason }));

    const done = await versionStore.findByJob(db, job.id);
    if (done) {
      await completeJob(db, clock, job, attempt.attempt, { modelId, versionId: done.id }, (tx) =>
        repairStore.markCommitted(tx, payload.repairId, done.id),
      );
      return;
    }

    const row = await repairStore.find(db, modelId, payload.repairId);
    if (!row) throw new JobFailure(ownMessages.repairNotFound);
    if (row.status !== 'ready') throw new JobFailure(ownMessages.repairClosed);
    if ((await latestVersion(db, modelId))?.id !== row.version_id) {
      throw new JobFailure(ownMessages.repairOutdated);
    }

    await attempt.progress(`Applying the repair of version ${row.version_number}`, 20, { flush: true });
    let applied;
    try {
      const plan = await storedPlanOf({ db, derived }, row);
      const version = await versionInput(db, modelId, row.version_id);
      if (!version) throw new Error(ownMessages.versionNotFound);
      signal.throwIfAborted();
      applied = await repairInWorker(
        {
          task: 'apply',
          version,
          units: row.units,
          display: row.tolerances,
          tolerances: tolerancesToMm(row.tolerances, row.units),
          plan: plan.plan,
          accepted: payload.accepted,
        },
        { signal },
      );
    } catch (error) {
      rethrowIfStopping(error, signal);
      log.error({ err: error, jobId: job.id }, 'Repair commit failed');
      throw failed(reasonOf(error));
    }
    if (applied.applied.length === 0) throw new JobFailure(ownMessages.repairNothingAccepted);

    await attempt.progress('Storing the repaired version', 70, { flush: true });
    const versionId = await db.transaction(async (tx) => {
      if (!(await jobQueue.lockForCompletion(tx, job.id, attempt.attempt))) throw new LostLeaseError();
      if (!(await versionStore.lockModel(tx, modelId))) throw new JobFailure(ownMessages.modelNotFound);
      // Under the lock: a version made since would be undone by committing a repair of an older one.
      if ((await latestVersion(tx, modelId))?.id !== row.version_id) {
        throw new JobFailure(ownMessages.repairOutdated);
      }
      const locked = await repairStore.find(tx, modelId, row.id, true);
      if (locked?.status !== 'ready') throw new JobFailure(ownMessages.repairClosed);
      const now = clock();
      const version = await createVersion(
        tx,
        {
          modelId,
          authorId,
          now,
          message: payload.message ?? repairCommitMessage(row.version_number, applied.kinds),
          origin: {
            kind: 'repair',
            repairId: row.id,
            repairedVersionId: row.version_id,
            repairedNumber: row.version_number,
            operationCount: applied.applied.length,
          },
          jobId: job.id,
          content: { kind: 'model', model: applied.model },
        },
        { derived, log },
      );
      await repairStore.markCommitted(tx, row.id, version.id);
      const result: JobResult = { modelId, versionId: version.id };
      await jobQueue.complete(tx, job.id, now, modelId, result);
      return version.id;
    });
    log.info({ jobId: job.id, versionId, applied: applied.applied.length }, 'Repair committed');
  };
}

/**
 * A repair job's events: ProgressUpdate (the job, `kind` 'repair') to the model's readers and the repairer, then
 * ModelRepaired when the plan is ready or failed (a failed plan marks its repair failed first, so the GET that
 * follows the event says so).
 */
export function createRepairEventsListener(deps: JobEventsDeps): JobListener {
  const { db, realtime, log } = deps;
  return serialJobListener(db, log, 'a repair event', async (row, change, cause) => {
    const audiences = jobAudiences(row.model_id, row.created_by);
    const payload = row.payload as RepairPayload;
    if (change === 'failed' && row.status === 'failed') {
      await repairStore.markFailed(db, payload.repairId, row.error ?? '');
    }
    await realtime.publish(audiences, realtimeEvent('ProgressUpdate', toRepairJob(row), cause));
    if (change === 'changed' || !row.model_id) return;
    const repair = await repairStore.find(db, row.model_id, payload.repairId);
    if (!repair) return;
    const data = {
      modelId: row.model_id,
      repairId: payload.repairId,
      jobId: row.id,
      versionId: repair.version_id,
      error: row.status === 'failed' ? (row.error ?? fill(ownMessages.repairFailed, { reason: '' })) : null,
    };
    await realtime.publish(audiences, realtimeEvent('ModelRepaired', data, cause));
  });
}

/**
 * A commit job's events: those of any version-making job (ProgressUpdate with `kind` 'repairCommit', ModelAdded,
 * ModelError), and ModelRepairCommit with the version it made.
 */
export function createRepairCommitEventsListener(deps: JobEventsDeps): JobListener {
  const { realtime } = deps;
  return createVersionJobListener(deps, {
    what: 'a repair event',
    view: toRepairJob,
    async versionMade({ row, job, modelId, versionId, versionNumber, audiences, cause }) {
      const committed = {
        modelId,
        repairId: (row.payload as RepairCommitPayload).repairId,
        jobId: job._id,
        versionId,
        versionNumber,
      };
      await realtime.publish(audiences, realtimeEvent('ModelRepairCommit', committed, cause));
    },
  });
}
