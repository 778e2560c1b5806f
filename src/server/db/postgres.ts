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
      // A checked-out client has no listener of the pool's: a backend terminated mid-transaction (restart,
      // failover, pg_terminate_backend) would emit 'error' with nobody listening and end the process.
      // Its queries fail on their own; the listener only marks the client broken so the pool discards it.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken ??= error;
        log.error({ err: error }, 'PostgreSQL connection lost during a transaction');
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A client whose ROLLBACK failed is in an unknown state: hand it back as broken too.
        if (!broken) {
          await client.query('ROLLBACK').catch((rollbackError: Error) => {
            broken ??= rollbackError;
          });
        }
        throw error;
      } finally {
        client.removeListener('error', onError);
        client.release(broken);
      }
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}
