import {
  CHECKIN_GOLD,
  EXPERIENCE_RULES,
  endpoints,
  MainCode,
  ONLINE_BEAT_MAX_SECONDS,
  type Reward,
  TaskProgress,
} from '@pixelhall/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkinGold } from '../src/features/progression/service';
import { translator } from '../src/i18n';
import { DAY_MS, dayOf, nextMidnight } from '../src/shared/days';
import { call } from './helper';
import { makeTourist, setLevel } from './support/community';
import { assertLedgerBalanced, economyTestApp, legsOf } from './support/economy';
import { publish, rewardRows, standing, taskOf } from './support/progression';
import type { Caller } from './support/social';

const k = endpoints.tasks;
const en = translator('en-US');

const t = economyTestApp();
// Each test starts at noon of a fresh UTC day, so the day's caps and check-ins are its own.
beforeEach(() => {
  t.clock.advance(nextMidnight(t.clock.now) + DAY_MS / 2 - t.clock.now);
});

const { ok } = t;

type StartUp = {
  first_today: boolean;
  streak: number;
  added: { gold: number; diamonds: number; experience: number };
};
const startUp = (who: Caller) => ok<StartUp>(k.startUp, { type: 1, authLogin: true }, who);
const beat = async (who: Caller, seconds: number) =>
  (await ok<{ today_seconds: number }>(k.onlineDuration, { seconds }, who)).data.today_seconds;

describe('start/up', () => {
  it("checks the member in on the day's first start-up only, with gold, experience and the login task", async () => {
    const member = await t.make.member();
    const first = await startUp(member);
    expect(first).toEqual({
      code: 1,
      msg: en('economy.checked_in', { gold: CHECKIN_GOLD }),
      data: {
        first_today: true,
        streak: 1,
        added: { gold: CHECKIN_GOLD, diamonds: 0, experience: EXPERIENCE_RULES.daily_login.points },
      },
    });
    const later = await startUp(member);
    expect(later).toEqual({
      code: 1,
      msg: 'OK',
      data: { first_today: false, streak: 1, added: { gold: 0, diamonds: 0, experience: 0 } },
    });
    expect(await standing(t.database, member.user.id)).toMatchObject({
      gold: CHECKIN_GOLD,
      experience: EXPERIENCE_RULES.daily_login.points,
      checkin_days: 1,
      checkin_streak: 1,
    });
    const key = `checkin:${member.user.id}:${dayOf(t.clock.now)}`;
    expect(await legsOf(t.database, key)).toEqual([
      expect.objectContaining({ currency: 'gold', amount: CHECKIN_GOLD, reason: 'checkin_reward' }),
    ]);
    expect(await taskOf(t, member, 'daily_login')).toMatchObject({ count: 1, state: 'claimable' });
    await assertLedgerBalanced(t.database);

    const other = await t.make.member();
    const { body } = await call(t.app, k.startUp, { type: 1 }, { token: other.token, locale: 'pt-PT' });
    expect(body.msg).toBe(translator('pt-PT')('economy.checked_in', { gold: CHECKIN_GOLD }));
    expect(body.msg).not.toBe(en('economy.checked_in', { gold: CHECKIN_GOLD }));
  });

  it('grows the streak on consecutive days and starts it over after a missed day', async () => {
    const member = await t.make.member();
    expect((await startUp(member)).data.streak).toBe(1);
    t.clock.advance(DAY_MS);
    const second = await startUp(member);
    expect(second.data).toMatchObject({ first_today: true, streak: 2, added: { gold: checkinGold(2) } });
    expect(checkinGold(2)).toBe(CHECKIN_GOLD + 1);
    expect(second.msg).toBe(en('economy.checked_in', { gold: checkinGold(2) }));
    t.clock.advance(2 * DAY_MS);
    expect((await startUp(member)).data).toMatchObject({ streak: 1, added: { gold: CHECKIN_GOLD } });
    expect(await standing(t.database, member.user.id)).toMatchObject({ checkin_days: 3, checkin_streak: 1 });
    expect(checkinGold(100)).toBe(checkinGold(8));
  });

  it('checks in once when 50 start-ups arrive at once', async () => {
    const member = await t.make.member();
    const bodies = await t.race(k.startUp, { type: 1, authLogin: true }, member);
    const data = bodies.map(({ body }) => {
      expect(body.code).toBe(1);
      return body.data as StartUp;
    });
    expect(data.filter((d) => d.first_today)).toHaveLength(1);
    expect(await t.balances(member)).toEqual({ gold: CHECKIN_GOLD, diamonds: 0 });
    expect(await standing(t.database, member.user.id)).toMatchObject({ checkin_days: 1 });
    expect(await rewardRows(t.database, member.user.id)).toHaveLength(1);
    await assertLedgerBalanced(t.database);
  });

  it('answers visitors without paying them, and refuses bad payloads and callers without a token', async () => {
    const visitor = await t.make.member();
    await makeTourist(t, visitor.user.id);
    expect((await startUp(visitor)).data).toEqual({
      first_today: false,
      streak: 0,
      added: { gold: 0, diamonds: 0, experience: 0 },
    });
    expect(await t.balances(visitor)).toEqual({ gold: 0, diamonds: 0 });
    const member = await t.make.member();
    const bad = await call(t.app, k.startUp, { type: 2 }, { token: member.token });
    expect(bad.body).toMatchObject({ code: MainCode.Fail, data: null });
    expect((await call(t.app, k.startUp, { type: 1 })).body.code).toBe(MainCode.Expired);
  });
});

