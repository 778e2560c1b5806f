import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../src/engine/testing/building';
import { presetParameters } from '../src/engine/testing/presets';
import { ownMessages } from '../src/contract/errors';
import { modelSchema } from '../src/contract/http/models';
import { jobSchema, type Job } from '../src/contract/http/jobs';
import { writeModelJson } from '../src/engine/formats/json';
import { migrate } from '../src/server/db/migrate';
import { openPostgres } from '../src/server/db/postgres';
import { seedSignedInUsers, type SeededUser } from '../src/server/testing/sockets';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../src/server/testing/databases';
import { STARTUP_MS, startInstance, stopInstance, type Instance } from './support/instances';

/**
 * Issue #22: the database goes away under a running server (restart, failover, a killed backend). The server
 * runs as a child process, as in production, so a crash shows as an exit; a monitor connection kills the
 * server's backends with pg_terminate_backend. Each fault is set up by holding a table lock from a second
 * connection, so the server is waiting at a known statement when its backends die: no timing luck involved.
 */
const adminDatabaseUrl = process.env.DATABASE_URL;
const SKIP_NOTE = adminDatabaseUrl ? '' : ' (skipped: DATABASE_URL not set)';

/**
 * How long one step may wait for the state it polls for. Steps wait for states, never for a time, so this only
 * turns a hang into a message naming the step: under `stress --cpu 2` beside the suite, the retried upload took
 * over 60 s to reach its version insert again.
 */
const WAIT_MS = 300_000;
/** Marks the server's connections in pg_stat_activity, so only they are terminated. */
const APP_NAME = 'gusset-faults-test';

