import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AVATAR_SIZE,
  endpoints,
  endpointUrl,
  IMAGE_MAX_BYTES,
  MainCode,
  POST_IMAGE_MAX_SIDE,
} from '@pixelhall/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/features/uploads/storage';
import { translator } from '../src/i18n';
import { buildTestApp, TEST_ORIGIN, type TestApp } from './helper';

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
function multipart(parts: Part[]) {
  const boundary = `----pixelhall${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = 'data' in part ? `; filename="${part.filename}"\r\nContent-Type: ${part.type}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`),
    );
    chunks.push('data' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const UPLOAD_URL = endpointUrl(endpoints.uploads.uploadFile);

let t: TestApp;
let uploadDir: string;
let token: string;
beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-uploads-'));
  t = await buildTestApp({ config: { uploadDir } });
  ({ token } = await t.make.member());
});
afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

async function upload(parts: Part[], auth: string | null = token) {
  const { payload, contentType } = multipart(parts);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (auth) headers.authorization = `Bearer ${auth}`;
  const res = await t.app.inject({ method: 'POST', url: UPLOAD_URL, headers, payload });
  return { status: res.statusCode, body: res.json() };
}

const imageParts = (data: Buffer, filename = 'me.png', type = 'image/png'): Part[] => [
  { name: 'app', value: 'images' },
  { name: 'file', filename, type, data },
];

const canvas = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } });

describe('upload/file', () => {
  it('stores a square WebP thumbnail of a PNG, content-addressed', async () => {
    const png = await canvas('#7c5cff').png().toBuffer();
    const { status, body } = await upload(imageParts(png));
    expect(status).toBe(200);
    expect(body.code).toBe(MainCode.Success);
    const data = body.data;
    expect(data).toMatchObject({ mime: 'image/webp', width: AVATAR_SIZE, height: AVATAR_SIZE });
    expect(data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(data.url).toBe(`/upload/files/${data.sha256}.webp`);

    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(data.bytes);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', AVATAR_SIZE, AVATAR_SIZE]);
    expect(existsSync(path.join(uploadDir, data.sha256.slice(0, 2), data.sha256))).toBe(true);
  });

  it('accepts JPEG, GIF and WebP too, by content whatever the name says', async () => {
    const images = [
      await canvas('#ff8800').jpeg().toBuffer(),
      await canvas('#00aa55').gif().toBuffer(),
      await canvas('#0055ff').webp().toBuffer(),
    ];
    for (const image of images) {
      const { body } = await upload(imageParts(image, 'picture.bin', 'application/octet-stream'));
      expect(body.code).toBe(MainCode.Success);
      expect(body.data).toMatchObject({ mime: 'image/webp', width: AVATAR_SIZE, height: AVATAR_SIZE });
    }
  });

  it('crops to fill the square and drops the metadata', async () => {
    const tall = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Somebody', ImageDescription: 'at home' } })
      .toBuffer();
    expect((await sharp(tall).metadata()).exif).toBeDefined();
    const { body } = await upload(imageParts(tall, 'tall.jpg', 'image/jpeg'));
    const served = await t.app.inject({ method: 'GET', url: body.data.url });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE]);
    expect(meta.exif).toBeUndefined();
  });

  it('stores the same picture once, whoever uploads it', async () => {
    const png = await canvas('#abcdef').png().toBuffer();
    const first = await upload(imageParts(png));
    const other = await t.make.member();
    const second = await upload(imageParts(png, 'copy.png'), other.token);
    expect(second.body.data.sha256).toBe(first.body.data.sha256);
    const rows = await t.database.db
      .selectFrom('uploads')
      .selectAll()
      .where('sha256', '=', first.body.data.sha256)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      mime: 'image/webp',
      bytes: first.body.data.bytes,
      width: 256,
      height: 256,
    });
  });

  it('refuses what is not a JPEG, PNG, GIF or WebP, whatever its name', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const tiff = await canvas('#000000').tiff().toBuffer();
    const truncated = (await canvas('#777777').png().toBuffer()).subarray(0, 200);
    for (const data of [Buffer.from('just some text, honestly'), svg, tiff, truncated]) {
      const { status, body } = await upload(imageParts(data, 'avatar.png', 'image/png'));
      expect(status).toBe(200);
      expect(body).toEqual({
        code: 0,
        msg: 'Please choose an image (JPEG, PNG, GIF or WebP)',
        data: null,
        reason: 'errors.image_required',
      });
    }
  });

  it('refuses a file over the limit with 413 and stores nothing', async () => {
    const before = await t.database.db.selectFrom('uploads').select('sha256').execute();
    const { status, body } = await upload(imageParts(Buffer.alloc(IMAGE_MAX_BYTES + 1, 0x41)));
    expect(status).toBe(413);
    expect(body).toEqual({
      code: 0,
      msg: 'Images larger than 10 MB cannot be uploaded',
      data: null,
      reason: 'errors.image_too_large',
    });
    expect(await t.database.db.selectFrom('uploads').select('sha256').execute()).toEqual(before);
  });

  it('answers the expired code without a valid token', async () => {
    const png = await canvas('#111111').png().toBuffer();
    for (const auth of [null, 'not-a-real-token']) {
      const { status, body } = await upload(imageParts(png), auth);
      expect(status).toBe(200);
      expect(body).toEqual({
        code: MainCode.Expired,
        msg: 'The user is not logged in',
        data: null,
        reason: 'errors.not_logged_in',
      });
    }
  });

  it('refuses visitors', async () => {
    const now = t.clock.now;
    const { id } = await t.database.db
      .insertInto('users')
      .values({
        username: 'visitor-upload1',
        nickname: 'Visitor 1',
        is_tourist: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const visitor = await t.services.sessions.create(Number(id), TEST_ORIGIN);
    const { body } = await upload(imageParts(await canvas('#222222').png().toBuffer()), visitor.token);
    expect(body).toEqual({
      code: 0,
      msg: 'Create an account to do this',
      data: null,
      reason: 'errors.tourist_forbidden',
    });
  });

  it('needs the file and app=images', async () => {
    const png = await canvas('#333333').png().toBuffer();
    expect((await upload([{ name: 'app', value: 'images' }])).body.msg).toBe('Please choose a file');
    const noApp = await upload([{ name: 'file', filename: 'a.png', type: 'image/png', data: png }]);
    expect(noApp.body).toMatchObject({ code: 0, msg: 'The field app is not valid.' });
    const otherApp = await upload([{ name: 'app', value: 'games' }, ...imageParts(png).slice(1)]);
    expect(otherApp.body.code).toBe(0);
    const json = await t.app.inject({
      method: 'POST',
      url: UPLOAD_URL,
      headers: { authorization: `Bearer ${token}` },
      payload: { app: 'images' },
    });
    expect(json.json()).toMatchObject({ code: 0, msg: 'Please choose a file' });
  });

  it('takes the fields in either order and answers in the caller language', async () => {
    const png = await canvas('#444444').png().toBuffer();
    const { body } = await upload([...imageParts(png).reverse()]);
    expect(body.code).toBe(MainCode.Success);
    const { payload, contentType } = multipart(imageParts(Buffer.from('text')));
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD_URL,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}`, 'accept-language': 'es-ES' },
      payload,
    });
    expect(res.json().msg).toBe(translator('es-ES')('errors.image_required'));
  });
});

