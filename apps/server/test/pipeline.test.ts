import { endpoint, endpoints, GameCode, MainCode } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEndpoint } from '../src/http/endpoint';
import { answer } from '../src/http/envelope';
import { translator } from '../src/i18n';
import { buildTestApp, call, type TestApp } from './helper';

// Test-only endpoints exercise the pipeline features that foundation endpoints don't use.
const whoAmI = endpoint({
  base: 'api',
  path: 'test/whoami',
  auth: 'required',
  summary: 'test',
  payload: z.object({}),
  data: z.object({ id: z.number() }),
});
const gameWhoAmI = { ...whoAmI, base: 'game' as const };
const guarded = endpoint({
  base: 'api',
  path: 'test/guarded',
  auth: 'required',
  summary: 'test',
  payload: z.object({ email: z.string().min(1, { error: 'validation.email_required' }) }),
  data: z.null(),
});
const gameGuarded = { ...guarded, base: 'game' as const };
const echo = endpoint({
  base: 'api',
  path: 'test/echo',
  methods: ['POST', 'GET', 'DELETE'],
  auth: 'optional',
  summary: 'test',
  payload: z.object({
    email: z.string().min(1, { error: 'validation.email_required' }),
    n: z.coerce.number().int().max(5),
  }),
  data: z.object({ email: z.string(), n: z.number(), member: z.number().nullable() }),
});
const leaky = endpoint({
  base: 'api',
  path: 'test/leaky',
  auth: 'none',
  summary: 'test',
  payload: z.object({}),
  data: z.object({ visible: z.string() }),
});
const limited = endpoint({
  base: 'api',
  path: 'test/limited',
  auth: 'none',
  summary: 'test',
  payload: z.object({}),
  data: z.null(),
});
const boom = endpoint({
  base: 'api',
  path: 'test/boom',
  auth: 'none',
  summary: 'test',
  payload: z.object({}),
  data: z.null(),
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    beforeReady: async (app) => {
      await app.register(
        async (api) => {
          registerEndpoint(api, whoAmI, async ({ member }) => ({ id: member.id }));
          registerEndpoint(api, guarded, async () => null);
          registerEndpoint(api, echo, async ({ payload, member }) =>
            answer({ email: payload.email, n: payload.n, member: member?.id ?? null }, 'common.ok'),
          );
          // The handler returns more than the contract says; the serializer must drop it.
          registerEndpoint(api, leaky, async () => ({ visible: 'yes', secret: 'no' }) as { visible: string });
          registerEndpoint(api, limited, async () => null, { rateLimit: { max: 2, timeWindow: 60_000 } });
          registerEndpoint(api, boom, async () => {
            throw new Error('database exploded at /secret/path');
          });
        },
        { prefix: '/api' },
      );
      await app.register(
        async (game) => {
          registerEndpoint(game, gameWhoAmI, async ({ member }) => ({ id: member.id }));
          registerEndpoint(game, gameGuarded, async () => null);
        },
        { prefix: '/game-api' },
      );
    },
  });
});
afterAll(() => t.close());

describe('envelope and validation', () => {
  it('answers code 1 with data and the handler message', async () => {
    const { status, body } = await call(t.app, echo, { email: 'a@b.co', n: 3 });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 1, msg: 'OK', data: { email: 'a@b.co', n: 3, member: null } });
    expect(body).not.toHaveProperty('reason');
  });

  it('rejects an invalid payload with code 0 and the translated rule message', async () => {
    const en = await call(t.app, echo, { email: '', n: 1 });
    expect(en.status).toBe(200);
    expect(en.body).toEqual({
      code: 0,
      msg: 'Please enter your email address',
      data: null,
      reason: 'validation.email_required',
    });
    const es = await call(t.app, echo, { email: '', n: 1 }, { locale: 'es-ES,es;q=0.9' });
    expect(es.body.code).toBe(0);
    expect(es.body.msg).not.toBe(en.body.msg);
    expect(es.body.msg.length).toBeGreaterThan(5);
    // The words change with the language; the reason a client branches on does not.
    expect(es.body.reason).toBe('validation.email_required');
  });

  it('names the field when a rule has no message of its own', async () => {
    const { body } = await call(t.app, echo, { email: 'x', n: 99 });
    expect(body).toEqual({
      code: 0,
      msg: 'The field n is not valid.',
      data: null,
      reason: 'errors.invalid_field',
    });
  });

  it('takes GET and DELETE payloads from the query', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const { body } = await call(t.app, echo, { email: 'q@x.io', n: '2' }, { method });
      expect(body.data).toEqual({ email: 'q@x.io', n: 2, member: null });
    }
  });

  it('never sends what the contract does not declare', async () => {
    const { body } = await call(t.app, leaky);
    expect(body.data).toEqual({ visible: 'yes' });
  });

  it('hides internal errors behind a translated message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/boom',
      headers: { 'accept-language': 'ja-JP' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('exploded');
    expect(res.body).not.toContain('/secret');
    expect(res.json()).toMatchObject({ code: 0, reason: 'errors.internal' });
  });
});

