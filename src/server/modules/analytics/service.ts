import type { z } from 'zod';
import { ownMessages } from '../../../contract/errors';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  type AnalyticsDay,
  type AnalyticsRoute,
  type AnalyticsSummary,
  type AnalyticsTranslation,
  type analyticsSummaryQuery,
} from '../../../contract/http/analytics';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { HttpError } from '../../httpError';
import { addHistogram, emptyHistogram, p95Of } from './histogram';
import { platformOfFormat, utcDay } from './recorder';
import { createAnalyticsRepository } from './repository';

type SummaryQuery = z.output<typeof analyticsSummaryQuery>;

const dayMs = 86_400_000;

/** A YYYY-MM-DD that is a real date (2024-02-30 is not), as its UTC midnight. */
function parseDay(day: string): number | null {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || utcDay(new Date(time)) !== day ? null : time;
}

/** The range of a summary: both days included; by default the last ANALYTICS_DEFAULT_DAYS days up to today. */
export function summaryRange(query: SummaryQuery, now: Date): { from: string; to: string; days: string[] } {
  const toTime = query.to === undefined ? parseDay(utcDay(now)) : parseDay(query.to);
  const fromTime =
    query.from === undefined
      ? toTime === null
        ? null
        : toTime - (ANALYTICS_DEFAULT_DAYS - 1) * dayMs
      : parseDay(query.from);
  if (fromTime === null || toTime === null) throw new HttpError(400, ownMessages.analyticsDateInvalid);
  if (fromTime > toTime) throw new HttpError(400, ownMessages.analyticsRangeReversed);
  const count = (toTime - fromTime) / dayMs + 1;
  if (count > ANALYTICS_MAX_DAYS) {
    throw new HttpError(400, ownMessages.analyticsRangeTooLong);
  }
  const days = Array.from({ length: count }, (_, i) => utcDay(new Date(fromTime + i * dayMs)));
  return { from: days[0] ?? '', to: days.at(-1) ?? '', days };
}

interface Tally {
  requests: number;
  clientErrors: number;
  serverErrors: number;
  histogram: number[];
  maxMs: number;
}

const emptyTally = (): Tally => ({
  requests: 0,
  clientErrors: 0,
  serverErrors: 0,
  histogram: emptyHistogram(),
  maxMs: 0,
});

/**
 * The usage summary, read from the daily aggregates only (request_stats_daily, request_activity_daily,
 * request_translations_daily) and the jobs table: its cost grows with days × routes, not with requests.
 */
export function createAnalyticsService(deps: { db: Db; clock: Clock }) {
  /**
   * The five small reads in one read-only snapshot: a flush writes the log and every aggregate in one
   * transaction, so the figures of one summary always agree with each other. One connection, one after another:
   * cheaper than five connections when the pool is cold.
   */
  function read(from: string, to: string) {
    return deps.db.transaction(async (tx) => {
      if (deps.db.kind === 'postgres') {
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      }
      const repository = createAnalyticsRepository(tx);
      return {
        stats: await repository.routeStats(from, to),
        activeUsers: await repository.activeUsersPerDay(from, to),
        uploads: await repository.uploadsPerDay(from, to),
        uploadFormats: await repository.completedUploadsPerFormat(from, to),
        exportPairs: await repository.exportsPerPair(from, to),
      };
    });
  }

  return {
    async summary(query: SummaryQuery): Promise<AnalyticsSummary> {
      const range = summaryRange(query, deps.clock());
      const { stats, activeUsers, uploads, uploadFormats, exportPairs } = await read(range.from, range.to);

      const perDay = new Map<string, Tally>(range.days.map((day) => [day, emptyTally()]));
      const perRoute = new Map<string, Tally & { route: string; method: string }>();
      for (const row of stats) {
        const routeKey = `${row.method} ${row.route}`;
        let route = perRoute.get(routeKey);
        if (!route) {
          route = { route: row.route, method: row.method, ...emptyTally() };
          perRoute.set(routeKey, route);
        }
        for (const tally of [perDay.get(row.day), route]) {
          if (!tally) continue;
          tally.requests += row.requests;
          tally.clientErrors += row.client_errors;
          tally.serverErrors += row.server_errors;
          addHistogram(tally.histogram, row.duration_buckets);
          tally.maxMs = Math.max(tally.maxMs, row.max_duration_ms);
        }
      }
      const activeByDay = new Map(activeUsers.map((row) => [row.day, row.count]));
      const uploadsByDay = new Map(uploads.map((row) => [row.day, row.count]));

      const days: AnalyticsDay[] = range.days.map((day) => {
        const tally = perDay.get(day) ?? emptyTally();
        return {
          day,
          activeUsers: activeByDay.get(day) ?? 0,
          requests: tally.requests,
          errors: tally.clientErrors + tally.serverErrors,
          clientErrors: tally.clientErrors,
          serverErrors: tally.serverErrors,
          uploads: uploadsByDay.get(day) ?? 0,
          p95Ms: p95Of(tally.histogram, tally.maxMs),
        };
      });

      const routes: AnalyticsRoute[] = [...perRoute.values()]
        .map((tally) => ({
          route: tally.route,
          method: tally.method,
          requests: tally.requests,
          errors: tally.clientErrors + tally.serverErrors,
          clientErrors: tally.clientErrors,
          serverErrors: tally.serverErrors,
          p95Ms: p95Of(tally.histogram, tally.maxMs),
        }))
        .sort(
          (a, b) =>
            b.requests - a.requests || a.route.localeCompare(b.route) || a.method.localeCompare(b.method),
        );

      // Uploads translate a platform's file into Gusset's model; exports translate it into a platform's file.
      const pairs = new Map<string, AnalyticsTranslation>();
      const addPair = (from: string, to: string, count: number) => {
        const key = `${from}\u0000${to}`;
        const pair = pairs.get(key) ?? { from, to, count: 0 };
        pair.count += count;
        pairs.set(key, pair);
      };
      for (const row of uploadFormats) addPair(platformOfFormat(row.format), 'Gusset', row.count);
      for (const row of exportPairs) addPair(row.from, row.to, row.count);
      const translations = [...pairs.values()].sort(
        (a, b) => b.count - a.count || a.from.localeCompare(b.from) || a.to.localeCompare(b.to),
      );

      return {
        from: range.from,
        to: range.to,
        days,
        routes,
        translations,
        totalRequests: days.reduce((sum, day) => sum + day.requests, 0),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
