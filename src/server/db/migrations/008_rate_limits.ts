import type { Migration } from './migration';

/**
 * Rate-limit counters when several instances share PostgreSQL and there is no Redis (issue #22): one row per
 * limiter and key, counted by an atomic upsert, expired by `expires_at` (a new window starts on the next hit).
 * PGlite gets the table too but serves one instance, so its counts stay in memory.
 */
export const rateLimits: Migration = {
  version: 8,
  name: 'rate_limits',
  sql: `
    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      points integer NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);
  `,
};
