import type { Queryable } from '../../db/db';

/** One API request as recorded. */
export interface RequestRecord {
  at: Date;
  /** The route template (/api/models/:id), never the concrete path: ids and tokens stay out of the log. */
  route: string;
  method: string;
  status: number;
  durationMs: number;
  userId: string | null;
  organizationId: string | null;
  /** The `_ANALYTICS` text (browser, device and OS), cut to a bounded length. */
  analytics: string | null;
}

/** One (day, route, method) aggregate, ready to be added to request_stats_daily. */
export interface DailyRouteStats {
  day: string;
  route: string;
  method: string;
  requests: number;
  clientErrors: number;
  serverErrors: number;
  histogram: readonly number[];
  maxDurationMs: number;
}

export interface DailyTranslationCount {
  day: string;
  from: string;
  to: string;
  count: number;
}

/** A stored aggregate as the summary reads it (bigint columns come back as float8 so both drivers give numbers). */
export interface StoredRouteStats {
  day: string;
  route: string;
  method: string;
  requests: number;
  client_errors: number;
  server_errors: number;
  duration_buckets: number[];
  max_duration_ms: number;
}

/** The instant a UTC day starts (timestamptz), whatever the session's time zone. */
const utcMidnight = (param: string, plusDays = 0) =>
  `((${param}::date + ${plusDays})::timestamp AT TIME ZONE 'UTC')`;

const text = (value: string | number | null) => (value === null ? '' : String(value));

/**
 * Adds two histograms element by element; a NULL from a shorter array (the bucket list grew) counts as zero.
 * WITH ORDINALITY keeps the bucket order.
 */
const addBuckets = `ARRAY(
  SELECT coalesce(a, 0) + coalesce(b, 0)
  FROM unnest(s.duration_buckets, excluded.duration_buckets) WITH ORDINALITY AS u(a, b, i)
  ORDER BY i
)`;