describe('malformed requests never get a 5xx', () => {
  const cases: Array<
    [string, { payload?: string; headers?: Record<string, string>; method?: 'POST' | 'GET' }]
  > = [
    ['broken JSON', { payload: '{"name":', headers: { 'content-type': 'application/json' } }],
    ['empty JSON body', { payload: '', headers: { 'content-type': 'application/json' } }],
    ['a JSON array', { payload: '[1,2,3]', headers: { 'content-type': 'application/json' } }],
    ['a JSON string', { payload: '"hello"', headers: { 'content-type': 'application/json' } }],
    ['null', { payload: 'null', headers: { 'content-type': 'application/json' } }],
    ['a number for a string', { payload: '{"name":12}', headers: { 'content-type': 'application/json' } }],
    [
      'deep nesting',
      {
        payload: `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        headers: { 'content-type': 'application/json' },
      },
    ],
    [
      'prototype pollution',
      {
        payload: '{"__proto__":{"x":1},"name":"mining_config"}',
        headers: { 'content-type': 'application/json' },
      },
    ],
    ['text/plain', { payload: 'name=mining_config', headers: { 'content-type': 'text/plain' } }],
    [
      'form encoded',
      { payload: 'name=mining_config', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ],
    [
      'odd bearer',
      { payload: '{"name":"x"}', headers: { 'content-type': 'application/json', authorization: 'Bearer' } },
    ],
    ['array query', { method: 'GET', headers: {} }],
  ];
  for (const [name, req] of cases) {
    it(name, async () => {
      const res = await t.app.inject({
        method: req.method ?? 'POST',
        url: req.method === 'GET' ? '/api/get/options?name=a&name=b' : '/api/get/options',
        headers: req.headers,
        payload: req.payload,
      });
      expect(res.statusCode).toBeLessThan(500);
      const body = res.json();
      expect(body).toMatchObject({ data: null });
      expect(body.code === 0 || body.code === 1).toBe(true);
      expect(typeof body.msg).toBe('string');
    });
  }

  it('answers 413 to a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get/options',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 0,
      msg: 'The request is too large.',
      data: null,
      reason: 'errors.payload_too_large',
    });
  });

  it('answers an unknown path with a 404 envelope', async () => {
    for (const url of ['/api/no/such', '/game-api/no/such', '/upload/no/such']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'accept-language': 'ko-KR' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 0, data: null, reason: 'errors.not_found' });
      expect(res.json().msg).not.toBe('Not found');
    }
  });
});

describe('members-only calls', () => {
  it('answers 10001 on the main API and 1001 on the game service without a token', async () => {
    expect((await call(t.app, whoAmI)).body).toEqual({
      code: MainCode.Expired,
      msg: 'The user is not logged in',
      data: null,
      reason: 'errors.not_logged_in',
    });
    expect((await call(t.app, gameWhoAmI, {}, { locale: 'ja-JP' })).body).toEqual({
      code: GameCode.Expired,
      msg: translator('ja-JP')('errors.not_logged_in'),
      data: null,
      reason: 'errors.not_logged_in',
    });
  });

  it('asks a visitor to sign in before judging the payload', async () => {
    for (const bad of [{ email: '' }, { email: 12 }, {}]) {
      expect((await call(t.app, guarded, bad)).body).toEqual({
        code: MainCode.Expired,
        msg: 'The user is not logged in',
        data: null,
        reason: 'errors.not_logged_in',
      });
      expect((await call(t.app, guarded, bad, { token: 'not-a-real-token' })).body.code).toBe(
        MainCode.Expired,
      );
      expect((await call(t.app, gameGuarded, bad)).body.code).toBe(GameCode.Expired);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/test/guarded',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.json().code).toBe(MainCode.Fail);
  });

  it('judges the payload of a member after the token, and of a visitor on optional endpoints', async () => {
    const { token } = await t.make.member();
    expect((await call(t.app, guarded, { email: '' }, { token })).body).toEqual({
      code: MainCode.Fail,
      msg: 'Please enter your email address',
      data: null,
      reason: 'validation.email_required',
    });
    expect((await call(t.app, guarded, { email: 'a@b.co' }, { token })).body.code).toBe(1);
    expect((await call(t.app, echo, { email: '', n: 1 })).body.code).toBe(MainCode.Fail);
  });

  it('resolves a valid bearer token to its member', async () => {
    const { user, token } = await t.make.member();
    expect((await call(t.app, whoAmI, {}, { token })).body).toEqual({
      code: 1,
      msg: 'OK',
      data: { id: user.id },
    });
    expect((await call(t.app, echo, { email: 'e', n: 1 }, { token })).body.data).toMatchObject({
      member: user.id,
    });
  });

  it('rejects unknown, revoked and disabled-member tokens', async () => {
    expect((await call(t.app, whoAmI, {}, { token: 'not-a-real-token' })).body.code).toBe(MainCode.Expired);
    const revoked = await t.make.member();
    await t.services.sessions.revoke(revoked.sessionId);
    expect((await call(t.app, whoAmI, {}, { token: revoked.token })).body.code).toBe(MainCode.Expired);
  });

  it('lets an optional endpoint run for a visitor with a bad token', async () => {
    const { body } = await call(t.app, echo, { email: 'e', n: 1 }, { token: 'nope' });
    expect(body).toMatchObject({ code: 1, data: { member: null } });
  });
});

describe('rate limiting', () => {
  it('answers 429 with a translated envelope past the limit', async () => {
    await call(t.app, limited);
    await call(t.app, limited);
    const third = await call(t.app, limited, {}, { locale: 'pt-PT' });
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ code: 0, reason: 'errors.too_many_requests' });
    expect(third.body.msg).toMatch(/\d+/);
  });
});

describe('service endpoints', () => {
  it('reports health with each engine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      engines: {
        database: { engine: expect.stringMatching(/sqlite|postgres/), ok: true },
        storage: { ok: true },
      },
    });
  });

  it('publishes the contract as OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/get/options', '/game-api/main/checkVersion']),
    );
    expect(doc.paths['/api/get/options'].post.requestBody).toBeTruthy();
    expect(doc.paths['/api/get/options'].get.parameters.length).toBeGreaterThan(0);
  });

  it('sends protective headers on every answer', async () => {
    const res = await call(t.app, endpoints.options.getOptions, { name: 'mining_config' });
    expect(res.status).toBe(200);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/get/options',
      payload: { name: 'mining_config' },
    });
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
    expect(raw.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
