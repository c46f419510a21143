import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { endpoints, MainCode, UPLOAD_MAX_BYTES } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type S3Config, testConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/database';
import { s3ClientConfig } from '../src/engines';
import type { Services } from '../src/services';
import { call, createTestDatabase, factories, type TestDatabase } from './helper';
import { insertTopic } from './support/community';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { type S3Server, startS3Server } from './support/s3-server';
import { b64, sha256, tus } from './support/tus-client';

/** One Pixelhall server of the two: its own process state and local folder, the shared engines. */
interface Node {
  app: FastifyInstance;
  services: Services;
  origin: string;
  uploadDir: string;
}

const MIB = 1024 * 1024;
const DAY_AND_AN_HOUR = 25 * 60 * 60 * 1000;
const clock = { now: Date.UTC(2026, 10, 21, 12) };

let s3: S3Server;
let redis: RedisServer;
let testDb: TestDatabase;
let bucket: S3Client;
let s3Config: S3Config;
let a: Node;
let b: Node;
let token: string;
let memberId: number;

async function startNode(database: Database): Promise<Node> {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-cluster-node-'));
  const config = testConfig({ uploadDir, redisUrl: redis.url, s3: s3Config });
  const { app, services } = await buildApp({ config, database, clock: () => clock.now });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, services, origin, uploadDir };
}

beforeAll(async () => {
  [s3, redis, testDb] = await Promise.all([startS3Server(), startRedisServer(), createTestDatabase()]);
  s3Config = {
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
  };
  bucket = new S3Client(s3ClientConfig(s3Config));
  a = await startNode(testDb.database);
  b = await startNode(openDatabase(testDb.url));
  const member = await factories(testDb.database, a.services, () => clock.now).member();
  token = member.token;
  memberId = member.user.id;
}, 60_000);

afterAll(async () => {
  for (const node of [b, a]) {
    await node?.app.close();
    if (node) rmSync(node.uploadDir, { recursive: true, force: true });
  }
  bucket?.destroy();
  await testDb?.drop();
  await s3?.close();
  await redis?.close();
});

const idOf = (location: string) => location.split('/').pop()!;

/** A tus request to one of the servers, as the member of these tests unless `headers` says otherwise. */
const send = (at: Node, method: string, url: string, headers: Record<string, string> = {}) =>
  tus.send(at.origin, token, method, url, headers);

async function create(at: Node, name: string, length: number | null): Promise<string> {
  const res = await tus.create(at.origin, token, length, name);
  expect(res.status).toBe(201);
  return res.headers.get('location')!;
}

const patch = (
  at: Node,
  location: string,
  offset: number,
  chunk: Buffer,
  headers: Record<string, string> = {},
) => tus.patch(at.origin, token, location, offset, chunk, headers);

async function bucketKeys(): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key!);
}

/** Every file under a server's local folder, by its path inside it. */
function localFiles(node: Node): string[] {
  return readdirSync(node.uploadDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(node.uploadDir, path.join(entry.parentPath, entry.name)));
}

const inProgressRow = (id: string) =>
  testDb.database.db.selectFrom('big_uploads').selectAll().where('id', '=', id).executeTakeFirst();

