import { describe, expect, it } from 'vitest';
import { formatDate, relativeAge } from './dates';

describe('formatDate', () => {
  it('writes MM/DD/YYYY with leading zeros', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('01/05/2024');
    expect(formatDate(new Date(1999, 11, 31, 23, 59))).toBe('12/31/1999');
  });

  it('accepts the ISO text the API sends', () => {
    const local = new Date(2023, 6, 14, 12);
    expect(formatDate(local.toISOString())).toBe('07/14/2023');
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('relativeAge', () => {
  const now = new Date(2024, 5, 1, 12, 0, 0).getTime();
  const ago = (ms: number) => now - ms;
  const second = 1000;
  const minute = 60 * second;
  const hour = 60 * minute;
  const day = 24 * hour;

  it.each([
    [0, 'few seconds'],
    [59 * second, 'few seconds'],
    [minute, '1 minute'],
    [59 * minute, '59 minutes'],
    [hour, '1 hour'],
    [23 * hour, '23 hours'],
    [day, '1 day'],
    [29 * day, '29 days'],
    [30 * day, '1 month'],
    [364 * day, '12 months'],
    [365 * day, '1 year'],
    [3 * 365 * day + 10 * day, '3 years'],
  ])('%i ms ago is %s', (elapsed, text) => {
    expect(relativeAge(ago(elapsed), now)).toBe(text);
  });

  it('counts months as 30 days, not calendar months', () => {
    expect(relativeAge(new Date(2024, 4, 2, 12), new Date(2024, 5, 1, 12))).toBe('1 month');
    expect(relativeAge(new Date(2024, 4, 3, 12), new Date(2024, 5, 1, 12))).toBe('29 days');
  });

  it('treats a time slightly in the future as just now', () => {
    expect(relativeAge(now + 5 * second, now)).toBe('few seconds');
  });
});
