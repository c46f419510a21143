import { endpoints, GameCode, MainCode, type SessionItem } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortenAddress } from '../src/features/sessions/address';
import { TOUCH_EVERY_MS } from '../src/features/sessions/service';
import { translator } from '../src/i18n';
import { buildTestApp, type CallOptions, call, type TestApp } from './helper';

const { auth, sessions, users, games } = endpoints;
const en = translator('en-US');

let t: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy each call can say where it comes from (X-Forwarded-For).
  t = await buildTestApp({ config: { trustProxy: true } });
});
afterAll(() => t.close());

let sequence = 0;

interface Device {
  type?: string;
  version?: string;
  address: string;
}

const from = (device: Device, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: {
    'x-forwarded-for': device.address,
    ...(device.type ? { 'x-device-type': device.type } : {}),
    ...(device.version ? { 'x-client-version': device.version } : {}),
  },
});

const PHONE: Device = { type: 'iphone', version: '2.0.1', address: '203.0.113.42' };
const TABLET: Device = {
  type: 'android_new',
  version: '1.9.0',
  address: '2001:db8:85a3:8d3:1319:8a2e:370:7348',
};
const LAPTOP: Device = { address: '::ffff:198.51.100.23' };

/** A member registered from one device, and how to sign them in from others. */
async function member(first: Device) {
  sequence += 1;
  const credentials = {
    username: `devices${sequence}`,
    email: `devices${sequence}@example.org`,
    password: 'correct horse',
  };
  const { body } = await call(t.app, auth.register, credentials, from(first));
  expect(body.code, JSON.stringify(body)).toBe(MainCode.Success);
  const data = body.data as { token: string; user: { id: number } };
  return {
    id: data.user.id,
    token: data.token,
    async signIn(device: Device): Promise<string> {
      const login = await call(
        t.app,
        auth.login,
        { username: credentials.username, password: credentials.password },
        from(device),
      );
      expect(login.body.code, JSON.stringify(login.body)).toBe(MainCode.Success);
      return (login.body.data as { token: string }).token;
    },
  };
}

async function listOf(token: string, device: Device = PHONE): Promise<SessionItem[]> {
  const { body } = await call(t.app, sessions.sessionsList, {}, from(device, { token }));
  expect(body.code, JSON.stringify(body)).toBe(MainCode.Success);
  return (body.data as { list: SessionItem[] }).list;
}

/** What a signed-in call with the token answers: 1, or 10001 once the session is gone. */
async function codeOf(token: string): Promise<number> {
  return (await call(t.app, users.getUser, {}, { token })).body.code;
}

async function gameTokenOf(token: string): Promise<string> {
  const { body } = await call(t.app, games.requestToken, {}, { token });
  expect(body.code).toBe(GameCode.Success);
  return (body.data as { token: string }).token;
}

const gameCodeOf = async (gameToken: string) =>
  (await call(t.app, games.collectList, {}, { token: gameToken })).body.code;

