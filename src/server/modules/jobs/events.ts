import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/db';
import { jobQueue, type JobRow } from '../../jobs/queue';
import type { JobChange, JobListener } from '../../jobs/runner';
import { authorOf, type EventCause } from '../../realtime/events';
import type { Realtime } from '../../realtime/realtime';
import { loadPublicUsers } from '../models/versionRows';

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
