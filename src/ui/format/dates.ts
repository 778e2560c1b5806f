/** Spec section 9: dates read MM/DD/YYYY, in the viewer's own time zone. */
export function formatDate(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${month}/${day}/${date.getFullYear()}`;
}

const minute = 60 * 1000;
const hour = 60 * minute;
const day = 24 * hour;
/** Spec section 9: a month is 30 days; a year is 365. */
const month = 30 * day;
const year = 365 * day;

const units: ReadonlyArray<readonly [size: number, name: string]> = [
  [year, 'year'],
  [month, 'month'],
  [day, 'day'],
  [hour, 'hour'],
  [minute, 'minute'],
];

/**
 * How old something is, in the largest whole unit: '2 years', '1 month', '3 days', '5 hours', '1 minute',
 * else 'few seconds' (also for a time slightly in the future, as clocks disagree).
 */
export function relativeAge(from: Date | string | number, now: Date | number = Date.now()): string {
  const start = from instanceof Date ? from.getTime() : new Date(from).getTime();
  const elapsed = (now instanceof Date ? now.getTime() : now) - start;
  if (Number.isNaN(elapsed)) return '';
  for (const [size, name] of units) {
    const count = Math.floor(elapsed / size);
    if (count >= 1) return `${count} ${name}${count === 1 ? '' : 's'}`;
  }
  return 'few seconds';
}
