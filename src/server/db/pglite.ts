import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable, SqlParam } from './db';
import { acquireDirectoryLock } from './lockFile';

function queryable(target: PGlite | Transaction): Queryable {
  return {
    async query<Row extends object>(sql: string, params: readonly SqlParam[] = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Extensions the migrations create: pg_trgm for typo-tolerant user search (migration 004). */
const extensions = { pg_trgm };

/** A whole in-memory database as a tar of its data folder: `openPglite(undefined, dump)` opens a copy of it. */
export interface PgliteDump {
  readonly tar: Blob;
}

function asDb(pg: PGlite, release: () => Promise<void> = async () => undefined): Db {
  const base = queryable(pg);
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    close() {
      closing ??= (async () => {
        try {
          if (!pg.closed) await pg.close();
        } finally {
          await release();
        }
      })();
      return closing;
    },
  };
}

/**
 * A fresh in-memory database after `prepare` (e.g. the migrations), as a dump to open copies of: a copy opens in
 * about a quarter of the CPU time of a fresh database, which runs initdb first (test servers use it).
 */
export async function pgliteDump(
  prepare: (db: Db) => Promise<unknown>,
  compression: 'none' | 'gzip' = 'none',
): Promise<PgliteDump> {
  const pg = await PGlite.create({ extensions });
  const db = asDb(pg);
  try {
    await prepare(db);
    return { tar: await pg.dumpDataDir(compression) };
  } finally {
    await db.close();
  }
}

/**
 * Opens the embedded PostgreSQL. `dataDir` undefined keeps everything in memory (tests), empty or a copy of
 * `copyOf`; otherwise the data lives in `<dataDir>/pglite` behind our own lock file, and a new one starts as a
 * copy of `copyOf` when given (an existing one is opened as it is). relaxedDurability stays off: every commit
 * waits for its write.
 */
export async function openPglite(dataDir: string | undefined, copyOf?: PgliteDump): Promise<Db> {
  if (dataDir === undefined) {
    return asDb(await PGlite.create({ extensions, ...(copyOf ? { loadDataDir: copyOf.tar } : {}) }));
  }
  await mkdir(dataDir, { recursive: true });
  const release = await acquireDirectoryLock(path.join(dataDir, 'pglite.lock'));
  try {
    const folder = path.join(dataDir, 'pglite');
    const copy = copyOf && !existsSync(path.join(folder, 'PG_VERSION')) ? { loadDataDir: copyOf.tar } : {};
    return asDb(await PGlite.create(folder, { extensions, ...copy }), release);
  } catch (error) {
    await release();
    throw error;
  }
}
