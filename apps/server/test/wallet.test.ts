import { endpoints, type LedgerEntry, MainCode, type Wallet } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { call } from './helper';
import { makeTourist } from './support/community';
import { assertLedgerBalanced, economyTestApp, grantBalance, legsOf, requestId } from './support/economy';
import { opsTestDatabase } from './support/ops';
import { keyOfEnglish } from './support/reason';
import type { Caller } from './support/social';

const w = endpoints.wallet;
const en = translator('en-US');

const t = economyTestApp();
const { ok } = t;
type Exchanged = Wallet & { added_gold: number };
type History = { list: LedgerEntry[]; total: number; cursor: string | null };

async function fail(def: Parameters<typeof call>[1], payload: Record<string, unknown>, who?: Caller) {
  const { body } = await call(t.app, def, payload, { token: who?.token });
  expect(body.data).toBeNull();
  return body;
}

describe('user/wallet', () => {
  it("answers the caller's balances and the operator's exchange rate", async () => {
    const member = await t.member({ gold: 120, diamonds: 4 });
    expect((await ok<Wallet>(w.userWallet, {}, member)).data).toEqual({
      gold: 120,
      diamonds: 4,
      gold_per_diamond: 10,
    });
    await t.services.options.set('exchange_config', { gold_per_diamond: 25 });
    const viaGet = await call(t.app, w.userWallet, {}, { token: member.token, method: 'GET' });
    expect(viaGet.body).toEqual({
      code: 1,
      msg: 'OK',
      data: { gold: 120, diamonds: 4, gold_per_diamond: 25 },
    });
    await t.services.options.set('exchange_config', { gold_per_diamond: 10 });
  });

  it('needs a token; a visitor reads their (empty) wallet', async () => {
    expect((await call(t.app, w.userWallet, {})).body).toMatchObject({
      code: MainCode.Expired,
      msg: en('errors.not_logged_in'),
    });
    const visitor = await t.make.member();
    await makeTourist(t, visitor.user.id);
    expect((await ok<Wallet>(w.userWallet, {}, visitor)).data).toMatchObject({ gold: 0, diamonds: 0 });
  });
});

