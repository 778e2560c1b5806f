import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import { inMemoryDataDir } from '../config';
import type { Db } from './db';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { readPgliteTemplate } from './pgliteTemplate';
import { openPostgres } from './postgres';

interface ErrorLog {
  error(details: object, message: string): void;
}

/**
 * The compiled server's folder (dist/server: the bundle's modules all sit there), where its build leaves the
 * embedded database's template; from source there is none and a new database runs initdb.
 */
const compiledFolder = fileURLToPath(new URL('.', import.meta.url));

/** Opens the configured database and brings its schema up to date; closes it again if migrating fails. */
export async function openDatabase(config: Config, log: ErrorLog): Promise<Db> {
  const db = config.databaseUrl
    ? openPostgres(config.databaseUrl, log)
    : config.dataDir === inMemoryDataDir
      ? await openPglite(undefined)
      : await openPglite(config.dataDir, await readPgliteTemplate(compiledFolder));
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
