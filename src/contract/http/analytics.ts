import { z } from 'zod';
import { ownMessages } from '../errors';

/**
 * Usage analytics (/usageAnalytics and the Stats page, internal admins only). The server records every API
 * request (route template, method, user, organization, status, duration, the `_ANALYTICS` text) and keeps daily
 * aggregates, so a summary reads small tables however many requests were recorded.
 */

/** A calendar day in UTC. */
export const isoDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ownMessages.analyticsDateInvalid });

/** The longest range one summary covers. */
export const ANALYTICS_MAX_DAYS = 366;
/** The range when none is given: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;

/** GET /api/analytics/summary?from=YYYY-MM-DD&to=YYYY-MM-DD (both included; both optional). */
export const analyticsSummaryQuery = z.object({
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
});
export type AnalyticsSummaryQuery = z.input<typeof analyticsSummaryQuery>;

/**
 * p95Ms is read from a latency histogram: it is the upper bound of the bucket that holds the 95th percentile
 * (exact to the bucket, see ANALYTICS_LATENCY_BUCKETS_MS), and null when there were no requests.
 */
const p95Schema = z.number().nullable();

/** One day of the range (every day is present, zeros included, so charts need no gap filling). */
export const analyticsDaySchema = z.object({
  day: isoDaySchema,
  /** Distinct signed-in users who made at least one API request that day. */
  activeUsers: z.number().int(),
  requests: z.number().int(),
  /** clientErrors (4xx) + serverErrors (5xx). */
  errors: z.number().int(),
  clientErrors: z.number().int(),
  serverErrors: z.number().int(),
  /** Files uploaded (upload jobs created) that day. */
  uploads: z.number().int(),
  p95Ms: p95Schema,
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

/** One route template (e.g. /api/models/:id) over the whole range, most requested first. */
export const analyticsRouteSchema = z.object({
  route: z.string(),
  method: z.string(),
  requests: z.number().int(),
  errors: z.number().int(),
  clientErrors: z.number().int(),
  serverErrors: z.number().int(),
  p95Ms: p95Schema,
});
export type AnalyticsRoute = z.infer<typeof analyticsRouteSchema>;

/** Translations per platform pair over the range: an upload translates its file's platform into Gusset's model
 * (from = the platform, to = 'Gusset'); an export translates Gusset's model into a platform. */
export const analyticsTranslationSchema = z.object({
  from: z.string(),
  to: z.string(),
  count: z.number().int(),
});
export type AnalyticsTranslation = z.infer<typeof analyticsTranslationSchema>;

export const analyticsSummarySchema = z.object({
  from: isoDaySchema,
  to: isoDaySchema,
  days: z.array(analyticsDaySchema),
  routes: z.array(analyticsRouteSchema),
  translations: z.array(analyticsTranslationSchema),
  totalRequests: z.number().int(),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

/** Upper bounds (ms, inclusive) of the latency histogram buckets; a last bucket holds everything slower. */
export const ANALYTICS_LATENCY_BUCKETS_MS = [
  1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000,
  30000, 60000,
] as const;
