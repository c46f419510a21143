import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS_KEYS } from '../../engines/redis-keys';

/**
 * What the limits need from a count of recent events per key. Async, because the count may live
 * in Redis, shared by every server of a cluster (docs/internals/shared-state.md).
 */
export interface AttemptWindow {
  /** Events of the key still in the window, counting at most `max`. */
  count(key: string): Promise<number>;
  /** Seconds until the key may try again, or 0 when it may now. */
  retryAfter(key: string): Promise<number>;
  hit(key: string): Promise<void>;
}

export interface WindowLimit {
  max: number;
  windowMs: number;
}

/**
 * Makes the window called `name` (one per limit: its keys never meet another limit's). Every
 * window of an app comes from one factory, so they all live in the same place.
 */
export type AttemptWindows = (name: string, limit: WindowLimit) => AttemptWindow;

/** In Redis when the cluster has one (every server counts into the same window), else in this process. */
export function attemptWindows({
  redis,
  clock,
}: {
  redis: Redis | null;
  clock: () => number;
}): AttemptWindows {
  return redis
    ? (name, limit) => redisWindow({ redis, name, ...limit, clock })
    : (_name, limit) => slidingWindow({ ...limit, clock });
}

/** Seconds until the oldest of `max` recent events leaves the window; `times` ascending, all recent. */
function secondsUntilRoom(times: number[], { max, windowMs }: WindowLimit, now: number): number {
  if (times.length < max) return 0;
  return Math.max(1, Math.ceil((times[times.length - max]! + windowMs - now) / 1000));
}

/** Counts events per key in a sliding window, in this process's memory. */
export function slidingWindow(options: WindowLimit & { clock: () => number }): AttemptWindow {
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
    count: async (key) => recent(key, clock()).length,

    async retryAfter(key) {
      const now = clock();
      return secondsUntilRoom(recent(key, now), options, now);
    },

    async hit(key) {
      const now = clock();
      sweep(now);
      hits.set(key, [...recent(key, now), now].slice(-max));
    },
  };
}

/**
 * The same window in Redis: a sorted set per key, each event a member scored by its time, trimmed
 * to the last `max` and to the window on every hit, and expiring a window after the last one, so
 * Redis only holds recent attempts. Times come from the app's clock (the tests move it); servers
 * a few milliseconds apart count a few milliseconds differently, which no limit here notices.
 * A failure to reach Redis is thrown, not ignored: these windows guard accounts and mail, and a
 * count that cannot be read must not become an unlimited one.
 */
export function redisWindow(
  options: WindowLimit & { redis: Redis; name: string; clock: () => number },
): AttemptWindow {
  const { redis, name, max, windowMs, clock } = options;
  const keyOf = (key: string) => REDIS_KEYS.attemptWindow(name, key);
  // Exclusive lower bound: an event exactly a window old has left it, as in memory.
  const since = (now: number) => `(${now - windowMs}`;

  return {
    async count(key) {
      return Math.min(max, await redis.zcount(keyOf(key), since(clock()), '+inf'));
    },

    async retryAfter(key) {
      const now = clock();
      const latest = await redis.zrange(keyOf(key), -max, -1, 'WITHSCORES');
      const times: number[] = [];
      for (let i = 1; i < latest.length; i += 2) {
        const at = Number(latest[i]);
        if (now - at < windowMs) times.push(at);
      }
      return secondsUntilRoom(times, options, now);
    },

    async hit(key) {
      const now = clock();
      const redisKey = keyOf(key);
      // Each event its own member, so events at the same millisecond (or on two servers) all count.
      const event = `${now}:${randomBytes(6).toString('base64url')}`;
      const results = await redis
        .multi()
        .zadd(redisKey, now, event)
        .zremrangebyscore(redisKey, '-inf', now - windowMs)
        .zremrangebyrank(redisKey, 0, -(max + 1))
        .pexpire(redisKey, windowMs)
        .exec();
      const failed = results?.find(([err]) => err)?.[0];
      if (failed) throw failed;
    },
  };
}
