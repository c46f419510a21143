import { type Bet, type BetEvent, endpoints, MainCode } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { BetOperatorError } from '../src/features/bets/settlement';
import { translator } from '../src/i18n';
import { call } from './helper';
import { makeTourist, setLevel } from './support/community';
import { assertLedgerBalanced, economyTestApp, grantBalance, legsOf, requestId } from './support/economy';
import type { Caller } from './support/social';

const b = endpoints.bets;
const en = translator('en-US');
const HOUR = 3_600_000;

const t = economyTestApp();
const { ok, refused } = t;
type Page<T> = { list: T[]; total: number; cursor: string | null };

/** A member allowed to bet (level 30) with some gold. */
const bettor = (gold = 1000, level = 30) => t.member({ level, gold });

/** An event of two sides that closes in an hour and starts in two, unless told otherwise. */
function newEvent(options: { closeIn?: number; startIn?: number; sides?: [string, number][] } = {}) {
  const sides = options.sides ?? [
    ['Red Team', 1.85],
    ['Blue Team', 2.1],
  ];
  return t.services.bets.createEvent({
    title: 'Finals: Red vs Blue',
    description: 'Best of five',
    options: sides.map(([label, odds]) => ({ label, odds })),
    closeAt: t.clock.now + (options.closeIn ?? HOUR),
    startAt: t.clock.now + (options.startIn ?? 2 * HOUR),
  });
}

const place = (who: Caller, event: BetEvent, side: number, amount: number | string, id = requestId()) =>
  call(
    t.app,
    b.newBet,
    { event_id: event.id, option: event.options[side]!.id, amount, request_id: id },
    {
      token: who.token,
    },
  );

async function placed(who: Caller, event: BetEvent, side: number, amount: number) {
  const { body } = await place(who, event, side, amount);
  expect(body, JSON.stringify(body)).toMatchObject({ code: 1 });
  return (body.data as { bet: Bet }).bet;
}

const myBets = async (who: Caller, filter = 'all', extra: Record<string, unknown> = {}) =>
  (await ok<Page<Bet>>(b.betList, { filter, ...extra }, who)).data;

const betRows = (userId: number) =>
  t.database.db.selectFrom('bets').select(['id', 'amount']).where('user_id', '=', userId).execute();

/** Gold a member got from achievements (a first win earns the "lucky" tier, which stays). */
async function achievementGold(userId: number) {
  const row = await t.database.db
    .selectFrom('ledger')
    .select((eb) => eb.fn.sum<number>('amount').as('gold'))
    .where('user_id', '=', userId)
    .where('reason', '=', 'achievement_reward')
    .where('currency', '=', 'gold')
    .executeTakeFirst();
  return Number(row?.gold ?? 0);
}

