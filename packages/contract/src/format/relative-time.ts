import { RELATIVE_TIME_MAX_DAYS } from '../constants';
import { dateAt, MONTHS } from './calendar';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Epoch milliseconds of a timestamp that may be in seconds or milliseconds: more than ten digits
 * means milliseconds (ten digits of seconds last until the year 2286). Non-numeric text is NaN.
 */
export function toMillis(ts: number | string): number {
  const n = typeof ts === 'string' ? (ts.trim() === '' ? Number.NaN : Number(ts)) : ts;
  return Math.abs(n) >= 1e10 ? n : n * 1000;
}

export type RelativeTime =
  | { kind: 'now' }
  | { kind: 'minutes'; count: number }
  | { kind: 'hours'; count: number }
  | { kind: 'days'; count: number }
  /** Older than the day limit: the day itself, with its year when that is not the current one. */
  | { kind: 'date'; ms: number; withYear: boolean }
  | { kind: 'unreadable' };

/**
 * How long ago `ts` was, seen at `now` (epoch ms), as data for the caller to translate. Calendar
 * dates use the runtime's local time zone, because they are shown to the person holding the
 * device. Future times read "now" (clocks drift).
 */
export function relativeTime(ts: number | string, now: number = Date.now()): RelativeTime {
  const ms = toMillis(ts);
  const date = dateAt(ms);
  if (!date) return { kind: 'unreadable' };
  const elapsed = now - ms;
  if (elapsed < MINUTE) return { kind: 'now' };
  if (elapsed < HOUR) return { kind: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { kind: 'hours', count: Math.floor(elapsed / HOUR) };
  const days = Math.floor(elapsed / DAY);
  if (days <= RELATIVE_TIME_MAX_DAYS) return { kind: 'days', count: days };
  return { kind: 'date', ms, withYear: date.getFullYear() !== new Date(now).getFullYear() };
}

/** The English day of an older relative time: "Mar.5", or "Mar.5,2025" with its year. */
export function formatMonthDayEn(ms: number, withYear: boolean): string {
  const date = dateAt(ms);
  if (!date) return '';
  const text = `${MONTHS[date.getMonth()]}.${date.getDate()}`;
  return withYear ? `${text},${date.getFullYear()}` : text;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** English wording of `relativeTime`, for logs and tests; the app translates the structure. */
export function formatRelativeTimeEn(ts: number | string, now: number = Date.now()): string {
  const rt = relativeTime(ts, now);
  switch (rt.kind) {
    case 'now':
      return 'now';
    case 'minutes':
      return plural(rt.count, 'minute');
    case 'hours':
      return plural(rt.count, 'hour');
    case 'days':
      return plural(rt.count, 'day');
    case 'date':
      return formatMonthDayEn(rt.ms, rt.withYear);
    case 'unreadable':
      return '';
  }
}