describe('upload/file with app=post_images', () => {
  const postImage = (data: Buffer, filename = 'shot.png', type = 'image/png'): Part[] => [
    { name: 'app', value: 'post_images' },
    { name: 'file', filename, type, data },
  ];
  const served = async (url: string) => sharp((await t.app.inject({ method: 'GET', url })).rawPayload);

  it('keeps the whole picture, fitted inside the maximum side, as WebP', async () => {
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#224466' } })
      .png()
      .toBuffer();
    const { status, body } = await upload(postImage(wide));
    expect(status).toBe(200);
    expect(body.code).toBe(MainCode.Success);
    const expected = { mime: 'image/webp', width: POST_IMAGE_MAX_SIDE, height: 683 };
    expect(body.data).toMatchObject(expected);
    const meta = await (await served(body.data.url)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', expected.width, expected.height]);
    const row = await t.database.db
      .selectFrom('uploads')
      .select(['mime', 'width', 'height', 'bytes'])
      .where('sha256', '=', body.data.sha256)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      mime: 'image/webp',
      width: expected.width,
      height: expected.height,
      bytes: body.data.bytes,
    });
  });

  it('never enlarges a small picture', async () => {
    const { body } = await upload(
      postImage(await canvas('#336699').jpeg().toBuffer(), 'small.jpg', 'image/jpeg'),
    );
    expect(body.data).toMatchObject({ mime: 'image/webp', width: 640, height: 480 });
  });

  it('turns the picture upright and drops its metadata', async () => {
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Somebody' } })
      .toBuffer();
    const { body } = await upload(postImage(sideways, 'phone.jpg', 'image/jpeg'));
    expect(body.data).toMatchObject({ width: 200, height: 300 });
    const meta = await (await served(body.data.url)).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([200, 300, undefined, undefined]);
  });

  it('keeps an animated GIF animated', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
        sharp({ create: { width: 120, height: 80, channels: 4, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const { body } = await upload(postImage(gif, 'dance.gif', 'image/gif'));
    expect(body.data).toMatchObject({ mime: 'image/webp', width: 120, height: 80 });
    const meta = await (await served(body.data.url)).metadata();
    expect(meta.pages).toBe(3);
  });

  it('refuses what is not an image', async () => {
    const { body } = await upload(postImage(Buffer.from('%PDF-1.4 not a picture'), 'doc.png'));
    expect(body).toEqual({
      code: 0,
      msg: 'Please choose an image (JPEG, PNG, GIF or WebP)',
      data: null,
      reason: 'errors.image_required',
    });
  });
});

describe('download/file', () => {
  const content = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
  let fileId: number;
  let key: string;
  let url: string;

  beforeAll(async () => {
    const now = t.clock.now;
    const db = t.database.db;
    const author = await t.make.user();
    const sha256 = await createFileStore(uploadDir).put(content);
    await db
      .insertInto('uploads')
      .values({
        sha256,
        mime: 'application/pdf',
        bytes: content.length,
        width: null,
        height: null,
        owner_id: author.id,
        created_at: now,
      })
      .execute();
    const category = await db
      .insertInto('categories')
      .values({ name: 'Files', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topic = await db
      .insertInto('topics')
      .values({ category_id: Number(category.id), name: 'Manuals', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const post = await db
      .insertInto('posts')
      .values({
        user_id: author.id,
        topic_id: Number(topic.id),
        text: 'The manual',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    key = randomBytes(24).toString('base64url');
    const file = await db
      .insertInto('post_files')
      .values({
        post_id: Number(post.id),
        position: 0,
        sha256,
        name: 'Manual «Zelda» 説明書.pdf',
        mime: 'application/pdf',
        bytes: content.length,
        access_key: key,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fileId = Number(file.id);
    url = `/upload/download/file?id=${fileId}&key=${encodeURIComponent(key)}`;
  });

  const downloads = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('post_files')
          .select('download_count')
          .where('id', '=', fileId)
          .executeTakeFirstOrThrow()
      ).download_count,
    );

  it('sends the file as an attachment with a safe type, and counts it', async () => {
    const before = await downloads();
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(content.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      'accept-ranges': 'bytes',
      'content-disposition': `attachment; filename="Manual _Zelda_ ___.pdf"; filename*=UTF-8''${encodeURIComponent('Manual «Zelda» 説明書.pdf')}`,
    });
    expect(await downloads()).toBe(before + 1);
  });

  it('resumes with Range, counting only the request that starts at the beginning', async () => {
    const before = await downloads();
    const first = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1999' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-1999/${content.length}`);
    expect(first.rawPayload.equals(content.subarray(0, 2000))).toBe(true);
    const rest = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=2000-' } });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-length']).toBe(String(content.length - 2000));
    expect(Buffer.concat([first.rawPayload, rest.rawPayload]).equals(content)).toBe(true);
    expect(await downloads()).toBe(before + 1);

    const past = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${content.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${content.length}`);
    expect(await downloads()).toBe(before + 1);
  });

  it('answers HEAD without a body and without counting', async () => {
    const before = await downloads();
    const res = await t.app.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(content.length));
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.rawPayload.length).toBe(0);
    expect(await downloads()).toBe(before);
  });

  it('serves a type that is not a harmless one as octet-stream', async () => {
    await t.database.db
      .updateTable('post_files')
      .set({ mime: 'text/html' })
      .where('id', '=', fileId)
      .execute();
    try {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toBe('application/octet-stream');
    } finally {
      await t.database.db
        .updateTable('post_files')
        .set({ mime: 'application/pdf' })
        .where('id', '=', fileId)
        .execute();
    }
  });

  it('answers 404 for a wrong or missing key or id, counting nothing', async () => {
    const before = await downloads();
    for (const wrong of [
      `/upload/download/file?id=${fileId}&key=${encodeURIComponent(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)}`,
      `/upload/download/file?id=${fileId}&key=${encodeURIComponent(key.slice(0, -1))}`,
      `/upload/download/file?id=${fileId}&key=`,
      `/upload/download/file?id=${fileId}`,
      `/upload/download/file?id=${fileId + 1000}&key=${encodeURIComponent(key)}`,
      `/upload/download/file?id=abc&key=${encodeURIComponent(key)}`,
      `/upload/download/file?key=${encodeURIComponent(key)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: wrong });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 0, msg: 'Not found', data: null, reason: 'errors.not_found' });
    }
    expect(await downloads()).toBe(before);
  });
});

describe('stored files', () => {
  let url: string;
  let bytes: Buffer;
  beforeAll(async () => {
    const { body } = await upload(imageParts(await canvas('#55aa99').png().toBuffer()));
    url = body.data.url;
    bytes = (await t.app.inject({ method: 'GET', url })).rawPayload;
  });

  it('are served with safe headers', async () => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'",
      'accept-ranges': 'bytes',
    });
  });

  it('answer byte ranges', async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-99' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 10-99/${bytes.length}`);
    expect(res.headers['content-length']).toBe('90');
    expect(res.rawPayload.equals(bytes.subarray(10, 100))).toBe(true);

    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-16' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 16))).toBe(true);

    const open = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-' } });
    expect(open.rawPayload.equals(bytes.subarray(100))).toBe(true);
  });

  it('answer 416 for a range past the end, and the whole file for one they do not take', async () => {
    const past = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${bytes.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(past.json().code).toBe(0);
    const several = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1,5-9' } });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.equals(bytes)).toBe(true);
  });

  it('answer 304 to a cached copy', async () => {
    const first = await t.app.inject({ method: 'GET', url });
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': first.headers.etag! },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // A cache holding several copies lists them all, or asks for any (RFC 9110 §13.1.2).
    for (const ifNoneMatch of [`"stale", W/${first.headers.etag}`, '*']) {
      const listed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': ifNoneMatch } });
      expect(listed.statusCode).toBe(304);
    }
    const other = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': '"stale", "older"' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('answer 404 for a bad name, an unknown file or the wrong extension', async () => {
    const sha = url.slice('/upload/files/'.length, -'.webp'.length);
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      `${sha}.svg`,
      `${sha.toUpperCase()}.webp`,
      `${'0'.repeat(64)}.webp`,
      `${sha}.png`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/upload/files/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 0, msg: 'Not found', data: null, reason: 'errors.not_found' });
    }
  });
});