describe('new/bet', () => {
  it('debits the stake at once, answers the bet, and a repeat answers the same bet', async () => {
    const m = await bettor(1000);
    const event = await newEvent();
    const id = requestId();
    const first = await place(m, event, 0, 333, id);
    expect(first.body).toMatchObject({ code: 1, msg: en('economy.bet_placed') });
    const data = first.body.data as { bet: Bet; balances: { gold: number; diamonds: number } };
    expect(data.balances).toEqual({ gold: 667, diamonds: 0 });
    expect(data.bet).toEqual({
      id: expect.any(Number),
      event: { id: event.id, title: 'Finals: Red vs Blue', start_at: event.start_at },
      option: { id: event.options[0]!.id, label: 'Red Team' },
      amount: 333,
      odds: 1.85,
      winner: null,
      // 333 × 1.85 = 616.05 → 616; the 10% charge 61.6 → 61; 616 − 61 = 555.
      prize: 555,
      charge: 61,
      status: 'waiting',
      created_at: t.clock.now,
      settled_at: null,
    });
    expect(await legsOf(t.database, `bet:${m.user.id}:${id}`)).toEqual([
      {
        user_id: m.user.id,
        currency: 'gold',
        amount: -333,
        reason: 'bet_stake',
        ref_type: 'bet',
        ref_id: data.bet.id,
      },
    ]);

    const again = await place(m, event, 0, 333, id);
    expect(again.body).toMatchObject({ code: 1, data: { bet: { id: data.bet.id, amount: 333 } } });
    // The same id for another bet is refused (docs/product/economy.md#idempotency).
    await t.refused(
      b.newBet,
      { event_id: event.id, option: event.options[1]!.id, amount: 50, request_id: id },
      m,
      'errors.request_id_reused',
    );
    expect(await t.goldOf(m)).toBe(667);
    expect(await betRows(m.user.id)).toHaveLength(1);
    await assertLedgerBalanced(t.database);
  });

  it('counts toward the daily bet task', async () => {
    const m = await bettor();
    await placed(m, await newEvent(), 1, 10);
    const progress = await t.database.db
      .selectFrom('task_progress')
      .innerJoin('tasks', 'tasks.id', 'task_progress.task_id')
      .select('task_progress.progress')
      .where('task_progress.user_id', '=', m.user.id)
      .where('tasks.code', '=', 'daily_bet')
      .executeTakeFirst();
    expect(progress?.progress).toBe(1);
  });

  it('takes amounts from 1 to 999,999 whole, from numbers or digit strings', async () => {
    const m = await bettor(0);
    await grantBalance(t.database, m.user.id, { gold: 1_000_000 });
    const event = await newEvent();
    for (const [amount, key] of [
      [0, 'validation.amount_invalid'],
      [-5, 'validation.amount_invalid'],
      [1.5, 'validation.amount_invalid'],
      ['12abc', 'validation.amount_invalid'],
      [1_000_000, 'validation.amount_max'],
    ] as const) {
      const { body } = await place(m, event, 0, amount);
      expect(body, String(amount)).toEqual({ code: MainCode.Fail, msg: en(key), data: null, reason: key });
    }
    expect(en('validation.amount_max')).toBe('Upper limit 999,999');
    expect((await placed(m, event, 0, 999_999)).amount).toBe(999_999);
    expect((await placed(m, event, 0, '1' as unknown as number)).amount).toBe(1);
    expect(await t.goldOf(m)).toBe(0);
    const noKey = await call(
      t.app,
      b.newBet,
      { event_id: event.id, option: event.options[0]!.id, amount: 5 },
      { token: m.token },
    );
    expect(noKey.body).toMatchObject({ code: MainCode.Fail, data: null });
  });

  it('refuses unknown events and sides, and events no longer taking bets', async () => {
    const m = await bettor();
    const event = await newEvent({ closeIn: 10 * 60_000 });
    const other = await newEvent();
    const payload = (eventId: number, option: number) => ({
      event_id: eventId,
      option,
      amount: 10,
      request_id: requestId(),
    });
    await refused(b.newBet, payload(999_999, event.options[0]!.id), m, 'errors.bet_event_not_found');
    await refused(b.newBet, payload(event.id, other.options[0]!.id), m, 'errors.bet_option_unknown');
    await refused(b.newBet, payload(event.id, 999_999), m, 'errors.bet_option_unknown');
    const bad = await call(t.app, b.newBet, payload(event.id, 0), { token: m.token });
    expect(bad.body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.invalid_payload'),
      data: null,
      reason: 'errors.invalid_payload',
    });

    t.clock.advance(10 * 60_000);
    await refused(b.newBet, payload(event.id, event.options[0]!.id), m, 'errors.bet_closed');
    const cancelled = await newEvent();
    await t.services.bets.cancel(cancelled.id);
    await refused(b.newBet, payload(cancelled.id, cancelled.options[0]!.id), m, 'errors.bet_closed');
    expect(await betRows(m.user.id)).toEqual([]);
    expect(await t.goldOf(m)).toBe(1000);
  });

  it('needs a signed-in full member of level 30', async () => {
    const event = await newEvent();
    const payload = { event_id: event.id, option: event.options[0]!.id, amount: 10, request_id: requestId() };
    expect((await call(t.app, b.newBet, payload)).body).toMatchObject({ code: MainCode.Expired, data: null });

    const low = await bettor(100, 29);
    const { body } = await call(t.app, b.newBet, payload, { token: low.token });
    expect(body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.level_required', { level: 30 }),
      data: null,
      reason: 'errors.level_required',
    });
    expect(body.msg).toBe('This is only available to level 30 users.');

    const visitor = await bettor(100);
    await makeTourist(t, visitor.user.id);
    await refused(b.newBet, payload, visitor, 'errors.tourist_forbidden');

    await setLevel(t.database, low.user.id, 30);
    expect((await call(t.app, b.newBet, payload, { token: low.token })).body).toMatchObject({ code: 1 });
  });

  it('answers 1003 "Lack of gold COINS" when the stake is more than the balance, changing nothing', async () => {
    const m = await bettor(50);
    const { body } = await place(m, await newEvent(), 0, 51);
    expect(body).toEqual({
      code: MainCode.NotEnoughGold,
      msg: 'Lack of gold COINS',
      data: null,
      reason: 'errors.lack_of_gold',
    });
    expect(await t.goldOf(m)).toBe(50);
    expect(await betRows(m.user.id)).toEqual([]);
    await assertLedgerBalanced(t.database);
  });

  it('places one bet and debits once when the same request arrives 50 times at once', async () => {
    const m = await bettor(1000);
    const event = await newEvent();
    const id = requestId();
    const results = await Promise.all(Array.from({ length: 50 }, () => place(m, event, 0, 100, id)));
    const ids = new Set(results.map((r) => (r.body.data as { bet: Bet } | null)?.bet.id));
    expect(results.every((r) => r.body.code === 1)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await betRows(m.user.id)).toHaveLength(1);
    expect(await t.goldOf(m)).toBe(900);
    await assertLedgerBalanced(t.database);
  });

  it('places exactly as many bets as the balance pays for when 50 different bets arrive at once', async () => {
    const m = await bettor(700);
    const event = await newEvent();
    const results = await Promise.all(Array.from({ length: 50 }, () => place(m, event, 1, 100)));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 1)).toHaveLength(7);
    expect(codes.filter((c) => c === MainCode.NotEnoughGold)).toHaveLength(43);
    expect(await betRows(m.user.id)).toHaveLength(7);
    expect(await t.goldOf(m)).toBe(0);
    await assertLedgerBalanced(t.database);
  });
});

