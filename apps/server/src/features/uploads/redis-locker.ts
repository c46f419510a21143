import { randomBytes } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { REDIS_KEYS } from '../../engines/redis-keys';

/** Deletes the lock only if it still holds this holder's token: an expired lock taken over stays. */
const RELEASE_IF_HELD = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
/** Extends the lock only if it still holds this holder's token. */
const RENEW_IF_HELD = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

export interface RedisLockerOptions {
  log: FastifyBaseLogger;
  /** How long a request waits for an upload's lock before it fails, as @tus/server's MemoryLocker. */
  acquireTimeoutMs?: number;
  /**
   * How long a lock outlives a holder that stopped renewing it (its server crashed). The holder
   * renews it three times as often, so it never lapses while held.
   */
  ttlMs?: number;
  /** Between two tries for a lock someone holds. */
  retryMs?: number;
}

export interface RedisLocker extends Locker {
  /** Closes the connection that listens for release requests. */
  close(): Promise<void>;
}

/**
 * tus's lock on an upload, held across servers: one Redis key per upload (`SET NX PX`, renewed
 * while held, deleted only by its holder). A request that finds the lock held publishes a release
 * request; the holding server runs its holder's `requestRelease`, which makes tus end that
 * request (a PATCH left hanging by a lost connection) within its lockDrainTimeout, and the
 * waiting request takes the lock. A lock left by a crashed server lapses after `ttlMs`.
 */
export function redisLocker(
  redis: Redis,
  { log, acquireTimeoutMs = 30_000, ttlMs = 10_000, retryMs = 50 }: RedisLockerOptions,
): RedisLocker {
  /** This server's holders, by upload id, for the release requests it receives. */
  const holders = new Map<string, { token: string; requestRelease: RequestRelease }>();
  let listener: Promise<Redis> | null = null;

  /** A connection of its own, as one that subscribes can send nothing else; opened at first use. */
  function listening(): Promise<Redis> {
    listener ??= (async () => {
      const subscriber = redis.duplicate();
      // Redis going away is logged once by the main connection; the locks fail with their own error.
      subscriber.on('error', () => {});
      subscriber.on('message', (_channel: string, id: string) => {
        const holder = holders.get(id);
        if (!holder) return;
        Promise.resolve()
          .then(holder.requestRelease)
          .catch((err) => log.error({ err, upload: id }, 'releasing an upload lock failed'));
      });
      try {
        await subscriber.subscribe(REDIS_KEYS.uploadLockRelease);
      } catch (err) {
        subscriber.disconnect();
        throw err;
      }
      return subscriber;
    })();
    listener.catch(() => {
      // The next lock tries again.
      listener = null;
    });
    return listener;
  }

  function newLock(id: string): Lock {
    const key = REDIS_KEYS.uploadLock(id);
    const token = randomBytes(16).toString('hex');
    let state: 'free' | 'held' | 'lapsed' = 'free';
    let renewal: NodeJS.Timeout | undefined;

    const stopHolding = (next: 'free' | 'lapsed') => {
      clearInterval(renewal);
      state = next;
      if (holders.get(id)?.token === token) holders.delete(id);
    };

    const hold = (requestRelease: RequestRelease) => {
      state = 'held';
      holders.set(id, { token, requestRelease });
      renewal = setInterval(() => {
        redis.eval(RENEW_IF_HELD, 1, key, token, ttlMs).then(
          (renewed) => {
            if (renewed || state !== 'held') return;
            // Redis was out of reach for longer than ttlMs: someone else may write now, so this
            // request must stop as soon as it can.
            stopHolding('lapsed');
            Promise.resolve()
              .then(requestRelease)
              .catch((err) => log.error({ err, upload: id }, 'releasing an upload lock failed'));
          },
          (err) => log.warn({ err, upload: id }, 'renewing an upload lock failed'),
        );
      }, ttlMs / 3);
      renewal.unref();
    };

    return {
      async lock(signal, requestRelease) {
        const deadline = Date.now() + acquireTimeoutMs;
        // Subscribed before holding anything, so no release request can be missed.
        await listening();
        for (;;) {
          if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
          if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) === 'OK') {
            hold(requestRelease);
            return;
          }
          await redis.publish(REDIS_KEYS.uploadLockRelease, id);
          const left = deadline - Date.now();
          if (left <= 0) throw ERRORS.ERR_LOCK_TIMEOUT;
          try {
            await wait(Math.min(retryMs, left), undefined, { signal });
          } catch {
            throw ERRORS.ERR_LOCK_TIMEOUT;
          }
        }
      },

      async unlock() {
        if (state === 'free') throw new Error('Releasing an unlocked lock!');
        // What this request wrote may have crossed another server's writes: it fails, and the
        // client asks for the offset again.
        if (state === 'lapsed') throw new Error(`the lock on upload ${id} lapsed while held`);
        stopHolding('free');
        try {
          await redis.eval(RELEASE_IF_HELD, 1, key, token);
        } catch (err) {
          // What was written stands; the next writer waits at most ttlMs for the lock to lapse.
          log.warn({ err, upload: id }, 'releasing an upload lock failed');
        }
      },
    };
  }

  return {
    newLock,
    async close() {
      const opened = listener;
      listener = null;
      const subscriber = await opened?.catch(() => null);
      if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
