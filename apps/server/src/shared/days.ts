/** Daily counts (progress, plays, hot searches) use UTC days since the epoch: a day is the same for everyone. */
export const DAY_MS = 86_400_000;

export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** The next UTC midnight after `ms`, when daily tasks start over. */
export function nextMidnight(ms: number): number {
  return (dayOf(ms) + 1) * DAY_MS;
}
