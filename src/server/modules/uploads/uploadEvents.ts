import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/db';
import { jobQueue, type JobRow } from '../../jobs/queue';
import type { JobChange, JobListener } from '../../jobs/runner';
import { authorOf, realtimeEvent, type EventCause } from '../../realtime/events';
import type { Audience, Realtime } from '../../realtime/realtime';
import { loadPublicUsers } from '../models/versionRows';
import { toUploadJob, type UploadPayload } from './jobView';

/**
 * The live events of upload and merge jobs, told by the job runner: ProgressUpdate (the job as
 * GET /api/v2/uploads/{jobId} shows it, as often as the runner writes progress) to the model's readers and the
 * uploader, then ModelAdded when its version is ready or ModelError when it failed. A merge then sends
 * VersionMerged with the version to the same audiences and VersionMerged with empty data to the merging tab (its
 * GussetSessionId) to mark it done (issue #7). A review upload makes no version, so no ModelAdded. A new model's upload has no room until it is done: its
 * uploader hears of it through their own room, and the model's room is filled when the model appears.
 * The events of one job are published one at a time, in the order the runner told them.
 */
export function createUploadEventsListener(deps: {
  db: Queryable;
  realtime: Realtime;
  log: FastifyBaseLogger;
}): JobListener {
  const { db, realtime, log } = deps;
  /** Per job: the publication under way (the next one waits for it) and the cause, read once. */
  const jobs = new Map<string, { tail: Promise<void>; cause?: EventCause }>();

  async function causeOf(row: JobRow, entry: { cause?: EventCause }): Promise<EventCause> {
    if (entry.cause) return entry.cause;
    const uploader = row.created_by
      ? (await loadPublicUsers(db, [row.created_by])).get(row.created_by)
      : undefined;
    const sessionId = (row.payload as UploadPayload).sessionId;
    entry.cause = { author: uploader ? authorOf(uploader) : null, sessionId };
    return entry.cause;
  }

  async function publish(jobId: string, change: JobChange, entry: { cause?: EventCause }): Promise<void> {
    const row = await jobQueue.find(db, jobId);
    if (!row) return;
    const job = toUploadJob(row);
    const cause = await causeOf(row, entry);
    const audiences: Audience[] = [];
    if (job.modelId) audiences.push({ kind: 'model', modelId: job.modelId, minimumAbility: 'view' });
    if (row.created_by) audiences.push({ kind: 'user', userId: row.created_by });

    // A merge job's payload has no newModel.
    const newModel = (row.payload as Partial<UploadPayload>).newModel ?? null;
    if (change === 'done' && job.modelId && newModel) await realtime.syncModelRoom(job.modelId);
    await realtime.publish(audiences, realtimeEvent('ProgressUpdate', job, cause));

    if (change === 'done' && job.status === 'done' && job.modelId && job.versionId) {
      const [version] = await db.query<{ number: number; organization_id: string }>(
        `SELECT v.number, m.organization_id FROM versions v JOIN models m ON m.id = v.model_id WHERE v.id = $1`,
        [job.versionId],
      );
      if (!version) return;
      const added = {
        modelId: job.modelId,
        versionId: job.versionId,
        versionNumber: version.number,
        organizationId: version.organization_id,
        newModel: newModel !== null,
      };
      await realtime.publish(audiences, realtimeEvent('ModelAdded', added, cause));
      if (job.kind === 'merge') {
        // The model's pages refresh on VersionMerged from others; the merging tab finishes on the empty one.
        const merged = {
          modelId: job.modelId,
          jobId: job._id,
          versionId: job.versionId,
          versionNumber: version.number,
        };
        await realtime.publish(audiences, realtimeEvent('VersionMerged', merged, cause));
        if (row.created_by) {
          await realtime.publish(
            [{ kind: 'user', userId: row.created_by }],
            realtimeEvent('VersionMerged', {}, cause),
          );
        }
      }
    }
    if (change === 'failed' && job.status === 'failed') {
      const failure = { modelId: job.modelId, jobId: job._id, error: job.error ?? '' };
      await realtime.publish(audiences, realtimeEvent('ModelError', failure, cause));
    }
  }

  return (job, change) => {
    const entry = jobs.get(job.id) ?? { tail: Promise.resolve() };
    const tail = entry.tail
      .then(() => publish(job.id, change, entry))
      .catch((error: unknown) =>
        log.warn({ err: error, jobId: job.id }, 'Could not publish an upload event'),
      );
    entry.tail = tail;
    jobs.set(job.id, entry);
    // Forget a job once nothing more is queued for it.
    void tail.then(() => {
      if (jobs.get(job.id)?.tail === tail) jobs.delete(job.id);
    });
    return tail;
  };
}
