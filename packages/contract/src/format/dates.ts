import { dateAt, MONTHS } from './calendar';
import { toMillis } from './relative-time';

const pad = (n: number) => String(n).padStart(2, '0');

const localDate = (ts: number | string) => dateAt(toMillis(ts));

export interface FormatDateOptions {
  /** Appends the 24-hour time, "HH:mm". */
  withTime?: boolean;
}

/**
 * "Mar 05, 2026", or "Mar 05, 2026 14:07" with time, in the runtime's local time zone.
 * Takes seconds or milliseconds (see `toMillis`); an unreadable timestamp gives "".
 */
export function formatDate(ts: number | string, options: FormatDateOptions = {}): string {
  const d = localDate(ts);
  if (!d) return '';
  const date = `${MONTHS[d.getMonth()]} ${pad(d.getDate())}, ${d.getFullYear()}`;
  return options.withTime ? `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}` : date;
}

/** "05 / 03 / 26" (day / month / two-digit year), local time zone; "" when unreadable. */
export function formatShortDate(ts: number | string): string {
  const d = localDate(ts);
  if (!d) return '';
  return `${pad(d.getDate())} / ${pad(d.getMonth() + 1)} / ${pad(d.getFullYear() % 100)}`;
}
