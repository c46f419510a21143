import { setTimeout as delay } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/dialect';
import type { DB } from '../../db/schema';
import type { StoreClaims } from '../uploads/public';
import { fileLifetimeRepo } from './repo';

/**
 * How long a sweep's mark holds, by the database's clock. A sweep deletes bytes only within
 * DELETE_WITHIN_MS of its mark (sweep.ts), so a mark this old belongs to a sweep that died or
 * stalled, and a put (or the next sweep) takes it back.
 */
export const MARK_LEASE_MS = 5 * 60_000;

/** A put waiting for a marked file first looks again after this, then twice as long each time. */
const FIRST_WAIT_MS = 5;
const LONGEST_WAIT_MS = 250;
/** Past the lease and then some, a put gives up: the database's clock must be wrong. */
const GIVE_UP_MS = MARK_LEASE_MS + 30_000;

export type Sleep = (ms: number) => Promise<void>;

/**
 * The put side of the file lifetime, given to the store (uploads/storage.ts `fileStoreFor`): once
 * a put knows its bytes' hash and before it looks for them or writes anything, it claims the
 * file's row. A file a sweep has marked `deleting` is waited for until its row is gone (a few
 * milliseconds: the sweep deletes the bytes, then the row), so the put then writes the bytes
 * afresh instead of answering bytes that are about to vanish.
 */
export function storedFileClaims({
  db,
  engine,
  clock,
  sleep = (ms) => delay(ms),
}: {
  db: Kysely<DB>;
  engine: Engine;
  clock: () => number;
  /** How a waiting put waits; tests see each wait. */
  sleep?: Sleep;
}): StoreClaims {
  const repo = fileLifetimeRepo(db, engine);
  return {
    async claim({ sha256, size }) {
      const started = performance.now();
      for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
        if (await repo.claim(sha256, size, clock())) return;
        if (await repo.takeBack(sha256, clock(), MARK_LEASE_MS)) return;
        if (performance.now() - started > GIVE_UP_MS) {
          throw new Error(`stored file ${sha256} has been marked for deletion for too long`);
        }
        await sleep(wait);
      }
    },
  };
}

/**
 * Claims made once `flush` is called, for puts inside a transaction: the demo seed stores its
 * files in the transaction that records them, and on SQLite's one connection a claim (another
 * statement) would wait for that transaction for ever. Flushed after it commits, the files get
 * their rows at once; only the race with a sweep deleting the very same bytes at that moment goes
 * unguarded, which a seed (run once, on its own world) does not meet.
 */
export function claimsAfterwards(claims: StoreClaims): StoreClaims & { flush(): Promise<void> } {
  const pending = new Map<string, { sha256: string; size: number }>();
  return {
    async claim(file) {
      pending.set(file.sha256, file);
    },
    async flush() {
      for (const file of pending.values()) await claims.claim(file);
      pending.clear();
    },
  };
}