describe('sessions/list', () => {
  it("shows the caller's devices newest first, with where each came from and which is this one", async () => {
    const pat = await member(PHONE);
    t.clock.advance(60_000);
    const tablet = await pat.signIn(TABLET);
    t.clock.advance(60_000);
    const laptop = await pat.signIn(LAPTOP);
    t.clock.advance(60_000);

    const list = await listOf(tablet, TABLET);
    expect(list.map((s) => [s.device_type, s.app_version, s.address, s.current])).toEqual([
      [null, '1.8.6', '198.51.100.x', false],
      ['android_new', '1.9.0', '2001:db8:85a3::/48', true],
      ['iphone', '2.0.1', '203.0.113.x', false],
    ]);
    const [ofLaptop, ofTablet, ofPhone] = list as [SessionItem, SessionItem, SessionItem];
    expect(ofPhone.created_at).toBe(ofTablet.created_at - 60_000);
    expect(ofLaptop.created_at).toBe(ofTablet.created_at + 60_000);
    // The device asking is seen now; the others when they were last used.
    expect(ofTablet.last_seen_at).toBe(t.clock.now);
    expect(ofLaptop.last_seen_at).toBe(ofLaptop.created_at);
    // Never the whole address, anywhere in the answer.
    const { body } = await call(t.app, sessions.sessionsList, {}, from(TABLET, { token: laptop }));
    expect(JSON.stringify(body)).not.toMatch(/203\.0\.113\.42|8a2e|198\.51\.100\.23/);
  });

  it('stores the address shortened, never whole', async () => {
    const pat = await member(PHONE);
    const rows = await t.database.db
      .selectFrom('sessions')
      .select(['device_type', 'app_version', 'address'])
      .where('user_id', '=', pat.id)
      .execute();
    expect(rows).toEqual([{ device_type: 'iphone', app_version: '2.0.1', address: '203.0.113.x' }]);
  });

  it('refreshes last seen and the origin when the session is used again after five minutes', async () => {
    const pat = await member(PHONE);
    const tablet = await pat.signIn(TABLET);
    const began = t.clock.now;
    const moved: Device = { type: 'iphone', version: '2.1.0', address: '192.0.2.77' };

    // Within five minutes a call writes nothing back.
    t.clock.advance(TOUCH_EVERY_MS - 1_000);
    expect((await call(t.app, users.getUser, {}, from(moved, { token: pat.token }))).body.code).toBe(1);
    let phone = (await listOf(tablet, TABLET)).find((s) => !s.current)!;
    expect([phone.last_seen_at, phone.address, phone.app_version]).toEqual([began, '203.0.113.x', '2.0.1']);

    // Past them, the next call records when and from where.
    t.clock.advance(2_000);
    expect((await call(t.app, users.getUser, {}, from(moved, { token: pat.token }))).body.code).toBe(1);
    phone = (await listOf(tablet, TABLET)).find((s) => !s.current)!;
    expect([phone.last_seen_at, phone.address, phone.app_version, phone.device_type]).toEqual([
      t.clock.now,
      '192.0.2.x',
      '2.1.0',
      'iphone',
    ]);
    expect(phone.created_at).toBe(began);
  });

  it('leaves out ended sessions', async () => {
    const pat = await member(PHONE);
    const tablet = await pat.signIn(TABLET);
    expect((await call(t.app, auth.signOut, {}, { token: tablet })).body.code).toBe(1);
    const list = await listOf(pat.token);
    expect(list.map((s) => s.current)).toEqual([true]);
  });

  it('lets a visitor account list its own session', async () => {
    const { body } = await call(t.app, auth.tourist, {}, from(LAPTOP));
    const token = (body.data as { token: string }).token;
    const list = await listOf(token, LAPTOP);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ current: true, address: '198.51.100.x', app_version: '1.8.6' });
  });
});

