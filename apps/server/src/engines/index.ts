import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import type { Config, S3Config } from '../config';

/** The bucket every stored file lives in, when S3_BUCKET is set (docs/deployment.md). */
export interface ObjectStorage {
  client: S3Client;
  bucket: string;
}

/**
 * The engines a server shares with the other servers of its cluster, besides the database:
 * Redis for shared state, an S3-compatible bucket for files. Each is null when not configured,
 * and one server then works alone on its own memory and disk, as `npm start` does.
 */
export interface Engines {
  redis: Redis | null;
  storage: ObjectStorage | null;
  /** The names the startup log and /healthz give them. */
  describe(): { redis: string | null; storage: string };
  close(): Promise<void>;
}

/** Where an engine says it lost or found its connection again (the server's own logger). */
export interface EngineLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export function openEngines(config: Config, log: EngineLog = quietLog): Engines {
  const redis = config.redisUrl ? openRedis(config.redisUrl, log) : null;
  const storage = config.s3
    ? { bucket: config.s3.bucket, client: new S3Client(s3ClientConfig(config.s3)) }
    : null;
  return {
    redis,
    storage,
    describe: () => ({
      redis: config.redisUrl ? redactedUrl(config.redisUrl) : null,
      storage: config.s3
        ? `s3://${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`
        : config.uploadDir,
    }),
    async close() {
      storage?.client.destroy();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** How an S3 client reaches the bucket; also for clients a library builds itself (@tus/s3-store). */
export function s3ClientConfig(s3: S3Config): S3ClientConfig {
  return {
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    forcePathStyle: s3.forcePathStyle,
    // Checksums only where S3 demands them: by default the SDK sends a streamed body in
    // aws-chunked framing with a trailing checksum, which S3-compatible servers that don't know
    // it (s3rver, older MinIO and Ceph) store framing and all.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/**
 * A request must not hang on a Redis that went away: a command waits for one reconnection at
 * most, then fails, and the caller decides (a rate limit lets the request through, /healthz says
 * the server is not ready).
 */
function openRedis(url: string, log: EngineLog): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableAutoPipelining: true,
  });
  // ioredis reports every failed reconnection; one line when the connection goes, one when it is back.
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err }, 'Redis unreachable: /healthz answers 503 until it answers again');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({}, 'Redis answers again');
  });
  return redis;
}

/** For tools and tests that open engines without a logger: ioredis then stays silent too. */
const quietLog: EngineLog = { warn: () => {}, info: () => {} };

/** A URL for the log: the password is never written out. */
function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
