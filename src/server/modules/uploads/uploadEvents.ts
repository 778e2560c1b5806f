import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../../contract/http/jobs';
import type { Queryable } from '../../db/db';
import { jobQueue, type JobRow } from '../../jobs/queue';
import type { JobChange, JobListener } from '../../jobs/runner';
import { authorOf, realtimeEvent, type EventCause } from '../../realtime/events';
import type { Audience, Realtime } from '../../realtime/realtime';
import { loadPublicUsers } from '../models/versionRows';
import { modelAddedData } from '../versions/changeSummary';
import { toJob } from '../jobs/jobView';
import type { UploadPayload } from './payload';

/** What a job's event listener needs. */
export interface JobEventsDeps {
  db: Queryable;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

/** The job's row once it is done or failed, else undefined: for events told only when a job ends. */
export async function finishedJobRow(
  db: Queryable,
  jobId: string,
  change: JobChange,
): Promise<JobRow | undefined> {
  if (change === 'changed') return undefined;
  const row = await jobQueue.find(db, jobId);
  return row && (row.status === 'done' || row.status === 'failed') ? row : undefined;
}

/**
 * A job listener that publishes one job's events one at a time, in the order the runner told them (the runner
 * does not wait for listeners), and reads the job's cause (its creator and their tab) once. `what` names the
 * events in the warning logged when a publication fails.
 */
export function serialJobListener(
  db: Queryable,
  log: FastifyBaseLogger,
  what: string,
  publish: (row: JobRow, change: JobChange, cause: EventCause) => Promise<void>,
): JobListener {
  /** Per job: the publication under way (the next one waits for it) and the cause, read once. */
  const jobs = new Map<string, { tail: Promise<void>; cause?: EventCause }>();

  async function causeOf(row: JobRow, entry: { cause?: EventCause }): Promise<EventCause> {
    if (entry.cause) return entry.cause;
    const creator = row.created_by
      ? (await loadPublicUsers(db, [row.created_by])).get(row.created_by)
      : undefined;
    const sessionId = (row.payload as { sessionId?: string }).sessionId;
    entry.cause = { author: creator ? authorOf(creator) : null, sessionId };
    return entry.cause;
  }

  return (job, change) => {
    const entry = jobs.get(job.id) ?? { tail: Promise.resolve() };
    const tail = entry.tail
      .then(async () => {
        const row = await jobQueue.find(db, job.id);
        if (row) await publish(row, change, await causeOf(row, entry));
      })
      .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, `Could not publish ${what}`));
    entry.tail = tail;
    jobs.set(job.id, entry);
    // Forget a job once nothing more is queued for it.
    void tail.then(() => {
      if (jobs.get(job.id)?.tail === tail) jobs.delete(job.id);
    });
    return tail;
  };
}

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
 * ProgressUpdate (the job as GET /api/v2/uploads/{jobId} shows it, as often as the runner writes progress) to the
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

    // Only an upload's payload has newModel.
    const newModel = (row.payload as Partial<UploadPayload>).newModel ?? null;
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

/** An upload job's live events (createVersionJobListener). */
export function createUploadEventsListener(deps: JobEventsDeps): JobListener {
  return createVersionJobListener(deps, { what: 'an upload event', view: toJob });
}
