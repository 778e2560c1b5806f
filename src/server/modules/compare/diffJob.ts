import { ownMessages } from '../../../contract/errors';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { jobQueue } from '../../jobs/queue';
import { JobFailure, LostLeaseError, type JobHandler, type JobListener } from '../../jobs/runner';
import { realtimeEvent, systemCause } from '../../realtime/events';
import { finishedJobRow, type JobEventsDeps } from '../jobs/events';
import { computeDiffJson, DIFF_CACHE_KIND, type DiffPayload } from './diffStore';

/** ownMessages.diffFailed with its reason. */
export function diffFailedMessage(reason: string): string {
  return ownMessages.diffFailed.replace('{reason}', reason);
}

/**
 * Runs one diff job: computes the pair's DiffView (worker thread), writes it to the derived cache, then marks
 * the job done. A diff that cannot be computed fails at once (it is as deterministic as the two versions); the
 * next ask for the pair starts a new job.
 */
export function createDiffJobHandler(deps: { db: Db; clock: Clock; derived: DerivedCache }): JobHandler {
  const { db, clock, derived } = deps;
  return async (attempt) => {
    const { job, signal } = attempt;
    const payload = job.payload as DiffPayload;
    await attempt.progress('Comparing the versions', 10, { flush: true });
    let json: string;
    try {
      json = await computeDiffJson(db, payload, signal);
    } catch (error) {
      // Stopping or a lost lease: the runner puts the job back; anything else is this pair's failure.
      if (signal.aborted || error instanceof LostLeaseError) throw error;
      throw new JobFailure(diffFailedMessage(error instanceof Error ? error.message : String(error)));
    }
    await derived.write(DIFF_CACHE_KIND, payload.cacheKey, json);
    await db.transaction(async (tx) => {
      if (!(await jobQueue.lockForCompletion(tx, job.id, attempt.attempt))) throw new LostLeaseError();
      await jobQueue.complete(tx, job.id, clock(), payload.modelId, { cacheKey: payload.cacheKey });
    });
  };
}

/**
 * VersionDiff to the model's room (READ and up, never LIMITEDVIEW) when a diff job is done or failed: the
 * clients waiting for that pair ask again. No GussetSessionId: the asking tab must hear it too.
 */
export function createDiffEventsListener(deps: JobEventsDeps): JobListener {
  const { db, realtime, log } = deps;
  return async (job, change) => {
    const row = await finishedJobRow(db, job.id, change);
    if (!row) return;
    const payload = row.payload as DiffPayload;
    const data = {
      modelId: payload.modelId,
      fromVersionId: payload.fromVersionId,
      toVersionId: payload.toVersionId,
      jobId: row.id,
      error: row.status === 'failed' ? (row.error ?? diffFailedMessage('unknown reason')) : null,
    };
    await realtime
      .emitToModel(payload.modelId, realtimeEvent('VersionDiff', data, systemCause))
      .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'Could not publish VersionDiff'));
  };
}
