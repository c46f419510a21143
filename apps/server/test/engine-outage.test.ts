import { endpoints, endpointUrl } from '@pixelhall/contract';
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

/*
 * A server whose Redis went away: what must fail closed (counting failed log-ins) answers 503 with
 * a Retry-After and a sentence in the reader's language, never a 500, and changes nothing.
 */
let redis: RedisServer;
let testDb: TestDatabase;
let app: FastifyInstance;
const account = { username: 'outage-pat', email: 'outage-pat@example.com', password: 'correct horse' };

beforeAll(async () => {
  [redis, testDb] = await Promise.all([startRedisServer(), createTestDatabase()]);
  ({ app } = await buildApp({ config: testConfig({ redisUrl: redis.url }), database: testDb.database }));
  await app.ready();
  expect((await call(app, endpoints.auth.register, account)).body.code).toBe(1);
  await redis.close();
});
afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

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
    expect(sessions).toHaveLength(1);
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
