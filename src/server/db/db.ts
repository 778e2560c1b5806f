/** A value both drivers accept as a parameter. jsonb goes in as JSON text with `::jsonb`; arrays become text[]. */
export type SqlParam = string | number | boolean | null | Date | readonly string[];

export interface Queryable {
  /**
   * Runs one statement with `$1`-style parameters. The row type is the caller's statement of what its SQL selects;
   * nothing checks it at run time, so keep each query next to the type it returns.
   */
  query<Row extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly SqlParam[],
  ): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The one database interface of the server: PGlite by default, PostgreSQL when DATABASE_URL is set. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Idempotent: the HTTP shutdown path and a failing start may both call it. */
  close(): Promise<void>;
}

/** SQLSTATE 23505: a unique constraint refused the row (both drivers expose `code`). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
