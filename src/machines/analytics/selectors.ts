import type { SnapshotFrom } from 'xstate';
import type { AnalyticsRoute, AnalyticsSummary, AnalyticsTranslation } from '../../contract/http/analytics';
import type { analyticsMachine } from './analyticsMachine';

type AnalyticsSnapshot = SnapshotFrom<typeof analyticsMachine>;

/** One day as the charts plot it; the label is MM/DD like the app's dates. */
export interface ChartDay {
  day: string;
  label: string;
  requests: number;
  activeUsers: number;
  clientErrors: number;
  serverErrors: number;
  uploads: number;
  p95Ms: number | null;
}

export interface AnalyticsTotals {
  requests: number;
  errors: number;
  uploads: number;
  /** The busiest day's active users (distinct users over the whole range are not summed from days). */
  peakActiveUsers: number;
  translations: number;
}

export const selectIsLoading = (snapshot: AnalyticsSnapshot) => snapshot.hasTag('loading');
export const selectIsFailed = (snapshot: AnalyticsSnapshot) => snapshot.hasTag('failed');
export const selectError = (snapshot: AnalyticsSnapshot) => snapshot.context.error;
export const selectDraftRange = (snapshot: AnalyticsSnapshot) => snapshot.context.draft;
export const selectSummary = (snapshot: AnalyticsSnapshot) => snapshot.context.summary;

export function chartDays(summary: AnalyticsSummary): ChartDay[] {
  return summary.days.map((day) => ({
    day: day.day,
    label: `${day.day.slice(5, 7)}/${day.day.slice(8, 10)}`,
    requests: day.requests,
    activeUsers: day.activeUsers,
    clientErrors: day.clientErrors,
    serverErrors: day.serverErrors,
    uploads: day.uploads,
    p95Ms: day.p95Ms,
  }));
}

export function totalsOf(summary: AnalyticsSummary): AnalyticsTotals {
  const sum = (pick: (day: AnalyticsSummary['days'][number]) => number) =>
    summary.days.reduce((total, day) => total + pick(day), 0);
  return {
    requests: summary.totalRequests,
    errors: sum((day) => day.errors),
    uploads: sum((day) => day.uploads),
    peakActiveUsers: summary.days.reduce((peak, day) => Math.max(peak, day.activeUsers), 0),
    translations: summary.translations.reduce((total, pair) => total + pair.count, 0),
  };
}

/** Routes most requested first, ties by route then method, so the table reads the same on every load. */
export function routesByRequests(routes: readonly AnalyticsRoute[]): AnalyticsRoute[] {
  return [...routes].sort(
    (a, b) => b.requests - a.requests || a.route.localeCompare(b.route) || a.method.localeCompare(b.method),
  );
}

/** A platform pair as the chart labels it. */
export function pairLabel(pair: AnalyticsTranslation): string {
  return `${pair.from} → ${pair.to}`;
}

export function translationsByCount(translations: readonly AnalyticsTranslation[]) {
  return [...translations]
    .sort((a, b) => b.count - a.count || pairLabel(a).localeCompare(pairLabel(b)))
    .map((pair) => ({ ...pair, label: pairLabel(pair) }));
}

/** "1,234 ms" or a dash when a route or day had no requests. */
export function formatMs(value: number | null): string {
  return value === null ? '–' : `${value.toLocaleString('en-US')} ms`;
}
