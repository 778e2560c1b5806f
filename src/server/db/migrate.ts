import type { Db } from './db';
import { migrations as allMigrations } from './migrations/index';
import type { Migration } from './migrations/migration';

/** Any constant works; it only has to be the same in every instance that migrates this database. */
const migrationLockKey = 7_283_614_001;

/**
 * Applies the migrations the database has not seen, all in one transaction, and records each in
 * schema_migrations. The advisory lock makes a second instance starting at the same moment wait for the first and
 * then find nothing left to do. Returns the versions it applied.
 */
export async function migrate(db: Db, migrations: readonly Migration[] = allMigrations): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${migrationLockKey})`);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const pending = [...migrations]
      .sort((a, b) => a.version - b.version)
      .filter((m) => !applied.has(m.version));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    return pending.map((migration) => migration.version);
  });
}
