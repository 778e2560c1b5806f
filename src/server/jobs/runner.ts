import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { ownMessages } from '../../contract/errors';
import { isDatabaseOutOfResources, isDatabaseUnavailable, type Db } from '../db/db';
import { jobQueue, type JobRow } from './queue';

/** A failure the user reads on the job (an unreadable file): final, no retry. */
export class JobFailure extends Error {
  override readonly name = 'JobFailure';
}

/** The job was claimed again by another worker (this one's lease ran out): leave it alone. */
export class LostLeaseError extends Error {
  override readonly name = 'LostLeaseError';
  constructor() {
    super('The job was claimed again by another worker');
  }
}

/** What a handler gets for one attempt at one job. */
export interface JobAttempt {
  job: JobRow;
  /** The claim's attempt number: the fencing token every later write of this attempt names. */
  attempt: number;
  /** Aborted when the runner stops or the lease is lost; long steps must give up when it fires. */
  signal: AbortSignal;
  /** Records progress; written with the next heartbeat (throttled), or at once with `flush`. */
  progress(stage: string, percent: number, options?: { flush?: boolean }): Promise<void>;
}

/**
 * Runs one job to its end: completes it in its own transaction (jobQueue.complete after lockForCompletion),
 * throws JobFailure for a final failure, anything else to have it retried.
 */
export type JobHandler = (attempt: JobAttempt) => Promise<void>;

/**
 * What happened to a job, told after it is written: `changed` (claimed, progress recorded, handed back to the
 * queue), `done` or `failed`. Read the row for the state; the runner does not wait for a listener.
 */
export type JobChange = 'changed' | 'done' | 'failed';
export type JobListener = (job: { id: string; kind: string }, change: JobChange) => void | Promise<void>;

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  handlers: Readonly<Record<string, JobHandler>>;
  /** Told about the jobs of their kind (live progress); a listener that throws is logged, never retried. */
  listeners?: Readonly<Record<string, JobListener>>;
  /** Jobs run at once; 0 runs none (another process does). */
  concurrency: number;
  leaseMs: number;
  maxAttempts: number;
  /** How often an idle runner looks for work that other processes queued. */
  pollMs?: number;
  /** The message of a job (of this kind) that failed `maxAttempts` times. */
  gaveUpMessage(kind: string, attempts: number): string;
}

export interface JobRunner {
  /** Starts claiming jobs (idempotent). */
  start(): void;
  /** Looks for work now rather than at the next poll (after this process queued a job). */
  wake(): void;
  /**
   * Stops claiming, stops running jobs (their workers terminated) and puts them back in the queue without
   * counting the attempt, then resolves. A job already storing its result finishes first.
   */
  stop(): Promise<void>;
  /**
   * Like a killed process, for durability tests: terminates running jobs and stops, writing nothing, so their
   * rows stay 'running' until the lease runs out.
   */
  crash(): Promise<void>;
  /** Jobs running in this process now. */
  readonly running: number;
}

const PROGRESS_WRITE_MS = 500;

/**
 * Why an attempt failed, as the user reads it on the job. Only the database faults are named; anything else is
 * 'an error on our side' with the details in the log.
 */
