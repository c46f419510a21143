import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import {
  type DataOf,
  type Envelope,
  endpoints,
  GameCode,
  type Locale,
  MainCode,
  type Post,
} from '@pixelhall/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reencode } from '../src/features/uploads/picture-pipeline';
import { UPLOAD_FILE_LIMIT } from '../src/features/uploads/routes';
import { translator } from '../src/i18n';
import { buildTestApp, call, type TestApp } from './helper';
import { insertTopic } from './support/community';
import { tus } from './support/tus-client';

let t: TestApp;
let uploadDir: string;
let origin: string;
let topicId: number;

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-pictures-'));
  t = await buildTestApp({ config: { uploadDir } });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  topicId = await insertTopic(t.database);
});
afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

type Member = Awaited<ReturnType<TestApp['make']['member']>>;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few hundred bytes declaring width × height grey pixels: a decompression bomb's header. */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc((width + 1) * 4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A GIF of `frames` frames on a width × height canvas whose frames' pixel data cannot be decoded:
 * the header alone is sound, so a refusal for its size proves it was refused before decoding (a
 * decoder would fail with "not an image" instead).
 */
function gifDeclaring(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // a global colour table of two colours follows
  const parts = [Buffer.from('GIF89a', 'latin1'), screen, Buffer.from([0, 0, 0, 255, 255, 255])];
  for (let i = 0; i < frames; i++) {
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(1, 5);
    descriptor.writeUInt16LE(1, 7);
    const delay = Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0]);
    parts.push(delay, descriptor, Buffer.from([2, 4, 0xff, 0xff, 0xff, 0xff, 0]));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
    .jpeg()
    .withExif({
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 300/100',
      },
    })
    .toBuffer();
}

/** Whether EXIF holds a GPS section (the GPS IFD pointer, tag 0x8825, little-endian). */
const hasGps = (exif: Buffer | undefined) => exif?.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])) ?? false;

