import { describe, expect, it } from 'vitest';
import { formatMonthDayEn, formatRelativeTimeEn, relativeTime, toMillis } from './relative-time';

// Dates are built in local time, so these tests hold in any time zone.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = new Date(2026, 2, 20, 12, 0, 0).getTime();
const ago = (ms: number) => now - ms;

describe('toMillis', () => {
  it('reads ten digits as seconds and more as milliseconds', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMillis(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(toMillis(9_999_999_999)).toBe(9_999_999_999_000);
    expect(toMillis(10_000_000_000)).toBe(10_000_000_000);
  });

  it('accepts numeric strings and rejects other text', () => {
    expect(toMillis('1700000000')).toBe(1_700_000_000_000);
    expect(toMillis('1700000000000')).toBe(1_700_000_000_000);
    expect(toMillis('')).toBeNaN();
    expect(toMillis('soon')).toBeNaN();
  });
});

describe('relativeTime', () => {
  it('says now under a minute and for future times', () => {
    expect(relativeTime(now, now)).toEqual({ kind: 'now' });
    expect(relativeTime(ago(59 * SECOND), now)).toEqual({ kind: 'now' });
    expect(relativeTime(now + HOUR, now)).toEqual({ kind: 'now' });
  });

  it('counts minutes from 60 s to 59 min', () => {
    expect(relativeTime(ago(60 * SECOND), now)).toEqual({ kind: 'minutes', count: 1 });
    expect(relativeTime(ago(59 * MINUTE + 59 * SECOND), now)).toEqual({ kind: 'minutes', count: 59 });
  });

  it('counts hours from 60 min to 23 h', () => {
    expect(relativeTime(ago(60 * MINUTE), now)).toEqual({ kind: 'hours', count: 1 });
    expect(relativeTime(ago(23 * HOUR + 59 * MINUTE), now)).toEqual({ kind: 'hours', count: 23 });
  });

  it('counts days from 24 h up to 30 days, then shows the date', () => {
    expect(relativeTime(ago(24 * HOUR), now)).toEqual({ kind: 'days', count: 1 });
    expect(relativeTime(ago(30 * DAY), now)).toEqual({ kind: 'days', count: 30 });
    const ts = ago(31 * DAY);
    const d = new Date(ts);
    expect(d.getFullYear()).toBe(2026);
    expect(relativeTime(ts, now)).toEqual({ kind: 'date', ms: ts, withYear: false });
    expect(formatRelativeTimeEn(ts, now)).toBe(`Feb.${d.getDate()}`);
  });

  it('shows Mon.day in the same year without padding', () => {
    const ts = new Date(2026, 0, 5, 8, 0).getTime();
    expect(relativeTime(ts, now)).toEqual({ kind: 'date', ms: ts, withYear: false });
    expect(formatMonthDayEn(ts, false)).toBe('Jan.5');
  });

  it('gives the same answer for seconds and milliseconds', () => {
    const ms = new Date(2026, 2, 20, 9, 30, 0).getTime();
    expect(relativeTime(ms / 1000, now)).toEqual(relativeTime(ms, now));
    expect(relativeTime(String(ms / 1000), now)).toEqual({ kind: 'hours', count: 2 });
    const old = new Date(2025, 11, 31, 10, 0).getTime();
    expect(relativeTime(old / 1000, now)).toEqual(relativeTime(old, now));
  });

  it('adds the year when it differs from now', () => {
    const dec31 = new Date(2025, 11, 31, 23, 0).getTime();
    // Seen the next morning it is still recent; relative wording wins over the calendar.
    expect(relativeTime(dec31, new Date(2026, 0, 1, 9, 0).getTime())).toEqual({ kind: 'hours', count: 10 });
    expect(relativeTime(dec31, new Date(2026, 1, 5, 9, 0).getTime())).toEqual({
      kind: 'date',
      ms: dec31,
      withYear: true,
    });
    expect(formatMonthDayEn(dec31, true)).toBe('Dec.31,2025');
    const longAgo = new Date(2024, 11, 31, 12, 0).getTime();
    expect(relativeTime(longAgo, new Date(2026, 0, 1, 12, 0).getTime())).toEqual({
      kind: 'date',
      ms: longAgo,
      withYear: true,
    });
    expect(formatRelativeTimeEn(longAgo, new Date(2026, 0, 1, 12, 0).getTime())).toBe('Dec.31,2024');
  });

  it('says when a timestamp is unreadable', () => {
    expect(relativeTime('nope', now)).toEqual({ kind: 'unreadable' });
    expect(relativeTime(Number.NaN, now)).toEqual({ kind: 'unreadable' });
    expect(relativeTime(-1e20, now)).toEqual({ kind: 'unreadable' });
    expect(formatRelativeTimeEn('nope', now)).toBe('');
  });
});

describe('formatRelativeTimeEn', () => {
  it('words each kind in English', () => {
    expect(formatRelativeTimeEn(ago(5 * SECOND), now)).toBe('now');
    expect(formatRelativeTimeEn(ago(MINUTE), now)).toBe('1 minute ago');
    expect(formatRelativeTimeEn(ago(5 * MINUTE), now)).toBe('5 minutes ago');
    expect(formatRelativeTimeEn(ago(HOUR), now)).toBe('1 hour ago');
    expect(formatRelativeTimeEn(ago(2 * HOUR), now)).toBe('2 hours ago');
    expect(formatRelativeTimeEn(ago(DAY), now)).toBe('1 day ago');
    expect(formatRelativeTimeEn(ago(3 * DAY), now)).toBe('3 days ago');
    expect(formatRelativeTimeEn(new Date(2026, 0, 5).getTime(), now)).toBe('Jan.5');
    expect(formatRelativeTimeEn(new Date(2025, 2, 5).getTime(), now)).toBe('Mar.5,2025');
  });

  it('defaults now to the current time', () => {
    expect(formatRelativeTimeEn(Date.now())).toBe('now');
  });
});
