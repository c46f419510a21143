import type { PostFile } from '@pixelhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { REDIS_KEYS } from '../../engines/redis-keys';
import type { PostRow } from './gate';
import type { PagedRow } from './pager';

/**
 * Page 1 of a general feed (New, Popular) as every viewer's page 1 starts from it. Nothing in it
 * belongs to a viewer: the rows are read as a visitor reads them (no likes, no blacklist), and the
 * files of paid posts are there only for the gate to show to whoever may see them.
 */
export interface SharedPage {
  /** The feed's first rows in order, twice a page, so a viewer's blacklist can leave holes. */
  rows: (PagedRow & { post: PostRow })[];
  /** Whether `rows` are all the feed has. */
  complete: boolean;
  files: Map<number, PostFile[]>;
  total: number;
}

/**
 * How long (clock ms) a shared page 1 is answered from memory. Changes made through the services
 * clear it at once, on every server when they share Redis (`FirstPagesGeneration`); a change made
 * behind their back (SQL by hand, a process without the services) shows within this long.
 */
export const FIRST_PAGE_MS = 1_000;
/** One entry per feed and page size; apps ask for one or two sizes. */
const FIRST_PAGES_KEPT = 16;

/**
 * A number all servers share, moved on by every change to what a general feed's page 1 shows. A
 * server answers a page from memory only if it was made under the generation it reads now, so a
 * change answered by one server is seen by the next request on any other.
 */
export interface FirstPagesGeneration {
  /** The current generation; null when it cannot be read, and then only FIRST_PAGE_MS bounds staleness. */
  read(): Promise<number | null>;
  /** Resolves once every server's next read sees the new generation. */
  advance(): Promise<void>;
}

/**
 * The generation in Redis: one GET per cached read, one INCR per change. Redis going away must not
 * fail a feed or a change already committed: pages then stay at most FIRST_PAGE_MS old, as each
 * server's own would, and /healthz takes the server out meanwhile. Logged when it starts and
 * stops failing, not on every request.
 */
export function redisGeneration(redis: Redis, log: FastifyBaseLogger): FirstPagesGeneration {
  const key = REDIS_KEYS.firstPagesGeneration;
  let failing = false;
  const failed = (err: unknown) => {
    if (!failing) log.error({ err }, 'first pages: Redis unreachable, cached pages may be a second old');
    failing = true;
    return null;
  };
  const recovered = () => {
    if (failing) log.info('first pages: Redis reachable again');
    failing = false;
  };
  return {
    read: () =>
      redis.get(key).then((value) => {
        recovered();
        return Number(value ?? 0);
      }, failed),
    advance: () =>
      redis.incr(key).then(recovered, (err: unknown) => {
        failed(err);
      }),
  };
}

interface Kept<T> {
  value: Promise<T>;
  until: number;
  /** The generation read before `value` was loaded: it shows every change made up to it. */
  generation: number;
}

/**
 * The shared first pages, each read once however many requests ask for it at the same time. With
 * `generation` (servers sharing Redis), every read costs one GET; without, nothing but memory.
 */
export function firstPagesCache(clock: () => number, generation: FirstPagesGeneration | null = null) {
  const kept = new Map<string, Kept<SharedPage>>();
  let total: Kept<number> | null = null;

  // A page made under the generation just read shows every change answered before the read.
  // Equal, not "at least": a Redis restarted empty counts from 0 again, and pages made before
  // must not outlive it. A read while Redis fails (null) trusts memory; what it loads is tagged
  // with no generation, so it is dropped as soon as Redis answers again.
  const fresh = (entry: Kept<unknown> | null | undefined, now: number, current: number | null) =>
    !!entry && entry.until > now && (current === null || entry.generation === current);
  const tag = (current: number | null) => current ?? Number.NaN;

  function page(key: string, load: () => Promise<SharedPage>, current: number | null): Promise<SharedPage> {
    const now = clock();
    const hit = kept.get(key);
    if (fresh(hit, now, current)) return hit!.value;
    const value = load();
    kept.delete(key);
    kept.set(key, { value, until: now + FIRST_PAGE_MS, generation: tag(current) });
    if (kept.size > FIRST_PAGES_KEPT) kept.delete(kept.keys().next().value!);
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  }

  function count(load: () => Promise<number>, current: number | null): Promise<number> {
    const now = clock();
    if (fresh(total, now, current)) return total!.value;
    const value = load();
    const entry = { value, until: now + FIRST_PAGE_MS, generation: tag(current) };
    total = entry;
    value.catch(() => {
      if (total === entry) total = null;
    });
    return value;
  }

  return {
    get(key: string, load: () => Promise<SharedPage>): Promise<SharedPage> {
      if (!generation) return page(key, load, 0);
      return generation.read().then((current) => page(key, load, current));
    },
    /**
     * The general feeds' `total` (the same for every viewer) for their pages past the first, kept
     * as long as a shared page and dropped with them.
     */
    total(load: () => Promise<number>): Promise<number> {
      if (!generation) return count(load, 0);
      return generation.read().then((current) => count(load, current));
    },
    /**
     * After any change to what a general feed's page 1 shows, once it is committed. Await it
     * before answering: with several servers, the request that follows the answer may reach
     * another one, which must already see the change.
     */
    async clear(): Promise<void> {
      kept.clear();
      total = null;
      await generation?.advance();
    },
  };
}
export type FirstPages = ReturnType<typeof firstPagesCache>;
