import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { endpoints, endpointUrl, MainCode } from '@pixelhall/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Config, testConfig } from '../src/config';
import { type Engines, openEngines } from '../src/engines';
import { contentKey, createS3FileStore, type S3FileStore } from '../src/features/uploads/storage';
import { buildTestApp, type TestApp } from './helper';
import { type S3Server, startS3Server } from './support/s3-server';

let s3: S3Server;
let engines: Engines;
let store: S3FileStore;
let scratch: string;
/** The commands the store's client sent, by name, to see which calls a step made. */
const sent: string[] = [];

const s3Config = (server: S3Server): S3Config => ({
  bucket: server.bucket,
  endpoint: server.endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  forcePathStyle: true,
});

beforeAll(async () => {
  s3 = await startS3Server();
  engines = openEngines(testConfig({ s3: s3Config(s3) }));
  if (!engines.storage) throw new Error('S3 configured, yet no storage engine');
  engines.storage.client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(context.commandName ?? '');
      return next(args);
    },
    { step: 'initialize' },
  );
  store = createS3FileStore(engines.storage);
  scratch = mkdtempSync(path.join(tmpdir(), 'pixelhall-s3-store-'));
});
afterAll(async () => {
  await engines?.close();
  await s3?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function objectBytes(key: string): Promise<Buffer> {
  const { client, bucket } = engines.storage!;
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return bytesOf(object.Body as Readable);
}

async function objectExists(key: string): Promise<boolean> {
  const { client, bucket } = engines.storage!;
  try {
    await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'NotFound') return false;
    throw err;
  }
}

describe('the S3 file store', () => {
  it('stores bytes under files/<sha[0..2]>/<sha>, and storing them again changes nothing', async () => {
    const data = randomBytes(3000);
    const sha256 = await store.put(data);
    expect(sha256).toBe(sha256Of(data));
    expect(contentKey(sha256)).toBe(`files/${sha256.slice(0, 2)}/${sha256}`);
    expect(await objectBytes(contentKey(sha256))).toEqual(data);

    sent.length = 0;
    expect(await store.put(data)).toBe(sha256);
    expect(sent).toEqual(['HeadObjectCommand']);
    expect(await store.size(sha256)).toBe(3000);
  });

  it('uploads a local file whole, streamed, and removes it afterwards', async () => {
    const data = randomBytes(256 * 1024 + 17);
    const file = path.join(scratch, 'finished.bin');
    writeFileSync(file, data);
    const stored = await store.putFile(file);
    expect(stored).toEqual({ sha256: sha256Of(data), size: data.length });
    expect(existsSync(file)).toBe(false);
    expect(await objectBytes(contentKey(stored.sha256))).toEqual(data);

    // The same bytes again: nothing to upload, and the source still goes.
    writeFileSync(file, data);
    sent.length = 0;
    expect(await store.putFile(file)).toEqual(stored);
    expect(sent).toEqual(['HeadObjectCommand']);
    expect(existsSync(file)).toBe(false);
  });

  it('reads a file whole or by inclusive byte ranges', async () => {
    const data = randomBytes(10_000);
    const sha256 = await store.put(data);
    expect(await bytesOf(await store.read(sha256))).toEqual(data);
    // Not `bytes=0-0`: s3rver takes an end of 0 for "to the end" (real S3 does not).
    expect(await bytesOf(await store.read(sha256, { start: 0, end: 1 }))).toEqual(data.subarray(0, 2));
    expect(await bytesOf(await store.read(sha256, { start: 1234, end: 5677 }))).toEqual(
      data.subarray(1234, 5678),
    );
    expect(await bytesOf(await store.read(sha256, { start: 9990, end: 9999 }))).toEqual(data.subarray(9990));
  });

  it('knows no size for a file it never stored, and refuses to read it', async () => {
    const unknown = sha256Of(randomBytes(16));
    expect(await store.size(unknown)).toBeNull();
    await expect(store.read(unknown)).rejects.toMatchObject({ name: 'NoSuchKey' });
    expect(() => contentKey('../../etc/passwd')).toThrow(/not a SHA-256/);
  });

  it('adopts an object already in the bucket: moved to its content key, the source deleted', async () => {
    const { client, bucket } = engines.storage!;
    const data = randomBytes(70_000);
    const key = `tus/${randomBytes(16).toString('hex')}`;
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data }));

    const adopted = await store.adopt(key);
    expect(adopted).toEqual({ sha256: sha256Of(data), size: data.length });
    expect(await objectExists(key)).toBe(false);
    expect(await objectBytes(contentKey(adopted.sha256))).toEqual(data);

    // The same bytes finished again: no copy needed, the new source still goes.
    const again = `tus/${randomBytes(16).toString('hex')}`;
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: again, Body: data }));
    sent.length = 0;
    expect(await store.adopt(again)).toEqual(adopted);
    expect(sent).not.toContain('CopyObjectCommand');
    expect(await objectExists(again)).toBe(false);
    expect(await store.size(adopted.sha256)).toBe(data.length);
  });

  it('refuses to adopt an object that is not there', async () => {
    await expect(store.adopt(`tus/${randomBytes(16).toString('hex')}`)).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
  });
});

