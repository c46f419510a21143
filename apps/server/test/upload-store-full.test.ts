import { spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints, endpointUrl, type Locale } from '@pixelhall/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { buildTestApp, type TestApp } from './helper';
import { b64, tus } from './support/tus-client';

/*
 * A file store with no room left answers 503 with `errors.storage_full` and a Retry-After, on
 * upload/file and on every tus request that writes, and /healthz says the folder is full. The
 * errors are the operating system's own: ENOSPC from a full tmpfs (mounting one needs root: the
 * suite is skipped without), and from /dev/full, which any user can write to.
 */

/** A 503 asking to come back once there is room, as the envelope in `locale`. */
async function expectFull(res: Response, locale: Locale) {
  expect({ status: res.status, retryAfter: res.headers.get('retry-after') }).toEqual({
    status: 503,
    retryAfter: '60',
  });
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(await res.json()).toEqual({
    code: 0,
    msg: translator(locale)('errors.storage_full'),
    data: null,
    reason: 'errors.storage_full',
  });
}

const OCTETS = 'application/offset+octet-stream';

describe('an upload whose bytes the disk refuses (/dev/full)', () => {
  let t: TestApp;
  let dir: string;
  let origin: string;
  let token: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-devfull-'));
    t = await buildTestApp({ config: { uploadDir: dir } });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = (await t.make.member()).token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the PATCH 503 storage_full, and the upload resumes once there is room', async () => {
    const created = await tus.create(origin, token, 4, 'notes.txt');
    const location = created.headers.get('location')!;
    const file = path.join(dir, 'tus', location.split('/').pop()!);
    // The upload's bytes now go to a device that is always full.
    rmSync(file);
    symlinkSync('/dev/full', file);
    const refused = await tus.patch(origin, token, location, 0, Buffer.from('data'), {
      'accept-language': 'ja-JP',
    });
    await expectFull(refused, 'ja-JP');

    rmSync(file);
    writeFileSync(file, '');
    const resumed = await tus.patch(origin, token, location, 0, Buffer.from('data'));
    expect(resumed.status).toBe(200);
    expect((await tus.stored(resumed)).bytes).toBe(4);
  });
});

/** A 2 MB tmpfs, or null when this process may not mount one (not root, or no CAP_SYS_ADMIN). */
function mountTinyDisk(): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-full-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'ignore' });
  if (mounted.status === 0) return dir;
  rmdirSync(dir);
  return null;
}

/** Writes a filler file until the disk refuses another byte; answers its path. */
function fill(dir: string): string {
  const filler = path.join(dir, 'filler');
  const fd = openSync(filler, 'w');
  try {
    for (let piece = 64 * 1024; piece >= 1; ) {
      try {
        writeSync(fd, Buffer.alloc(piece));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        piece = Math.floor(piece / 2);
      }
    }
  } finally {
    closeSync(fd);
  }
  return filler;
}

const disk = mountTinyDisk();

describe.skipIf(disk === null)('a full upload folder (a tiny tmpfs)', () => {
  let t: TestApp;
  let origin: string;
  let token: string;
  let begun: string;
  let filler: string;
  const dir = disk as string;

  beforeAll(async () => {
    t = await buildTestApp({ config: { uploadDir: dir } });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = (await t.make.member()).token;
    const created = await tus.create(origin, token, 4, 'begun.txt');
    expect(created.status).toBe(201);
    begun = created.headers.get('location')!;
    filler = fill(dir);
  });
  afterAll(async () => {
    await t?.close();
    spawnSync('umount', [dir], { stdio: 'ignore' });
    rmdirSync(dir);
  });

  it('says so on /healthz: degraded, the server still in service', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'degraded',
      engines: { storage: { kind: 'local', ok: true, full: true } },
    });
  });

  it('answers upload/file 503 storage_full, storing nothing', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('app', 'post_images');
    form.set('file', new Blob([png], { type: 'image/png' }), 'pixel.png');
    const res = await fetch(origin + endpointUrl(endpoints.uploads.uploadFile), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'pt-BR' },
      body: form,
    });
    await expectFull(res, 'pt-BR');
    expect(await t.database.db.selectFrom('uploads').select('sha256').execute()).toEqual([]);
  });

  it('answers a tus creation 503 storage_full, leaving no upload behind', async () => {
    const before = await t.database.db.selectFrom('big_uploads').select('id').execute();
    const res = await tus.send(origin, token, 'POST', tus.path, {
      'upload-length': '4',
      'upload-metadata': `filename ${b64('more.txt')}`,
      'accept-language': 'es-ES',
    });
    await expectFull(res, 'es-ES');
    expect(await t.database.db.selectFrom('big_uploads').select('id').execute()).toEqual(before);
  });

  it('answers a tus PATCH 503 storage_full, and goes on once room is made', async () => {
    const refused = await tus.patch(origin, token, begun, 0, Buffer.alloc(4), {
      'content-type': OCTETS,
      'accept-language': 'ko-KR',
    });
    await expectFull(refused, 'ko-KR');

    rmSync(filler);
    const offset = Number((await tus.head(origin, token, begun)).headers.get('upload-offset'));
    const done = await tus.patch(origin, token, begun, offset, Buffer.alloc(4 - offset));
    expect(done.status).toBe(200);
  });
});
