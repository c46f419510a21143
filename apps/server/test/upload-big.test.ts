import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type BigUpload,
  type Envelope,
  MainCode,
  UPLOAD_BIG_PATH,
  UPLOAD_MAX_BYTES,
} from '@pixelhall/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let uploadDir: string;
let origin: string;
let token: string;
let ownerId: number;

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-big-'));
  t = await buildTestApp({ config: { uploadDir } });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const member = await t.make.member();
  token = member.token;
  ownerId = member.user.id;
});
afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

const ENDPOINT = `/upload/${UPLOAD_BIG_PATH}`;
const tusDir = () => path.join(uploadDir, 'tus');
const b64 = (s: string) => Buffer.from(s).toString('base64');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function tusHeaders(auth: string | null, extra: Record<string, string> = {}): Record<string, string> {
  return { 'tus-resumable': '1.0.0', ...(auth ? { authorization: `Bearer ${auth}` } : {}), ...extra };
}

async function create(
  length: number,
  { name = 'manual.pdf', auth = token as string | null, headers = {} as Record<string, string> } = {},
) {
  return fetch(origin + ENDPOINT, {
    method: 'POST',
    headers: tusHeaders(auth, {
      'upload-length': String(length),
      ...(name === '' ? {} : { 'upload-metadata': `filename ${b64(name)},filetype ${b64('text/html')}` }),
      ...headers,
    }),
  });
}

function patch(location: string, offset: number, chunk: Buffer, auth: string | null = token) {
  return fetch(origin + location, {
    method: 'PATCH',
    headers: tusHeaders(auth, {
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    }),
    body: chunk,
  });
}

/** The envelope a finished upload answers. */
const result = async (res: Response) => ((await res.json()) as Envelope<BigUpload>).data;

const head = (location: string, auth: string | null = token) =>
  fetch(origin + location, { method: 'HEAD', headers: tusHeaders(auth) });

/** Creates an upload and sends it whole in one PATCH; answers the final response. */
async function uploadWhole(data: Buffer, name: string) {
  const created = await create(data.length, { name });
  expect(created.status).toBe(201);
  return patch(created.headers.get('location')!, 0, data);
}

