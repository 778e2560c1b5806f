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

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** What node-postgres says when the socket goes away under a client (it sets no `code`). */
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
];

/** Socket errors of connecting to a server that is restarting or failing over. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/**
 * Whether the error means the database went away (restart, failover, a terminated backend) rather than that the
 * statement was wrong: SQLSTATE 57P01-57P03 (shutdown, crash, cannot connect now), 53300 (too many connections),
 * class 08 (connection exception), and node-postgres's lost-socket errors. Worth a 503 and a retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = errorCode(error);
  if (code !== undefined) {
    return (
      ['57P01', '57P02', '57P03', '53300'].includes(code) ||
      code.startsWith('08') ||
      UNREACHABLE_CODES.has(code)
    );
  }
  return error instanceof Error && LOST_CONNECTION_MESSAGES.includes(error.message);
}

/** SQLSTATE class 53 (insufficient resources): out of memory (53200), disk full (53100), too many connections. */
export function isDatabaseOutOfResources(error: unknown): boolean {
  return errorCode(error)?.startsWith('53') ?? false;
}
