import {
  analyticsSummarySchema,
  type AnalyticsSummary,
  type AnalyticsSummaryQuery,
} from '../contract/http/analytics';
import type { ApiResult, HttpClient } from './types';

/**
 * GET /api/analytics/summary?from&to (internal admins only). The global loader stays hidden: the Stats page
 * shows the loading overlay's analytics variant itself while a summary loads.
 */
export function getAnalyticsSummary(
  http: HttpClient,
  range: AnalyticsSummaryQuery,
): Promise<ApiResult<AnalyticsSummary>> {
  const searchParams: Record<string, string> = {};
  if (range.from !== undefined) searchParams.from = range.from;
  if (range.to !== undefined) searchParams.to = range.to;
  return http.request('GET', '/api/analytics/summary', {
    searchParams,
    schema: analyticsSummarySchema,
    showLoader: false,
    // A year of history on a busy server may take a while; the overlay says so.
    timeoutMs: 120_000,
  });
}
