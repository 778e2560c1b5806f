import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { jobQueue, type JobRow } from './queue';
import type { JobRunner } from './runner';

/** A derived result as a route answers it: `done` (the caller's shape), or the job computing it. */
export type CachedJobAnswer<Done extends { status: 'done' }> =
  Done | { status: 'queued' | 'running'; jobId: string } | { status: 'failed'; jobId: string; error: string };

/**
 * A derived result (a diff, a connectivity report) from the cache, else the job computing it. One job per
 * cache key: the newest job under the key is looked up under a transaction-scoped advisory lock on it, so two
 * asks never make two jobs, on one server or many. The job belongs to nobody (created_by NULL; whoever may see
 * the result may see it) and its idempotency key is `jobKey`: the (created_by, idempotency_key) index finds it,
 * and NULLs never clash, so a retry can make a new job under the same key. A failed job is answered once (its
 * result marks it told); the next ask retries.
 */
export async function cachedOrQueuedJob<Done extends { status: 'done' }, Cached = string>(
  deps: { db: Db; clock: Clock; runner: JobRunner },
  ask: {
    kind: string;
    jobKey: string;
    modelId: string;
    payload: unknown;
    /** The cached result (its text, or a stream of it), or undefined when it is not (or cannot be) read. */
    cached: () => Promise<Cached | undefined>;
    done: (cached: Cached) => Done;
    /** The error told for a failed job that recorded none. */
    unknownFailure: string;
  },
): Promise<CachedJobAnswer<Done>> {
  const { db, clock, runner } = deps;
  const hit = await ask.cached();
  if (hit !== undefined) return ask.done(hit);

  const decided = await db.transaction(async (tx): Promise<CachedJobAnswer<Done>> => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [ask.jobKey]);
    const [latest] = await tx.query<JobRow>(
      `SELECT * FROM jobs WHERE created_by IS NULL AND idempotency_key = $1 AND kind = $2
        ORDER BY created_at DESC LIMIT 1`,
      [ask.jobKey, ask.kind],
    );
    if (latest?.status === 'queued' || latest?.status === 'running') {
      return { status: latest.status, jobId: latest.id };
    }
    if (latest?.status === 'failed') {
      const told = await tx.query(
        `UPDATE jobs SET result = '{"failureTold":true}'::jsonb WHERE id = $1 AND result IS NULL RETURNING id`,
        [latest.id],
      );
      if (told.length > 0) {
        return { status: 'failed', jobId: latest.id, error: latest.error ?? ask.unknownFailure };
      }
    }
    // A job may have finished between the cache read and the lock.
    if (latest?.status === 'done') {
      const written = await ask.cached();
      if (written !== undefined) return ask.done(written);
    }
    const job = await jobQueue.insert(
      tx,
      {
        id: randomUUID(),
        kind: ask.kind,
        modelId: ask.modelId,
        createdBy: null,
        idempotencyKey: ask.jobKey,
        payload: ask.payload,
      },
      clock(),
    );
    return { status: 'queued', jobId: job.id };
  });
  if (decided.status === 'queued') runner.wake();
  return decided;
}