async function uploadFile(member: Member, data: Buffer, app = 'post_images', locale: Locale = 'en-US') {
  const form = new FormData();
  form.append('app', app);
  form.append('file', new Blob([new Uint8Array(data)]), 'picture.png');
  const res = await fetch(`${origin}/upload/upload/file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'accept-language': locale },
    body: form,
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Envelope<DataOf<typeof endpoints.uploads.uploadFile>>,
  };
}

async function postWith(member: Member, sha256: string, name: string): Promise<Post> {
  const { body } = await call(
    t.app,
    endpoints.posts.createPost,
    { topic_id: topicId, text: 'Look at this', files: [{ sha256, name }] },
    { token: member.token },
  );
  expect(body.code, JSON.stringify(body)).toBe(MainCode.Success);
  return body.data as Post;
}

const served = (url: string) => t.app.inject({ method: 'GET', url });
const uploadRows = async () => (await t.database.db.selectFrom('uploads').select('sha256').execute()).length;
const pictureFlag = async (sha256: string) =>
  (
    await t.database.db
      .selectFrom('uploads')
      .select('picture')
      .where('sha256', '=', sha256)
      .executeTakeFirstOrThrow()
  ).picture;

describe('pictures sent through upload/big', () => {
  it('attaches a JPEG with GPS coordinates as a download, never shown inline', async () => {
    const member = await t.make.member();
    const jpeg = await jpegWithGps();
    expect(hasGps((await sharp(jpeg).metadata()).exif)).toBe(true);
    const stored = await tus.whole(origin, member.token, jpeg, 'holiday.jpg');
    expect(stored.mime).toBe('image/jpeg');
    expect(await pictureFlag(stored.sha256)).toBe(0);

    const [file] = (await postWith(member, stored.sha256, 'holiday.jpg')).files;
    expect(file).toMatchObject({ is_image: false, width: null, height: null });
    expect(file!.url).toMatch(/^\/upload\/download\/file\?id=\d+&key=/);
    const download = await served(file!.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    for (const extension of ['webp', 'jpg']) {
      expect((await served(`/upload/files/${stored.sha256}.${extension}`)).statusCode).toBe(404);
    }
  });

  it('takes a small PNG declaring 50,000 × 50,000 pixels as a download: not inline, no avatar, no screenshot', async () => {
    const member = await t.make.member();
    const bomb = pngDeclaring(50_000, 50_000);
    const stored = await tus.whole(origin, member.token, bomb, 'wallpaper.png');
    expect(await pictureFlag(stored.sha256)).toBe(0);

    const [file] = (await postWith(member, stored.sha256, 'wallpaper.png')).files;
    expect(file).toMatchObject({ is_image: false, width: null, height: null });
    expect(file!.url).toMatch(/^\/upload\/download\/file\?/);
    for (const extension of ['webp', 'png']) {
      const avatar = `/upload/files/${stored.sha256}.${extension}`;
      expect((await served(avatar)).statusCode).toBe(404);
      const edited = await call(t.app, endpoints.users.editUser, { avatar }, { token: member.token });
      expect(edited.body).toMatchObject({ code: 0, reason: 'errors.file_unknown' });
    }
    const { avatar } = await t.database.db
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect(avatar).toBe('');

    const state = await tus.whole(origin, member.token, randomBytes(512), 'slot.state');
    const { body } = await call(
      t.app,
      endpoints.archives.saveArchive,
      {
        rom_md5: randomBytes(16).toString('hex'),
        slot: 1,
        game_uid: 'g-100',
        game_name: 'Pixel Quest',
        icon_image: '/upload/files/cover.webp',
        core_name: 'fceumm',
        state_sha256: state.sha256,
        image_sha256: stored.sha256,
        device_id: 'device-a',
        base_version: null,
      },
      { token: member.token },
    );
    expect(body).toMatchObject({ code: GameCode.Fail, reason: 'game.archive_image_invalid' });
  });

  it('refuses the same PNG through upload/file before decoding it, in the caller language, storing nothing', async () => {
    const member = await t.make.member();
    const before = await uploadRows();
    const { status, body } = await uploadFile(member, pngDeclaring(50_000, 50_000), 'images', 'ko-KR');
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 0,
      msg: translator('ko-KR')('errors.image_too_many_pixels', { megapixels: 50 }),
      data: null,
      reason: 'errors.image_too_many_pixels',
    });
    expect(await uploadRows()).toBe(before);
  });

  it('makes a picture of bytes the pipeline made, whichever way they came first', async () => {
    const member = await t.make.member();
    const png = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#2a7f62' } })
      .png()
      .toBuffer();
    // The pipeline's output, sent through upload/big before anyone sent the original.
    const { data: webp } = await reencode(png, 'post_images');
    const early = await tus.whole(origin, member.token, webp, 'made.webp');
    expect(await pictureFlag(early.sha256)).toBe(0);

    const { body } = await uploadFile(member, png);
    expect(body.data?.sha256).toBe(early.sha256);
    expect(await pictureFlag(early.sha256)).toBe(1);
    expect((await served(body.data!.url)).statusCode).toBe(200);

    // Sent through upload/big again, the picture stays one.
    const other = await t.make.member();
    await tus.whole(origin, other.token, webp, 'again.webp');
    expect(await pictureFlag(early.sha256)).toBe(1);
    const [file] = (await postWith(other, early.sha256, 'again.webp')).files;
    expect(file).toMatchObject({ is_image: true, width: 90, height: 60, url: body.data!.url });
  });
});

describe('the cost of one picture', () => {
  const refusal = (locale: Locale) => ({
    code: 0,
    msg: translator(locale)('errors.animation_too_large', { frames: 300, megapixels: 20 }),
    data: null,
    reason: 'errors.animation_too_large',
  });

  it('refuses an animation of more than 300 frames from its header, storing nothing', async () => {
    const member = await t.make.member();
    const before = await uploadRows();
    const { body } = await uploadFile(member, gifDeclaring(10, 10, 301), 'post_images', 'es-ES');
    expect(body).toEqual(refusal('es-ES'));
    expect(await uploadRows()).toBe(before);
  });

  it('refuses an animation whose frames hold more than 20 megapixels together', async () => {
    const member = await t.make.member();
    const before = await uploadRows();
    // Six frames of 2,000 × 2,000: 4 MP each, 24 MP in all, in a file of 200 bytes.
    const { body } = await uploadFile(member, gifDeclaring(2000, 2000, 6), 'post_images', 'ja-JP');
    expect(body).toEqual(refusal('ja-JP'));
    expect(await uploadRows()).toBe(before);
  });

  it('takes an animation within the budget, and tells a broken one from a costly one', async () => {
    const member = await t.make.member();
    const greys = [0x20, 0x80, 0xe0].map((grey) => Buffer.alloc(40 * 30 * 3, grey));
    const frames = await sharp(Buffer.concat(greys), {
      raw: { width: 40, height: 90, channels: 3, pageHeight: 30 },
    })
      .gif()
      .toBuffer();
    const { body } = await uploadFile(member, frames);
    expect(body).toMatchObject({ code: MainCode.Success, data: { width: 40, height: 30 } });
    const broken = await uploadFile(member, gifDeclaring(10, 10, 3));
    expect(broken.body.reason).toBe('errors.image_required');
  });
});

describe('upload/file per member', () => {
  it(`answers 429 past ${UPLOAD_FILE_LIMIT.max} uploads a minute, in the caller language; others go on`, async () => {
    const member = await t.make.member();
    const notAPicture = Buffer.from('not a picture at all');
    for (let i = 0; i < UPLOAD_FILE_LIMIT.max; i++) {
      expect((await uploadFile(member, notAPicture)).body.reason).toBe('errors.image_required');
    }
    const before = await uploadRows();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#101010' } })
      .png()
      .toBuffer();
    const limited = await uploadFile(member, png, 'images', 'pt-BR');
    expect(limited.status).toBe(429);
    const seconds = Number(limited.headers.get('retry-after'));
    expect(limited.body).toEqual({
      code: 0,
      msg: translator('pt-BR')('errors.too_many_requests', { seconds }),
      data: null,
      reason: 'errors.too_many_requests',
    });
    expect(await uploadRows()).toBe(before);

    const other = await t.make.member();
    expect((await uploadFile(other, png)).body.code).toBe(MainCode.Success);
  });
});
