import { describe, expect, it } from 'vitest';
import { formatDate, formatShortDate } from './dates';

// Built in local time, as the formatters read local time: independent of the runner's zone.
const ms = new Date(2026, 2, 5, 14, 7, 30).getTime();

describe('formatDate', () => {
  it('prints "Mon DD, YYYY" with an optional time', () => {
    expect(formatDate(ms)).toBe('Mar 05, 2026');
    expect(formatDate(ms, { withTime: true })).toBe('Mar 05, 2026 14:07');
    expect(formatDate(new Date(2025, 11, 31, 0, 5).getTime(), { withTime: true })).toBe('Dec 31, 2025 00:05');
  });

  it('takes seconds or milliseconds', () => {
    expect(formatDate(Math.floor(ms / 1000), { withTime: true })).toBe('Mar 05, 2026 14:07');
    expect(formatDate(String(ms))).toBe('Mar 05, 2026');
  });

  it('gives "" for an unreadable timestamp', () => {
    expect(formatDate('never')).toBe('');
  });
});

describe('formatShortDate', () => {
  it('prints "DD / MM / YY"', () => {
    expect(formatShortDate(ms)).toBe('05 / 03 / 26');
    expect(formatShortDate(Math.floor(ms / 1000))).toBe('05 / 03 / 26');
    expect(formatShortDate(new Date(2009, 10, 23).getTime())).toBe('23 / 11 / 09');
    expect(formatShortDate(Number.NaN)).toBe('');
  });
});
