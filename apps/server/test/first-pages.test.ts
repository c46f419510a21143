import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { type Engines, openEngines } from '../src/engines';
import { REDIS_KEYS } from '../src/engines/redis-keys';
import {
  FIRST_PAGE_MS,
  type FirstPages,
  firstPagesCache,
  redisGeneration,
  type SharedPage,
} from '../src/features/posts/first-pages';
import { type RedisServer, startRedisServer } from './support/redis-server';

let server: RedisServer;
const engines: Engines[] = [];
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(engines.map((e) => e.close()));
  await server.close();
});

const clock = { now: Date.UTC(2026, 10, 26, 12) };
const quiet = { error() {}, info() {} } as unknown as FastifyBaseLogger;

/** A server's first pages on the shared Redis, each with a client of its own. */
function serverCache(redisUrl = server.url, log = quiet): FirstPages {
  const opened = openEngines(testConfig({ redisUrl }));
  // Its failures reach the cache, which logs them; ioredis would also print each reconnection's.
  opened.redis!.on('error', () => {});
  engines.push(opened);
  return firstPagesCache(() => clock.now, redisGeneration(opened.redis!, log));
}

/** A loader that counts its reads and answers a page whose total is the read's number. */
function loader() {
  const loads = { count: 0 };
  const load = async (): Promise<SharedPage> => {
    loads.count += 1;
    return { rows: [], complete: true, files: new Map(), total: loads.count };
  };
  return { loads, load };
}

describe('first pages shared through a generation in Redis', () => {
  it('keeps a page until any server clears, and reads it again at once after', async () => {
    const [a, b] = [serverCache(), serverCache()];
    const { loads, load } = loader();
    expect((await b.get('new:20', load)).total).toBe(1);
    expect((await b.get('new:20', load)).total).toBe(1);
    await a.clear();
    expect((await b.get('new:20', load)).total).toBe(2);
    expect((await b.get('new:20', load)).total).toBe(2);
    expect(loads.count).toBe(2);
  });

  it('keeps the general total the same way', async () => {
    const [a, b] = [serverCache(), serverCache()];
    let reads = 0;
    const load = async () => ++reads;
    expect(await b.total(load)).toBe(1);
    expect(await b.total(load)).toBe(1);
    await a.clear();
    expect(await b.total(load)).toBe(2);
  });

  it('never serves a page whose read began before a change another server answered', async () => {
    const [a, b] = [serverCache(), serverCache()];
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const reading = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { loads, load } = loader();
    const stale = b.get('popular:20', async () => {
      started();
      await slow;
      return load();
    });
    // The read is under way on B (its generation already read) when A's change is answered. A
    // fixed wait is not enough on a loaded machine: B's GET could land after A's INCR.
    await reading;
    await a.clear();
    release();
    expect((await stale).total).toBe(1);
    expect((await b.get('popular:20', load)).total).toBe(2);
    expect(loads.count).toBe(2);
  });

  it('drops pages made before Redis was restarted empty, whose generations start again from 0', async () => {
    const [a, b] = [serverCache(), serverCache()];
    const { loads, load } = loader();
    await a.clear();
    await a.clear();
    expect((await b.get('new:30', load)).total).toBe(1);
    expect((await b.get('new:30', load)).total).toBe(1);
    await engines[0]!.redis!.del(REDIS_KEYS.firstPagesGeneration);
    expect((await b.get('new:30', load)).total).toBe(2);
    await a.clear();
    await a.clear();
    expect((await b.get('new:30', load)).total).toBe(3);
    expect(loads.count).toBe(3);
  });

  it('still ends a page after FIRST_PAGE_MS, for changes made behind the services’ back', async () => {
    const b = serverCache();
    const { load } = loader();
    expect((await b.get('new:10', load)).total).toBe(1);
    clock.now += FIRST_PAGE_MS;
    expect((await b.get('new:10', load)).total).toBe(2);
  });

  it('answers from memory for FIRST_PAGE_MS while Redis is unreachable, and logs it once', async () => {
    const gone = await startRedisServer();
    await gone.close();
    const errors: unknown[] = [];
    const log = {
      error: (...args: unknown[]) => errors.push(args),
      info() {},
    } as unknown as FastifyBaseLogger;
    const b = serverCache(gone.url, log);
    const { load } = loader();
    expect((await b.get('new:20', load)).total).toBe(1);
    expect((await b.get('new:20', load)).total).toBe(1);
    // A change already committed is not failed for want of Redis; this server drops its own pages.
    await expect(b.clear()).resolves.toBeUndefined();
    expect((await b.get('new:20', load)).total).toBe(2);
    clock.now += FIRST_PAGE_MS;
    expect((await b.get('new:20', load)).total).toBe(3);
    expect(errors).toHaveLength(1);
  });
});
