import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints, type Locale, MainCode, UPLOAD_MAX_BYTES } from '@pixelhall/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { buildTestApp, call, TEST_ORIGIN, type TestApp } from './helper';
import { insertTopic } from './support/community';
import { b64, sha256, tus } from './support/tus-client';
import { insertUpload } from './support/uploads';

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

const tusDir = () => path.join(uploadDir, 'tus');

/** A creating POST that may leave out the name or the token; its metadata also claims a type, which the server ignores. */
function create(
  length: number | null,
  {
    name = 'manual.pdf',
    auth = token as string | null,
    headers = {} as Record<string, string>,
    body = undefined as Buffer | undefined,
    at = origin,
  } = {},
) {
  return tus.send(
    at,
    auth,
    'POST',
    tus.path,
    {
      ...(length === null ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
      ...(name === '' ? {} : { 'upload-metadata': `filename ${b64(name)},filetype ${b64('text/html')}` }),
      ...headers,
    },
    body,
  );
}

const patch = (location: string, offset: number, chunk: Buffer, auth: string | null = token) =>
  tus.patch(origin, auth, location, offset, chunk);

const head = (location: string, auth: string | null = token) => tus.head(origin, auth, location);

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
    expect(location).toMatch(new RegExp(`^${tus.path}/[0-9a-f]{32}$`));

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
    const res = await fetch(origin + tus.path, {
      method: 'POST',
      headers: tus.headers(token, {
        'upload-length': String(data.length),
        'upload-metadata': `filename ${b64('notes.txt')}`,
        'content-type': 'application/offset+octet-stream',
      }),
      body: data,
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/[0-9a-f]{32}$/);
    expect(await tus.stored(res)).toEqual({
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
      expect(await tus.stored(res)).toMatchObject({ name, mime });
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
      reason: 'validation.file_too_large',
    });

    const created = await create(10);
    const overflow = await patch(created.headers.get('location')!, 0, randomBytes(20));
    expect(overflow.status).toBe(413);
  });

  it('deletes at once what a body longer than announced wrote, in a PATCH or the creating POST', async () => {
    const created = await create(10);
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    expect((await patch(location, 0, randomBytes(4))).status).toBe(204);
    expect(existsSync(path.join(tusDir(), id))).toBe(true);
    expect((await patch(location, 4, randomBytes(20))).status).toBe(413);
    expect(readdirSync(tusDir()).filter((n) => n.startsWith(id))).toEqual([]);
    expect((await head(location)).status).toBe(404);

    const before = readdirSync(tusDir());
    const whole = await create(10, {
      headers: { 'content-type': 'application/offset+octet-stream' },
      body: randomBytes(30),
    });
    expect(whole.status).toBe(413);
    expect(readdirSync(tusDir())).toEqual(before);
  });

  it('needs a file name', async () => {
    const res = await create(10, { name: '' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 0,
      msg: 'The name cannot be empty',
      data: null,
      reason: 'validation.name_required',
    });
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
        reason: 'errors.not_logged_in',
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
    const visitor = await t.services.sessions.create(Number(id), TEST_ORIGIN);
    const res = await create(10, { auth: visitor.token });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 0,
      msg: 'Create an account to do this',
      data: null,
      reason: 'errors.tourist_forbidden',
    });
  });

  it('keeps another member away from my upload', async () => {
    const other = await t.make.member();
    const created = await create(8);
    const location = created.headers.get('location')!;
    expect((await patch(location, 0, Buffer.from('mine'))).status).toBe(204);

    expect((await head(location, other.token)).status).toBe(404);
    for (const res of [
      await patch(location, 4, Buffer.from('evil'), other.token),
      await fetch(origin + location, { method: 'DELETE', headers: tus.headers(other.token) }),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 0, msg: 'Not found', data: null, reason: 'errors.not_found' });
    }
    const mine = await head(location);
    expect(mine.headers.get('upload-offset')).toBe('4');
    const last = await patch(location, 4, Buffer.from('!!!!'));
    expect((await tus.stored(last)).sha256).toBe(sha256(Buffer.from('mine!!!!')));
  });

  it('lets me terminate my upload', async () => {
    const created = await create(8);
    const location = created.headers.get('location')!;
    const res = await fetch(origin + location, { method: 'DELETE', headers: tus.headers(token) });
    expect(res.status).toBe(204);
    expect((await head(location)).status).toBe(404);
  });

  it('sends no CORS permission to other sites', async () => {
    const res = await create(10, { headers: { origin: 'https://elsewhere.example' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(origin + tus.path, {
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
    expect(await t.services.bigUploads.sweep(t.clock.now)).toBe(0);
    expect(existsSync(path.join(tusDir(), id))).toBe(true);

    const swept = await t.services.bigUploads.sweep(t.clock.now + 25 * 60 * 60 * 1000);
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(tusDir(), id))).toBe(false);
    expect(existsSync(path.join(tusDir(), `${id}.json`))).toBe(false);
    expect(
      await t.database.db.selectFrom('big_uploads').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await head(location)).status).toBe(404);
  });
});

