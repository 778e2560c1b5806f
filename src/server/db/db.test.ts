import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createThrowawayDatabase, databases } from '../testing/databases';
import { isDatabaseOutOfResources, isDatabaseUnavailable, type Db, type Queryable } from './db';
import { DataDirLockedError } from './lockFile';
import { migrate } from './migrate';
import { migrations } from './migrations/index';
import { openPglite, pgliteDump, type PgliteDump } from './pglite';
import { openPostgres } from './postgres';

const scratchDirs: string[] = [];
async function scratch(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gusset-db-'));
  scratchDirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(scratchDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const tables = async (db: Db) =>
  (
    await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    )
  ).map((row) => row.table_name);

describe('PGlite on disk', () => {
  // The lock cases are about the lock, not about initdb (7 s on disk here): a new folder starts as a copy of one
  // empty database, as a real one starts from the build's template.
  let empty: Promise<PgliteDump> | undefined;
  const emptyDatabase = () => (empty ??= pgliteDump(async () => undefined));

  it('keeps data and migrates once when the app is built twice on the same directory', async () => {
    const dataDir = await scratch();
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CLIENT_DIR: path.join(dataDir, 'client'),
    });

    const first = await buildApp(config);
    await first.ready();
    const response = await first.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { emailAddress: 'kept@example.com' },
    });
    expect(response.statusCode).toBe(200);
    await first.close();

    const second = await buildApp(config);
    await second.ready();
    await second.close();

    const db = await openPglite(dataDir);
    try {
      const applied = await db.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(applied.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
      const kept = await db.query<{ email: string }>('SELECT email FROM mail_tokens');
      expect(kept).toEqual([{ email: 'kept@example.com' }]);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('refuses a second opener of the same directory with a clear message, and frees it on close', async () => {
    const dataDir = await scratch();
    const db = await openPglite(dataDir, await emptyDatabase());
    const second = openPglite(dataDir, await emptyDatabase());
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(/in use by another Gusset process/);
    await db.close();
    const reopened = await openPglite(dataDir, await emptyDatabase());
    await reopened.close();
  });

  it('refuses a directory locked by another live process', async () => {
    const dataDir = await scratch();
    // Our parent process is alive and is not us: exactly what another running server looks like.
    await writeFile(path.join(dataDir, 'pglite.lock'), `${process.ppid}\n`);
    await expect(openPglite(dataDir)).rejects.toThrow(`pid ${process.ppid}`);
  });

  it('takes over the lock of a process that died', async () => {
    const dataDir = await scratch();
    const finished = spawnSync(process.execPath, ['-e', '0']);
    expect(finished.pid).toBeGreaterThan(0);
    await writeFile(path.join(dataDir, 'pglite.lock'), `${finished.pid}\n`);
    const db = await openPglite(dataDir, await emptyDatabase());
    expect((await readFile(path.join(dataDir, 'pglite.lock'), 'utf8')).trim()).toBe(String(process.pid));
    await db.close();
  });
});

describe.each(databases('the db layer and migrations'))('migrations on $kind', ({ kind }) => {
  async function freshDb(): Promise<{ db: Db; open: () => Db | Promise<Db>; done: () => Promise<void> }> {
    if (kind === 'pglite') {
      const db = await openPglite(undefined);
      return { db, open: () => db, done: () => db.close() };
    }
    const throwaway = await createThrowawayDatabase();
    const silent = { error: () => undefined };
    const opened: Db[] = [];
    const open = () => {
      const db = openPostgres(throwaway.url, silent);
      opened.push(db);
      return db;
    };
    return {
      db: open(),
      open,
      done: async () => {
        await Promise.all(opened.map((db) => db.close()));
        await throwaway.drop();
      },
    };
  }

  it('creates every table and is idempotent', async () => {
    const { db, done } = await freshDb();
    try {
      expect(await migrate(db)).toEqual(migrations.map((migration) => migration.version));
      expect(await migrate(db)).toEqual([]);
      expect(await tables(db)).toEqual([
        'api_tokens',
        'billing_accounts',
        'blobs',
        'filters',
        'jobs',
        'mail_tokens',
        'model_list_generation',
        'model_objects',
        'model_permissions',
        'models',
        'organization_collaborators',
        'organizations',
        'payment_methods',
        'rate_limits',
        'repairs',
        'report_assignees',
        'reports',
        'request_activity_daily',
        'request_log',
        'request_stats_daily',
        'request_translations_daily',
        'request_users_daily',
        'schema_migrations',
        'sessions',
        'stripe_events',
        'support_requests',
        'upload_reviews',
        'users',
        'version_results',
        'versions',
      ]);
      await expect(
        db.query(
          `INSERT INTO users (id, email, first_name, last_name, password_hash, preferences, created_at, updated_at)
           VALUES ($1, 'Upper@Example.com', 'a', 'b', 'h', '{}'::jsonb, now(), now())`,
          ['00000000-0000-4000-8000-000000000000'],
        ),
      ).rejects.toThrow();
    } finally {
      await done();
    }
  });

  it('lets two instances migrate at the same moment: one applies, the other finds nothing to do', async () => {
    const { db, open, done } = await freshDb();
    try {
      const other = await open();
      const results = await Promise.all([migrate(db), migrate(other)]);
      expect(results.map((applied) => applied.length).sort()).toEqual([0, migrations.length]);
    } finally {
      await done();
    }
  });

  it('rolls a failing migration back completely', async () => {
    const { db, done } = await freshDb();
    try {
      const broken = [
        ...migrations,
        { version: 99, name: 'broken', sql: 'CREATE TABLE half (id int); SELECT 1/0;' },
      ];
      await expect(migrate(db, broken)).rejects.toThrow();
      expect(await tables(db)).toEqual([]);
    } finally {
      await done();
    }
  });
});

describe('database faults', () => {
  const coded = (code: string) => Object.assign(new Error('x'), { code });

  it('tells a lost or refused connection from a wrong statement', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08003', '53300', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    for (const code of ['23505', '42P01', '53200', '57014']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
    expect(isDatabaseOutOfResources(coded('53200'))).toBe(true);
    expect(isDatabaseOutOfResources(coded('23505'))).toBe(false);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL backend terminated during a transaction', () => {
  /** Runs `during` in a transaction that wrote a row, kills the transaction's backend from outside, and checks the
   * transaction fails as 'unavailable', nothing is left of it, and the pool works on. An 'error' event nobody
   * listens to would fail this run as an uncaught exception. */
  async function killMidTransaction(during: (tx: Queryable, kill: () => Promise<void>) => Promise<unknown>) {
    const throwaway = await createThrowawayDatabase();
    const logged: string[] = [];
    const db = openPostgres(throwaway.url, { error: (_details, message) => logged.push(message) });
    const admin = new pg.Client({ connectionString: throwaway.url });
    await admin.connect();
    try {
      await db.exec('CREATE TABLE kept (id int)');
      const failure = await db
        .transaction(async (tx) => {
          await tx.query('INSERT INTO kept VALUES (1)');
          const [{ pid }] = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')) as [
            { pid: number },
          ];
          return during(tx, async () => {
            await admin.query('SELECT pg_terminate_backend($1, 10000)', [pid]);
          });
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      expect(await db.query('SELECT id FROM kept')).toEqual([]);
      expect(await db.transaction((tx) => tx.query('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
      return logged;
    } finally {
      await admin.end();
      await db.close();
      await throwaway.drop();
    }
  }

  it('between two statements (the client is idle in the transaction)', async () => {
    const logged = await killMidTransaction(async (tx, kill) => {
      await kill();
      // Let the client read the backend's farewell before the next statement.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.query('INSERT INTO kept VALUES (2)');
    });
    expect(logged).toContain('PostgreSQL connection lost during a transaction');
  });

  it('while a statement runs', async () => {
    await killMidTransaction(async (tx, kill) => {
      // Settled at once, so its rejection is not unhandled while the kill is awaited.
      const sleeping = tx.query('SELECT pg_sleep(30)').then(
        () => undefined,
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await kill();
      const error = await sleeping;
      if (error) throw error;
    });
  });
});
