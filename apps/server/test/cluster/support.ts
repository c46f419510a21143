import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/database';
import { freeLoopbackPort } from '../support/ports';
import { startRedisServer } from '../support/redis-server';
import { startS3Server } from '../support/s3-server';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = path.join(SERVER_DIR, 'src/main.ts');

/** Short, so a test sees several periods of the scheduled jobs within seconds. */
export const HOT_SCORE_INTERVAL_MS = 1_000;
/** The sweep of unreferenced files, as often, with a grace far longer than a put and its record take. */
export const FILE_SWEEP_INTERVAL_MS = 1_000;
const FILE_SWEEP_GRACE_MS = 3_000;
/** A first start migrates and seeds a whole demo world on a loaded machine. */
const READY_TIMEOUT_MS = 120_000;
/** The server's own graceful shutdown waits up to 10 s for requests in flight. */
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_KEPT = 64 * 1024;

export interface ClusterServer {
  name: 'A' | 'B';
  origin: string;
  pid: number;
  /** The folder this server would keep files in were there no bucket. */
  uploadDir: string;
  output(): string;
}

export interface Cluster {
  a: ClusterServer;
  b: ClusterServer;
  /** The database both servers use, for what a test prepares or checks behind their back. */
  database: Database;
  bucket: { client: S3Client; name: string };
  /** Every object key in the bucket. */
  objectKeys(): Promise<string[]>;
  /** Both servers' output, to show with a failed test. */
  output(): string;
  close(): Promise<void>;
}

/**
 * Two Pixelhall servers as production runs them (apps/server/src/main.ts, each its own process)
 * sharing one PostgreSQL database, one redis-server and one S3-compatible bucket (s3rver), all on
 * loopback ports. A starts first on the empty database, migrating and seeding it; B starts once A
 * answers /healthz, as a second machine joins a running cluster. Needs TEST_DATABASE_URL.
 */
export async function startCluster(): Promise<Cluster> {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
    cleanups.length = 0;
  };
  try {
    const [postgres, redis, s3] = await Promise.all([
      createEmptyDatabase().then((db) => {
        cleanups.push(db.drop);
        return db;
      }),
      startRedisServer().then((r) => {
        cleanups.push(() => r.close());
        return r;
      }),
      startS3Server().then((s) => {
        cleanups.push(() => s.close());
        return s;
      }),
    ]);
    const scratch = mkdtempSync(path.join(tmpdir(), 'pixelhall-cluster-'));
    cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));

    const shared = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      HOT_SCORE_INTERVAL_MS: String(HOT_SCORE_INTERVAL_MS),
      FILE_SWEEP_INTERVAL_MS: String(FILE_SWEEP_INTERVAL_MS),
      FILE_SWEEP_GRACE_MS: String(FILE_SWEEP_GRACE_MS),
    };
    const servers: ClusterServer[] = [];
    for (const name of ['A', 'B'] as const) {
      const server = await startServer(name, scratch, { ...shared, SEED: name === 'A' ? 'true' : 'false' });
      cleanups.push(server.stop);
      servers.push(server);
    }
    const [a, b] = servers as [RunningServer, RunningServer];

    const database = openDatabase(postgres.url, { poolSize: 4 });
    cleanups.push(() => database.close());
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      forcePathStyle: true,
    });
    cleanups.push(() => client.destroy());

    return {
      a,
      b,
      database,
      bucket: { client, name: s3.bucket },
      async objectKeys() {
        const keys: string[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }),
          );
          for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        return keys;
      },
      output: () => servers.map((s) => `--- server ${s.name} ---\n${s.output()}`).join('\n'),
      close: cleanUp,
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}

/** A brand-new empty database in TEST_DATABASE_URL's cluster; server A migrates it. */
async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the cluster test needs TEST_DATABASE_URL (a PostgreSQL cluster)');
  const name = `pixelhall_cluster_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

interface RunningServer extends ClusterServer {
  stop(): Promise<void>;
}

async function startServer(
  name: 'A' | 'B',
  scratch: string,
  env: Record<string, string>,
): Promise<RunningServer> {
  const port = await freeLoopbackPort();
  const uploadDir = path.join(scratch, `uploads-${name}`);
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...withoutPixelhallSettings(process.env),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      UPLOAD_DIR: uploadDir,
      OUTBOX_DIR: path.join(scratch, `outbox-${name}`),
      // No web app: these servers answer the API and the upload host only.
      WEB_DIST: path.join(scratch, 'no-web-app'),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: RunningServer = {
    name,
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    uploadDir,
    output: () => output,
    stop: () => stop(child, exited),
  };
  try {
    await untilHealthy(server, child);
  } catch (err) {
    await server.stop();
    throw new Error(`server ${name}: ${(err as Error).message}\n--- its output ---\n${output}`);
  }
  return server;
}

/** The developer's own REDIS_URL, PUBLIC_URL, SMTP_URL… must not leak into these servers. */
function withoutPixelhallSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const settings =
    /^(DATABASE_URL|REDIS_URL|S3_\w+|PUBLIC_URL|TRUST_PROXY|SMTP_URL|MAIL_FROM|TRANSLATE_\w+|OIDC_PROVIDERS|FIREBASE_\w+|CSP_EXTRA_ORIGINS|SESSION_\w+|BODY_LIMIT_BYTES|UPLOAD_QUOTA_BYTES|IDLE_TIMEOUT_MS|HEADERS_TIMEOUT_MS|KEEP_ALIVE_TIMEOUT_MS|MAX_CONNECTIONS_PER_ADDRESS)$/;
  return Object.fromEntries(Object.entries(env).filter(([key]) => !settings.test(key)));
}

async function untilHealthy(server: ClusterServer, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`exited (${child.exitCode ?? child.signalCode}) before it was healthy`);
    }
    try {
      const res = await fetch(`${server.origin}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/healthz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s (last: ${last})`);
}

async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Every file under `dir` (none when it does not exist), as paths relative to it. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
