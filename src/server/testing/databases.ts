import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases every server suite runs on: PGlite always, PostgreSQL too when DATABASE_URL is set.
 * Use as `describe.each(databases())('... on $kind', ({ kind }) => ...)`.
 */
export function databases(): Array<{ kind: DatabaseKind }> {
  return process.env.DATABASE_URL ? [{ kind: 'pglite' }, { kind: 'postgres' }] : [{ kind: 'pglite' }];
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
