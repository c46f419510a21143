import { ERRORS } from '@tus/server';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_KEYS } from '../src/engines/redis-keys';
import { type RedisLocker, redisLocker } from '../src/features/uploads/redis-locker';
import { type RedisServer, startRedisServer } from './support/redis-server';

let server: RedisServer;
/** Each locker on a connection of its own, as two servers have. */
const opened: { redis: Redis; locker: RedisLocker }[] = [];

beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  for (const { redis, locker } of opened) {
    await locker.close();
    redis.disconnect();
  }
  await server.close();
});

function serverLocker(options: { ttlMs?: number; acquireTimeoutMs?: number } = {}) {
  const redis = new Redis(server.url, { maxRetriesPerRequest: 1 });
  const locker = redisLocker(redis, { log: pino({ level: 'silent' }), ...options });
  opened.push({ redis, locker });
  return { redis, locker };
}

const uploadId = () => crypto.randomUUID().replaceAll('-', '');
const never = () => new AbortController().signal;

describe('the upload lock across servers (Redis)', () => {
  it('makes a second server wait, asks the holder to let go, and hands the lock over on unlock', async () => {
    const a = serverLocker();
    const b = serverLocker();
    const id = uploadId();
    const releaseRequests: string[] = [];

    const held = a.locker.newLock(id);
    await held.lock(never(), () => {
      releaseRequests.push('a, asked to let go');
    });

    let bHasIt = false;
    const waiting = b.locker.newLock(id);
    const acquired = waiting
      .lock(never(), () => {})
      .then(() => {
        bHasIt = true;
      });
    await expect.poll(() => releaseRequests.length).toBeGreaterThan(0);
    // Asked, but still held until the holder lets go.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bHasIt).toBe(false);

    await held.unlock();
    await acquired;
    expect(bHasIt).toBe(true);
    await waiting.unlock();
    expect(await a.redis.exists(REDIS_KEYS.uploadLock(id))).toBe(0);
  });

  it('gives up after the acquire timeout, or at once when the request goes away', async () => {
    const a = serverLocker();
    const b = serverLocker({ acquireTimeoutMs: 300 });
    const id = uploadId();
    const held = a.locker.newLock(id);
    await held.lock(never(), () => {});

    const started = Date.now();
    await expect(b.locker.newLock(id).lock(never(), () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);

    const request = new AbortController();
    const attempt = serverLocker()
      .locker.newLock(id)
      .lock(request.signal, () => {});
    request.abort();
    await expect(attempt).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
  });

  it('keeps a lock alive while held, beyond its time to live', async () => {
    const a = serverLocker({ ttlMs: 300 });
    const b = serverLocker({ acquireTimeoutMs: 500 });
    const id = uploadId();
    const held = a.locker.newLock(id);
    await held.lock(never(), () => {});
    await expect(b.locker.newLock(id).lock(never(), () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(await a.redis.pttl(REDIS_KEYS.uploadLock(id))).toBeGreaterThan(0);
    await held.unlock();
  });

  it("lets another server take a crashed holder's lock once it lapses", async () => {
    const crashed = serverLocker({ ttlMs: 400 });
    const b = serverLocker({ acquireTimeoutMs: 5_000 });
    const id = uploadId();
    await crashed.locker.newLock(id).lock(never(), () => {});
    // The holder's server is gone: no renewal, no unlock.
    crashed.redis.disconnect();

    const started = Date.now();
    const taken = b.locker.newLock(id);
    await taken.lock(never(), () => {});
    expect(Date.now() - started).toBeLessThan(2_000);
    await taken.unlock();
  });

  it('refuses to release a lock it never held', async () => {
    const { locker } = serverLocker();
    await expect(locker.newLock(uploadId()).unlock()).rejects.toThrow('Releasing an unlocked lock!');
  });
});
