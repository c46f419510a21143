import { constants } from 'node:fs';
import { access, stat, statfs } from 'node:fs/promises';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import type { Redis } from 'ioredis';
import type { Database } from './db/database';
import { type Engine, ping } from './db/dialect';
import type { Engines, ObjectStorage } from './engines';

/**
 * What /healthz answers: every engine this server is configured with, and whether it answers.
 * `degraded`: all answer, but the local upload folder is full (`storage.full`): uploads are
 * refused until room is made, everything else works, so the server stays in service (HTTP 200).
 */
export interface HealthReport {
  status: 'ok' | 'degraded' | 'unavailable';
  engines: {
    database: { engine: Engine; ok: boolean };
    /** Only when REDIS_URL is set. */
    redis?: { ok: boolean };
    /** `full` only when the local folder has less than STORE_MIN_FREE_BYTES free. */
    storage: { kind: 's3' | 'local'; ok: boolean; full?: true };
  };
}

type EngineName = 'database' | 'redis' | 'storage';

interface HealthDeps {
  database: Database;
  engines: Engines;
  /** The local folder files live in when no bucket is configured. */
  uploadDir: string;
  /** Below this many free bytes the local folder counts as full; STORE_MIN_FREE_BYTES by default. */
  minFreeBytes?: number;
}

/**
 * Below this much free space the local upload folder counts as full: a few more uploads would
 * fill it, and a write that fails half-way leaves nothing usable. A bucket has no such measure.
 */
export const STORE_MIN_FREE_BYTES = 64 * 1024 * 1024;

/** A load balancer polls often: each check gets this long before its engine counts as down. */
export const HEALTH_TIMEOUT_MS = 1_000;
/** At start an engine may still be coming up beside the server: it gets longer. */
export const STARTUP_TIMEOUT_MS = 5_000;

/**
 * The checks behind /healthz, all at once, each with its own timeout, so the answer takes at most
 * HEALTH_TIMEOUT_MS whatever hangs. Calls arriving while a check is under way share its answer:
 * many probes cost the engines one round of checks.
 */
export function healthChecker(
  deps: HealthDeps,
  onFailure: (engine: EngineName, err: unknown) => void,
): () => Promise<HealthReport> {
  let inFlight: Promise<HealthReport> | null = null;
  const checks = engineChecks(deps);
  const minFreeBytes = deps.minFreeBytes ?? STORE_MIN_FREE_BYTES;
  const run = async (): Promise<HealthReport> => {
    const outcome = async (engine: EngineName, check: Check) => {
      const settled = await settle(check, HEALTH_TIMEOUT_MS);
      if (settled.error) onFailure(engine, settled.error);
      return settled;
    };
    const [database, redis, storage] = await Promise.all([
      outcome('database', checks.database),
      checks.redis ? outcome('redis', checks.redis) : null,
      outcome('storage', checks.storage),
    ]);
    const answers = !database.error && !redis?.error && !storage.error;
    // The folder check answers the free bytes; the bucket's answers no number.
    const full = typeof storage.value === 'number' && storage.value < minFreeBytes;
    return {
      status: !answers ? 'unavailable' : full ? 'degraded' : 'ok',
      engines: {
        database: { engine: deps.database.engine, ok: !database.error },
        ...(redis === null ? {} : { redis: { ok: !redis.error } }),
        storage: {
          kind: deps.engines.storage ? 's3' : 'local',
          ok: !storage.error,
          ...(full ? { full: true as const } : {}),
        },
      },
    };
  };
  return () => {
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

export class EngineUnreachableError extends Error {}

/**
 * Refuses to start half-working: Redis answers PING and the bucket answers HeadBucket, or the
 * server stops with one message naming each engine that did not and the variables that point at
 * it. (The database is proven by its migrations; the local folder is made by the app.)
 */
export async function assertEnginesReachable(engines: Engines): Promise<void> {
  const names = engines.describe();
  const problems = await Promise.all([
    engines.redis
      ? redisFailureAtStart(engines.redis).then(
          (err) => err && `Redis at ${names.redis} (REDIS_URL): ${reasonOf(err)}`,
        )
      : null,
    engines.storage
      ? failureOf(bucketCheck(engines.storage), STARTUP_TIMEOUT_MS).then(
          (err) =>
            err && `the bucket ${names.storage} (S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID): ${reasonOf(err)}`,
        )
      : null,
  ]);
  const found = problems.filter((p): p is string => Boolean(p));
  if (found.length > 0) {
    throw new EngineUnreachableError(
      `Cannot start: an engine does not answer\n${found.map((p) => `  ${p}`).join('\n')}`,
    );
  }
}

/**
 * Why Redis does not answer PING: the connection's own error (refused, unknown host, wrong
 * password) rather than the client's "max retries" that follows it.
 */
async function redisFailureAtStart(redis: Redis): Promise<unknown> {
  let connectionError: unknown = null;
  const remember = (err: unknown) => {
    connectionError = err;
  };
  redis.on('error', remember);
  try {
    const err = await failureOf(redisCheck(redis), STARTUP_TIMEOUT_MS);
    return err && (connectionError ?? err);
  } finally {
    redis.off('error', remember);
  }
}

/** A check resolves when its engine answers; `signal` aborts it when time is up. */
type Check = (signal: AbortSignal) => Promise<unknown>;

const redisCheck =
  (redis: Redis): Check =>
  () =>
    redis.ping();

const bucketCheck =
  ({ client, bucket }: ObjectStorage): Check =>
  (signal) =>
    client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: signal });

/** The local folder files live in: still there, and ours to write. Answers its free bytes. */
const folderCheck =
  (dir: string): Check =>
  async () => {
    if (!(await stat(dir)).isDirectory()) throw new Error(`${dir} is not a folder`);
    await access(dir, constants.W_OK);
    const { bavail, bsize } = await statfs(dir);
    return bavail * bsize;
  };

function engineChecks({ database, engines, uploadDir }: HealthDeps) {
  return {
    database: (() => ping(database.db)) as Check,
    redis: engines.redis ? redisCheck(engines.redis) : null,
    storage: engines.storage ? bucketCheck(engines.storage) : folderCheck(uploadDir),
  };
}

/** Runs a check against the clock: what it answered in time, or why it did not. */
async function settle(check: Check, timeoutMs: number): Promise<{ error: unknown; value?: unknown }> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`no answer within ${timeoutMs} ms`);
      controller.abort(err);
      reject(err);
    }, timeoutMs);
  });
  try {
    return { error: null, value: await Promise.race([check(controller.signal), timedOut]) };
  } catch (err) {
    return { error: err ?? new Error('failed') };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs a check against the clock: null when it answered in time, else why not. */
async function failureOf(check: Check, timeoutMs: number): Promise<unknown> {
  return (await settle(check, timeoutMs)).error;
}

/** The engine's own words for a failure; an S3 error without a message has its name and status. */
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const words = err.message && err.message !== 'UnknownError' ? err.message : err.name;
  return status ? `${words} (HTTP ${status})` : words;
}
