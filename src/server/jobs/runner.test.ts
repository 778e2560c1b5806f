import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ownMessages } from '../../contract/errors';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { createThrowawayDatabase, databases, type ThrowawayDatabase } from '../testing/databases';
import { jobQueue } from './queue';
import { createJobRunner, JobFailure, type JobHandler } from './runner';

const silentLog = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => silentLog,
} as never;

const seconds = (date: Date, count: number) => new Date(date.getTime() + count * 1000);

describe.each(databases('job queue leases'))('the job queue on $kind', ({ kind }) => {
  let db: Db;
  let throwaway: ThrowawayDatabase | undefined;

  beforeAll(async () => {
    throwaway = kind === 'postgres' ? await createThrowawayDatabase() : undefined;
    db = throwaway ? openPostgres(throwaway.url, { error: () => undefined }) : await openPglite(undefined);
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await throwaway?.drop();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM jobs');
  });

  const enqueue = (kind = 'test') =>
    jobQueue.insert(
      db,
      { id: randomUUID(), kind, modelId: null, createdBy: null, idempotencyKey: null, payload: {} },
      new Date(),
    );

  it('gives each job to one claimer at a time, oldest first, and not while its lease holds', async () => {
    const first = await enqueue();
    const second = await enqueue();
    const now = new Date();
    const claims = await Promise.all([
      jobQueue.claim(db, now, seconds(now, 60)),
      jobQueue.claim(db, now, seconds(now, 60)),
    ]);
    expect(claims.map((job) => job?.id).sort()).toEqual([first.id, second.id].sort());
    expect(await jobQueue.claim(db, seconds(now, 30), seconds(now, 90))).toBeUndefined();
    // The lease ran out: the job is claimed again, as attempt 2.
    const again = await jobQueue.claim(db, seconds(now, 61), seconds(now, 121));
    expect(again).toMatchObject({ status: 'running', attempts: 2 });
  });

  it('fences off an attempt whose job was claimed again', async () => {
    const job = await enqueue();
    const now = new Date();
    await jobQueue.claim(db, now, seconds(now, 1));
    await jobQueue.claim(db, seconds(now, 2), seconds(now, 60));
    expect(await jobQueue.heartbeat(db, job.id, 1, seconds(now, 3), seconds(now, 63), undefined)).toBe(false);
    expect(await jobQueue.fail(db, job.id, 1, seconds(now, 3), 'stale')).toBe(false);
    expect(await db.transaction((tx) => jobQueue.lockForCompletion(tx, job.id, 1))).toBe(false);
    expect(
      await jobQueue.heartbeat(db, job.id, 2, seconds(now, 3), seconds(now, 63), {
        stage: 'Half',
        percent: 50,
      }),
    ).toBe(true);
    expect(await jobQueue.find(db, job.id)).toMatchObject({
      status: 'running',
      stage: 'Half',
      progress: 50,
      error: null,
    });
    expect(await db.transaction((tx) => jobQueue.lockForCompletion(tx, job.id, 2))).toBe(true);
  });

  describe('the runner', () => {
    function runner(handler: JobHandler, maxAttempts = 3) {
      return createJobRunner({
        db,
        clock: () => new Date(),
        log: silentLog,
        handlers: { test: handler },
        concurrency: 1,
        leaseMs: 60_000,
        maxAttempts,
        pollMs: 20,
        gaveUpMessage: (_kind, attempts) => `gave up after ${attempts}`,
      });
    }

    async function settled(id: string) {
      // Polls for the state, up to a minute: the limit only turns a hang into a failure on a busy machine.
      for (let tries = 0; tries < 6000; tries++) {
        const job = await jobQueue.find(db, id);
        if (job?.status === 'done' || job?.status === 'failed') return job;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the job never settled');
    }

    it('completes a job through its handler, with progress on the row', async () => {
      const job = await enqueue();
      const jobs = runner(async (attempt) => {
        await attempt.progress('Working', 40, { flush: true });
        expect((await jobQueue.find(db, attempt.job.id))?.progress).toBe(40);
        await db.transaction(async (tx) => {
          expect(await jobQueue.lockForCompletion(tx, attempt.job.id, attempt.attempt)).toBe(true);
          await jobQueue.complete(tx, attempt.job.id, new Date(), null, { ok: true });
        });
      });
      jobs.start();
      expect(await settled(job.id)).toMatchObject({ status: 'done', progress: 100, result: { ok: true } });
      await jobs.stop();
    });

    it('fails at once on JobFailure, and retries other errors up to the maximum', async () => {
      const unreadable = await enqueue();
      const flaky = await enqueue();
      const seen: number[] = [];
      const jobs = runner(async (attempt) => {
        if (attempt.job.id === unreadable.id) throw new JobFailure('line 3: bad');
        seen.push(attempt.attempt);
        throw new Error('database hiccup');
      });
      jobs.start();
      expect(await settled(unreadable.id)).toMatchObject({
        status: 'failed',
        error: 'line 3: bad',
        attempts: 1,
      });
      expect(await settled(flaky.id)).toMatchObject({
        status: 'failed',
        error: 'gave up after 3',
        attempts: 3,
      });
      expect(seen).toEqual([1, 2, 3]);
      await jobs.stop();
    });

    it('rolls back an attempt whose store the database failed, says why on the job, and retries it', async () => {
      const job = await enqueue();
      const stray = randomUUID();
      let retried!: () => void;
      const retrying = new Promise<void>((resolve) => (retried = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const jobs = runner(async (attempt) => {
        if (attempt.attempt === 1) {
          await db.transaction(async (tx) => {
            // Half of a store: a row written, then the database fails as PGlite does when out of memory.
            await jobQueue.insert(
              tx,
              { id: stray, kind: 'none', modelId: null, createdBy: null, idempotencyKey: null, payload: {} },
              new Date(),
            );
            throw Object.assign(new Error('out of memory'), { code: '53200' });
          });
        }
        retried();
        await released;
        await db.transaction(async (tx) => {
          expect(await jobQueue.lockForCompletion(tx, attempt.job.id, attempt.attempt)).toBe(true);
          await jobQueue.complete(tx, attempt.job.id, new Date(), null, { ok: true });
        });
      });
      jobs.start();
      await retrying;
      expect(await jobQueue.find(db, job.id)).toMatchObject({
        status: 'running',
        attempts: 2,
        error: ownMessages.jobDatabaseOutOfResources,
      });
      expect(await jobQueue.find(db, stray)).toBeUndefined();
      release();
      expect(await settled(job.id)).toMatchObject({ status: 'done', error: null, attempts: 2 });
      await jobs.stop();
    });

    it('hands an attempt back at once when the database is still lost for the first write after it', async () => {
      const job = await enqueue();
      const lost = () =>
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      // The attempt fails on a lost connection, and so does the pool's next one (its backend is gone too).
      let failNextQuery = false;
      const flakyDb: Db = {
        ...db,
        query: (sql, params) => {
          if (!failNextQuery) return db.query(sql, params);
          failNextQuery = false;
          return Promise.reject(lost());
        },
      };
      const jobs = createJobRunner({
        db: flakyDb,
        clock: () => new Date(),
        log: silentLog,
        handlers: {
          test: async (attempt) => {
            if (attempt.attempt === 1) {
              failNextQuery = true;
              throw lost();
            }
            await db.transaction(async (tx) => {
              expect(await jobQueue.lockForCompletion(tx, attempt.job.id, attempt.attempt)).toBe(true);
              await jobQueue.complete(tx, attempt.job.id, new Date(), null, { ok: true });
            });
          },
        },
        concurrency: 1,
        // Without the second write the job would wait out this lease before anyone retried it.
        leaseMs: 600_000,
        maxAttempts: 3,
        pollMs: 20,
        gaveUpMessage: (_kind, attempts) => `gave up after ${attempts}`,
      });
      jobs.start();
      expect(await settled(job.id)).toMatchObject({ status: 'done', error: null, attempts: 2 });
      expect(failNextQuery).toBe(false);
      await jobs.stop();
    });

    it('names a lost database connection in the message of a job that gave up', async () => {
      const job = await enqueue();
      const jobs = runner(async () => {
        throw Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        });
      }, 1);
      jobs.start();
      expect(await settled(job.id)).toMatchObject({
        status: 'failed',
        error: `gave up after 1 ${ownMessages.jobDatabaseLost}`,
      });
      await jobs.stop();
    });

    it('stop() ends running work and hands the job back without counting the attempt', async () => {
      const job = await enqueue();
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const jobs = runner(
        (attempt) =>
          new Promise((_resolve, reject) => {
            started();
            attempt.signal.addEventListener('abort', () => reject(attempt.signal.reason));
          }),
      );
      jobs.start();
      await running;
      expect(jobs.running).toBe(1);
      await jobs.stop();
      expect(await jobQueue.find(db, job.id)).toMatchObject({
        status: 'queued',
        attempts: 0,
        lease_until: null,
      });
    });
  });
});
