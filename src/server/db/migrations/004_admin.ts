import type { Migration } from './migration';

/**
 * The internal admin area, usage analytics, avatars and support requests (issue #11).
 *
 * - Fuzzy user search: pg_trgm and a GIN trigram index over one lower-cased text of name and email, which the
 *   `%`, `<%` and LIKE '%…%' operators of /api/users/fuzzySearch/ use. The testing group stays in
 *   users.preferences (jsonb) where the user's record already carries it.
 * - Avatars: users.avatar_blob names the image in the blob store (avatar_url keeps the address served).
 * - Analytics: request_log is append-only, one row per API request. request_stats_daily (per day, route and
 *   method: counts and a latency histogram) and request_users_daily (who was active each day, counted in request_activity_daily) are upserted in the
 *   same transaction as the log rows, so a summary reads these small tables and never scans request_log.
 *   request_translations_daily counts exports per platform pair the same way.
 * - support_requests: bug reports and contact messages, the screenshot in the blob store.
 */
export const admin: Migration = {
  version: 4,
  name: 'admin',
  sql: `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE INDEX users_search_trgm_idx ON users
      USING gin ((lower(first_name || ' ' || last_name || ' ' || email)) gin_trgm_ops);
    CREATE INDEX users_created_at_idx ON users (created_at DESC, id);

    ALTER TABLE users ADD COLUMN avatar_blob text REFERENCES blobs (sha256);
    CREATE INDEX users_avatar_blob_idx ON users (avatar_blob) WHERE avatar_blob IS NOT NULL;
    CREATE INDEX models_image_blob_idx ON models (image_blob) WHERE image_blob IS NOT NULL;

    -- No foreign keys: an append-only log must not stop a user or an organization from being deleted.
    CREATE TABLE request_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL,
      route text NOT NULL,
      method text NOT NULL,
      status smallint NOT NULL,
      duration_ms real NOT NULL,
      user_id uuid,
      organization_id uuid,
      -- The browser, device and OS text the client sends as _ANALYTICS.
      analytics text
    );
    -- Rows arrive in time order, so a BRIN index is tiny and enough for range reads (retention, audits).
    CREATE INDEX request_log_at_idx ON request_log USING brin (at);

    CREATE TABLE request_stats_daily (
      day date NOT NULL,
      route text NOT NULL,
      method text NOT NULL,
      requests bigint NOT NULL,
      client_errors bigint NOT NULL,
      server_errors bigint NOT NULL,
      -- Counts per latency bucket (ANALYTICS_LATENCY_BUCKETS_MS, then one bucket for anything slower).
      duration_buckets bigint[] NOT NULL,
      max_duration_ms real NOT NULL,
      PRIMARY KEY (day, route, method)
    );

    CREATE TABLE request_users_daily (
      day date NOT NULL,
      user_id uuid NOT NULL,
      PRIMARY KEY (day, user_id)
    );
    -- How many rows request_users_daily has per day, counted as they are inserted, so a summary reads one row
    -- per day instead of counting thousands of users.
    CREATE TABLE request_activity_daily (
      day date PRIMARY KEY,
      active_users bigint NOT NULL
    );

    CREATE TABLE request_translations_daily (
      day date NOT NULL,
      from_platform text NOT NULL,
      to_platform text NOT NULL,
      count bigint NOT NULL,
      PRIMARY KEY (day, from_platform, to_platform)
    );

    -- Uploads per day for the summary (the claim index leads with status).
    CREATE INDEX jobs_kind_created_idx ON jobs (kind, created_at);

    CREATE TABLE support_requests (
      id uuid PRIMARY KEY,
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      kind text NOT NULL CHECK (kind IN ('bug', 'contact')),
      subject text NOT NULL,
      message text NOT NULL,
      page text,
      screenshot_blob text REFERENCES blobs (sha256),
      created_at timestamptz NOT NULL
    );
    CREATE INDEX support_requests_created_idx ON support_requests (created_at DESC);
  `,
};
