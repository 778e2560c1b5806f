import { analyticsSummarySchema } from '../../src/contract/http/analytics';
import { aggregate } from '../../src/server/modules/analytics/recorder';
import { createAnalyticsRepository, type RequestRecord } from '../../src/server/modules/analytics/repository';
import { signUp } from '../../src/server/testing/accounts';
import type { DatabaseKind } from '../../src/server/testing/databases';
import { startTestServer, type TestServer } from '../../src/server/testing/testServer';
import { defineBenchmark, type BenchCase } from '../harness';

/**
 * The Stats page's summary over 30 days holding 1,000,000 recorded API requests (40 routes, 5,000 users, 6 %
 * client and 2 % server errors, latencies 0–1 s with a slow tail), timed as GET /api/analytics/summary over HTTP
 * by an internal admin: it reads the daily aggregates only. The baseline is the same summary computed straight
 * from request_log (the naive query: per day and per route counts, distinct users and percentile_disc(0.95)),
 * timed in the same run.
 *
 * The log is inserted with generate_series. The aggregates are then built from it by the recorder's own code
 * (aggregate() and the upserts of a flush), 50,000 rows at a time, so they are what the recorder would have
 * written; the run fails if the two summaries disagree on any day's request count or error count.
 */
const RECORDS = 1_000_000;
const DAYS = 30;
const FROM = '2024-01-01';
const TO = '2024-01-30';
const CHUNK = 50_000;

const generateLog = `
  INSERT INTO request_log (at, route, method, status, duration_ms, user_id, organization_id, analytics)
  SELECT
    '${FROM}T00:00:00Z'::timestamptz + ((i - 1)::float8 / ${RECORDS}) * interval '${DAYS} days',
    '/api/bench/route' || (i % 40),
    CASE WHEN i % 40 < 30 THEN 'GET' ELSE 'POST' END,
    CASE WHEN i % 50 = 0 THEN 500 WHEN i % 17 = 0 THEN 404 ELSE 200 END,
    -- A cheap deterministic spread over 0–1 s, and every 97th request slow.
    ((i::bigint * 1103515245 + 12345) % 100000) / 100.0 + CASE WHEN i % 97 = 0 THEN 2500 ELSE 0 END,
    CASE WHEN i % 10 = 0 THEN NULL ELSE md5('bench-user-' || (i % 5000))::uuid END,
    NULL,
    'Chrome 126 / desktop / Windows 10'
  FROM generate_series(1, ${RECORDS}) AS i`;

/** The naive summary: everything from request_log. */
const naiveDays = `
  SELECT (at AT TIME ZONE 'UTC')::date AS day, count(*) AS requests,
         count(*) FILTER (WHERE status BETWEEN 400 AND 499) AS client_errors,
         count(*) FILTER (WHERE status >= 500) AS server_errors,
         count(DISTINCT user_id) AS active_users,
         percentile_disc(0.95) WITHIN GROUP (ORDER BY duration_ms) AS p95
  FROM request_log
  WHERE at >= ('${FROM}'::date::timestamp AT TIME ZONE 'UTC') AND at < (('${TO}'::date + 1)::timestamp AT TIME ZONE 'UTC')
  GROUP BY 1 ORDER BY 1`;
const naiveRoutes = `
  SELECT route, method, count(*) AS requests,
         count(*) FILTER (WHERE status BETWEEN 400 AND 499) AS client_errors,
         count(*) FILTER (WHERE status >= 500) AS server_errors,
         percentile_disc(0.95) WITHIN GROUP (ORDER BY duration_ms) AS p95
  FROM request_log
  WHERE at >= ('${FROM}'::date::timestamp AT TIME ZONE 'UTC') AND at < (('${TO}'::date + 1)::timestamp AT TIME ZONE 'UTC')
  GROUP BY 1, 2 ORDER BY requests DESC`;

interface LogRow {
  id: string;
  at: Date | string;
  route: string;
  method: string;
  status: number;
  duration_ms: number;
  user_id: string | null;
}

/** Builds the daily aggregates from the log with the recorder's own aggregation and upserts. */
async function aggregateLog(server: TestServer): Promise<void> {
  let after = '0';
  for (;;) {
    const rows = await server.db.query<LogRow>(
      `SELECT id::text AS id, at, route, method, status, duration_ms, user_id::text AS user_id FROM request_log
       WHERE request_log.id > $1::bigint ORDER BY request_log.id LIMIT ${CHUNK}`,
      [after],
    );
    if (rows.length === 0) return;
    after = rows.at(-1)?.id ?? after;
    const records: RequestRecord[] = rows.map((row) => ({
      at: new Date(row.at),
      route: row.route,
      method: row.method,
      status: row.status,
      durationMs: row.duration_ms,
      userId: row.user_id,
      organizationId: null,
      analytics: null,
    }));
    const { stats, activeUsers } = aggregate(records);
    await server.db.transaction(async (tx) => {
      const repository = createAnalyticsRepository(tx);
      await repository.addRouteStats(stats);
      await repository.addActiveUsers(
        activeUsers.map((entry) => entry.day),
        activeUsers.map((entry) => entry.userId),
      );
    });
  }
}