describe('upload/big (tus) across two servers on one bucket and one Redis', () => {
  it('finishes on B an upload begun on A, keeps it in the bucket only, and A serves its bytes', async () => {
    // More than one 5 MiB part: B goes on with the multipart upload A began.
    const data = randomBytes(6 * MIB + 123_457);
    const location = await create(a, 'Game manual.pdf', data.length);
    const id = idOf(location);
    expect(await inProgressRow(id)).toMatchObject({ owner_id: memberId, declared_bytes: data.length });

    const first = 5 * MIB + 1000;
    expect((await patch(a, location, 0, data.subarray(0, first))).status).toBe(204);

    const resumed = await send(b, 'HEAD', location);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('upload-offset')).toBe(String(first));
    expect(resumed.headers.get('upload-length')).toBe(String(data.length));

    const last = await patch(b, location, first, data.subarray(first));
    expect(last.status).toBe(200);
    const expected = {
      sha256: sha256(data),
      name: 'Game manual.pdf',
      mime: 'application/pdf',
      bytes: data.length,
    };
    expect(await last.json()).toEqual({ code: MainCode.Success, msg: 'OK', data: expected });

    // In the bucket under its content key, and nothing of the upload itself is left anywhere.
    const keys = await bucketKeys();
    expect(keys).toContain(`files/${expected.sha256.slice(0, 2)}/${expected.sha256}`);
    expect(keys.filter((key) => key.startsWith(id))).toEqual([]);
    expect(await redisKeys(`pixelhall:tus:upload:${id}`)).toEqual([]);
    for (const node of [a, b]) {
      expect(localFiles(node).filter((file) => file.includes(expected.sha256) || file.includes(id))).toEqual(
        [],
      );
    }
    expect(await inProgressRow(id)).toBeUndefined();
    expect((await send(a, 'HEAD', location)).status).toBe(404);

    // A serves it, Range and all, from the bucket.
    const topicId = await insertTopic(testDb.database);
    const posted = await call(
      a.app,
      endpoints.posts.createPost,
      { topic_id: topicId, text: 'The manual', files: [{ sha256: expected.sha256, name: expected.name }] },
      { token },
    );
    expect(posted.body.code).toBe(MainCode.Success);
    const url = (posted.body.data as { files: { url: string }[] }).files[0]!.url;
    const whole = await fetch(a.origin + url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true);
    const range = await fetch(a.origin + url, { headers: { range: 'bytes=5242800-5242899' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(data.subarray(5_242_800, 5_242_900))).toBe(true);
  });

  it('takes a length declared on B for an upload deferred on A', async () => {
    const data = randomBytes(300_000);
    const location = await create(a, 'notes.txt', null);
    expect((await inProgressRow(idOf(location)))?.declared_bytes).toBeNull();
    expect((await patch(a, location, 0, data.subarray(0, 100_000))).status).toBe(204);

    const head = await send(b, 'HEAD', location);
    expect(head.headers.get('upload-defer-length')).toBe('1');
    expect(head.headers.get('upload-offset')).toBe('100000');

    const last = await patch(b, location, 100_000, data.subarray(100_000), {
      'upload-length': String(data.length),
    });
    expect(last.status).toBe(200);
    expect(await tus.stored(last)).toMatchObject({
      sha256: sha256(data),
      mime: 'text/plain',
      bytes: data.length,
    });
  });

  it('measures an image it finishes from the bucket', async () => {
    const png = await sharp({ create: { width: 120, height: 45, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const location = await create(a, 'banner.png', png.length);
    const res = await patch(b, location, 0, png);
    expect(res.status).toBe(200);
    const row = await testDb.database.db
      .selectFrom('uploads')
      .select(['mime', 'width', 'height'])
      .where('sha256', '=', sha256(png))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mime: 'image/png', width: 120, height: 45 });
  });

  it('hands an upload to B while a stalled PATCH on A still holds it, and A never writes it again', async () => {
    const data = randomBytes(200_000);
    const location = await create(a, 'save.state', data.length);

    // A PATCH on A that sends its first 1,000 bytes and then nothing: a connection gone quiet.
    const stalled = httpRequest(a.origin + location, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${token}`,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
    });
    const stalledAnswer = new Promise<number>((resolve) => {
      stalled.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      stalled.on('error', () => resolve(0));
    });
    stalled.write(data.subarray(0, 1000));
    await new Promise((resolve) => setTimeout(resolve, 1000));

    // B must wait for A's lock: it asks A to let go, and A ends its request within tus's drain time.
    const started = Date.now();
    const taken = await patch(b, location, 1000, data.subarray(1000));
    expect(taken.status).toBe(200);
    // Not before A had drained (tus's lockDrainTimeout, 3 s).
    expect(Date.now() - started).toBeGreaterThan(2500);
    expect((await tus.stored(taken)).sha256).toBe(sha256(data));
    // A's request was ended: answered, or its connection closed.
    expect([204, 0]).toContain(await stalledAnswer);
    stalled.destroy();
  });

  it('counts an upload in progress against the quota from either server, until it is terminated', async () => {
    const other = await factories(testDb.database, b.services, () => clock.now).member();
    const usage = (node: Node) => node.services.bigUploads.quota.usage(other.user.id);
    const as = { authorization: `Bearer ${other.token}` };

    const sized = await send(b, 'POST', tus.path, {
      ...as,
      'upload-length': '300000',
      'upload-metadata': `filename ${b64('a.bin')}`,
    });
    expect(sized.status).toBe(201);
    expect(await usage(a)).toBe(300_000);
    const deferred = await send(a, 'POST', tus.path, {
      ...as,
      'upload-defer-length': '1',
      'upload-metadata': `filename ${b64('b.bin')}`,
    });
    expect(await usage(b)).toBe(300_000 + UPLOAD_MAX_BYTES);

    // Not anyone else's to see or end.
    expect((await send(a, 'HEAD', sized.headers.get('location')!)).status).toBe(404);

    const gone = await send(a, 'DELETE', deferred.headers.get('location')!, as);
    expect(gone.status).toBe(204);
    expect(await usage(b)).toBe(300_000);
    expect(
      (await bucketKeys()).filter((key) => key.startsWith(idOf(deferred.headers.get('location')!))),
    ).toEqual([]);
  });

  it('sweeps an upload abandoned for a day from the bucket, whichever server runs the sweep', async () => {
    const location = await create(b, 'abandoned.bin', 50_000);
    const id = idOf(location);
    expect((await patch(b, location, 0, randomBytes(20_000))).status).toBe(204);
    expect((await bucketKeys()).some((key) => key.startsWith(id))).toBe(true);

    expect(await a.services.bigUploads.sweep(clock.now)).toBe(0);
    expect(await a.services.bigUploads.sweep(clock.now + DAY_AND_AN_HOUR)).toBeGreaterThanOrEqual(1);
    expect(await inProgressRow(id)).toBeUndefined();
    expect((await bucketKeys()).filter((key) => key.startsWith(id))).toEqual([]);
    expect((await send(b, 'HEAD', location)).status).toBe(404);
  });
});

/** Keys in the shared Redis matching a pattern, as any server sees them. */
async function redisKeys(pattern: string): Promise<string[]> {
  const client = new Redis(redis.url);
  try {
    return await client.keys(pattern);
  } finally {
    client.disconnect();
  }
}
