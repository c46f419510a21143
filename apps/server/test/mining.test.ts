import { createHash } from 'node:crypto';
import { endpoints, MainCode, MINING_TOKEN_TTL_MS } from '@pixelhall/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cycleAt } from '../src/features/mining/cycle';
import { translator } from '../src/i18n';
import { buildTestApp, call, type TestApp } from './helper';
import { makeTourist, setLevel } from './support/community';

const mining = endpoints.mining;
const en = translator('en-US');
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const configure = (value: Record<string, unknown>) =>
  t.services.options.set('mining_config', {
    mining_button: true,
    mining_url: 'https://mine.example.org/start?lang=en&token=stale',
    ...value,
  });

async function cycle(method: 'POST' | 'GET' = 'POST') {
  const { body } = await call(t.app, mining.cycleTime, {}, { method });
  expect(body.code).toBe(1);
  return body.data as { start_time: number; end_time: number; time: number };
}

describe('cycle/time', () => {
  const ZERO = { start_time: 0, end_time: 0, time: 0 };

  it('answers zeros while mining is off', async () => {
    expect(await cycle()).toEqual(ZERO);
    await configure({ mining_button: false });
    expect(await cycle('GET')).toEqual(ZERO);
  });

  it('runs cycles of cycle_minutes aligned to the epoch, with rest_seconds of zeros between', async () => {
    await configure({ cycle_minutes: 60, rest_seconds: 30 });
    const period = 60 * MINUTE + 30_000;
    const start = Math.ceil(t.clock.now / period) * period;
    const end = start + 60 * MINUTE;

    t.clock.now = start - 1;
    expect(await cycle()).toEqual(ZERO);
    t.clock.now = start;
    expect(await cycle()).toEqual({ start_time: start, end_time: end, time: start });
    t.clock.now = start + 25 * MINUTE;
    expect(await cycle('GET')).toEqual({ start_time: start, end_time: end, time: start + 25 * MINUTE });
    t.clock.now = end - 1;
    expect(await cycle()).toEqual({ start_time: start, end_time: end, time: end - 1 });
    t.clock.now = end;
    expect(await cycle()).toEqual(ZERO);
    t.clock.now = end + 29_999;
    expect(await cycle()).toEqual(ZERO);
    t.clock.now = end + 30_000;
    expect(await cycle()).toEqual({ start_time: start + period, end_time: end + period, time: end + 30_000 });

    await configure({ cycle_minutes: 60, rest_seconds: 30, mining_button: false });
    expect(await cycle()).toEqual(ZERO);
  });

  it('follows the configured lengths, back to back when there is no rest', () => {
    const on = { mining_button: true, cycle_minutes: 5, rest_seconds: 0 };
    expect(cycleAt(5 * MINUTE * 7, on)).toEqual({
      start_time: 35 * MINUTE,
      end_time: 40 * MINUTE,
      time: 35 * MINUTE,
    });
    expect(cycleAt(40 * MINUTE - 1, on)).toMatchObject({ start_time: 35 * MINUTE, end_time: 40 * MINUTE });
    expect(cycleAt(40 * MINUTE, on)).toMatchObject({ start_time: 40 * MINUTE, end_time: 45 * MINUTE });
    const rested = { mining_button: true, cycle_minutes: 1, rest_seconds: 15 };
    expect(cycleAt(75_000 + 59_999, rested)).toMatchObject({ start_time: 75_000, end_time: 135_000 });
    expect(cycleAt(135_000, rested)).toEqual({ start_time: 0, end_time: 0, time: 0 });
    expect(cycleAt(150_000, rested)).toMatchObject({ start_time: 150_000 });
  });
});