describe('storage quota', () => {
  const QUOTA = 1024 * 1024;
  let q: TestApp;
  let qDir: string;
  let at: string;
  beforeAll(async () => {
    qDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-quota-'));
    q = await buildTestApp({ config: { uploadDir: qDir, uploadQuotaBytes: QUOTA } });
    at = await q.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await q.close();
    rmSync(qDir, { recursive: true, force: true });
  });

  const quotaMessage = (locale: Locale) =>
    translator(locale)('errors.upload_quota_reached', { quota: '1 MB' });

  it("counts posts' files, archives and uploads in progress, and refuses an upload past the quota", async () => {
    const member = await q.make.member();
    const as = { auth: member.token, at, headers: { 'accept-language': 'pt-PT' } };
    const topicId = await insertTopic(q.database);
    const file = await insertUpload(q.database, {
      mime: 'application/pdf',
      bytes: 500_000,
      ownerId: member.user.id,
      now: 0,
    });
    const posted = await call(
      q.app,
      endpoints.posts.createPost,
      { topic_id: topicId, text: 'Map', files: [{ sha256: file, name: 'map.pdf' }] },
      { token: member.token },
    );
    expect(posted.body.code).toBe(MainCode.Success);
    const slot = await q.database.db
      .insertInto('archive_slots')
      .values({
        user_id: member.user.id,
        rom_md5: 'a'.repeat(32),
        slot: 1,
        game_name: 'Quest',
        created_at: 0,
        updated_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await q.database.db
      .insertInto('archive_versions')
      .values({
        slot_id: slot.id,
        state_sha256: file,
        archive_md5: 'b'.repeat(32),
        bytes: 200_000,
        device_id: 'd',
        access_key: 'k',
        created_at: 0,
      })
      .execute();
    expect(await q.services.bigUploads.quota.usage(member.user.id)).toBe(700_000);

    const inProgress = await create(300_000, as);
    expect(inProgress.status).toBe(201);
    expect(await q.services.bigUploads.quota.usage(member.user.id)).toBe(1_000_000);

    const over = await create(QUOTA - 1_000_000 + 1, as);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({
      code: 0,
      msg: quotaMessage('pt-PT'),
      data: null,
      reason: 'errors.upload_quota_reached',
    });
    // A length still deferred may grow to the limit, so it never fits beside anything.
    expect((await create(null, as)).status).toBe(413);
    expect((await create(QUOTA - 1_000_000, as)).status).toBe(201);

    // Giving up an upload in progress frees its room.
    const gone = await fetch(at + inProgress.headers.get('location')!, {
      method: 'DELETE',
      headers: tus.headers(member.token),
    });
    expect(gone.status).toBe(204);
    expect((await create(300_000, as)).status).toBe(201);

    // Others' files are theirs: a fresh member has the whole quota.
    const other = await q.make.member();
    expect((await create(QUOTA, { auth: other.token, at })).status).toBe(201);
  });

  it('refuses a picture through upload/file past the quota, in the caller language', async () => {
    const member = await q.make.member();
    expect((await create(QUOTA, { auth: member.token, at })).status).toBe(201);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    await expect(q.services.uploads.storeImage(member.user.id, png)).rejects.toMatchObject({
      messageKey: 'errors.upload_quota_reached',
      params: { quota: '1 MB' },
    });
    expect(
      await q.database.db
        .selectFrom('upload_owners')
        .selectAll()
        .where('user_id', '=', member.user.id)
        .execute(),
    ).toEqual([]);
    expect(quotaMessage('ja-JP')).toContain('1 MB');
  });
});
