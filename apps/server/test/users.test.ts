import { endpoints, MainCode } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, TEST_ORIGIN, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const getUser = endpoints.users.getUser;

describe('get/user', () => {
  it('answers the caller with private fields', async () => {
    const { user, token } = await t.make.member({ username: 'pixelpat', newcomer: true });
    const { body } = await call(t.app, getUser, {}, { token });
    expect(body.data).toEqual({
      id: user.id,
      username: 'pixelpat',
      nickname: user.nickname,
      signature: '',
      avatar: '',
      level: 1,
      grade: 'novice',
      created_at: t.clock.now,
      is_tourist: false,
      post_count: 0,
      follower_count: 0,
      following_count: 0,
      email: null,
      pending_email: null,
      gold: 0,
      diamonds: 0,
      has_password: false,
      providers: [],
      deletion_due_at: null,
    });
  });

  it('answers another member without e-mail or balances', async () => {
    const other = await t.make.user();
    const { token } = await t.make.member();
    for (const auth of [{ token }, {}]) {
      const { body } = await call(t.app, getUser, { user_id: other.id }, auth);
      expect(body.code).toBe(1);
      expect(body.data).not.toHaveProperty('email');
      expect(body.data).not.toHaveProperty('pending_email');
      expect(body.data).not.toHaveProperty('gold');
    }
  });

  it('answers 10001 for "myself" without a token and code 0 for a missing member', async () => {
    expect((await call(t.app, getUser)).body.code).toBe(MainCode.Expired);
    expect((await call(t.app, getUser, { user_id: 999_999 })).body).toEqual({
      code: 0,
      msg: 'Not found',
      data: null,
      reason: 'errors.not_found',
    });
    const disabled = await t.make.user({ status: 'disabled' });
    expect((await call(t.app, getUser, { user_id: disabled.id })).body.code).toBe(0);
  });
});

describe('sessions', () => {
  it('stores only a hash of the token', async () => {
    const { token } = await t.make.member();
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('slides the expiry with use, up to the hard maximum', async () => {
    const day = 86_400_000;
    const { token } = await t.make.member();
    // Used every 20 days, a session outlives its 30-day idle window…
    for (let i = 0; i < 8; i += 1) {
      t.clock.advance(20 * day);
      expect((await call(t.app, getUser, {}, { token })).body.code).toBe(1);
    }
    // …but not the 180-day maximum from sign-in.
    t.clock.advance(20 * day);
    expect((await call(t.app, getUser, {}, { token })).body.code).toBe(MainCode.Expired);
  });

  it('expires after the idle window without use', async () => {
    const { token } = await t.make.member();
    t.clock.advance(31 * 86_400_000);
    expect((await call(t.app, getUser, {}, { token })).body.code).toBe(MainCode.Expired);
  });

  it('revokes every session of a member at once', async () => {
    const a = await t.make.member();
    const second = await t.services.sessions.create(a.user.id, TEST_ORIGIN);
    await t.services.sessions.revokeAllOf(a.user.id);
    for (const token of [a.token, second.token]) {
      expect((await call(t.app, getUser, {}, { token })).body.code).toBe(MainCode.Expired);
    }
  });
});
