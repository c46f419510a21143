import { endpoints, type Post } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { LOGIN_LIMITS } from '../src/features/accounts/login-guard';
import { SEARCHES_PER_MINUTE } from '../src/features/search/routes';
import type { Services } from '../src/services';
import { type CallOptions, call, createTestDatabase, factories, type TestDatabase } from './helper';
import { insertTopic } from './support/community';
import { type RedisServer, startRedisServer } from './support/redis-server';

/*
 * Two servers as a load balancer sees them: two apps on one database and one Redis, each with its
 * own memory. What one counts or changes, the other must see on the very next request.
 */
let redis: RedisServer;
let testDb: TestDatabase;
let a: { app: FastifyInstance; services: Services };
let b: { app: FastifyInstance; services: Services };
const clock = { now: Date.UTC(2026, 10, 26, 12) };

beforeAll(async () => {
  [redis, testDb] = await Promise.all([startRedisServer(), createTestDatabase()]);
  const config = testConfig({ redisUrl: redis.url });
  const shared = { config, clock: () => clock.now, sleep: async () => {} };
  a = await buildApp({ ...shared, database: testDb.database });
  b = await buildApp({ ...shared, database: openDatabase(testDb.url, { poolSize: 5 }) });
  await Promise.all([a.app.ready(), b.app.ready()]);
});
afterAll(async () => {
  await Promise.all([a?.app.close(), b?.app.close()]);
  await testDb?.drop();
  await redis?.close();
});

const member = () => factories(testDb.database, a.services, () => clock.now).member();

describe('two servers sharing Redis', () => {
  it('count a member’s requests to both against one rate limit', async () => {
    const { token } = await member();
    const search = (app: FastifyInstance) =>
      call(app, endpoints.search.searchLists, { keyword: 'pixel' }, { token });
    for (let i = 0; i < SEARCHES_PER_MINUTE; i += 1) {
      expect((await search(i % 2 ? b.app : a.app)).status).toBe(200);
    }
    // Each server answered half the limit: only a shared count refuses now.
    for (const app of [a.app, b.app]) {
      const refused = await search(app);
      expect(refused.status).toBe(429);
      expect(refused.body.reason).toBe('errors.too_many_requests');
    }
    // Another member is counted apart.
    const other = await member();
    expect((await call(b.app, endpoints.search.searchLists, { keyword: 'pixel' }, other)).status).toBe(200);
  });

  it('refuse a log-in on one after failures counted on the other', async () => {
    const auth = endpoints.auth;
    const account = { username: 'cluster-pat', email: 'cluster-pat@example.com', password: 'correct horse' };
    expect((await call(a.app, auth.register, account)).body.code).toBe(1);
    const login = (app: FastifyInstance, password: string, options: CallOptions = {}) =>
      call(app, auth.login, { username: account.username, password }, options);

    const { max, windowMs } = LOGIN_LIMITS.failuresPerAccountAndAddress;
    for (let i = 0; i < max; i += 1) {
      const { body } = await login(i % 2 ? b.app : a.app, `wrong guess ${i}`);
      expect(body.reason).toBe('errors.wrong_credentials');
    }
    for (const app of [b.app, a.app]) {
      const refused = await login(app, account.password);
      expect(refused.status).toBe(429);
      expect(refused.body.msg).toContain(String(windowMs / 1000));
    }
    clock.now += windowMs;
    expect((await login(b.app, account.password)).body.code).toBe(1);
  });

  it('show a post deleted through one gone from the other’s cached first page of New at once', async () => {
    const author = await member();
    const topicId = await insertTopic(testDb.database);
    const posted: Post[] = [];
    for (const text of ['first', 'second', 'third']) {
      clock.now += 1000;
      const { body } = await call(a.app, endpoints.posts.createPost, { topic_id: topicId, text }, author);
      posted.push(body.data as Post);
    }
    const newOnB = async () => {
      const { body } = await call(b.app, endpoints.posts.homePosts, { num: 10 });
      return (body.data as { list: Post[] }).list;
    };
    const ids = posted.map((p) => p.id).reverse();
    expect((await newOnB()).map((p) => p.id).slice(0, 3)).toEqual(ids);

    // B answers page 1 from memory: a change made behind the services' back does not show yet.
    await testDb.database.db
      .updateTable('posts')
      .set({ text: 'edited by hand' })
      .where('id', '=', ids[1]!)
      .execute();
    expect((await newOnB()).find((p) => p.id === ids[1])?.text).toBe('second');

    const deleted = await call(a.app, endpoints.posts.deletePost, { id: ids[0]! }, author);
    expect(deleted.body.code).toBe(1);
    const after = await newOnB();
    expect(after.map((p) => p.id)).not.toContain(ids[0]);
    expect(after.find((p) => p.id === ids[1])?.text).toBe('edited by hand');
  });
});