describe('sessions/revoke', () => {
  it('signs one other device out: its next call is refused as expired, the rest go on', async () => {
    const pat = await member(PHONE);
    const tablet = await pat.signIn(TABLET);
    const laptop = await pat.signIn(LAPTOP);
    const target = (await listOf(pat.token)).find((s) => s.device_type === 'android_new')!;

    const { body } = await call(t.app, sessions.sessionsRevoke, { id: target.id }, { token: pat.token });
    expect(body).toEqual({ code: 1, msg: en('sessions.device_signed_out'), data: null });

    const refused = await call(t.app, users.getUser, {}, { token: tablet, locale: 'ja-JP' });
    expect(refused.body).toEqual({
      code: MainCode.Expired,
      msg: translator('ja-JP')('errors.not_logged_in'),
      data: null,
      reason: 'errors.not_logged_in',
    });
    expect(await codeOf(laptop)).toBe(MainCode.Success);
    expect(await codeOf(pat.token)).toBe(MainCode.Success);
    expect((await listOf(pat.token)).map((s) => s.id)).not.toContain(target.id);
  });

  it('signs this device out when it names its own session', async () => {
    const pat = await member(PHONE);
    const own = (await listOf(pat.token)).find((s) => s.current)!;
    const { body } = await call(t.app, sessions.sessionsRevoke, { id: own.id }, { token: pat.token });
    expect(body).toEqual({ code: 1, msg: en('auth.signed_out'), data: null });
    expect(await codeOf(pat.token)).toBe(MainCode.Expired);
  });

  it("answers not found for another member's session, and that session lives on", async () => {
    const pat = await member(PHONE);
    const sam = await member(TABLET);
    const theirs = (await listOf(sam.token, TABLET))[0]!;
    const { body } = await call(t.app, sessions.sessionsRevoke, { id: theirs.id }, { token: pat.token });
    expect(body).toEqual({
      code: 0,
      msg: en('errors.session_not_found'),
      data: null,
      reason: 'errors.session_not_found',
    });
    expect(await codeOf(sam.token)).toBe(MainCode.Success);
    expect(await listOf(sam.token, TABLET)).toHaveLength(1);
  });

  it('answers not found for a session already ended or never made', async () => {
    const pat = await member(PHONE);
    const tablet = await pat.signIn(TABLET);
    const gone = (await listOf(tablet, TABLET)).find((s) => s.current)!;
    await call(t.app, auth.signOut, {}, { token: tablet });
    for (const id of [gone.id, 987_654_321]) {
      const { body } = await call(t.app, sessions.sessionsRevoke, { id }, { token: pat.token });
      expect(body.reason).toBe('errors.session_not_found');
    }
    expect(await codeOf(pat.token)).toBe(MainCode.Success);
  });

  it('refuses a malformed id with a translated message and changes nothing', async () => {
    const pat = await member(PHONE);
    const before = await t.database.db.selectFrom('sessions').selectAll().orderBy('id').execute();
    for (const payload of [{}, { id: 'abc' }, { id: -1 }, { id: true }, { id: 1.5 }]) {
      const { status, body } = await call(t.app, sessions.sessionsRevoke, payload, {
        token: pat.token,
        locale: 'pt-PT',
      });
      expect(status, JSON.stringify(payload)).toBe(200);
      expect(body.code, JSON.stringify(payload)).toBe(0);
      expect(body.msg).not.toBe('');
    }
    expect(await t.database.db.selectFrom('sessions').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it("ends the revoked session's game tokens, and only those", async () => {
    const pat = await member(PHONE);
    const tablet = await pat.signIn(TABLET);
    const tabletGame = await gameTokenOf(tablet);
    const phoneGame = await gameTokenOf(pat.token);
    expect(await gameCodeOf(tabletGame)).toBe(GameCode.Success);

    const target = (await listOf(pat.token)).find((s) => s.device_type === 'android_new')!;
    await call(t.app, sessions.sessionsRevoke, { id: target.id }, { token: pat.token });

    expect(await gameCodeOf(tabletGame)).toBe(GameCode.Expired);
    expect(await gameCodeOf(phoneGame)).toBe(GameCode.Success);
  });
});

describe('sessions/revoke/others', () => {
  it('signs every other device out, with their game tokens, and keeps this one and its game token', async () => {
    const pat = await member(PHONE);
    const tablet = await pat.signIn(TABLET);
    const laptop = await pat.signIn(LAPTOP);
    const tabletGame = await gameTokenOf(tablet);
    const laptopGame = await gameTokenOf(laptop);
    const ownGame = await gameTokenOf(laptop);
    const sam = await member(TABLET);

    // The laptop keeps itself: it signs the phone and the tablet out.
    const { body } = await call(t.app, sessions.sessionsRevokeOthers, {}, { token: laptop, locale: 'es-ES' });
    expect(body).toEqual({ code: 1, msg: translator('es-ES')('sessions.others_signed_out'), data: null });

    expect(await codeOf(pat.token)).toBe(MainCode.Expired);
    expect(await codeOf(tablet)).toBe(MainCode.Expired);
    expect(await codeOf(laptop)).toBe(MainCode.Success);
    expect(await gameCodeOf(tabletGame)).toBe(GameCode.Expired);
    expect(await gameCodeOf(laptopGame)).toBe(GameCode.Success);
    expect(await gameCodeOf(ownGame)).toBe(GameCode.Success);
    const list = await listOf(laptop, LAPTOP);
    expect(list.map((s) => [s.current, s.address])).toEqual([[true, '198.51.100.x']]);
    // Another member's sessions are none of its business.
    expect(await codeOf(sam.token)).toBe(MainCode.Success);
  });
});

describe('the shortened address', () => {
  it.each([
    ['203.0.113.42', '203.0.113.x'],
    ['10.0.0.1', '10.0.0.x'],
    ['::ffff:198.51.100.23', '198.51.100.x'],
    ['::FFFF:c633:6417', '198.51.100.x'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::/48'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::/48'],
    ['2001:db8::1', '2001:db8::/48'],
    ['fe80::1%eth0', 'fe80::/48'],
    ['2001:db8:0:1::7', '2001:db8::/48'],
    ['2001:0:85a3::7', '2001:0:85a3::/48'],
    ['::1', '::/48'],
    ['64:ff9b::203.0.113.9', '64:ff9b::/48'],
  ])('%s → %s', (address, short) => {
    expect(shortenAddress(address)).toBe(short);
  });

  it.each(['', 'localhost', '203.0.113', '2001:db8:::1', '1.2.3.256'])('%j is not an address', (address) => {
    expect(shortenAddress(address)).toBeNull();
  });
});
