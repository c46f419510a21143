/**
 * Every key Pixelhall keeps in Redis, in one place: all start with `pixelhall:`, so a Redis
 * shared with other software stays readable, and none holds anything the database does not
 * (losing Redis loses counts and cache generations, never data). docs/internals/shared-state.md
 * says why each one lives there.
 */
export const REDIS_KEYS = {
  /** @fastify/rate-limit's counters (its `nameSpace`); it appends the route and the client's key. */
  rateLimits: 'pixelhall:rl:',
  /** One sorted set of event times per limit and key (accounts/attempts.ts). */
  attemptWindow: (name: string, key: string) => `pixelhall:window:${name}:${key}`,
  /** Moved on by every change to the general feeds' page 1 (posts/first-pages.ts). */
  firstPagesGeneration: 'pixelhall:first-pages:generation',
  /** Held by the server writing a resumable upload (uploads/redis-locker.ts). */
  uploadLock: (id: string) => `pixelhall:tus:lock:${id}`,
  /** Where a request asks whichever server holds an upload's lock to let go; the message is the upload's id. */
  uploadLockRelease: 'pixelhall:tus:release',
  /** @tus/s3-store's cache of each upload's details, read back from the bucket when missing. */
  uploadDetails: 'pixelhall:tus:upload:',
} as const;
