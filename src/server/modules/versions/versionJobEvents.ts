import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../../contract/http/jobs';
import type { Queryable } from '../../db/db';
import type { JobRow } from '../../jobs/queue';
import type { JobListener } from '../../jobs/runner';
import { realtimeEvent, type EventCause } from '../../realtime/events';
import type { Audience, Realtime } from '../../realtime/realtime';
import { serialJobListener, type JobEventsDeps } from '../jobs/events';
import { modelAddedData } from './changeSummary';

/** Who hears of a job: the model's readers (when it has a model) and the user who made it. */
export function jobAudiences(modelId: string | null, createdBy: string | null): Audience[] {
  const audiences: Audience[] = [];
  if (modelId) audiences.push({ kind: 'model', modelId, minimumAbility: 'view' });
  if (createdBy) audiences.push({ kind: 'user', userId: createdBy });
  return audiences;
}

/**
 * ModelAdded for the version a job made, with what changed (computed first when missing); the version's number,
 * or null when the version is gone.
 */
export async function publishModelAdded(
  db: Queryable,
  realtime: Realtime,
  audiences: readonly Audience[],
  made: { modelId: string; versionId: string; newModel: boolean },
  cause: EventCause,
  log: FastifyBaseLogger,
): Promise<number | null> {
  const added = await modelAddedData(db, made, log);
  if (!added) return null;
  await realtime.publish(audiences, realtimeEvent('ModelAdded', added, cause));
  return added.versionNumber;
}

/** The version a job made, as its kind's own event tells it after ModelAdded. */
export interface MadeVersion {
  row: JobRow;
  /** The job as its ProgressUpdate carried it. */
  job: Job;
  modelId: string;
  versionId: string;
  versionNumber: number;
  audiences: readonly Audience[];
  cause: EventCause;
}

/** How one kind of version-making job tells its events (createVersionJobListener). */
export interface VersionJobEvents {
  /** What the warning logged when a publication fails names: 'an upload event'. */
  what: string;
  /** The job as ProgressUpdate carries it (the upload view, or a repair commit's). */
  view(row: JobRow): Job;
  /** The kind's own event once ModelAdded is out (a merge's VersionMerged, a repair's ModelRepairCommit). */
  versionMade?(made: MadeVersion): Promise<void>;
}

/**
 * The live events of a job that makes a version (an upload, a merge, a repair commit), told by the job runner:
 * ProgressUpdate (the job as GET /api/jobs/{jobId} shows it, as often as the runner writes progress) to the
 * model's readers and the job's creator, then ModelAdded when its version is ready (and the kind's own event), or
 * ModelError when it failed. A review upload makes no version, so no ModelAdded. A new model's upload has no room
 * until it is done: its uploader hears of it through their own room, and the model's room is filled when the
 * model appears. The events of one job are published one at a time, in the order the runner told them.
 */
export function createVersionJobListener(deps: JobEventsDeps, events: VersionJobEvents): JobListener {
  const { db, realtime, log } = deps;
  return serialJobListener(db, log, events.what, async (row, change, cause) => {
    const job = events.view(row);
    const audiences = jobAudiences(job.modelId, row.created_by);

    // Only an upload's payload has newModel (a model made with its first version).
    const newModel = (row.payload as { newModel?: unknown }).newModel ?? null;
    if (change === 'done' && job.modelId && newModel) await realtime.syncModelRoom(job.modelId);
    await realtime.publish(audiences, realtimeEvent('ProgressUpdate', job, cause));

    if (change === 'done' && job.status === 'done' && job.modelId && job.versionId) {
      const made = { modelId: job.modelId, versionId: job.versionId, newModel: newModel !== null };
      const versionNumber = await publishModelAdded(db, realtime, audiences, made, cause, log);
      if (versionNumber === null) return;
      await events.versionMade?.({
        row,
        job,
        modelId: job.modelId,
        versionId: job.versionId,
        versionNumber,
        audiences,
        cause,
      });
    }
    if (change === 'failed' && job.status === 'failed') {
      const failure = { modelId: job.modelId, jobId: job._id, error: job.error ?? '' };
      await realtime.publish(audiences, realtimeEvent('ModelError', failure, cause));
    }
  });
}
