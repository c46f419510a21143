import {
  EXPERIENCE_RULES,
  endpoints,
  experienceForLevel,
  LEVEL_MAX,
  LEVEL_TOPIC_CREATE,
  type LevelInfo,
  type LevelRow,
  MainCode,
} from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { levelReward } from '../src/features/levels/table';
import { translator } from '../src/i18n';
import { call } from './helper';
import { insertCategory, makeTourist } from './support/community';
import { assertLedgerBalanced, economyTestApp, legsOf } from './support/economy';
import {
  type Claimed,
  giveExperience,
  like,
  operationCount,
  publish,
  rewardRows,
  standing,
} from './support/progression';
import type { Caller } from './support/social';

const l = endpoints.levels;
const en = translator('en-US');

const t = economyTestApp();
const { ok, refused } = t;

const info = async (who: Caller) => (await ok<LevelInfo>(l.levelInfo, {}, who)).data;
const table = async (who?: Caller) =>
  (await ok<{ list: LevelRow[]; grades: { name: string; min_level: number }[] }>(l.getLevels, {}, who)).data;
const experienceEvents = (userId: number) =>
  t.database.db
    .selectFrom('experience_events')
    .select(['key', 'amount'])
    .where('user_id', '=', userId)
    .execute();

describe('experience and levels', () => {
  it('rises a level on crossing a threshold and stops at the daily cap of a source', async () => {
    // A newcomer writes at most 3 posts an hour (docs/product/moderation.md#filters-and-new-member-limits).
    const writer = await t.make.member({ newcomer: true });
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(20 * 60_000);
      await publish(t, writer);
    }
    expect(await standing(t.database, writer.user.id)).toMatchObject({ experience: 40, level: 1 });
    t.clock.advance(20 * 60_000);
    await publish(t, writer);
    // 5 posts × 10 = 50: exactly level 2's threshold.
    expect(experienceForLevel(2)).toBe(50);
    expect(await standing(t.database, writer.user.id)).toMatchObject({ experience: 50, level: 2 });
    // The cap is 50 a day for posts: the sixth brings nothing but still spends its key.
    t.clock.advance(20 * 60_000);
    const sixth = await publish(t, writer);
    expect(await standing(t.database, writer.user.id)).toMatchObject({ experience: 50, level: 2 });
    expect((await experienceEvents(writer.user.id)).find((e) => e.key === `post:${sixth}`)?.amount).toBe(0);

    const data = await info(writer);
    expect(data).toEqual({
      level: 2,
      grade: 'novice',
      experience: 50,
      level_experience: 50,
      next_experience: experienceForLevel(3),
      today_experience: 50,
      unclaimed_rewards: 1,
    });
  });

  it('gives the author like experience once per liker and post, however often it is toggled', async () => {
    const author = await t.make.member();
    const fan = await t.make.member();
    const post = await publish(t, author);
    const before = (await standing(t.database, author.user.id)).experience;
    await like(t, fan, post);
    await like(t, fan, post);
    await like(t, fan, post);
    await like(t, fan, post, false);
    await like(t, fan, post, true);
    expect((await standing(t.database, author.user.id)).experience - before).toBe(
      EXPERIENCE_RULES.like_received.points,
    );
    // Liking your own post earns nothing.
    await like(t, author, post);
    expect((await standing(t.database, author.user.id)).experience - before).toBe(
      EXPERIENCE_RULES.like_received.points,
    );
    expect((await standing(t.database, fan.user.id)).experience).toBe(0);
  });

  it('never lowers a level that is above what the experience reaches', async () => {
    const veteran = await t.member({ level: 12 });
    await publish(t, veteran);
    expect(await standing(t.database, veteran.user.id)).toMatchObject({ level: 12, experience: 10 });
    const data = await info(veteran);
    expect(data).toMatchObject({ level: 12, grade: 'veteran', level_experience: experienceForLevel(12) });
  });

  it('opens the topic gate of level 5 to a member who climbs there through experience', async () => {
    const climber = await t.make.member();
    const category = await insertCategory(t.database);
    const payload = { category_id: category, name: `Climbers ${climber.user.id}`, description: 'Up we go' };
    const { body } = await call(t.app, endpoints.topics.addTopic, payload, { token: climber.token });
    expect(body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.level_required', { level: LEVEL_TOPIC_CREATE }),
      data: null,
      reason: 'errors.level_required',
    });

    const grant = await giveExperience(
      t.database,
      climber.user.id,
      experienceForLevel(5),
      'test:climb',
      t.clock.now,
    );
    expect(grant).toMatchObject({ level: 5, leveledUp: true });
    expect((await info(climber)).grade).toBe('player');
    await ok(endpoints.topics.addTopic, payload, climber);
  });

  it('answers the level for the caller only, with 10001 without a token', async () => {
    const { body } = await call(t.app, l.levelInfo, {});
    expect(body.code).toBe(MainCode.Expired);
    const member = await t.make.member({ newcomer: true });
    const { body: get } = await call(t.app, l.levelInfo, {}, { token: member.token, method: 'GET' });
    expect(get.data).toMatchObject({ level: 1, experience: 0, next_experience: 50, unclaimed_rewards: 0 });
  });
});

