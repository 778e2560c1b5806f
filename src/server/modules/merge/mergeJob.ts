import type { FastifyBaseLogger } from 'fastify';
import { ownMessages } from '../../../contract/errors';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { jobQueue } from '../../jobs/queue';
import { JobFailure, LostLeaseError, type JobHandler, type JobListener } from '../../jobs/runner';
import { fill } from '../../messageTemplate';
import { realtimeEvent } from '../../realtime/events';
import { toJob, type JobResult } from '../jobs/jobView';
import type { JobEventsDeps } from '../jobs/events';
import { createVersionJobListener } from '../versions/versionJobEvents';
import { createVersion } from '../versions/createVersion';
import { versionStore } from '../versions/repository';
import type { MergePayload } from './service';
import type { ModelTaskResults } from '../versions/modelTasks';
import { ModelTaskError, runModelTask } from '../versions/runModelTask';
import { latestVersion, loadTaskVersions } from '../versions/storedModels';

export interface MergeJobDeps {
  db: Db;
  clock: Clock;
  derived: DerivedCache;
  log: FastifyBaseLogger;
}

/** The latest version moved while the merge ran (a restore): the attempt is retried against the new one. */
class TargetMovedError extends Error {
  override readonly name = 'TargetMovedError';
}

/**
 * Runs one merge (issue #7): reads the model's latest version (the target), the source version and the base,
 * merges them and splits the result into objects (a model task: a worker thread for a large model), then stores
 * it as the model's next version and completes the job in one transaction. A retried job whose version
 * exists (versions.job_id) only marks itself done.
 */
export function createMergeJobHandler(deps: MergeJobDeps): JobHandler {
  const { db, clock, derived, log } = deps;

  return async (attempt) => {
    const { job } = attempt;
    const payload = job.payload as MergePayload;
    const modelId = job.model_id;
    const authorId = job.created_by;
    if (modelId === null || authorId === null) throw new JobFailure(ownMessages.modelNotFound);
    const failed = (reason: string) => new JobFailure(fill(ownMessages.mergeFailed, { reason }));

    const done = await versionStore.findByJob(db, job.id);
    if (done) {
      await db.transaction(async (tx) => {
        if (!(await jobQueue.lockForCompletion(tx, job.id, attempt.attempt))) throw new LostLeaseError();
        const result: JobResult = { modelId, versionId: done.id };
        await jobQueue.complete(tx, job.id, clock(), modelId, result);
      });
      return;
    }

    const started = performance.now();
    await attempt.progress('Reading the versions', 10, { flush: true });
    const latest = await latestVersion(db, modelId);
    if (!latest) throw new JobFailure(ownMessages.modelNotFound);
    const {
      manifests: [target, source, base],
      objects,
    } = await loadTaskVersions(db, [
      { modelId, versionId: latest.id },
      { modelId: payload.sourceModelId, versionId: payload.sourceVersionId },
      payload.base,
    ]);
    if (!target) throw new TargetMovedError('The latest version is gone');
    if (!source || base === undefined) throw failed(ownMessages.versionNotFound);
    const manifests = { target, source, base };
    attempt.signal.throwIfAborted();

    await attempt.progress(`Merging version ${payload.sourceNumber} into version ${latest.number}`, 40, {
      flush: true,
    });
    let merged: ModelTaskResults['merge'];
    try {
      merged = await runModelTask(
        {
          task: 'merge',
          ...manifests,
          objects,
          selection: payload.selection,
          resolutions: payload.resolutions,
        },
        attempt.signal,
      );
    } catch (error) {
      if (!(error instanceof ModelTaskError)) throw error;
      log.error({ err: error, jobId: job.id }, 'Merge failed');
      throw failed(error.message);
    }
    attempt.signal.throwIfAborted();

    await attempt.progress('Storing the merged version', 70, { flush: true });
    const versionId = await db.transaction(async (tx) => {
      if (!(await jobQueue.lockForCompletion(tx, job.id, attempt.attempt))) throw new LostLeaseError();
      if (!(await versionStore.lockModel(tx, modelId))) throw new JobFailure(ownMessages.modelNotFound);
      // Under the lock: the version merged into must still be the latest, or the merge would undo what came after.
      if ((await latestVersion(tx, modelId))?.id !== latest.id) throw new TargetMovedError('A newer version');
      const now = clock();
      const version = await createVersion(
        tx,
        {
          modelId,
          authorId,
          now,
          message: payload.message,
          origin: {
            kind: 'merge',
            sourceVersionId: payload.sourceVersionId,
            sourceNumber: payload.sourceNumber,
            changeCount: merged.applied,
          },
          jobId: job.id,
          content: { kind: 'manifest', ...merged.version, report: null, sourceBlob: null },
        },
        { derived, log },
      );
      const result: JobResult = { modelId, versionId: version.id };
      await jobQueue.complete(tx, job.id, now, modelId, result);
      return version.id;
    });
    log.info(
      {
        jobId: job.id,
        versionId,
        applied: merged.applied,
        conflicts: merged.conflicts,
        ms: Math.round(performance.now() - started),
      },
      'Merge stored',
    );
  };
}

/**
 * A merge job's live events: those of any version-making job (ProgressUpdate, ModelAdded, ModelError), and once
 * its version is out, VersionMerged with the version to the same audiences and VersionMerged with empty data to
 * the merging user, whose tab (its GussetSessionId) finishes on it (issue #7); the model's pages refresh on the
 * one from others.
 */
export function createMergeEventsListener(deps: JobEventsDeps): JobListener {
  const { realtime } = deps;
  return createVersionJobListener(deps, {
    what: 'a merge event',
    view: toJob,
    async versionMade({ row, job, modelId, versionId, versionNumber, audiences, cause }) {
      const merged = { modelId, jobId: job._id, versionId, versionNumber };
      await realtime.publish(audiences, realtimeEvent('VersionMerged', merged, cause));
      if (row.created_by) {
        await realtime.publish(
          [{ kind: 'user', userId: row.created_by }],
          realtimeEvent('VersionMerged', {}, cause),
        );
      }
    },
  });
}
