/**
 * What the limits need from a count of recent events per key. This process's memory serves one
 * server process; several behind a load balancer would share a store (Redis) behind the same shape.
 */
export interface AttemptWindow {
  /** Events of the key still in the window, counting at most `max`. */
  count(key: string): number;
  /** Seconds until the key may try again, or 0 when it may now. */
  retryAfter(key: string): number;
  hit(key: string): void;
}

/** Counts events per key in a sliding window, in this process's memory. */
export function slidingWindow(options: {
  max: number;
  windowMs: number;
  clock: () => number;
}): AttemptWindow {
  const { max, windowMs, clock } = options;
  const hits = new Map<string, number[]>();
  let lastSweep = clock();

  const recent = (key: string, now: number) => (hits.get(key) ?? []).filter((at) => now - at < windowMs);

  // Keys nobody touched for a window are dropped, so the map only holds recent attempts.
  function sweep(now: number) {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, times] of hits) if (now - times[times.length - 1]! >= windowMs) hits.delete(key);
  }

  return {
    count: (key) => recent(key, clock()).length,

    retryAfter(key: string): number {
      const now = clock();
      const times = recent(key, now);
      if (times.length < max) return 0;
      return Math.max(1, Math.ceil((times[times.length - max]! + windowMs - now) / 1000));
    },

    hit(key: string): void {
      const now = clock();
      sweep(now);
      hits.set(key, [...recent(key, now), now].slice(-max));
    },
  };
}