describe('bet/list', () => {
  it('moves bets from waiting to in game at the start time, then to won or lost, by filter', async () => {
    const m = await bettor(1000);
    const early = await newEvent({ closeIn: 30 * 60_000, startIn: HOUR });
    const late = await newEvent({ closeIn: 2 * HOUR, startIn: 3 * HOUR });
    const red = await placed(m, early, 0, 333);
    const blue = await placed(m, early, 1, 100);
    const later = await placed(m, late, 0, 10);

    const ids = async (filter: string) => (await myBets(m, filter)).list.map((x) => x.id);
    expect(await ids('all')).toEqual([later.id, blue.id, red.id]);
    expect(await ids('waiting')).toEqual([later.id, blue.id, red.id]);
    expect(await ids('in_game')).toEqual([]);

    t.clock.advance(HOUR);
    expect(await ids('in_game')).toEqual([blue.id, red.id]);
    expect(await ids('waiting')).toEqual([later.id]);
    expect((await myBets(m, 'in_game')).list[0]).toMatchObject({ status: 'in_game', prize: 189, charge: 21 });

    const before = await t.goldOf(m);
    const settled = await t.services.bets.settle(early.id, 'red team');
    expect(settled).toMatchObject({
      applied: true,
      winner: 'Red Team',
      winners: 1,
      losers: 1,
      paid: 555,
      charges: 61,
    });
    expect(await legsOf(t.database, `settle:${early.id}:0`)).toEqual([
      {
        user_id: m.user.id,
        currency: 'gold',
        amount: 616,
        reason: 'bet_prize',
        ref_type: 'bet',
        ref_id: red.id,
      },
      {
        user_id: m.user.id,
        currency: 'gold',
        amount: -61,
        reason: 'bet_charge',
        ref_type: 'bet',
        ref_id: red.id,
      },
      { user_id: null, currency: 'gold', amount: 61, reason: 'bet_charge', ref_type: 'bet', ref_id: red.id },
    ]);
    // The first win also earns the "lucky" achievement's first tier.
    expect(await t.goldOf(m)).toBe(before + 555 + (await achievementGold(m.user.id)));

    const all = await myBets(m);
    expect(all.total).toBe(3);
    expect(all.list.map((x) => [x.id, x.status])).toEqual([
      [later.id, 'waiting'],
      [blue.id, 'lost'],
      [red.id, 'won'],
    ]);
    expect(all.list[2]).toMatchObject({
      winner: 'Red Team',
      prize: 555,
      charge: 61,
      settled_at: t.clock.now,
    });
    expect(all.list[1]).toMatchObject({ winner: 'Red Team', prize: 0, charge: 0, settled_at: t.clock.now });
    expect(await ids('won')).toEqual([red.id]);
    expect(await ids('lost')).toEqual([blue.id]);
    expect(await ids('in_game')).toEqual([]);
    expect((await myBets(m, 'won')).total).toBe(1);

    const first = await myBets(m, 'all', { num: 2 });
    expect(first.list.map((x) => x.id)).toEqual([later.id, blue.id]);
    const second = await myBets(m, 'all', { num: 2, cursor: first.cursor });
    expect(second).toMatchObject({ list: [{ id: red.id }], cursor: null, total: 3 });
    const byGet = await call(t.app, b.betList, { filter: 'won' }, { token: m.token, method: 'GET' });
    expect((byGet.body.data as Page<Bet>).list.map((x) => x.id)).toEqual([red.id]);
    await assertLedgerBalanced(t.database);
  });

  it('shows each member only their own bets and needs a token', async () => {
    const m = await bettor();
    const other = await bettor();
    const event = await newEvent();
    await placed(other, event, 0, 10);
    expect(await myBets(m)).toEqual({ list: [], total: 0, cursor: null });
    expect((await call(t.app, b.betList, {})).body.code).toBe(MainCode.Expired);
    const bad = await call(t.app, b.betList, { filter: 'pending' }, { token: m.token });
    expect(bad.body.code).toBe(MainCode.Fail);
  });
});