describe('mining/token and mining/member', () => {
  beforeEach(() => configure({}));

  async function issue(token: string) {
    const { body } = await call(t.app, mining.miningToken, {}, { token });
    expect(body, JSON.stringify(body)).toMatchObject({ code: 1 });
    return body.data as { token: string; expires_at: number; url: string };
  }

  const lookUp = (token: string, method: 'POST' | 'GET' = 'POST') =>
    call(t.app, mining.miningMember, { token }, { method });

  it('gives the page a token of its own that tells who the member is, for ten minutes', async () => {
    const m = await t.make.member({ username: 'digger' });
    await setLevel(t.database, m.user.id, 12);
    const grant = await issue(m.token);
    expect(grant.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(grant.token).not.toBe(m.token);
    expect(grant.expires_at).toBe(t.clock.now + MINING_TOKEN_TTL_MS);
    const url = new URL(grant.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://mine.example.org/start');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.getAll('token')).toEqual([grant.token]);

    // Stored hashed only: the table never holds the token itself.
    const rows = await t.database.db
      .selectFrom('access_grants')
      .selectAll()
      .where('user_id', '=', m.user.id)
      .execute();
    expect(rows).toEqual([
      {
        token_hash: createHash('sha256').update(grant.token).digest('base64url'),
        user_id: m.user.id,
        purpose: 'mining',
        expires_at: grant.expires_at,
        created_at: t.clock.now,
      },
    ]);

    for (const method of ['POST', 'GET'] as const) {
      const { body } = await lookUp(grant.token, method);
      expect(body).toEqual({
        code: 1,
        msg: 'OK',
        data: {
          user_id: m.user.id,
          nickname: m.user.nickname,
          avatar: '',
          level: 12,
          expires_at: grant.expires_at,
        },
      });
    }

    t.clock.advance(MINING_TOKEN_TTL_MS - 1);
    expect((await lookUp(grant.token)).body.code).toBe(1);
    t.clock.advance(1);
    expect((await lookUp(grant.token)).body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.mining_token_invalid'),
      data: null,
      reason: 'errors.mining_token_invalid',
    });
  });

  it('drops the member’s expired tokens when it gives a new one', async () => {
    const m = await t.make.member();
    const old = await issue(m.token);
    const live = await issue(m.token);
    t.clock.advance(MINING_TOKEN_TTL_MS + 1);
    const fresh = await issue(m.token);
    const hashes = await t.database.db
      .selectFrom('access_grants')
      .select('token_hash')
      .where('user_id', '=', m.user.id)
      .execute();
    expect(hashes).toEqual([{ token_hash: createHash('sha256').update(fresh.token).digest('base64url') }]);
    expect(old.token).not.toBe(live.token);
  });

  it('never takes a session token for a mining token, nor a mining token for a session', async () => {
    const m = await t.make.member();
    const grant = await issue(m.token);
    expect((await lookUp(m.token)).body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.mining_token_invalid'),
      data: null,
      reason: 'errors.mining_token_invalid',
    });
    for (const def of [mining.miningToken, endpoints.bets.betList]) {
      const { body } = await call(t.app, def, {}, { token: grant.token });
      expect(body).toMatchObject({ code: MainCode.Expired, data: null });
    }
  });

  it('refuses unknown and malformed tokens, callers without a session, visitors, and mining that is off', async () => {
    expect((await lookUp('x'.repeat(43))).body.msg).toBe(en('errors.mining_token_invalid'));
    expect((await lookUp('short')).body).toMatchObject({ code: MainCode.Fail, data: null });
    expect((await call(t.app, mining.miningToken, {})).body).toMatchObject({ code: MainCode.Expired });

    const visitor = await t.make.member();
    await makeTourist(t, visitor.user.id);
    const refused = await call(t.app, mining.miningToken, {}, { token: visitor.token });
    expect(refused.body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.tourist_forbidden'),
      data: null,
      reason: 'errors.tourist_forbidden',
    });

    const m = await t.make.member();
    await configure({ mining_button: false });
    const off = await call(t.app, mining.miningToken, {}, { token: m.token });
    expect(off.body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.not_found'),
      data: null,
      reason: 'errors.not_found',
    });
  });

  it('hands out a modest number of tokens per member a minute', async () => {
    const m = await t.make.member();
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await call(t.app, mining.miningToken, {}, { token: m.token });
      codes.push(res.status);
    }
    expect(codes.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
