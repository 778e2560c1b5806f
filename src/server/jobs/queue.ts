import type { Queryable } from '../db/db';

export type JobStatusValue = 'queued' | 'running' | 'done' | 'failed';

/** A `jobs` row as drivers return it (timestamps as Date, jsonb parsed). */
export interface JobRow {
  id: string;
  kind: string;
  model_id: string | null;
  created_by: string | null;
  idempotency_key: string | null;
  payload: unknown;
  status: JobStatusValue;
  stage: string;
  progress: number;
  attempts: number;
  lease_until: Date | string | null;
  result: unknown;
  error: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface NewJob {
  id: string;
  kind: string;
  modelId: string | null;
  createdBy: string | null;
  idempotencyKey: string | null;
  payload: unknown;
}

/**
 * The durable queue on the `jobs` table. Every write after the claim names the attempt that claimed the job
 * (`attempts` is the fencing token): a worker whose lease ran out and whose job was claimed again can no
 * longer move it. Times come from the caller's clock, never SQL now(), so tests can expire a lease.
 */
export const jobQueue = {
  async insert(db: Queryable, job: NewJob, now: Date): Promise<JobRow> {
    const rows = await db.query<JobRow>(
      `INSERT INTO jobs (id, kind, model_id, created_by, idempotency_key, payload, status, stage, progress,
                         attempts, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, 'queued', 'Waiting for a worker', 0, 0, $7, $7)
       RETURNING *`,
      [job.id, job.kind, job.modelId, job.createdBy, job.idempotencyKey, JSON.stringify(job.payload), now],
    );
    return rows[0] as JobRow;
  },

  async find(db: Queryable, id: string): Promise<JobRow | undefined> {
    const rows = await db.query<JobRow>('SELECT * FROM jobs WHERE id = $1', [id]);
    return rows[0];
  },

  async findByIdempotencyKey(db: Queryable, userId: string, key: string): Promise<JobRow | undefined> {
    const rows = await db.query<JobRow>('SELECT * FROM jobs WHERE created_by = $1 AND idempotency_key = $2', [
      userId,
      key,
    ]);
    return rows[0];
  },

  /** The unfinished upload of a model, if any (at most one: a partial unique index). */
  async activeUpload(db: Queryable, modelId: string): Promise<JobRow | undefined> {
    const rows = await db.query<JobRow>(
      `SELECT * FROM jobs WHERE model_id = $1 AND kind = 'upload' AND status IN ('queued', 'running')`,
      [modelId],
    );
    return rows[0];
  },

  /** Whether the model has an unfinished job of one of these kinds. */
  async hasUnfinished(db: Queryable, modelId: string, kinds: readonly string[]): Promise<boolean> {
    const rows = await db.query(
      `SELECT 1 FROM jobs WHERE model_id = $1 AND kind = ANY(string_to_array($2, ','))
         AND status IN ('queued', 'running') LIMIT 1`,
      [modelId, kinds.join(',')],
    );
    return rows.length > 0;
  },

  /**
   * Claims the oldest job that is queued, or running with a lease that ran out (its worker died), in one
   * statement: concurrent claimers skip each other's locked rows, so a job goes to one worker at a time.
   */
  async claim(db: Queryable, now: Date, leaseUntil: Date): Promise<JobRow | undefined> {
    const rows = await db.query<JobRow>(
      `UPDATE jobs
          SET status = 'running', attempts = attempts + 1, lease_until = $2, updated_at = $1
        WHERE id = (SELECT id FROM jobs
                     WHERE status = 'queued' OR (status = 'running' AND lease_until < $1)
                     ORDER BY created_at
                     LIMIT 1
                     FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [now, leaseUntil],
    );
    return rows[0];
  },

  /** Extends the lease and records progress; false when the job is no longer this attempt's to run. */
  async heartbeat(
    db: Queryable,
    id: string,
    attempt: number,
    now: Date,
    leaseUntil: Date,
    progress: { stage: string; percent: number } | undefined,
  ): Promise<boolean> {
    const rows = await db.query(
      `UPDATE jobs SET lease_until = $4, updated_at = $3,
              stage = COALESCE($5, stage), progress = GREATEST(progress, COALESCE($6, progress))
        WHERE id = $1 AND attempts = $2 AND status = 'running'
        RETURNING id`,
      [id, attempt, now, leaseUntil, progress?.stage ?? null, progress?.percent ?? null],
    );
    return rows.length > 0;
  },

  /** Locks the job for the transaction that finishes it; false when another attempt owns it now. */
  async lockForCompletion(tx: Queryable, id: string, attempt: number): Promise<boolean> {
    const rows = await tx.query(
      `SELECT id FROM jobs WHERE id = $1 AND attempts = $2 AND status = 'running' FOR UPDATE`,
      [id, attempt],
    );
    return rows.length > 0;
  },

  async complete(
    tx: Queryable,
    id: string,
    now: Date,
    modelId: string | null,
    result: unknown,
  ): Promise<void> {
    await tx.query(
      `UPDATE jobs SET status = 'done', stage = 'Done', progress = 100, lease_until = NULL, error = NULL,
              model_id = COALESCE($3, model_id), result = $4::jsonb, updated_at = $2
        WHERE id = $1`,
      [id, now, modelId, JSON.stringify(result)],
    );
  },

  /** Marks the attempt's job failed for good, with the reason the user reads. */
  async fail(db: Queryable, id: string, attempt: number, now: Date, error: string): Promise<boolean> {
    const rows = await db.query(
      `UPDATE jobs SET status = 'failed', stage = 'Failed', error = $4, lease_until = NULL, updated_at = $3
        WHERE id = $1 AND attempts = $2 AND status = 'running'
        RETURNING id`,
      [id, attempt, now, error],
    );
    return rows.length > 0;
  },

  /**
   * Puts the attempt's job back in the queue. `countAttempt` false (a graceful shutdown, not the job's fault)
   * gives the attempt back. `reason`, for an attempt that failed, is shown as the job's stage and error until
   * the next attempt reports progress (the error until the job is done).
   */
  async release(
    db: Queryable,
    id: string,
    attempt: number,
    now: Date,
    countAttempt: boolean,
    reason: { stage: string; error: string } | null = null,
  ): Promise<boolean> {
    const rows = await db.query(
      `UPDATE jobs SET status = 'queued', lease_until = NULL, updated_at = $3,
              attempts = attempts - CASE WHEN $4 THEN 0 ELSE 1 END,
              stage = COALESCE($5, stage), error = COALESCE($6, error)
        WHERE id = $1 AND attempts = $2 AND status = 'running'
        RETURNING id`,
      [id, attempt, now, countAttempt, reason?.stage ?? null, reason?.error ?? null],
    );
    return rows.length > 0;
  },
};