describe('settlement', () => {
  async function finishedEvent() {
    const event = await newEvent({ closeIn: 10 * 60_000, startIn: 20 * 60_000 });
    const a = await bettor(1000);
    const c = await bettor(1000);
    const bets = {
      a: await placed(a, event, 0, 200),
      c: await placed(c, event, 1, 300),
      c2: await placed(c, event, 0, 5),
    };
    t.clock.advance(30 * 60_000);
    return { event, a, c, bets };
  }

  it('pays once however often it is asked, even twice at the same moment', async () => {
    const { event, a } = await finishedEvent();
    const goldBefore = await t.goldOf(a);
    const [one, two] = await Promise.all([
      t.services.bets.settle(event.id, String(event.options[0]!.id)),
      t.services.bets.settle(event.id, 'Red Team'),
    ]);
    expect([one.applied, two.applied].sort()).toEqual([false, true]);
    const again = await t.services.bets.settle(event.id, 'Red Team');
    expect(again).toMatchObject({ applied: false, winner: 'Red Team' });
    await expect(t.services.bets.settle(event.id, 'Blue Team')).rejects.toThrow(
      /already settled with "Red Team"/,
    );

    const operations = await t.database.db
      .selectFrom('ledger_operations')
      .select('key')
      .where('key', 'like', `settle:${event.id}:%`)
      .execute();
    expect(operations).toEqual([{ key: `settle:${event.id}:0` }]);
    // 200 × 1.85 = 370, less 37.
    expect(await t.goldOf(a)).toBe(goldBefore + 333 + (await achievementGold(a.user.id)));
    await assertLedgerBalanced(t.database);
  });

  it('is undone exactly by a reversal, and can then be settled again', async () => {
    const { event, a, c, bets } = await finishedEvent();
    const before = { a: await t.goldOf(a), c: await t.goldOf(c) };
    await t.services.bets.settle(event.id, 'Red Team');
    const done = await t.services.bets.reverse(event.id);
    expect(done).toMatchObject({ operationKey: `reverse:${event.id}:0`, bets: 3 });
    // Achievement gold earned by the win stays: it is a reward, not the prize.
    expect(await t.goldOf(a)).toBe(before.a + (await achievementGold(a.user.id)));
    expect(await t.goldOf(c)).toBe(before.c + (await achievementGold(c.user.id)));
    const reversal = await legsOf(t.database, `reverse:${event.id}:0`);
    const settlement = await legsOf(t.database, `settle:${event.id}:0`);
    expect(reversal).toHaveLength(settlement.length);
    expect(reversal.reduce((s, l) => s + l.amount, 0)).toBe(-settlement.reduce((s, l) => s + l.amount, 0));
    expect(reversal.every((l) => l.reason === 'reversal')).toBe(true);

    const mine = await myBets(c);
    expect(
      mine.list.filter((x) => x.event.id === event.id).map((x) => [x.id, x.status, x.settled_at]),
    ).toEqual([
      [bets.c2.id, 'in_game', null],
      [bets.c.id, 'in_game', null],
    ]);
    const [eventNow] = (await t.services.bets.recentEvents(50)).filter((e) => e.id === event.id);
    expect(eventNow).toMatchObject({ state: 'in_game', winner_option_id: null });

    await expect(t.services.bets.reverse(event.id)).rejects.toThrow(/not settled/);
    const resettled = await t.services.bets.settle(event.id, 'Blue Team');
    expect(resettled).toMatchObject({ applied: true, operationKey: `settle:${event.id}:1`, winners: 1 });
    expect((await myBets(c, 'won')).list.map((x) => x.id)).toContain(bets.c.id);
    expect((await myBets(a, 'lost')).list.map((x) => x.id)).toContain(bets.a.id);
    await assertLedgerBalanced(t.database);
  });

  it('refuses a reversal when a winner has spent the prize, naming them and changing nothing', async () => {
    const { event, a } = await finishedEvent();
    await t.services.bets.settle(event.id, 'Red Team');
    const spend = await newEvent();
    await placed(a, spend, 0, await t.goldOf(a));
    const gold = { a: await t.goldOf(a) };
    const failure = t.services.bets.reverse(event.id);
    await expect(failure).rejects.toBeInstanceOf(BetOperatorError);
    await expect(failure).rejects.toThrow(new RegExp(`member ${a.user.username} \\(id ${a.user.id}`));
    expect(await t.goldOf(a)).toBe(gold.a);
    const reversal = await t.database.db
      .selectFrom('ledger_operations')
      .select('key')
      .where('key', '=', `reverse:${event.id}:0`)
      .execute();
    expect(reversal).toEqual([]);
    expect((await myBets(a, 'won')).list.map((x) => x.event.id)).toContain(event.id);
    await assertLedgerBalanced(t.database);
  });

  it('refunds every stake when an event is cancelled, once', async () => {
    const event = await newEvent();
    const a = await bettor(1000);
    const c = await bettor(1000);
    await placed(a, event, 0, 250);
    await placed(c, event, 1, 40);
    await placed(c, event, 0, 60);
    const done = await t.services.bets.cancel(event.id);
    expect(done).toEqual({ applied: true, eventId: event.id, refunded: 3, gold: 350 });
    expect(await t.goldOf(a)).toBe(1000);
    expect(await t.goldOf(c)).toBe(1000);
    expect((await myBets(c)).list.filter((x) => x.event.id === event.id).map((x) => x.status)).toEqual([
      'refunded',
      'refunded',
    ]);
    expect(await t.services.bets.cancel(event.id)).toMatchObject({ applied: false });
    expect(await t.goldOf(c)).toBe(1000);
    await expect(t.services.bets.settle(event.id, 'Red Team')).rejects.toThrow(/cancelled/);
    await expect(t.services.bets.reverse(event.id)).rejects.toThrow(/cancelled/);
    await assertLedgerBalanced(t.database);
  });

  it('refuses to settle before betting closes, unknown events and sides, and cancelling a settled event', async () => {
    const event = await newEvent();
    await expect(t.services.bets.settle(event.id, 'Red Team')).rejects.toThrow(/open until/);
    await expect(t.services.bets.settle(999_999, 'Red Team')).rejects.toThrow(/no bet event 999999/);
    await expect(t.services.bets.settle(event.id, 'Green Team')).rejects.toThrow(/no side "Green Team"/);
    t.clock.advance(HOUR);
    await t.services.bets.settle(event.id, 'Blue Team');
    await expect(t.services.bets.cancel(event.id)).rejects.toThrow(/reverse the settlement first/);
    await expect(t.services.bets.cancel(999_999)).rejects.toThrow(/no bet event/);
  });

  it('pays a winner with no charge when 10% of the prize rounds down to nothing', async () => {
    const event = await newEvent({ closeIn: 60_000, startIn: 60_000 });
    const m = await bettor(100);
    const bet = await placed(m, event, 0, 5);
    expect(bet).toMatchObject({ prize: 9, charge: 0 });
    t.clock.advance(60_000);
    await t.services.bets.settle(event.id, 'Red Team');
    expect(await legsOf(t.database, `settle:${event.id}:0`)).toEqual([
      {
        user_id: m.user.id,
        currency: 'gold',
        amount: 9,
        reason: 'bet_prize',
        ref_type: 'bet',
        ref_id: bet.id,
      },
    ]);
  });
});

