import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BET_SERVICE_CHARGE,
  type Bet,
  betPayout,
  endpoints,
  experienceForLevel,
  LEVEL_BET,
  type LevelInfo,
  levelForExperience,
  MainCode,
  PAID_POST_PLATFORM_SHARE,
  type Wallet,
} from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { eventState } from '../src/features/bets/present';
import { levelReward } from '../src/features/levels/table';
import { checkinGold } from '../src/features/progression/service';
import { createFileStore } from '../src/features/uploads/storage';
import { SEEDERS, seedDemoWorld } from '../src/seed';
import { MEMBERS } from '../src/seed/community/members';
import { DEMO_MEMBERS } from '../src/seed/demo-members';
import { BET_EVENTS, MEMBER_ECONOMY } from '../src/seed/economy/plan';
import { buildTestApp, call, createTestDatabase, TEST_ORIGIN, type TestApp } from './helper';
import { legsOf } from './support/economy';

const DAY = 86_400_000;

let t: TestApp;
let db: Kysely<DB>;
let uploadDir: string;
let firstRun: string[];

const num = (v: unknown) => Number(v ?? 0);

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database.db;
  uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-seed-economy-'));
  firstRun = await seedDemoWorld(t.database, { files: createFileStore(uploadDir), clock: () => t.clock.now });
}, 60_000);

afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

