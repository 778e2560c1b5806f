import { ownMessages } from '../../contract/errors';
import { ANALYTICS_DEFAULT_DAYS, isoDaySchema } from '../../contract/http/analytics';

/** A summary's days, both included, as YYYY-MM-DD in UTC (the server aggregates by UTC day). */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of an instant, as YYYY-MM-DD. */
export function isoDayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The day `days` after (or before, when negative) an ISO day. */
export function addDays(day: string, days: number): string {
  return isoDayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));
}

/** The server's default too: the last 30 days, today included. */
export function defaultRange(today: string): DayRange {
  return { from: addDays(today, -(ANALYTICS_DEFAULT_DAYS - 1)), to: today };
}

/** 2025-02-30 has the right shape but is no day. */
function isCalendarDay(day: string): boolean {
  const instant = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(instant) && isoDayOf(new Date(instant)) === day;
}

/** Why a range typed on the Stats page cannot be asked for, or null when it can. */
export function rangeProblem(range: DayRange): string | null {
  for (const day of [range.from, range.to]) {
    const checked = isoDaySchema.safeParse(day);
    if (!checked.success) return checked.error.issues[0]?.message ?? ownMessages.analyticsRangeInvalid;
    if (!isCalendarDay(day)) return ownMessages.analyticsRangeInvalid;
  }
  return range.from <= range.to ? null : ownMessages.analyticsRangeInvalid;
}
