import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGame, upsertEmulator } from '../src/features/games/catalogue';
import { createFileStore } from '../src/features/uploads/storage';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('pixelhall '.repeat(400))});`;
let romUrl: string;
const romBytes = Buffer.from('NES\x1a'.padEnd(16 * 1024, 'A'));

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'pixelhall-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Pixelhall</title>');
  // As the build writes them (apps/web/build/precompress.ts): the file and its two encodings.
  const file = path.join(dist, 'assets', 'index-abc123.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  t = await buildTestApp({ config: { webDist: dist } });
  const emulator = {
    emulator_uid: 'nes',
    emulator_name: 'NES',
    icon_url_text: '/nes.webp',
    platform: 'NES',
    core_name: 'fceumm',
    extensions: ['nes'],
  };
  await upsertEmulator(t.database.db, emulator, 0);
  const game = await addGame(t.database.db, createFileStore(t.config.uploadDir), {
    name: 'Plain Cart',
    romName: 'plain.nes',
    rom: romBytes,
    emulator,
    genre: 'puzzle',
    uploadTime: t.clock.now,
  });
  const row = await t.database.db
    .selectFrom('games')
    .select(['rom_sha256', 'rom_name'])
    .where('id', '=', game.id)
    .executeTakeFirstOrThrow();
  romUrl = `/upload/roms/${row.rom_sha256}/${row.rom_name}`;
  for (let i = 1; i <= 4; i += 1) {
    await addGame(t.database.db, createFileStore(t.config.uploadDir), {
      name: `Plain Cart ${i}`,
      romName: `plain-${i}.nes`,
      rom: Buffer.from(`NES\x1a${i}`.padEnd(1024, 'B')),
      emulator,
      genre: 'puzzle',
      uploadTime: t.clock.now + i,
    });
  }
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('static files of the web app', () => {
  it('sends the brotli file built beside an asset to a client that accepts brotli', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('API answers', () => {
  it('compresses an answer over 1 KB with brotli when the client accepts it', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await get('/api/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('uses gzip for a client that accepts only gzip', async () => {
    const res = await get('/api/openapi.json', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toMatchObject({ openapi: '3.1.0' });
  });

  it('compresses the envelope of a POST call on the game service and keeps it valid JSON', async () => {
    const gameList = (acceptEncoding: string) =>
      t.app.inject({
        method: 'POST',
        url: '/game-api/game/gameList',
        headers: { 'accept-encoding': acceptEncoding, 'content-type': 'application/json' },
        payload: { page: 1, num: 20, keyword: 'plain cart' },
      });
    const plain = await gameList('identity');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const res = await gameList('br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
    expect(plain.json()).toMatchObject({ code: 1, data: { total: 5 } });
  });

  it('sends a small answer as it is, still marked as varying by encoding', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get/options',
      headers: { 'accept-encoding': 'br, gzip', 'content-type': 'application/json' },
      payload: { name: 'mining_config' },
    });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.json()).toMatchObject({ code: 1 });
  });

  it('compresses error envelopes too, and a malformed body still answers in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get/options',
      headers: { 'accept-encoding': 'br', 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBeLessThan(500);
    const body =
      res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload;
    expect(JSON.parse(body.toString())).toMatchObject({ code: 0 });
  });

  it('refuses a compressed request body in the envelope, as a body it cannot read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get/options',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'accept-language': 'es-ES' },
      payload: gzipSync(JSON.stringify({ name: 'mining_config' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({
      code: 0,
      msg: 'No se ha podido leer el cuerpo de la solicitud.',
      reason: 'errors.malformed_body',
    });
  });
});

describe('stored files', () => {
  it('are sent byte for byte, never re-encoded, so their ETag and Range stay true', async () => {
    const res = await get(romUrl, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(romBytes.length);
    expect(res.rawPayload.equals(romBytes)).toBe(true);

    const part = await t.app.inject({
      method: 'GET',
      url: romUrl,
      headers: { 'accept-encoding': 'br', range: 'bytes=0-15' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(romBytes.subarray(0, 16))).toBe(true);
  });
});