describe('online/duration', () => {
  it('credits no more than the time between beats, however fast they come', async () => {
    const member = await t.make.member();
    expect(await beat(member, 60)).toBe(60);
    for (let i = 0; i < 10; i += 1) expect(await beat(member, ONLINE_BEAT_MAX_SECONDS)).toBe(60);
    t.clock.advance(30_000);
    expect(await beat(member, ONLINE_BEAT_MAX_SECONDS)).toBe(90);
    t.clock.advance(10 * 60_000);
    // After a long gap, only what the app reports (at most a beat's worth) counts.
    expect(await beat(member, 45)).toBe(135);
    const concurrent = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, k.onlineDuration, { seconds: 120 }, { token: member.token }),
      ),
    );
    expect(concurrent.every(({ body }) => body.code === 1)).toBe(true);
    expect(await beat(member, 1)).toBe(135);
  });

  it('earns online experience per 5 minutes up to the daily cap, and advances the online task in minutes', async () => {
    const member = await t.make.member();
    await beat(member, 60);
    for (let i = 0; i < 2; i += 1) {
      t.clock.advance(60_000);
      await beat(member, 60);
    }
    expect(await taskOf(t, member, 'daily_online')).toMatchObject({
      count: 3,
      progress: TaskProgress.progress,
    });
    expect((await standing(t.database, member.user.id)).experience).toBe(0);
    for (let i = 0; i < 2; i += 1) {
      t.clock.advance(60_000);
      await beat(member, 60);
    }
    expect((await standing(t.database, member.user.id)).experience).toBe(EXPERIENCE_RULES.online.points);
    // Two hours of beats: 24 blocks of 5 minutes, but a day's online experience stops at the cap.
    for (let i = 0; i < 60; i += 1) {
      t.clock.advance(120_000);
      await beat(member, 120);
    }
    expect((await standing(t.database, member.user.id)).experience).toBe(EXPERIENCE_RULES.online.daily_cap);
    expect(await taskOf(t, member, 'daily_online')).toMatchObject({ count: 10, state: 'claimable' });
  });

  it('shows the online task paused when the app stopped beating', async () => {
    const member = await t.make.member();
    await beat(member, 120);
    expect(await taskOf(t, member, 'daily_online')).toMatchObject({
      count: 2,
      progress: TaskProgress.progress,
    });
    t.clock.advance(3 * 60_000);
    expect(await taskOf(t, member, 'daily_online')).toMatchObject({
      count: 2,
      progress: TaskProgress.paused,
    });
    await beat(member, 60);
    expect(await taskOf(t, member, 'daily_online')).toMatchObject({
      count: 3,
      progress: TaskProgress.progress,
    });
  });

  it('refuses bad seconds and callers without a token', async () => {
    const member = await t.make.member();
    for (const seconds of [0, ONLINE_BEAT_MAX_SECONDS + 1, 'a minute']) {
      const { body } = await call(t.app, k.onlineDuration, { seconds }, { token: member.token });
      expect(body).toMatchObject({ code: MainCode.Fail, data: null });
    }
    expect((await call(t.app, k.onlineDuration, { seconds: 60 })).body.code).toBe(MainCode.Expired);
    // A visitor's time is counted, but earns nothing until they are a member.
    const visitor = await t.make.member();
    await makeTourist(t, visitor.user.id);
    expect(await beat(visitor, 120)).toBe(120);
    expect(await taskOf(t, visitor, 'daily_online')).toMatchObject({ count: 0 });
  });
});

describe('user/reward', () => {
  it("lists what the member earned, newest first, in the caller's language", async () => {
    const member = await t.make.member();
    await startUp(member);
    await publish(t, member);
    const task = await taskOf(t, member, 'daily_post');
    t.clock.advance(1000);
    await ok(k.taskReward, { task_id: task.id }, member);
    await setLevel(t.database, member.user.id, 2);
    t.clock.advance(1000);
    await ok(endpoints.levels.levelReward, { level: 2 }, member);

    const ja = translator('ja-JP');
    const { body } = await call(t.app, k.userReward, {}, { token: member.token, locale: 'ja-JP' });
    const data = body.data as { list: Reward[]; total: number; cursor: string | null };
    expect(data.total).toBe(4);
    expect(data.list.map((r) => [r.source, r.title])).toEqual([
      ['level', ja('rewards.level', { level: 2 })],
      ['task', ja('tasks.daily_post')],
      // The first post earned the writer achievement's first tier.
      ['achievement', ja('rewards.achievement', { name: ja('achievements.writer.name'), tier: 1 })],
      ['checkin', ja('rewards.checkin')],
    ]);
    expect(data.list[1]).toMatchObject({ gold: 20, diamonds: 0, experience: 10 });

    const page1 = await ok<{ list: Reward[]; cursor: string | null }>(k.userReward, { num: 3 }, member);
    expect(page1.data.list).toHaveLength(3);
    expect(page1.data.cursor).not.toBeNull();
    const page2 = await ok<{ list: Reward[]; cursor: string | null }>(
      k.userReward,
      { num: 3, cursor: page1.data.cursor },
      member,
    );
    expect(page2.data.list.map((r) => r.source)).toEqual(['checkin']);
    expect(page2.data.cursor).toBeNull();
    expect((await call(t.app, k.userReward, {})).body.code).toBe(MainCode.Expired);
    const bad = await call(t.app, k.userReward, { num: 0 }, { token: member.token });
    expect(bad.body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.invalid_field', { field: 'num' }),
      data: null,
      reason: 'errors.invalid_field',
    });
  });
});