async function memberId(username: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('the demo economy seed', () => {
  it('runs once, after the catalog it buys from', async () => {
    const names = SEEDERS.map((s) => s.name);
    expect(names.indexOf('demo-economy')).toBeGreaterThan(names.indexOf('economy-catalog'));
    expect(names.indexOf('demo-economy')).toBeGreaterThan(names.indexOf('demo-community'));
    expect(firstRun).toContain('demo-economy');
    const before = await db
      .selectFrom('ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(
      await seedDemoWorld(t.database, { files: createFileStore(uploadDir), clock: () => t.clock.now + DAY }),
    ).toEqual([]);
    const after = await db
      .selectFrom('ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(num(after.n)).toBe(num(before.n));
  });

  it('keeps every balance equal to the sum of its ledger rows, and never below zero on the way', async () => {
    const users = await db.selectFrom('users').select(['id', 'username', 'gold', 'diamonds']).execute();
    const rows = await db
      .selectFrom('ledger')
      .select(['user_id', 'currency', 'amount', 'balance_after'])
      .where('user_id', 'is not', null)
      .orderBy('id')
      .execute();
    expect(rows.length).toBeGreaterThan(300);
    // Replaying the ledger in order gives each row's balance after it, and ends at the balance.
    const running = new Map<string, number>();
    for (const r of rows) {
      const key = `${r.user_id}:${r.currency}`;
      const balance = (running.get(key) ?? 0) + num(r.amount);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(num(r.balance_after)).toBe(balance);
      running.set(key, balance);
    }
    for (const u of users) {
      expect({ [u.username]: [num(u.gold), num(u.diamonds)] }).toEqual({
        [u.username]: [running.get(`${u.id}:gold`) ?? 0, running.get(`${u.id}:diamonds`) ?? 0],
      });
    }
    // Every operation holds legs, dated when it happened, and the history is in time order.
    const ops = await db
      .selectFrom('ledger_operations')
      .leftJoin('ledger', 'ledger.operation_key', 'ledger_operations.key')
      .select([
        'ledger_operations.key',
        'ledger_operations.created_at as op_at',
        'ledger.created_at as leg_at',
      ])
      .execute();
    for (const o of ops) {
      expect(o.leg_at, o.key).not.toBeNull();
      expect(num(o.leg_at)).toBe(num(o.op_at));
      expect(num(o.op_at)).toBeLessThanOrEqual(t.clock.now);
    }
    const times = (await db.selectFrom('ledger').select('created_at').orderBy('id').execute()).map((r) =>
      num(r.created_at),
    );
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('ends every member at the balance the plan gives, from an opening grant of their own', async () => {
    for (const [username, plan] of Object.entries(MEMBER_ECONOMY)) {
      const u = await db
        .selectFrom('users')
        .select(['id', 'gold', 'diamonds'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      expect({ [username]: [num(u.gold), num(u.diamonds)] }).toEqual({
        [username]: [plan.gold, plan.diamonds],
      });
      const grant = await legsOf(t.database, `grant:${u.id}:seed`);
      expect(grant.length).toBeGreaterThan(0);
      for (const leg of grant) expect(leg).toMatchObject({ user_id: Number(u.id), reason: 'grant' });
      expect(grant.every((leg) => leg.amount > 0)).toBe(true);
    }
    // bitbruno cannot afford the cheapest paid post: the demo shows "Not enough coins".
    const cheapest = await db
      .selectFrom('posts')
      .select((eb) => eb.fn.min<number>('price').as('price'))
      .where('price', '>', 0)
      .executeTakeFirstOrThrow();
    expect(MEMBER_ECONOMY.bitbruno!.gold).toBeLessThan(num(cheapest.price));
    expect(MEMBER_ECONOMY.pixelpat!.gold).toBeGreaterThan(1000);
  });

  it('leaves pixelpat a paid post by another member to unlock, which he can afford', async () => {
    const pat = await memberId('pixelpat');
    const left = await db
      .selectFrom('posts')
      .select(['id', 'price'])
      .where('price', '>', 0)
      .where('user_id', '!=', pat)
      .where('id', 'not in', db.selectFrom('post_unlocks').select('post_id').where('user_id', '=', pat))
      .execute();
    expect(left.length).toBeGreaterThan(0);
    const { gold } = await db
      .selectFrom('users')
      .select('gold')
      .where('id', '=', pat)
      .executeTakeFirstOrThrow();
    expect(left.some((post) => num(post.price) <= num(gold))).toBe(true);
  });

  it('puts every demo member’s experience inside their level, which stays as it was', async () => {
    const levels = new Map([...DEMO_MEMBERS, ...MEMBERS].map((m) => [m.username, m.level]));
    const users = await db
      .selectFrom('users')
      .select(['username', 'level', 'experience'])
      .where('username', 'in', Object.keys(MEMBER_ECONOMY))
      .execute();
    expect(users).toHaveLength(Object.keys(MEMBER_ECONOMY).length);
    for (const u of users) {
      const experience = num(u.experience);
      expect({ [u.username]: u.level }).toEqual({ [u.username]: levels.get(u.username) });
      expect({ [u.username]: levelForExperience(experience) }).toEqual({ [u.username]: u.level });
      expect(Math.max(u.level, levelForExperience(experience))).toBe(u.level);
      expect(experience).toBeGreaterThan(experienceForLevel(u.level));
    }
  });

  it('pays for every unlock as pay/link does, and every commenter on a paid post has unlocked it', async () => {
    const unlocks = await db
      .selectFrom('post_unlocks')
      .innerJoin('posts', 'posts.id', 'post_unlocks.post_id')
      .select([
        'post_unlocks.post_id',
        'post_unlocks.user_id',
        'post_unlocks.created_at',
        'posts.user_id as author',
        'posts.price',
      ])
      .execute();
    expect(unlocks.length).toBeGreaterThanOrEqual(6);
    for (const u of unlocks) {
      const price = num(u.price);
      const share = Math.floor(price * PAID_POST_PLATFORM_SHARE);
      const ref = { ref_type: 'post', ref_id: num(u.post_id), currency: 'gold' };
      expect(await legsOf(t.database, `unlock:${u.post_id}:${u.user_id}`)).toEqual([
        { ...ref, user_id: num(u.user_id), amount: -price, reason: 'post_unlock' },
        { ...ref, user_id: num(u.author), amount: price - share, reason: 'post_sale' },
        { ...ref, user_id: null, amount: share, reason: 'platform_share' },
      ]);
    }
    const ops = await db
      .selectFrom('ledger_operations')
      .select('key')
      .where('kind', '=', 'post_unlock')
      .execute();
    expect(ops).toHaveLength(unlocks.length);

    const commenters = await db
      .selectFrom('comments')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .select(['comments.post_id', 'comments.user_id', 'comments.created_at'])
      .where('posts.price', '>', 0)
      .whereRef('comments.user_id', '!=', 'posts.user_id')
      .execute();
    expect(commenters.length).toBeGreaterThan(0);
    for (const c of commenters) {
      const unlock = unlocks.find(
        (u) => num(u.post_id) === num(c.post_id) && num(u.user_id) === num(c.user_id),
      );
      expect(unlock).toBeDefined();
      expect(num(unlock!.created_at)).toBeLessThan(num(c.created_at));
    }
  });

  it('has bet events open, in game and settled, with prizes as betPayout pays them', async () => {
    const now = t.clock.now;
    const events = await db.selectFrom('bet_events').selectAll().orderBy('id').execute();
    expect(events).toHaveLength(BET_EVENTS.length);
    const states = events.map((e) =>
      eventState({ ...e, close_at: num(e.close_at), start_at: num(e.start_at) }, now),
    );
    expect(states).toEqual(expect.arrayContaining(['open', 'in_game', 'settled']));
    const open = events.find((e) => eventState(e, now) === 'open')!;
    expect(num(open.close_at) - now).toBeGreaterThan(DAY);
    expect(num(open.close_at) - now).toBeLessThan(3 * DAY);
    const odds = await db.selectFrom('bet_options').select(['event_id', 'odds_x100']).execute();
    expect(odds.map((o) => o.odds_x100)).toEqual(expect.arrayContaining([185, 210]));

    const bets = await db
      .selectFrom('bets')
      .innerJoin('users', 'users.id', 'bets.user_id')
      .innerJoin('bet_events', 'bet_events.id', 'bets.event_id')
      .selectAll('bets')
      .select([
        'users.level',
        'bet_events.status',
        'bet_events.winner_option_id',
        'bet_events.close_at',
        'bet_events.settled_at as event_settled_at',
      ])
      .execute();
    expect(bets.length).toBeGreaterThanOrEqual(10);
    const results = new Set(bets.map((b) => b.result));
    expect([...results].sort()).toEqual(['lost', 'placed', 'won']);
    for (const b of bets) {
      expect(b.level).toBeGreaterThanOrEqual(LEVEL_BET);
      expect(num(b.created_at)).toBeLessThan(num(b.close_at));
      expect(b.operation_key).toMatch(new RegExp(`^bet:${b.user_id}:[A-Za-z0-9_-]{8,64}$`));
      const ref = { ref_type: 'bet', ref_id: num(b.id), currency: 'gold', user_id: num(b.user_id) };
      expect(await legsOf(t.database, b.operation_key)).toEqual([
        { ...ref, amount: -num(b.amount), reason: 'bet_stake' },
      ]);
      if (b.status !== 'settled') {
        expect([b.result, num(b.prize), b.settled_at]).toEqual(['placed', 0, null]);
        continue;
      }
      const settlement = await legsOf(t.database, `settle:${b.event_id}:0`);
      const mine = settlement.filter((l) => l.ref_id === num(b.id));
      expect(num(b.settled_at)).toBe(num(b.event_settled_at));
      if (num(b.option_id) !== num(b.winner_option_id)) {
        expect([b.result, num(b.prize), num(b.charge)]).toEqual(['lost', 0, 0]);
        expect(mine).toEqual([]);
        continue;
      }
      const payout = betPayout(num(b.amount), b.odds_x100, BET_SERVICE_CHARGE);
      expect([b.result, num(b.prize), num(b.charge)]).toEqual(['won', payout.prize, payout.charge]);
      const leg = { ref_type: 'bet', ref_id: num(b.id), currency: 'gold' };
      expect(mine).toEqual([
        { ...leg, user_id: num(b.user_id), amount: payout.gross, reason: 'bet_prize' },
        { ...leg, user_id: num(b.user_id), amount: -payout.charge, reason: 'bet_charge' },
        { ...leg, user_id: null, amount: payout.charge, reason: 'bet_charge' },
      ]);
    }
  });

  it('lists rewards whose ledger legs pay exactly them: level rewards, check-ins and tasks', async () => {
    const rewards = await db.selectFrom('rewards').selectAll().execute();
    for (const r of rewards) {
      const legs = await legsOf(t.database, r.operation_key);
      const sum = (currency: string) =>
        legs.filter((l) => l.currency === currency).reduce((s, l) => s + l.amount, 0);
      expect({ [r.operation_key]: [sum('gold'), sum('diamonds')] }).toEqual({
        [r.operation_key]: [num(r.gold), num(r.diamonds)],
      });
    }
    const sources = new Set(rewards.map((r) => r.source));
    expect([...sources].sort()).toEqual(['checkin', 'level', 'task']);

    const pixelpat = await memberId('pixelpat');
    const levels = rewards.filter((r) => num(r.user_id) === pixelpat && r.source === 'level');
    expect(levels.map((r) => num(r.source_id)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: MEMBER_ECONOMY.pixelpat!.claimedUpTo - 1 }, (_, i) => i + 2),
    );
    for (const r of levels)
      expect([num(r.gold), num(r.diamonds)]).toEqual(Object.values(levelReward(num(r.source_id))));

    // The run of check-ins ends yesterday, with the streak's growing gold, and matches the member's row.
    const user = await db
      .selectFrom('users')
      .select(['checkin_day', 'checkin_streak', 'checkin_days'])
      .where('id', '=', pixelpat)
      .executeTakeFirstOrThrow();
    const checkins = rewards
      .filter((r) => num(r.user_id) === pixelpat && r.source === 'checkin')
      .sort((a, b) => num(a.source_id) - num(b.source_id));
    const yesterday = Math.floor(t.clock.now / DAY) - 1;
    expect(user).toEqual({
      checkin_day: yesterday,
      checkin_streak: checkins.length,
      checkin_days: checkins.length,
    });
    expect(checkins.map((r) => num(r.source_id))).toEqual(
      checkins.map((_, i) => yesterday - checkins.length + 1 + i),
    );
    expect(checkins.map((r) => num(r.gold))).toEqual(checkins.map((_, i) => checkinGold(i + 1)));

    // A claimed task is done and has its reward; a reward's task is claimed.
    const progress = await db
      .selectFrom('task_progress')
      .innerJoin('tasks', 'tasks.id', 'task_progress.task_id')
      .selectAll()
      .execute();
    const taskRewards = rewards.filter((r) => r.source === 'task');
    expect(taskRewards.length).toBeGreaterThan(10);
    for (const p of progress) {
      expect(p.progress).toBeLessThanOrEqual(p.target);
      const reward = taskRewards.find(
        (r) => r.operation_key === `task:${p.user_id}:${p.task_id}:${p.period}`,
      );
      expect(reward !== undefined).toBe(p.claimed_at !== null);
      if (p.claimed_at !== null) expect(p.progress).toBe(p.target);
    }
    expect(progress.filter((p) => p.claimed_at === null && p.progress === p.target).length).toBeGreaterThan(
      0,
    );
    expect(progress.filter((p) => p.claimed_at !== null).length).toBe(taskRewards.length);
  });

  it('puts bought props in bags, each lot paid for by its purchase', async () => {
    const lots = await db
      .selectFrom('user_props')
      .innerJoin('props', 'props.id', 'user_props.prop_id')
      .select([
        'user_props.user_id',
        'user_props.count',
        'user_props.expires_at',
        'user_props.acquired_at',
        'user_props.operation_key',
        'props.id as prop_id',
        'props.price',
        'props.currency',
        'props.shelf_days',
      ])
      .execute();
    expect(lots.length).toBeGreaterThanOrEqual(5);
    expect(new Set(lots.map((l) => l.currency))).toEqual(new Set(['gold', 'diamonds']));
    for (const lot of lots) {
      expect(lot.operation_key).toMatch(new RegExp(`^buy:${lot.user_id}:[A-Za-z0-9_-]{8,64}$`));
      expect(await legsOf(t.database, lot.operation_key)).toEqual([
        {
          user_id: num(lot.user_id),
          currency: lot.currency,
          amount: -num(lot.price) * lot.count,
          reason: 'prop_purchase',
          ref_type: 'prop',
          ref_id: num(lot.prop_id),
        },
      ]);
      expect(lot.expires_at === null ? null : num(lot.expires_at)).toBe(
        lot.shelf_days === null ? null : num(lot.acquired_at) + lot.shelf_days * DAY,
      );
    }
  });

  it('comes out the same whatever the hour it is seeded at (days start at UTC midnight)', async () => {
    const day = Math.floor(t.clock.now / DAY) * DAY;
    for (const now of [day + 60_000, day + DAY - 60_000]) {
      const other = await createTestDatabase();
      const otherUploads = mkdtempSync(path.join(tmpdir(), 'pixelhall-seed-economy-'));
      try {
        await seedDemoWorld(other.database, { files: createFileStore(otherUploads), clock: () => now });
        const users = await other.database.db
          .selectFrom('users')
          .select(['username', 'gold', 'diamonds'])
          .where('username', 'in', Object.keys(MEMBER_ECONOMY))
          .execute();
        for (const u of users) {
          const plan = MEMBER_ECONOMY[u.username]!;
          expect({ [u.username]: [num(u.gold), num(u.diamonds)] }).toEqual({
            [u.username]: [plan.gold, plan.diamonds],
          });
        }
        const negative = await other.database.db
          .selectFrom('ledger')
          .select('id')
          .where('balance_after', '<', 0)
          .execute();
        expect(negative).toEqual([]);
      } finally {
        await other.drop();
        rmSync(otherUploads, { recursive: true, force: true });
      }
    }
  }, 60_000);

  it('shows the app a living economy: wallet, history, level rewards, bets and "Not enough coins"', async () => {
    const session = async (username: string) =>
      (await t.services.sessions.create(await memberId(username), TEST_ORIGIN)).token;
    const pat = await session('pixelpat');
    const ok = async <T>(
      def: Parameters<typeof call>[1],
      payload: Record<string, unknown>,
      token: string,
    ) => {
      const { body } = await call(t.app, def, payload, { token });
      expect(body.code, body.msg).toBe(1);
      return body.data as T;
    };

    const wallet = await ok<Wallet>(endpoints.wallet.userWallet, {}, pat);
    expect([wallet.gold, wallet.diamonds]).toEqual([
      MEMBER_ECONOMY.pixelpat!.gold,
      MEMBER_ECONOMY.pixelpat!.diamonds,
    ]);
    const history = await ok<{ list: unknown[]; total: number }>(
      endpoints.wallet.walletHistory,
      { num: 20 },
      pat,
    );
    expect(history.list).toHaveLength(20);
    expect(history.total).toBeGreaterThan(40);

    const level = await ok<LevelInfo>(endpoints.levels.levelInfo, {}, pat);
    expect(level.level).toBe(31);
    expect(level.unclaimed_rewards).toBe(31 - MEMBER_ECONOMY.pixelpat!.claimedUpTo);

    for (const filter of ['all', 'waiting', 'in_game', 'won', 'lost'] as const) {
      const page = await ok<{ list: Bet[] }>(endpoints.bets.betList, { filter }, pat);
      expect({ [filter]: page.list.length > 0 }).toEqual({ [filter]: true });
    }

    const bruno = await session('bitbruno');
    const guide = await db
      .selectFrom('posts')
      .select('id')
      .where('price', '>', 0)
      .where('user_id', '=', await memberId('cartridgecarl'))
      .executeTakeFirstOrThrow();
    const { body } = await call(t.app, endpoints.posts.payLink, { id: Number(guide.id) }, { token: bruno });
    expect(body.code).toBe(MainCode.NotEnoughGold);
  });
});
