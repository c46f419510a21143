import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Config, type S3Config, testConfig } from '../src/config';
import { openEngines } from '../src/engines';
import { healthChecker } from '../src/health';
import { buildTestApp, createTestDatabase, ENGINE, type TestApp } from './helper';
import { freeLoopbackPort } from './support/ports';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { type S3Server, startS3Server } from './support/s3-server';

const bucketOf = (s3: { endpoint: string; bucket: string }): S3Config => ({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  forcePathStyle: true,
});

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'pixelhall-health-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** An app on `config`, asked for /healthz once; closed afterwards. */
async function health(config: Partial<Config>) {
  const t: TestApp = await buildTestApp({ config: { uploadDir: path.join(scratch, 'uploads'), ...config } });
  try {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    return { status: res.statusCode, body: res.json(), ms: Date.now() - started };
  } finally {
    await t.close();
  }
}

describe('/healthz', { timeout: 30_000 }, () => {
  let redis: RedisServer;
  let s3: S3Server;
  beforeAll(async () => {
    [redis, s3] = await Promise.all([startRedisServer(), startS3Server()]);
  });
  afterAll(async () => {
    await Promise.all([redis?.close(), s3?.close()]);
  });

  it('lists the database and the local folder of a server on its own', async () => {
    expect(await health({})).toMatchObject({
      status: 200,
      body: {
        status: 'ok',
        engines: { database: { engine: ENGINE, ok: true }, storage: { kind: 'local', ok: true } },
      },
    });
  });

  it('lists every engine of a clustered server when all answer', async () => {
    const { status, body } = await health({ redisUrl: redis.url, s3: bucketOf(s3) });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      engines: {
        database: { engine: ENGINE, ok: true },
        redis: { ok: true },
        storage: { kind: 's3', ok: true },
      },
    });
  });

  it('answers 503, within its time limit, when Redis does not answer', async () => {
    const { status, body, ms } = await health({
      redisUrl: `redis://127.0.0.1:${await freeLoopbackPort()}`,
      s3: bucketOf(s3),
    });
    expect(status).toBe(503);
    expect(body).toEqual({
      status: 'unavailable',
      engines: {
        database: { engine: ENGINE, ok: true },
        redis: { ok: false },
        storage: { kind: 's3', ok: true },
      },
    });
    expect(ms).toBeLessThan(3_000);
  });

  it('answers 503 when the bucket is unreachable', async () => {
    const { status, body, ms } = await health({
      redisUrl: redis.url,
      s3: bucketOf({ endpoint: `http://127.0.0.1:${await freeLoopbackPort()}`, bucket: s3.bucket }),
    });
    expect(status).toBe(503);
    expect(body.engines).toEqual({
      database: { engine: ENGINE, ok: true },
      redis: { ok: true },
      storage: { kind: 's3', ok: false },
    });
    expect(ms).toBeLessThan(3_000);
  });

  it('answers 503 when the bucket does not exist', async () => {
    const { status, body } = await health({ s3: { ...bucketOf(s3), bucket: 'no-such-bucket' } });
    expect(status).toBe(503);
    expect(body.engines.storage).toEqual({ kind: 's3', ok: false });
  });

  it('answers 503 when the local folder went away, and 200 again once it is back', async () => {
    const uploadDir = path.join(scratch, 'gone');
    const t = await buildTestApp({ config: { uploadDir } });
    try {
      const ask = async () => {
        const res = await t.app.inject({ method: 'GET', url: '/healthz' });
        return { status: res.statusCode, storage: res.json().engines.storage };
      };
      expect(await ask()).toEqual({ status: 200, storage: { kind: 'local', ok: true } });
      // tus makes its own folder inside without waiting for it at start-up: once it has, nothing
      // makes the upload folder again behind this test's back.
      await vi.waitFor(() => expect(existsSync(path.join(uploadDir, 'tus'))).toBe(true));
      rmSync(uploadDir, { recursive: true, force: true });
      expect(await ask()).toEqual({ status: 503, storage: { kind: 'local', ok: false } });
      mkdirSync(uploadDir);
      expect(await ask()).toEqual({ status: 200, storage: { kind: 'local', ok: true } });
    } finally {
      await t.close();
    }
  });
});

describe('/healthz on a full upload folder', () => {
  it('is degraded, not down: the folder answers but has less room than the threshold', async () => {
    const testDb = await createTestDatabase();
    const engines = openEngines(testConfig());
    try {
      const check = (minFreeBytes: number) =>
        healthChecker({ database: testDb.database, engines, uploadDir: scratch, minFreeBytes }, () => {})();
      // The folder's real free space, read by statfs, against a threshold no disk reaches.
      expect(await check(Number.MAX_SAFE_INTEGER)).toEqual({
        status: 'degraded',
        engines: { database: { engine: ENGINE, ok: true }, storage: { kind: 'local', ok: true, full: true } },
      });
      expect(await check(0)).toEqual({
        status: 'ok',
        engines: { database: { engine: ENGINE, ok: true }, storage: { kind: 'local', ok: true } },
      });
    } finally {
      await engines.close();
      await testDb.drop();
    }
  });
});