export function createAnalyticsRepository(db: Queryable) {
  return {
    /** Appends to request_log in one statement (arrays in, unnest out; '' stands for NULL). */
    async insertRequests(records: readonly RequestRecord[]): Promise<void> {
      if (records.length === 0) return;
      await db.query(
        `INSERT INTO request_log (at, route, method, status, duration_ms, user_id, organization_id, analytics)
         SELECT at::timestamptz, route, method, status::smallint, duration_ms::real, NULLIF(user_id, '')::uuid,
                NULLIF(organization_id, '')::uuid, NULLIF(analytics, '')
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
           AS r(at, route, method, status, duration_ms, user_id, organization_id, analytics)`,
        [
          records.map((r) => r.at.toISOString()),
          records.map((r) => r.route),
          records.map((r) => r.method),
          records.map((r) => text(r.status)),
          records.map((r) => text(r.durationMs)),
          records.map((r) => text(r.userId)),
          records.map((r) => text(r.organizationId)),
          records.map((r) => text(r.analytics)),
        ],
      );
    },

    /**
     * Adds to the daily aggregates. Callers pass the keys sorted, so two instances flushing the same keys lock
     * the rows in the same order and cannot deadlock.
     */
    async addRouteStats(stats: readonly DailyRouteStats[]): Promise<void> {
      if (stats.length === 0) return;
      await db.query(
        `INSERT INTO request_stats_daily AS s
           (day, route, method, requests, client_errors, server_errors, duration_buckets, max_duration_ms)
         SELECT day::date, route, method, requests::bigint, client_errors::bigint, server_errors::bigint,
                duration_buckets::bigint[], max_duration_ms::real
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
           AS t(day, route, method, requests, client_errors, server_errors, duration_buckets, max_duration_ms)
         ON CONFLICT (day, route, method) DO UPDATE SET
           requests = s.requests + excluded.requests,
           client_errors = s.client_errors + excluded.client_errors,
           server_errors = s.server_errors + excluded.server_errors,
           duration_buckets = ${addBuckets},
           max_duration_ms = greatest(s.max_duration_ms, excluded.max_duration_ms)`,
        [
          stats.map((s) => s.day),
          stats.map((s) => s.route),
          stats.map((s) => s.method),
          stats.map((s) => text(s.requests)),
          stats.map((s) => text(s.clientErrors)),
          stats.map((s) => text(s.serverErrors)),
          stats.map((s) => `{${s.histogram.join(',')}}`),
          stats.map((s) => text(s.maxDurationMs)),
        ],
      );
    },

    /**
     * Notes who was active on which day and counts the newcomers per day in the same statement: a user already
     * noted that day (by this or another instance) inserts nothing and so adds nothing to the count.
     */
    async addActiveUsers(days: readonly string[], userIds: readonly string[]): Promise<void> {
      if (days.length === 0) return;
      await db.query(
        `WITH inserted AS (
           INSERT INTO request_users_daily (day, user_id)
           SELECT day::date, user_id::uuid FROM unnest($1::text[], $2::text[]) AS t(day, user_id)
           ON CONFLICT DO NOTHING
           RETURNING day
         )
         INSERT INTO request_activity_daily AS a (day, active_users)
         SELECT day, count(*) FROM inserted GROUP BY day ORDER BY day
         ON CONFLICT (day) DO UPDATE SET active_users = a.active_users + excluded.active_users`,
        [days, userIds],
      );
    },

    async addTranslations(counts: readonly DailyTranslationCount[]): Promise<void> {
      if (counts.length === 0) return;
      await db.query(
        `INSERT INTO request_translations_daily AS s (day, from_platform, to_platform, count)
         SELECT day::date, from_platform, to_platform, count::bigint
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(day, from_platform, to_platform, count)
         ON CONFLICT (day, from_platform, to_platform) DO UPDATE SET count = s.count + excluded.count`,
        [
          counts.map((c) => c.day),
          counts.map((c) => c.from),
          counts.map((c) => c.to),
          counts.map((c) => text(c.count)),
        ],
      );
    },

    /** The upload format of each version that came from an upload (restores and clones have none). */
    async uploadFormatsOfVersions(versionIds: readonly string[]): Promise<Map<string, string>> {
      if (versionIds.length === 0) return new Map();
      const rows = await db.query<{ id: string; format: string | null }>(
        `SELECT id, origin->>'format' AS format FROM versions WHERE id = ANY($1::uuid[])`,
        [versionIds],
      );
      return new Map(rows.flatMap((row) => (row.format ? [[row.id, row.format] as const] : [])));
    },

    routeStats(from: string, to: string): Promise<StoredRouteStats[]> {
      return db.query<StoredRouteStats>(
        `SELECT day::text AS day, route, method, requests::float8 AS requests,
                client_errors::float8 AS client_errors, server_errors::float8 AS server_errors,
                duration_buckets::float8[] AS duration_buckets, max_duration_ms::float8 AS max_duration_ms
         FROM request_stats_daily WHERE day BETWEEN $1::date AND $2::date`,
        [from, to],
      );
    },

    activeUsersPerDay(from: string, to: string): Promise<Array<{ day: string; count: number }>> {
      return db.query(
        `SELECT day::text AS day, active_users::float8 AS count FROM request_activity_daily
         WHERE day BETWEEN $1::date AND $2::date`,
        [from, to],
      );
    },

    /** Upload jobs created per UTC day (each is one file uploaded). */
    uploadsPerDay(from: string, to: string): Promise<Array<{ day: string; count: number }>> {
      return db.query(
        `SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day, count(*)::float8 AS count FROM jobs
         WHERE kind = 'upload' AND created_at >= ${utcMidnight('$1')} AND created_at < ${utcMidnight('$2', 1)}
         GROUP BY 1`,
        [from, to],
      );
    },

    /** Uploads translated into Gusset's model, per file format, over the range. */
    completedUploadsPerFormat(from: string, to: string): Promise<Array<{ format: string; count: number }>> {
      return db.query(
        `SELECT payload->>'format' AS format, count(*)::float8 AS count FROM jobs
         WHERE kind = 'upload' AND status = 'done' AND created_at >= ${utcMidnight('$1')} AND created_at < ${utcMidnight('$2', 1)}
         GROUP BY 1`,
        [from, to],
      );
    },

    exportsPerPair(from: string, to: string): Promise<Array<{ from: string; to: string; count: number }>> {
      return db.query(
        `SELECT from_platform AS "from", to_platform AS "to", sum(count)::float8 AS count
         FROM request_translations_daily WHERE day BETWEEN $1::date AND $2::date
         GROUP BY 1, 2`,
        [from, to],
      );
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