describe('a server with a bucket', () => {
  let t: TestApp;
  let uploadDir: string;
  let token: string;
  beforeAll(async () => {
    uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-s3-uploads-'));
    t = await buildTestApp({ config: { uploadDir, s3: s3Config(s3) } });
    ({ token } = await t.make.member());
  });
  afterAll(async () => {
    await t?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('stores an uploaded image in the bucket only, and serves it from there with Range', async () => {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#33aa77' } })
      .png()
      .toBuffer();
    const boundary = `----pixelhall${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="app"\r\n\r\nimages\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: endpointUrl(endpoints.uploads.uploadFile),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${token}`,
      },
      payload,
    });
    expect(res.json().code).toBe(MainCode.Success);
    const { sha256, url, bytes } = res.json().data as { sha256: string; url: string; bytes: number };

    const stored = await objectBytes(contentKey(sha256));
    expect(stored.length).toBe(bytes);
    expect(sha256Of(stored)).toBe(sha256);
    const localFiles = readdirSync(uploadDir, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    expect(localFiles).toEqual([]);

    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/webp');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.rawPayload).toEqual(stored);

    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-49' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-49/${bytes}`);
    expect(part.rawPayload).toEqual(stored.subarray(10, 50));

    const beyond = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${bytes}-` } });
    expect(beyond.statusCode).toBe(416);

    const missing = await t.app.inject({
      method: 'GET',
      url: `/upload/files/${sha256Of(randomBytes(8))}.webp`,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the test S3 server, for @tus/s3-store', () => {
  it('lists the parts of a multipart upload, and answers NoSuchUpload once it is completed', async () => {
    const { client, bucket } = engines.storage!;
    const Key = `tus/${randomBytes(16).toString('hex')}`;
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }));
    const parts = [randomBytes(6000), randomBytes(2500)];
    const etags: string[] = [];
    for (const [i, Body] of parts.entries()) {
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket: bucket, Key, UploadId, PartNumber: i + 1, Body }),
      );
      etags.push(ETag!);
    }
    const md5 = (data: Buffer) => `"${createHash('md5').update(data).digest('hex')}"`;
    expect(etags).toEqual(parts.map(md5));

    const listed = await client.send(new ListPartsCommand({ Bucket: bucket, Key, UploadId }));
    expect(listed.IsTruncated).toBe(false);
    expect(listed.Parts?.map(({ PartNumber, ETag, Size }) => ({ PartNumber, ETag, Size }))).toEqual([
      { PartNumber: 1, ETag: md5(parts[0]!), Size: 6000 },
      { PartNumber: 2, ETag: md5(parts[1]!), Size: 2500 },
    ]);
    const page = await client.send(new ListPartsCommand({ Bucket: bucket, Key, UploadId, MaxParts: 1 }));
    expect([page.IsTruncated, page.NextPartNumberMarker, page.Parts?.length]).toEqual([true, '1', 1]);

    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key,
        UploadId,
        MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
      }),
    );
    expect(await objectBytes(Key)).toEqual(Buffer.concat(parts));
    await expect(client.send(new ListPartsCommand({ Bucket: bucket, Key, UploadId }))).rejects.toMatchObject({
      name: 'NoSuchUpload',
    });
  });

  it('aborts a multipart upload', async () => {
    const { client, bucket } = engines.storage!;
    const Key = `tus/${randomBytes(16).toString('hex')}`;
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }));
    await client.send(
      new UploadPartCommand({ Bucket: bucket, Key, UploadId, PartNumber: 1, Body: randomBytes(100) }),
    );
    await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId }));
    await expect(client.send(new ListPartsCommand({ Bucket: bucket, Key, UploadId }))).rejects.toMatchObject({
      name: 'NoSuchUpload',
    });
    await expect(
      client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId })),
    ).rejects.toMatchObject({ name: 'NoSuchUpload' });
  });
});