describe('upload/big (tus)', () => {
  it('takes a file in several PATCHes, resumes after a HEAD, and stores it content-addressed', async () => {
    const data = randomBytes(300_000);
    const created = await create(data.length, { name: 'folder/Game manual.pdf' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${ENDPOINT}/[0-9a-f]{32}$`));

    expect((await patch(location, 0, data.subarray(0, 100_000))).status).toBe(204);
    expect((await patch(location, 100_000, data.subarray(100_000, 180_000))).status).toBe(204);

    // As a client does after losing its connection: ask where the server is, go on from there.
    const resumed = await head(location);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('upload-offset')).toBe('180000');
    expect(resumed.headers.get('upload-length')).toBe(String(data.length));
    expect(resumed.headers.get('cache-control')).toBe('no-store');

    const stale = await patch(location, 100_000, data.subarray(100_000));
    expect(stale.status).toBe(409);

    const last = await patch(location, 180_000, data.subarray(180_000));
    expect(last.status).toBe(200);
    expect(last.headers.get('upload-offset')).toBe(String(data.length));
    expect(last.headers.get('content-type')).toMatch(/^application\/json/);
    const expected = {
      sha256: sha256(data),
      name: 'Game manual.pdf',
      mime: 'application/pdf',
      bytes: data.length,
    };
    expect(await last.json()).toEqual({ code: MainCode.Success, msg: 'OK', data: expected });
    expect(JSON.parse(Buffer.from(last.headers.get('upload-result')!, 'base64').toString())).toEqual(
      expected,
    );

    const stored = path.join(uploadDir, expected.sha256.slice(0, 2), expected.sha256);
    expect(readFileSync(stored).equals(data)).toBe(true);
    const row = await t.database.db
      .selectFrom('uploads')
      .selectAll()
      .where('sha256', '=', expected.sha256)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime: 'application/pdf', bytes: data.length, owner_id: ownerId });
    // Nothing is left behind in the uploads in progress.
    const id = location.split('/').pop()!;
    expect(readdirSync(tusDir()).filter((n) => n.startsWith(id))).toEqual([]);
    expect((await head(location)).status).toBe(404);
  });

  it('takes a whole file in the creating POST too', async () => {
    const data = Buffer.from('hello, tus\n');
    const res = await fetch(origin + ENDPOINT, {
      method: 'POST',
      headers: tusHeaders(token, {
        'upload-length': String(data.length),
        'upload-metadata': `filename ${b64('notes.txt')}`,
        'content-type': 'application/offset+octet-stream',
      }),
      body: data,
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/[0-9a-f]{32}$/);
    expect(await result(res)).toEqual({
      sha256: sha256(data),
      name: 'notes.txt',
      mime: 'text/plain',
      bytes: data.length,
    });
  });

  it('decides the type: images by content, others by a harmless extension, else octet-stream', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#7c5cff' } })
      .png()
      .toBuffer();
    const cases: [Buffer, string, string][] = [
      [png, 'not-really.txt', 'image/png'],
      [randomBytes(64), 'Contra.nes', 'application/octet-stream'],
      [Buffer.from('<script>alert(1)</script>'), 'page.html', 'application/octet-stream'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'icon.svg', 'application/octet-stream'],
      [randomBytes(64), 'roms.zip', 'application/zip'],
    ];
    for (const [data, name, mime] of cases) {
      const res = await uploadWhole(data, name);
      expect(await result(res)).toMatchObject({ name, mime });
    }
    const row = await t.database.db
      .selectFrom('uploads')
      .select(['width', 'height'])
      .where('sha256', '=', sha256(png))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ width: 40, height: 30 });
  });

  it('refuses a file over the limit up front, and a body longer than announced', async () => {
    const tooBig = await create(UPLOAD_MAX_BYTES + 1);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({
      code: 0,
      msg: 'Files larger than 500m cannot be uploaded',
      data: null,
    });

    const created = await create(10);
    const overflow = await patch(created.headers.get('location')!, 0, randomBytes(20));
    expect(overflow.status).toBe(413);
  });

  it('needs a file name', async () => {
    const res = await create(10, { name: '' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 0, msg: 'The name cannot be empty', data: null });
  });

  it('answers the expired code without a valid token, on every request', async () => {
    const created = await create(10);
    const location = created.headers.get('location')!;
    for (const res of [
      await create(10, { auth: null }),
      await create(10, { auth: 'not-a-real-token' }),
      await patch(location, 0, randomBytes(10), 'not-a-real-token'),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        code: MainCode.Expired,
        msg: 'The user is not logged in',
        data: null,
      });
    }
    expect((await head(location, null)).status).toBe(401);
    expect((await head(location)).headers.get('upload-offset')).toBe('0');
  });

  it('refuses visitors', async () => {
    const now = t.clock.now;
    const { id } = await t.database.db
      .insertInto('users')
      .values({
        username: 'visitor-big1',
        nickname: 'Visitor 2',
        is_tourist: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const visitor = await t.services.sessions.create(Number(id));
    const res = await create(10, { auth: visitor.token });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 0, msg: 'Create an account to do this', data: null });
  });

  it('keeps another member away from my upload', async () => {
    const other = await t.make.member();
    const created = await create(8);
    const location = created.headers.get('location')!;
    expect((await patch(location, 0, Buffer.from('mine'))).status).toBe(204);

    expect((await head(location, other.token)).status).toBe(404);
    for (const res of [
      await patch(location, 4, Buffer.from('evil'), other.token),
      await fetch(origin + location, { method: 'DELETE', headers: tusHeaders(other.token) }),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 0, msg: 'Not found', data: null });
    }
    const mine = await head(location);
    expect(mine.headers.get('upload-offset')).toBe('4');
    const last = await patch(location, 4, Buffer.from('!!!!'));
    expect((await result(last)).sha256).toBe(sha256(Buffer.from('mine!!!!')));
  });

  it('lets me terminate my upload', async () => {
    const created = await create(8);
    const location = created.headers.get('location')!;
    const res = await fetch(origin + location, { method: 'DELETE', headers: tusHeaders(token) });
    expect(res.status).toBe(204);
    expect((await head(location)).status).toBe(404);
  });

  it('sends no CORS permission to other sites', async () => {
    const res = await create(10, { headers: { origin: 'https://elsewhere.example' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(origin + ENDPOINT, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sweeps partial uploads nobody wrote to for a day', async () => {
    const created = await create(100);
    const location = created.headers.get('location')!;
    await patch(location, 0, randomBytes(10));
    const id = location.split('/').pop()!;
    expect(await t.services.bigUploads.sweep(Date.now())).toBe(0);
    expect(existsSync(path.join(tusDir(), id))).toBe(true);

    const swept = await t.services.bigUploads.sweep(Date.now() + 25 * 60 * 60 * 1000);
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(tusDir(), id))).toBe(false);
    expect(existsSync(path.join(tusDir(), `${id}.json`))).toBe(false);
    expect((await head(location)).status).toBe(404);
  });
});
