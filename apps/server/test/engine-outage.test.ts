import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints, endpointUrl, type Locale } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { isEngineUnreachable } from '../src/engines/unreachable';
import { translator } from '../src/i18n';
import { call, createTestDatabase, type TestDatabase } from './helper';
import { freeLoopbackPort } from './support/ports';
import { type RedisServer, startRedisServer } from './support/redis-server';
import { b64, tus } from './support/tus-client';

/*
 * A server whose Redis went away: what must fail closed (counting failed log-ins, locking an
 * upload in progress) answers 503 with a Retry-After and a sentence in the reader's language,
 * never a 500, and changes nothing; on every base.
 */
let redis: RedisServer;
let testDb: TestDatabase;
let app: FastifyInstance;
let uploadDir: string;
let origin: string;
let token: string;
/** An upload begun while Redis still answered. */
let begun: string;
const account = { username: 'outage-pat', email: 'outage-pat@example.com', password: 'correct horse' };

beforeAll(async () => {
  [redis, testDb] = await Promise.all([startRedisServer(), createTestDatabase()]);
  uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-outage-'));
  ({ app } = await buildApp({
    config: testConfig({ redisUrl: redis.url, uploadDir }),
    database: testDb.database,
  }));
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  expect((await call(app, endpoints.auth.register, account)).body.code).toBe(1);
  const signedIn = await call(app, endpoints.auth.login, {
    username: account.username,
    password: account.password,
  });
  token = (signedIn.body.data as { token: string }).token;
  const created = await tus.create(origin, token, 10, 'notes.txt');
  expect(created.status).toBe(201);
  begun = created.headers.get('location')!;
  await redis.close();
});
afterAll(async () => {
  await app?.close();
  await testDb?.drop();
  if (uploadDir) rmSync(uploadDir, { recursive: true, force: true });
});

/** A 503 asking to try again shortly, as the envelope in `locale`. */
async function expectUnavailable(res: Response, locale: Locale) {
  expect({ status: res.status, retryAfter: res.headers.get('retry-after') }).toEqual({
    status: 503,
    retryAfter: '5',
  });
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(await res.json()).toEqual({
    code: 0,
    msg: translator(locale)('errors.unavailable'),
    data: null,
    reason: 'errors.unavailable',
  });
}

describe('a server whose Redis cannot be reached', () => {
  it('answers a log-in 503, asking to try again shortly, in the reader’s language', async () => {
    for (const locale of ['en-US', 'ja-JP'] as const) {
      const res = await app.inject({
        method: 'POST',
        url: endpointUrl(endpoints.auth.login),
        headers: { 'x-client-version': '1.8.6', 'accept-language': locale },
        payload: { username: account.username, password: account.password },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      const body = res.json();
      expect(body.code).toBe(0);
      expect(body.data).toBeNull();
      expect(body.msg).toBe(translator(locale)('errors.unavailable'));
    }
    expect(translator('en-US')('errors.unavailable')).toBe(
      'Pixelhall is briefly unavailable. Please try again in a moment.',
    );
  });

  it('starts no session for the refused log-in', async () => {
    const sessions = await testDb.database.db.selectFrom('sessions').select('id').execute();
    // The sign-up's and the sign-in's made while Redis answered.
    expect(sessions).toHaveLength(2);
  });

  it('answers a resumable upload 503 on the upload host: creating, asking where one is, sending', async () => {
    const headers = { 'accept-language': 'ko-KR' };
    const rows = () => testDb.database.db.selectFrom('big_uploads').select('id').execute();
    const before = await rows();
    const create = { 'upload-length': '10', 'upload-metadata': `filename ${b64('more.txt')}`, ...headers };
    await expectUnavailable(await tus.send(origin, token, 'POST', tus.path, create), 'ko-KR');
    // The refused creation leaves no upload behind, counted against the quota.
    expect(await rows()).toEqual(before);
    const head = await tus.send(origin, token, 'HEAD', begun, headers);
    expect({ status: head.status, retryAfter: head.headers.get('retry-after') }).toEqual({
      status: 503,
      retryAfter: '5',
    });
    await expectUnavailable(
      await tus.patch(origin, token, begun, 0, Buffer.from('0123456789'), headers),
      'ko-KR',
    );
  });

  it('still answers on the game service, whose calls need no Redis (a rate-limited one goes through)', async () => {
    const res = await fetch(`${origin}${endpointUrl(endpoints.games.gameList)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-version': '1.8.6' },
      body: JSON.stringify({}),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: number }).code).toBe(1);
  });

  it('still answers what does not need Redis to be safe: a rate-limited search lets the request through', async () => {
    const { status, body } = await call(app, endpoints.search.searchLists, { keyword: 'pixel' });
    expect(status).toBe(200);
    expect(body.code).toBe(1);
  });
});

describe('isEngineUnreachable', () => {
  it('knows PostgreSQL refusing the connection', async () => {
    const port = await freeLoopbackPort();
    const client = new pg.Client({ connectionString: `postgres://pixelhall@127.0.0.1:${port}/pixelhall` });
    const refused = await client.connect().then(
      () => null,
      (err: unknown) => err,
    );
    expect(isEngineUnreachable(refused)).toBe(true);
  });

  it('knows a wrapped socket failure and a server shutting down, and nothing else', () => {
    const socket = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isEngineUnreachable(new Error('send failed', { cause: socket }))).toBe(true);
    expect(isEngineUnreachable(Object.assign(new Error('terminating'), { code: '57P01' }))).toBe(true);
    expect(isEngineUnreachable(Object.assign(new Error('unique violation'), { code: '23505' }))).toBe(false);
    expect(isEngineUnreachable(new TypeError('x is undefined'))).toBe(false);
    expect(isEngineUnreachable('ECONNREFUSED')).toBe(false);
  });
});