describe('exchange/diamonds', () => {
  it('turns diamonds into gold at the configured rate, in one operation with two legs', async () => {
    const member = await t.member({ gold: 5, diamonds: 7 });
    const id = requestId();
    const body = await ok<Exchanged>(w.exchangeDiamonds, { diamonds: 3, request_id: id }, member);
    expect(body).toEqual({
      code: 1,
      msg: en('economy.exchanged', { diamonds: 3, gold: 30 }),
      data: { gold: 35, diamonds: 4, gold_per_diamond: 10, added_gold: 30 },
    });
    expect(await legsOf(t.database, `exchange:${member.user.id}:${id}`)).toEqual([
      expect.objectContaining({
        user_id: member.user.id,
        currency: 'diamonds',
        amount: -3,
        reason: 'exchange',
      }),
      expect.objectContaining({ user_id: member.user.id, currency: 'gold', amount: 30, reason: 'exchange' }),
    ]);

    // The same tap again is the first exchange's answer; the same id for another amount is refused.
    const again = await ok<Exchanged>(w.exchangeDiamonds, { diamonds: 3, request_id: id }, member);
    expect(again).toEqual(body);
    await t.refused(w.exchangeDiamonds, { diamonds: 1, request_id: id }, member, 'errors.request_id_reused');
    expect(await t.balances(member)).toEqual({ gold: 35, diamonds: 4 });

    // Amounts may come as digit strings; the message follows the caller's language.
    const { body: ja } = await call(
      t.app,
      w.exchangeDiamonds,
      { diamonds: '2', request_id: requestId() },
      { token: member.token, locale: 'ja-JP' },
    );
    expect(ja).toMatchObject({
      code: 1,
      msg: translator('ja-JP')('economy.exchanged', { diamonds: 2, gold: 20 }),
    });
    expect(ja.msg).not.toBe(en('economy.exchanged', { diamonds: 2, gold: 20 }));
    await assertLedgerBalanced(t.database);
  });

  it('refuses a shortage with "Insufficient diamond balance" and changes nothing', async () => {
    const member = await t.member({ diamonds: 2 });
    const id = requestId();
    expect(await fail(w.exchangeDiamonds, { diamonds: 3, request_id: id }, member)).toEqual({
      code: MainCode.Fail,
      msg: 'Insufficient diamond balance',
      data: null,
      reason: 'errors.insufficient_diamonds',
    });
    expect(await t.balances(member)).toEqual({ gold: 0, diamonds: 2 });
    // A refused request spends no key: the same id works once there are diamonds.
    await grantBalance(t.database, member.user.id, { diamonds: 1 });
    expect((await ok<Exchanged>(w.exchangeDiamonds, { diamonds: 3, request_id: id }, member)).data.gold).toBe(
      30,
    );
    await assertLedgerBalanced(t.database);
  });

  it('validates the amount and the request id, and refuses visitors and callers without a token', async () => {
    const member = await t.member({ diamonds: 5 });
    const cases: [Record<string, unknown>, string][] = [
      [{ diamonds: 0, request_id: requestId() }, en('validation.amount_invalid')],
      [{ diamonds: -2, request_id: requestId() }, en('validation.amount_invalid')],
      [{ diamonds: 1.5, request_id: requestId() }, en('validation.amount_invalid')],
      [{ diamonds: 'many', request_id: requestId() }, en('validation.amount_invalid')],
      [{ diamonds: 1_000_000, request_id: requestId() }, en('validation.amount_max')],
      [{ diamonds: 1 }, en('errors.invalid_payload')],
      [{ diamonds: 1, request_id: 'short' }, en('errors.invalid_payload')],
      [{ diamonds: 1, request_id: 'has spaces in it' }, en('errors.invalid_payload')],
    ];
    for (const [payload, msg] of cases) {
      expect(await fail(w.exchangeDiamonds, payload, member), JSON.stringify(payload)).toEqual({
        code: MainCode.Fail,
        msg,
        data: null,
        reason: keyOfEnglish(msg),
      });
    }
    expect(await t.balances(member)).toEqual({ gold: 0, diamonds: 5 });

    const visitor = await t.make.member();
    await makeTourist(t, visitor.user.id);
    expect((await fail(w.exchangeDiamonds, { diamonds: 1, request_id: requestId() }, visitor)).msg).toBe(
      en('errors.tourist_forbidden'),
    );
    expect((await fail(w.exchangeDiamonds, { diamonds: 1, request_id: requestId() })).code).toBe(
      MainCode.Expired,
    );
  });

  it('exchanges once when the same request arrives 50 times at once', async () => {
    const member = await t.member({ diamonds: 10 });
    const id = requestId();
    const bodies = await t.race(w.exchangeDiamonds, { diamonds: 4, request_id: id }, member);
    const first = bodies[0]!.body;
    expect(first).toEqual({
      code: 1,
      msg: en('economy.exchanged', { diamonds: 4, gold: 40 }),
      data: { gold: 40, diamonds: 6, gold_per_diamond: 10, added_gold: 40 },
    });
    for (const { body } of bodies) expect(body).toEqual(first);
    expect(await t.balances(member)).toEqual({ gold: 40, diamonds: 6 });
    const operations = await t.database.db
      .selectFrom('ledger_operations')
      .select('key')
      .where('user_id', '=', member.user.id)
      .where('kind', '=', 'exchange')
      .execute();
    expect(operations).toHaveLength(1);
    expect(await legsOf(t.database, `exchange:${member.user.id}:${id}`)).toHaveLength(2);
    await assertLedgerBalanced(t.database);
  });

  it('never goes below zero when 50 different exchanges race for too few diamonds', async () => {
    const member = await t.member({ diamonds: 20 });
    const bodies = await t.race(w.exchangeDiamonds, () => ({ diamonds: 3, request_id: requestId() }), member);
    const done = bodies.filter((b) => b.body.code === 1);
    expect(done).toHaveLength(6);
    for (const { body } of bodies.filter((b) => b.body.code !== 1)) {
      expect(body).toEqual({
        code: MainCode.Fail,
        msg: 'Insufficient diamond balance',
        data: null,
        reason: 'errors.insufficient_diamonds',
      });
    }
    expect(await t.balances(member)).toEqual({ gold: 180, diamonds: 2 });
    await assertLedgerBalanced(t.database);
  });
});

