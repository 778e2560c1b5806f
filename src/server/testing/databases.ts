import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Why a suite runs on PostgreSQL as well: something the two databases can treat differently. PGlite is one
 * connection in the server's thread, so statements never overlap there; PostgreSQL is a pool in its own process.
 */
export type PostgresReason =
  /** Migrations, the drivers and the `Db` interface themselves. */
  | 'the db layer and migrations'
  /**
   * Transactions on one of several pooled connections: row and advisory locks that only contend there, rollback
   * and retry, `SET LOCAL`.
   */
  | 'pooled transactions'
  /** The job queue's leases (FOR UPDATE SKIP LOCKED), expiry and retries. */
  | 'job queue leases'
  /** The rate-limit store, a table on PostgreSQL and memory on PGlite. */
  | 'the rate-limit store'
  /** Statements only PostgreSQL runs (`db.kind === 'postgres'` branches). */
  | 'SQL only PostgreSQL runs'
  /** A suite that reaches every capability's routes, so each one's SQL runs on PostgreSQL at least once. */
  | 'every capability’s SQL'
  /** Heavy SQL that holds the event loop on PGlite but not on PostgreSQL (issue #22). */
  | 'the event loop with an out-of-process database';

/**
 * The databases a server suite runs on: `describe.each(databases())('... on $kind', ({ kind }) => ...)`.
 * Every suite runs on PGlite. A suite runs on PostgreSQL too (when DATABASE_URL is set) only when it names why,
 * `databases('job queue leases')`: running every route suite twice doubled the slowest part of the unit run and
 * proved the same SQL again. `grep -rn "databases('" src tests` lists the PostgreSQL suites.
 */
export function databases(postgres?: PostgresReason): Array<{ kind: DatabaseKind }> {
  return postgres && process.env.DATABASE_URL
    ? [{ kind: 'pglite' }, { kind: 'postgres' }]
    : [{ kind: 'pglite' }];
}

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the server of DATABASE_URL, so suites never see each other's rows. */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `gusset_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
