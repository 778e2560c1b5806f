import type { Config } from '../config';
import { inMemoryDataDir } from '../config';
import type { Db } from './db';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

interface ErrorLog {
  error(details: object, message: string): void;
}

/** Opens the configured database and brings its schema up to date; closes it again if migrating fails. */
export async function openDatabase(config: Config, log: ErrorLog): Promise<Db> {
  const db = config.databaseUrl
    ? openPostgres(config.databaseUrl, log)
    : await openPglite(config.dataDir === inMemoryDataDir ? undefined : config.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
