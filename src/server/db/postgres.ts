import pg from 'pg';
import type { Db, Queryable, SqlParam } from './db';

interface ErrorLog {
  error(details: object, message: string): void;
}

function queryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row extends object>(sql: string, params: readonly SqlParam[] = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which runs a multi-statement script.
      await target.query(sql);
    },
  };
}

/** A pooled PostgreSQL connection (DATABASE_URL). */
export function openPostgres(connectionString: string, log: ErrorLog): Db {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its backend emits 'error'; without a listener Node would exit the process.
  pool.on('error', (error) => log.error({ err: error }, 'PostgreSQL connection lost'));
  const base = queryable(pool);
  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      // A client whose ROLLBACK failed is in an unknown state: hand it back as broken so the pool discards it.
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}