describe('get/levels', () => {
  it('lists every level with its experience, grade and reward, and no state without a token', async () => {
    const data = await table();
    expect(data.list).toHaveLength(LEVEL_MAX);
    expect(data.list[0]).toEqual({
      level: 1,
      experience: 0,
      grade: 'novice',
      reward_gold: 0,
      reward_diamonds: 0,
      reward_state: 'none',
    });
    expect(data.list[4]).toMatchObject({ level: 5, grade: 'player', reward_gold: 50, reward_diamonds: 1 });
    expect(data.list[29]).toMatchObject({ level: 30, grade: 'master', reward_gold: 300, reward_diamonds: 6 });
    expect(data.list.every((r) => r.reward_state === 'none')).toBe(true);
    expect(data.list.map((r) => r.experience)).toEqual(data.list.map((r) => experienceForLevel(r.level)));
    expect(data.grades[0]).toEqual({ name: 'novice', min_level: 1 });
  });

  it("shows the caller's states: claimable when reached, claimed, locked above", async () => {
    const member = await t.member({ level: 4 });
    await ok(l.levelReward, { level: 3 }, member);
    const states = (await table(member)).list.slice(0, 6).map((r) => r.reward_state);
    expect(states).toEqual(['none', 'claimable', 'claimed', 'claimable', 'locked', 'locked']);
  });
});

describe('level/reward', () => {
  it('pays a reached level once through the ledger, and a repeat answers the same', async () => {
    const member = await t.member({ level: 6 });
    const first = await ok<Claimed & { level: LevelRow }>(l.levelReward, { level: 5 }, member);
    expect(first.msg).toBe(en('economy.reward_claimed'));
    expect(first.data).toEqual({
      added: { gold: 50, diamonds: 1, experience: 0 },
      balances: { gold: 50, diamonds: 1 },
      level: expect.objectContaining({ level: 5, reward_state: 'claimed' }),
    });
    const again = await ok<Claimed>(l.levelReward, { level: 5 }, member);
    expect(again.data).toEqual(first.data);
    const key = `level:${member.user.id}:5`;
    expect(await legsOf(t.database, key)).toEqual([
      expect.objectContaining({
        user_id: member.user.id,
        currency: 'gold',
        amount: 50,
        reason: 'level_reward',
      }),
      expect.objectContaining({
        user_id: member.user.id,
        currency: 'diamonds',
        amount: 1,
        reason: 'level_reward',
      }),
    ]);
    expect(await rewardRows(t.database, member.user.id)).toEqual([
      expect.objectContaining({ source: 'level', source_id: 5, gold: 50, diamonds: 1, operation_key: key }),
    ]);
    expect((await info(member)).unclaimed_rewards).toBe(4);
    await assertLedgerBalanced(t.database);
  });

  it('refuses levels not reached, bad levels, visitors and callers without a token', async () => {
    const member = await t.make.member({ newcomer: true });
    const refusal = await call(t.app, l.levelReward, { level: 2 }, { token: member.token });
    expect(refusal.body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.level_not_reached', { level: 2 }),
      data: null,
      reason: 'errors.level_not_reached',
    });
    const { body } = await call(t.app, l.levelReward, { level: 2 }, { token: member.token, locale: 'ja-JP' });
    expect(body.msg).toBe(translator('ja-JP')('errors.level_not_reached', { level: 2 }));
    expect(body.msg).not.toBe(en('errors.level_not_reached', { level: 2 }));
    for (const level of [1, LEVEL_MAX + 1, 'two']) {
      const bad = await call(t.app, l.levelReward, { level }, { token: member.token });
      expect(bad.body).toMatchObject({ code: MainCode.Fail, data: null });
    }
    expect((await call(t.app, l.levelReward, { level: 2 })).body.code).toBe(MainCode.Expired);
    const visitor = await t.member({ level: 3 });
    await makeTourist(t, visitor.user.id);
    await refused(l.levelReward, { level: 2 }, visitor, 'errors.tourist_forbidden');
    expect(await t.balances(member)).toEqual({ gold: 0, diamonds: 0 });
  });

  it('pays once when 50 identical claims arrive at once', async () => {
    const member = await t.member({ level: 10 });
    const bodies = await t.race(l.levelReward, { level: 10 }, member);
    const reward = levelReward(10);
    for (const { body } of bodies) {
      expect(body).toMatchObject({ code: 1, data: { added: { ...reward, experience: 0 } } });
    }
    expect(await t.balances(member)).toEqual({
      gold: reward.gold,
      diamonds: reward.diamonds,
    });
    expect(await rewardRows(t.database, member.user.id)).toHaveLength(1);
    expect(await operationCount(t.database, `level:${member.user.id}:10`)).toBe(1);
    await assertLedgerBalanced(t.database);
  });
});