describe('bet events', () => {
  it('checks what an operator creates', async () => {
    const now = t.clock.now;
    const make = (patch: Record<string, unknown>) =>
      t.services.bets.createEvent({
        title: 'Quarter-final',
        options: [
          { label: 'Left', odds: 1.5 },
          { label: 'Right', odds: 2.5 },
        ],
        closeAt: now + HOUR,
        startAt: now + HOUR,
        ...patch,
      });
    const sides = (...odds: number[]) => odds.map((o, i) => ({ label: `Side ${i}`, odds: o }));
    await expect(make({ title: '  ' })).rejects.toThrow(/needs a title/);
    await expect(make({ options: sides(1.5) })).rejects.toThrow(/2 to 4 sides/);
    await expect(make({ options: sides(1.5, 2, 3, 4, 5) })).rejects.toThrow(/2 to 4 sides/);
    await expect(make({ options: sides(1.5, 1) })).rejects.toThrow(/between 1.01 and 100/);
    await expect(make({ options: sides(1.5, 100.01) })).rejects.toThrow(/between 1.01 and 100/);
    await expect(make({ options: sides(1.5, 1.855) })).rejects.toThrow(/two places/);
    await expect(make({ options: sides(1.5, Number.NaN) })).rejects.toThrow(/odds/);
    await expect(
      make({
        options: [
          { label: 'Same', odds: 2 },
          { label: 'same', odds: 3 },
        ],
      }),
    ).rejects.toThrow(/two sides are named/);
    await expect(make({ closeAt: now })).rejects.toThrow(/close in the future/);
    await expect(make({ startAt: now + HOUR - 1 })).rejects.toThrow(/no later than the match starts/);
    const event = await make({ options: sides(1.01, 100, 2.1) });
    expect(event).toMatchObject({
      state: 'open',
      bet_count: 0,
      winner_option_id: null,
      options: [{ odds: 1.01 }, { odds: 100 }, { odds: 2.1 }],
    });
    const stored = await t.database.db
      .selectFrom('bet_options')
      .select('odds_x100')
      .where('event_id', '=', event.id)
      .orderBy('position')
      .execute();
    expect(stored.map((o) => o.odds_x100)).toEqual([101, 10_000, 210]);
  });
});

