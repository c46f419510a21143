const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a topic pin has left, in the largest unit that reads well; null when it is over. */
export interface PinLeft {
  unit: 'minutes' | 'hours' | 'days';
  count: number;
}

/**
 * Whole units, rounded down, so a fresh 24-hour pin reads "23h left" a moment after it starts
 * and never promises more time than there is; the last minute still reads "1m left". Hours
 * run up to two days, so a 24- or 48-hour pin counts down in hours.
 */
export function topicPinLeft(until: number | null, now: number): PinLeft | null {
  if (until === null || until <= now) return null;
  const left = until - now;
  if (left < HOUR) return { unit: 'minutes', count: Math.max(1, Math.floor(left / MINUTE)) };
  if (left < 2 * DAY) return { unit: 'hours', count: Math.floor(left / HOUR) };
  return { unit: 'days', count: Math.floor(left / DAY) };
}