/** Polls `probe` until it gives a value; gives up at once if the server process died (what this suite guards). */
async function until<T>(what: string, server: Instance, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (server.process.exitCode !== null || server.process.signalCode !== null) {
      throw new Error(`the server died while waiting for ${what}:\n${server.output.join('').slice(-4000)}`);
    }
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!adminDatabaseUrl)(`the server survives database faults on PostgreSQL${SKIP_NOTE}`, () => {
  let database: ThrowawayDatabase;
  let scratch: string;
  let server: Instance;
  /** Watches and terminates the server's backends; never terminated itself. */
  let monitor: pg.Client;
  let owner: SeededUser;
  let organizationId: string;
  /** A model with one version, for the reads. */
  let readModelId: string;
  let readVersionId: string;

  const appUrl = () => {
    const url = new URL(database.url);
    url.searchParams.set('application_name', APP_NAME);
    return url.toString();
  };

  async function call(method: string, route: string, init: { json?: unknown; bytes?: Uint8Array } = {}) {
    const headers: Record<string, string> = { authorization: owner.token };
    let body: string | Uint8Array | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    if (init.bytes) {
      headers['content-type'] = 'application/octet-stream';
      headers['x-file-name'] = 'building.json';
      body = init.bytes;
    }
    const response = await fetch(`${server.url}${route}`, { method, headers, ...(body ? { body } : {}) });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  const building = (seed: number) => writeModelJson(generateBuilding(presetParameters('1k', seed))).bytes;

  async function createModel(name: string): Promise<string> {
    const created = await call('POST', '/api/models', { json: { name, organizationId } });
    expect(created.status).toBe(201);
    return modelSchema.parse(created.body)._id;
  }

  async function upload(modelId: string, seed: number): Promise<string> {
    const accepted = await call('POST', `/api/v2/uploads?modelId=${modelId}`, { bytes: building(seed) });
    expect(accepted.status).toBe(202);
    return jobSchema.parse(accepted.body)._id;
  }

  async function finished(jobId: string): Promise<Job> {
    return until(`job ${jobId} to finish`, server, async () => {
      const answer = await call('GET', `/api/v2/uploads/${jobId}`);
      if (answer.status !== 200) return undefined;
      const job = jobSchema.parse(answer.body);
      return job.status === 'done' || job.status === 'failed' ? job : undefined;
    });
  }

  /** The server's backends (optionally only those in `state`), never the monitor's or the lock holder's. */
  async function serverBackends(filter = 'true'): Promise<number[]> {
    const rows = await monitor.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid() AND ${filter}`,
      [APP_NAME],
    );
    return rows.rows.map((row) => row.pid);
  }

  /** Kills the backends and waits until each is gone, as a database restart would. */
  async function terminate(pids: readonly number[]): Promise<void> {
    for (const pid of pids) await monitor.query('SELECT pg_terminate_backend($1, 10000)', [pid]);
  }

  /** A second connection holding a table lock, so the server waits at a known statement. */
  async function holdLock(sql: string): Promise<{ release(): Promise<void> }> {
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query(sql);
    return {
      async release() {
        await locker.query('ROLLBACK');
        await locker.end();
      },
    };
  }

  function expectAlive(): void {
    expect(server.process.exitCode).toBeNull();
    expect(server.process.signalCode).toBeNull();
    const output = server.output.join('');
    expect(output).not.toMatch(/Unhandled 'error' event|uncaughtException|unhandledRejection/);
  }

  beforeAll(
    async () => {
      database = await createThrowawayDatabase();
      const db = openPostgres(database.url, { error: () => undefined });
      try {
        await migrate(db);
        [owner] = (await seedSignedInUsers(db, 1, 'faults')) as [SeededUser];
        organizationId = randomUUID();
        const now = new Date();
        await db.query(
          'INSERT INTO organizations (id, name, owner_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)',
          [organizationId, 'Faults', owner.userId, now],
        );
      } finally {
        await db.close();
      }
      monitor = new pg.Client({ connectionString: database.url });
      await monitor.connect();

      scratch = await mkdtemp(path.join(os.tmpdir(), 'gusset-faults-'));
      server = await startInstance('faults', {
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: appUrl(),
        DATA_DIR: path.join(scratch, 'data'),
        BLOB_DIR: path.join(scratch, 'blobs'),
        OUTBOX_DIR: path.join(scratch, 'outbox'),
        CLIENT_DIR: path.join(scratch, 'client'),
        LOG_LEVEL: 'info',
        JOB_WORKERS: '1',
        REDIS_URL: '',
      });

      readModelId = await createModel('Read');
      const job = await finished(await upload(readModelId, 1));
      expect(job.status).toBe('done');
      readVersionId = job.versionId as string;
    },
    STARTUP_MS + 2 * WAIT_MS,
  );

  afterAll(async () => {
    const exit = server ? await stopInstance(server) : 0;
    await monitor?.end();
    await database?.drop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
    expect(exit).toBe(0);
  }, WAIT_MS);

  it(
    'mid-store: the backend dies while an upload is storing; the job is retried and makes exactly one version',
    async () => {
      const modelId = await createModel('Stored');
      // SHARE lets the job read versions but holds its INSERT: the objects are written, the version is not.
      const lock = await holdLock('LOCK TABLE versions IN SHARE MODE');
      let released = false;
      try {
        const jobId = await upload(modelId, 2);
        const storing = `wait_event_type = 'Lock' AND query LIKE 'INSERT INTO versions%'`;
        const [pid] = await until('the job to wait at its version insert', server, async () => {
          const pids = await serverBackends(storing);
          return pids.length > 0 ? pids : undefined;
        });
        expect(pid).toBeDefined();
        const storingRow = await monitor.query<{ stage: string; attempts: number }>(
          'SELECT stage, attempts FROM jobs WHERE id = $1',
          [jobId],
        );
        expect(storingRow.rows[0]).toMatchObject({ attempts: 1, stage: expect.stringMatching(/^Storing /) });

        await terminate(await serverBackends());

        // The attempt failed cleanly and the job was retried: the second attempt waits at the same insert, and
        // the row says why the first one failed.
        await until('the second attempt to wait at its version insert', server, async () => {
          const row = await monitor.query<{ attempts: number }>('SELECT attempts FROM jobs WHERE id = $1', [
            jobId,
          ]);
          return row.rows[0]?.attempts === 2 && (await serverBackends(storing)).length > 0 ? true : undefined;
        });
        const retried = await monitor.query<{ status: string; error: string | null }>(
          'SELECT status, error FROM jobs WHERE id = $1',
          [jobId],
        );
        expect(retried.rows[0]).toEqual({ status: 'running', error: ownMessages.jobDatabaseLost });
        expect((await call('GET', '/health')).status).toBe(200);
        expectAlive();

        await lock.release();
        released = true;
        const job = await finished(jobId);
        expect(job).toMatchObject({ status: 'done', error: null, modelId });
        const versions = await monitor.query<{ id: string; job_id: string | null }>(
          'SELECT id, job_id FROM versions WHERE model_id = $1',
          [modelId],
        );
        expect(versions.rows).toEqual([{ id: job.versionId, job_id: jobId }]);
        expectAlive();
      } finally {
        if (!released) await lock.release();
      }
    },
    3 * WAIT_MS,
  );

  it(
    'mid-read: the backend dies under a version read; that request answers 503, the next one succeeds',
    async () => {
      const route = `/api/models/${readModelId}/versions/${readVersionId}`;
      expect((await call('GET', route)).status).toBe(200);
      const lock = await holdLock('LOCK TABLE versions IN ACCESS EXCLUSIVE MODE');
      let released = false;
      try {
        const reading = call('GET', route);
        await until('the read to wait for the versions table', server, async () => {
          const pids = await serverBackends(`wait_event_type = 'Lock' AND query LIKE '%versions%'`);
          return pids.length > 0 ? pids : undefined;
        });
        await terminate(await serverBackends());
        await lock.release();
        released = true;
        expect(await reading).toEqual({ status: 503, body: { message: ownMessages.databaseUnavailable } });
      } finally {
        if (!released) await lock.release();
      }
      expect((await call('GET', route)).status).toBe(200);
      expect((await call('GET', '/health')).status).toBe(200);
      expectAlive();
    },
    2 * WAIT_MS,
  );

  it(
    'idle: every idle pooled connection is terminated; the next requests succeed',
    async () => {
      // Several requests at once, so the pool holds several connections.
      await Promise.all(
        Array.from({ length: 5 }, () => call('GET', `/api/models/${readModelId}/versions/${readVersionId}`)),
      );
      const idle = await until('idle pooled connections', server, async () => {
        const pids = await serverBackends(`state = 'idle'`);
        return pids.length > 0 ? pids : undefined;
      });
      await terminate(idle);
      expect(await serverBackends(`pid = ANY('{${idle.join(',')}}'::int[])`)).toEqual([]);

      expect((await call('GET', `/api/models/${readModelId}`)).status).toBe(200);
      expect((await call('GET', `/api/models/${readModelId}/versions/${readVersionId}`)).status).toBe(200);
      expect((await call('GET', '/health')).status).toBe(200);
      expectAlive();
    },
    2 * WAIT_MS,
  );
});