describe('bet/events', () => {
  // Its own database: the order is checked over every event there is.
  const e = economyTestApp();

  it('lists events open for betting soonest closing first, then the others most recently closed first', async () => {
    const T = e.clock.now;
    const M = 60_000;
    const create = (title: string, closeIn: number, startIn: number) =>
      e.services.bets.createEvent({
        title,
        options: [
          { label: 'Home', odds: 1.9 },
          { label: 'Away', odds: 1.9 },
        ],
        closeAt: T + closeIn,
        startAt: T + startIn,
      });
    const a = await create('A', 3 * HOUR, 4 * HOUR);
    const bEvent = await create('B', HOUR, 2 * HOUR);
    const c = await create('C', 30 * M, 5 * HOUR);
    const d = await create('D', 10 * M, 20 * M);
    const s = await create('E', 15 * M, 20 * M);
    const f = await create('F', 5 * HOUR, 6 * HOUR);
    const old = async (title: string, status: 'open' | 'settled') => {
      const row = await e.database.db
        .insertInto('bet_events')
        .values({
          title,
          close_at: T - 20 * 24 * HOUR,
          start_at: T - 20 * 24 * HOUR,
          status,
          created_at: T - 21 * 24 * HOUR,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    const oldOpen = await old('Old, still unsettled', 'open');
    await old('Old and settled', 'settled');

    const m = await e.member({ level: 30, gold: 100 });
    for (const side of [0, 1]) {
      const { body } = await call(
        e.app,
        b.newBet,
        { event_id: bEvent.id, option: bEvent.options[side]!.id, amount: 10, request_id: requestId() },
        { token: m.token },
      );
      expect(body.code).toBe(1);
    }
    await e.services.bets.cancel(f.id);
    e.clock.advance(45 * M);
    await e.services.bets.settle(s.id, 'Home');

    const page = async (payload: Record<string, unknown>) => {
      const { body } = await call(e.app, b.betEvents, payload);
      expect(body.code).toBe(1);
      return body.data as Page<BetEvent>;
    };
    const one = await page({ num: 3 });
    expect(one.total).toBe(7);
    expect(one.list.map((x) => [x.title, x.state])).toEqual([
      ['B', 'open'],
      ['A', 'open'],
      ['F', 'cancelled'],
    ]);
    expect(one.list[0]).toMatchObject({ id: bEvent.id, bet_count: 2, description: '' });
    expect(one.list[0]!.options.map((o) => o.label)).toEqual(['Home', 'Away']);
    const two = await page({ num: 3, cursor: one.cursor });
    expect(two.list.map((x) => [x.id, x.state])).toEqual([
      [c.id, 'closed'],
      [s.id, 'settled'],
      [d.id, 'in_game'],
    ]);
    expect(two.list[1]!.winner_option_id).toBe(s.options[0]!.id);
    const three = await page({ num: 3, cursor: two.cursor });
    expect(three).toMatchObject({ list: [{ id: oldOpen, state: 'in_game', options: [] }], cursor: null });
    expect((await page({ num: 3, page: 2 })).list.map((x) => x.id)).toEqual([c.id, s.id, d.id]);
    const byGet = await call(e.app, b.betEvents, { num: '2' }, { method: 'GET', token: m.token });
    expect((byGet.body.data as Page<BetEvent>).list.map((x) => x.id)).toEqual([bEvent.id, a.id]);
    const forged = await call(e.app, b.betEvents, { cursor: 'bm90IGEgY3Vyc29y' });
    expect(forged.body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.invalid_payload'),
      data: null,
      reason: 'errors.invalid_payload',
    });
  });
});
