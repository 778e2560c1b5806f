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

/**
 * Opens the embedded PostgreSQL. `dataDir` undefined keeps everything in memory (tests); otherwise the data lives
 * in `<dataDir>/pglite` behind our own lock file. relaxedDurability stays off: every commit waits for its write.
 */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  let release: () => Promise<void> = async () => undefined;
  let pg: PGlite;
  if (dataDir === undefined) {
    pg = await PGlite.create({ extensions });
  } else {
    await mkdir(dataDir, { recursive: true });
    release = await acquireDirectoryLock(path.join(dataDir, 'pglite.lock'));
    try {
      pg = await PGlite.create(path.join(dataDir, 'pglite'), { extensions });
    } catch (error) {
      await release();
      throw error;
    }
  }
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