function attemptFailureReason(error: unknown): { known: boolean; text: string } {
  if (isDatabaseUnavailable(error)) return { known: true, text: ownMessages.jobDatabaseLost };
  if (isDatabaseOutOfResources(error)) return { known: true, text: ownMessages.jobDatabaseOutOfResources };
  return { known: false, text: ownMessages.jobAttemptFailed };
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, clock, log, leaseMs } = options;
  const pollMs = options.pollMs ?? 1000;
  let active = false;
  let crashing = false;
  let loops: Promise<void>[] = [];
  const inFlight = new Set<AbortController>();
  /** Idle loops waiting for the next poll; wake() ends their wait at once. */
  const sleepers = new Set<() => void>();
  let wakePending = false;

  function idle(): Promise<void> {
    if (wakePending) {
      wakePending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      sleepers.add(done);
    });
  }

  function wakeAll(): void {
    if (sleepers.size === 0) wakePending = true;
    for (const wake of [...sleepers]) wake();
  }

  const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs);

  function tell(job: JobRow, change: JobChange): void {
    const listener = options.listeners?.[job.kind];
    if (!listener) return;
    void Promise.resolve()
      .then(() => listener({ id: job.id, kind: job.kind }, change))
      .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'Job listener failed'));
  }

  async function runOne(job: JobRow): Promise<void> {
    const attempt = job.attempts;
    const controller = new AbortController();
    inFlight.add(controller);
    let pending: { stage: string; percent: number } | undefined;
    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    let finished = false;

    // One write at a time, in order; a failed write is logged and the next heartbeat tries again.
    const write = (): Promise<void> => {
      writing = writing
        .then(async () => {
          if (finished || crashing) return;
          const progress = pending;
          pending = undefined;
          lastWrite = Date.now();
          const now = clock();
          const owned = await jobQueue.heartbeat(db, job.id, attempt, now, leaseFrom(now), progress);
          if (!owned && !finished) controller.abort(new LostLeaseError());
          if (owned && progress) tell(job, 'changed');
        })
        .catch((error: unknown) => {
          log.warn({ err: error, jobId: job.id }, 'Job heartbeat failed');
        });
      return writing;
    };
    const heartbeat = setInterval(() => void write(), Math.max(50, Math.floor(leaseMs / 3)));

    const context: JobAttempt = {
      job,
      attempt,
      signal: controller.signal,
      async progress(stage, percent, progressOptions) {
        pending = { stage, percent: Math.max(0, Math.min(100, Math.round(percent))) };
        if (progressOptions?.flush || Date.now() - lastWrite >= PROGRESS_WRITE_MS) await write();
      },
    };

    try {
      if (attempt > options.maxAttempts) throw new JobFailure(options.gaveUpMessage(job.kind, attempt - 1));
      const handler = options.handlers[job.kind];
      if (!handler) throw new JobFailure(`No handler for jobs of kind ${job.kind}`);
      await handler(context);
      tell(job, 'done');
    } catch (error) {
      if (crashing) return;
      const now = clock();
      if (error instanceof LostLeaseError || controller.signal.reason instanceof LostLeaseError) {
        log.warn({ jobId: job.id, attempt }, 'Job lease lost; another worker has it');
      } else if (error instanceof JobFailure) {
        if (await recorded(() => jobQueue.fail(db, job.id, attempt, now, error.message))) tell(job, 'failed');
      } else if (!active) {
        // Stopping: hand the job back without counting this attempt against it.
        await recorded(() => jobQueue.release(db, job.id, attempt, now, false));
      } else {
        log.error({ err: error, jobId: job.id, attempt }, 'Job attempt failed');
        // The attempt's transaction rolled back, so nothing of it is left half-written; the row says why.
        const reason = attemptFailureReason(error);
        if (attempt >= options.maxAttempts) {
          const gaveUp = options.gaveUpMessage(job.kind, attempt);
          const message = reason.known ? `${gaveUp} ${reason.text}` : gaveUp;
          if (await recorded(() => jobQueue.fail(db, job.id, attempt, now, message))) tell(job, 'failed');
        } else if (
          await recorded(() =>
            jobQueue.release(db, job.id, attempt, now, true, {
              stage: ownMessages.jobRetrying.replace('{reason}', reason.text),
              error: reason.text,
            }),
          )
        ) {
          tell(job, 'changed');
        }
      }
    } finally {
      finished = true;
      clearInterval(heartbeat);
      inFlight.delete(controller);
      await writing;
    }
  }

  /**
   * Writes an attempt's outcome, again while the database is unavailable (50 ms, then 4× longer, about 4 s in
   * all): right after the database lost its connections the pool can still hand out one whose backend is gone,
   * and a lost write would leave the job 'running' until its lease ran out instead of retried at once.
   */
  async function recorded<T>(write: () => Promise<T>): Promise<T> {
    for (let delay = 50; ; delay *= 4) {
      try {
        return await write();
      } catch (error) {
        if (!isDatabaseUnavailable(error) || delay > 5_000 || !active) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  async function loop(): Promise<void> {
    while (active) {
      let job: JobRow | undefined;
      try {
        const now = clock();
        job = await jobQueue.claim(db, now, leaseFrom(now));
      } catch (error) {
        if (!active) return;
        log.error({ err: error }, 'Could not claim a job');
        await idle();
        continue;
      }
      if (!active) {
        // Claimed while stopping: give it straight back.
        if (job && !crashing) await jobQueue.release(db, job.id, job.attempts, clock(), false);
        return;
      }
      if (job) {
        tell(job, 'changed');
        await runOne(job).catch((error: unknown) =>
          log.error({ err: error, jobId: job?.id }, 'Job runner error'),
        );
      } else {
        await idle();
      }
    }
  }

  async function halt(asCrash: boolean): Promise<void> {
    if (!active) return;
    active = false;
    crashing = asCrash;
    for (const controller of inFlight) controller.abort(new Error('The job runner is stopping'));
    wakeAll();
    await Promise.all(loops);
    loops = [];
    crashing = false;
  }

  return {
    start() {
      if (active || options.concurrency <= 0) return;
      active = true;
      loops = Array.from({ length: options.concurrency }, () => loop());
    },
    wake: wakeAll,
    stop: () => halt(false),
    crash: () => halt(true),
    get running() {
      return inFlight.size;
    },
  };
}
