import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { type Engines, openEngines } from '../src/engines';
import { REDIS_KEYS } from '../src/engines/redis-keys';
import { type AttemptWindows, attemptWindows } from '../src/features/accounts/attempts';
import { type RedisServer, startRedisServer } from './support/redis-server';

const SECOND = 1000;
const WINDOW_MS = 60 * SECOND;

let server: RedisServer;
/** Two clients, as two servers of a cluster hold. */
let engines: [Engines, Engines];
beforeAll(async () => {
  server = await startRedisServer();
  const config = testConfig({ redisUrl: server.url });
  engines = [openEngines(config), openEngines(config)];
});
afterAll(async () => {
  await Promise.all(engines.map((e) => e.close()));
  await server.close();
});

const clock = { now: Date.UTC(2026, 10, 26, 12) };
const redisOf = (i: 0 | 1): Redis => engines[i].redis!;
let windowSequence = 0;
/** A window name no other test uses, so each test starts from empty keys in the shared Redis. */
const freshName = () => `test-${++windowSequence}`;

describe.each([
  ['in memory', () => attemptWindows({ redis: null, clock: () => clock.now })],
  ['in Redis', () => attemptWindows({ redis: redisOf(0), clock: () => clock.now })],
] as const)('an attempt window %s', (_store, windowsOf: () => AttemptWindows) => {
  const open = (max: number) => windowsOf()(freshName(), { max, windowMs: WINDOW_MS });

  it('counts each key apart, at most max', async () => {
    const window = open(3);
    for (let i = 0; i < 2; i += 1) await window.hit('a');
    expect(await window.count('a')).toBe(2);
    expect(await window.retryAfter('a')).toBe(0);
    await window.hit('a');
    await window.hit('a');
    expect(await window.count('a')).toBe(3);
    expect(await window.count('b')).toBe(0);
    expect(await window.retryAfter('b')).toBe(0);
  });

  it('counts events of the same millisecond each', async () => {
    const window = open(3);
    for (let i = 0; i < 3; i += 1) await window.hit('same-ms');
    expect(await window.count('same-ms')).toBe(3);
    expect(await window.retryAfter('same-ms')).toBe(WINDOW_MS / SECOND);
  });

  it('answers how long until the oldest of the last max events leaves the window', async () => {
    const window = open(2);
    const start = clock.now;
    for (const at of [0, 10, 20]) {
      clock.now = start + at * SECOND;
      await window.hit('k');
    }
    // The last two events (at 10 s and 20 s) count: room comes back at 70 s.
    expect(await window.retryAfter('k')).toBe(50);
    clock.now = start + 69.5 * SECOND;
    expect(await window.retryAfter('k')).toBe(1);
    clock.now = start + 70 * SECOND;
    expect(await window.count('k')).toBe(1);
    expect(await window.retryAfter('k')).toBe(0);
    clock.now = start + 80 * SECOND;
    expect(await window.count('k')).toBe(0);
  });
});

describe('an attempt window in Redis', () => {
  const limit = { max: 4, windowMs: WINDOW_MS };

  it('is one window for every server: events counted through either refuse through both', async () => {
    const name = freshName();
    const [a, b] = [0, 1].map((i) => attemptWindows({ redis: redisOf(i as 0 | 1), clock: () => clock.now }));
    for (let i = 0; i < limit.max; i += 1) await (i % 2 ? b! : a!)(name, limit).hit('203.0.113.7');
    expect(await a!(name, limit).retryAfter('203.0.113.7')).toBe(WINDOW_MS / SECOND);
    expect(await b!(name, limit).retryAfter('203.0.113.7')).toBe(WINDOW_MS / SECOND);
    // Another limit's window of the same key is its own.
    expect(await b!(freshName(), limit).count('203.0.113.7')).toBe(0);
  });

  it('keeps at most max events of a key, and lets the key expire a window after its last event', async () => {
    const name = freshName();
    const window = attemptWindows({ redis: redisOf(0), clock: () => clock.now })(name, limit);
    for (let i = 0; i < 3 * limit.max; i += 1) await window.hit('k');
    const key = REDIS_KEYS.attemptWindow(name, 'k');
    expect(await redisOf(0).zcard(key)).toBe(limit.max);
    const ttl = await redisOf(0).pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MS);
  });

  it('fails, rather than counting nothing, when Redis cannot be reached', async () => {
    const gone = await startRedisServer();
    await gone.close();
    const unreachable = openEngines(testConfig({ redisUrl: gone.url }));
    // The failures reach the window; ioredis would also print each reconnection's.
    unreachable.redis!.on('error', () => {});
    try {
      const window = attemptWindows({ redis: unreachable.redis, clock: () => clock.now })(freshName(), limit);
      await expect(window.hit('k')).rejects.toThrow();
      await expect(window.retryAfter('k')).rejects.toThrow();
      await expect(window.count('k')).rejects.toThrow();
    } finally {
      await unreachable.close();
    }
  });
});