describe('wallet/history', () => {
  it("lists the caller's own rows newest first, by currency, with a keyset cursor", async () => {
    const member = await t.make.member();
    const other = await t.make.member();
    await grantBalance(t.database, member.user.id, { gold: 10, diamonds: 6 });
    await grantBalance(t.database, other.user.id, { gold: 99 });
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(1000);
      await ok(w.exchangeDiamonds, { diamonds: 1, request_id: requestId() }, member);
    }
    const all = await ok<History>(w.walletHistory, { num: 100 }, member);
    // 2 grant legs, then 3 exchanges of 2 legs each.
    expect(all.data.total).toBe(8);
    expect(all.data.cursor).toBeNull();
    const ids = all.data.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.data.list[0]).toEqual({
      id: expect.any(Number),
      currency: 'gold',
      amount: 10,
      balance_after: 40,
      reason: 'exchange',
      ref_type: null,
      ref_id: null,
      reverses_id: null,
      created_at: t.clock.now,
    });
    expect(all.data.list.at(-1)).toMatchObject({ reason: 'grant', balance_after: expect.any(Number) });

    const diamonds = await ok<History>(w.walletHistory, { currency: 'diamonds', num: 2 }, member);
    expect(diamonds.data.total).toBe(4);
    expect(diamonds.data.list.map((r) => [r.amount, r.balance_after])).toEqual([
      [-1, 3],
      [-1, 4],
    ]);
    const next = await call(
      t.app,
      w.walletHistory,
      { currency: 'diamonds', num: 2, cursor: diamonds.data.cursor! },
      { token: member.token, method: 'GET' },
    );
    expect((next.body.data as History).list.map((r) => [r.amount, r.balance_after])).toEqual([
      [-1, 5],
      [6, 6],
    ]);
    expect((next.body.data as History).cursor).toBeNull();
    const second = await ok<History>(w.walletHistory, { page: 2, num: 3 }, member);
    expect(second.data.list.map((r) => r.id)).toEqual(ids.slice(3, 6));
  });

  it('validates its filters, needs a token, and never shows house rows', async () => {
    const member = await t.make.member();
    expect((await fail(w.walletHistory, { currency: 'rubies' }, member)).code).toBe(MainCode.Fail);
    expect((await fail(w.walletHistory, { cursor: 'not-a-cursor' }, member)).msg).toBe(
      en('errors.invalid_payload'),
    );
    expect((await fail(w.walletHistory, {})).code).toBe(MainCode.Expired);
    expect((await ok<History>(w.walletHistory, {}, member)).data).toEqual({
      list: [],
      total: 0,
      cursor: null,
    });
    const house = await t.database.db
      .selectFrom('ledger')
      .select('id')
      .where('user_id', 'is', null)
      .execute();
    const seen = (await ok<History>(w.walletHistory, { num: 100 }, member)).data.list.map((r) => r.id);
    expect(seen.filter((id) => house.some((h) => Number(h.id) === id))).toEqual([]);
  });
});

// The operator commands run as an operator types them, against a database of their own.
describe('npm run ops -- wallet:…', { timeout: 120_000 }, () => {
  const tdb = opsTestDatabase();
  const { ops } = tdb;

  it('grants through the ledger, once per request id, and reports the balance the ledger agrees with', async () => {
    const now = Date.now();
    await tdb.database.db
      .insertInto('users')
      .values({ username: 'Marisol', nickname: 'Marisol', created_at: now, updated_at: now })
      .execute();
    const granted = await ops(
      'wallet:grant',
      'marisol',
      'gold',
      '250',
      'Tournament prize',
      '--request-id',
      'prize-2026-11',
    );
    expect(granted.code, granted.out).toBe(0);
    expect(granted.out).toContain('granted 250 gold to Marisol');
    expect(granted.out).toContain('balance 250 gold, 0 diamonds');
    const repeat = await ops('wallet:grant', 'Marisol', 'gold', '250', '--request-id', 'prize-2026-11');
    expect(repeat.out).toContain('already granted');
    expect((await ops('wallet:grant', 'Marisol', 'diamonds', '3')).code).toBe(0);

    const user = await tdb.database.db
      .selectFrom('users')
      .select(['id', 'gold', 'diamonds'])
      .where('username', '=', 'Marisol')
      .executeTakeFirstOrThrow();
    expect([Number(user.gold), Number(user.diamonds)]).toEqual([250, 3]);
    const operation = await tdb.database.db
      .selectFrom('ledger_operations')
      .select(['kind', 'note'])
      .where('key', '=', `grant:${user.id}:prize-2026-11`)
      .executeTakeFirstOrThrow();
    expect(operation).toEqual({ kind: 'grant', note: 'Tournament prize' });
    await assertLedgerBalanced(tdb.database);

    const balance = await ops('wallet:balance', 'MARISOL');
    expect(balance.code).toBe(0);
    expect(balance.out).toContain('Marisol: 250 gold, 3 diamonds');
    expect(balance.out).toContain('the ledger agrees');
  });

  it('refuses unknown members, currencies and amounts with a readable message', async () => {
    const cases = [
      ['wallet:grant', 'nobody-here', 'gold', '5'],
      ['wallet:grant', 'Marisol', 'rubies', '5'],
      ['wallet:grant', 'Marisol', 'gold', '0'],
      ['wallet:grant', 'Marisol', 'gold', '2.5'],
      ['wallet:grant', 'Marisol', 'gold', '5', '--request-id', 'bad id'],
      ['wallet:balance', 'nobody-here'],
    ];
    const outs: string[] = [];
    for (const args of cases) {
      const { code, out } = await ops(...args);
      expect(code, args.join(' ')).toBe(1);
      expect(out, args.join(' ')).not.toMatch(/\n\s+at /);
      outs.push(out);
    }
    expect(outs[0]).toContain('there is no member named nobody-here');
    expect(outs[2]).toContain('the amount must be a whole number');
    expect(outs.at(-1)).toContain('there is no member named nobody-here');
  });
});