export default defineBenchmark({
  name: 'analytics summary',
  async setup({ log }) {
    // PostgreSQL first when there is one: the acceptance figure is PostgreSQL's, so its naive query is the baseline.
    const kinds: DatabaseKind[] = process.env.DATABASE_URL ? ['postgres', 'pglite'] : ['pglite'];
    const servers: TestServer[] = [];
    const cases: BenchCase[] = [];
    let baseline: BenchCase | undefined;
    const notes: string[] = [];
    // A failing setup must not leave a throwaway database with a million rows behind.
    const closeAll = async () => {
      for (const server of servers) await server.close();
    };
    try {
      await addCases();
    } catch (error) {
      await closeAll();
      throw error;
    }
    async function addCases(): Promise<void> {
      for (const kind of kinds) {
        const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
        const adminEmail = `stats-admin-${kind}@example.com`;
        const server = await startTestServer(kind, {
          env: { GUSSET_ADMINS: adminEmail, ANALYTICS_ENABLED: 'false' },
        });
        servers.push(server);
        const admin = await signUp(server, adminEmail);

        let started = performance.now();
        await server.db.exec(generateLog);
        const inserted = performance.now() - started;
        started = performance.now();
        await aggregateLog(server);
        const aggregated = performance.now() - started;
        if (server.db.kind === 'postgres') await server.db.exec('ANALYZE');
        const sizes = await server.db.query<{ log: number; stats: number; users: number }>(
          `SELECT (SELECT count(*) FROM request_log)::int AS log, (SELECT count(*) FROM request_stats_daily)::int AS stats,
                (SELECT count(*) FROM request_users_daily)::int AS users`,
        );
        log(
          `${label}: inserted ${sizes[0]?.log} log rows in ${(inserted / 1000).toFixed(1)} s; aggregated them into ` +
            `${sizes[0]?.stats} route-day and ${sizes[0]?.users} user-day rows in ${(aggregated / 1000).toFixed(1)} s`,
        );
        notes.push(
          `${label}: log insert ${(inserted / 1000).toFixed(1)} s, aggregation through the recorder's upserts ` +
            `${(aggregated / 1000).toFixed(1)} s (${Math.round(RECORDS / (aggregated / 1000)).toLocaleString('en')} records/s)`,
        );

        const summary = async () => {
          const response = await server.request('GET', `/api/analytics/summary?from=${FROM}&to=${TO}`, {
            token: admin.token,
          });
          if (response.status !== 200) throw new Error(`summary answered ${response.status}`);
          return analyticsSummarySchema.parse(response.body);
        };
        const naive = async () => {
          const [days, routes] = await Promise.all([
            server.db.query<{
              requests: string | number;
              client_errors: string | number;
              server_errors: string | number;
            }>(naiveDays),
            server.db.query(naiveRoutes),
          ]);
          return { days, routes };
        };

        // The two must agree before either is timed.
        const [fast, slow] = [await summary(), await naive()];
        if (fast.totalRequests !== RECORDS)
          throw new Error(`${label}: the summary counts ${fast.totalRequests} requests`);
        slow.days.forEach((day, index) => {
          const mine = fast.days[index];
          if (
            !mine ||
            Number(day.requests) !== mine.requests ||
            Number(day.client_errors) !== mine.clientErrors ||
            Number(day.server_errors) !== mine.serverErrors
          ) {
            throw new Error(
              `${label}: day ${index} differs: ${JSON.stringify(day)} vs ${JSON.stringify(mine)}`,
            );
          }
        });

        cases.push({ name: `${label}: GET /api/analytics/summary (daily aggregates)`, run: summary });
        const naiveCase: BenchCase = {
          name: `${label}: the same summary straight from request_log`,
          run: naive,
        };
        if (baseline) cases.push(naiveCase);
        else baseline = naiveCase;
      }
    }
    return {
      ...(baseline ? { baseline } : {}),
      cases,
      note:
        `${RECORDS.toLocaleString('en')} requests over ${DAYS} days, 40 routes, 5,000 users; summary of the 30 days. ` +
        notes.join('; '),
      teardown: closeAll,
    };
  },
});
