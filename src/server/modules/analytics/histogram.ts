import { ANALYTICS_LATENCY_BUCKETS_MS } from '../../../contract/http/analytics';

/** Buckets of the latency histogram: one per bound, then one for anything slower than the last bound. */
export const BUCKET_COUNT = ANALYTICS_LATENCY_BUCKETS_MS.length + 1;

/** The bucket of a duration: the first whose upper bound (inclusive) holds it. */
export function bucketOf(durationMs: number): number {
  const index = ANALYTICS_LATENCY_BUCKETS_MS.findIndex((bound) => durationMs <= bound);
  return index < 0 ? ANALYTICS_LATENCY_BUCKETS_MS.length : index;
}

export function emptyHistogram(): number[] {
  return new Array<number>(BUCKET_COUNT).fill(0);
}

/** Adds `from` into `into` bucket by bucket (a shorter stored array counts as zeros). */
export function addHistogram(into: number[], from: readonly number[]): void {
  for (let i = 0; i < BUCKET_COUNT; i += 1) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
}

/**
 * The 95th percentile of a histogram: the upper bound of the bucket holding the ceil(0.95 × n)-th fastest
 * request (never more than the slowest request, `maxMs`, rounded up to a whole ms), or that slowest time when it
 * is in the last, unbounded bucket. Null for no requests.
 */
export function p95Of(histogram: readonly number[], maxMs: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(0.95 * total);
  let seen = 0;
  for (let i = 0; i < BUCKET_COUNT; i += 1) {
    seen += histogram[i] ?? 0;
    if (seen >= rank) return Math.min(ANALYTICS_LATENCY_BUCKETS_MS[i] ?? Infinity, Math.ceil(maxMs));
  }
  return Math.ceil(maxMs);
}
