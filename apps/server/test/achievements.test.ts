import {
  ACHIEVEMENT_METRICS,
  type Achievement,
  type CaughtUpTier,
  endpoints,
  experienceForLevel,
  MainCode,
} from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { ACHIEVEMENT_CATALOG } from '../src/seed/economy-catalog';
import { call } from './helper';
import { insertTopic, makeTourist } from './support/community';
import { assertLedgerBalanced, economyTestApp, legsOf } from './support/economy';
import {
  achievementId,
  giveExperience,
  like,
  operationCount,
  publish,
  rewardRows,
  standing,
} from './support/progression';
import type { Caller } from './support/social';

const a = endpoints.achievements;
const en = translator('en-US');

const t = economyTestApp();
const { ok, refused } = t;

const earnedRows = (userId: number) =>
  t.database.db
    .selectFrom('user_achievements')
    .select(['achievement_id', 'tier'])
    .where('user_id', '=', userId)
    .orderBy('achievement_id')
    .orderBy('tier')
    .execute();

const mine = async (who: Caller, locale?: string) => {
  const { body } = await call(t.app, a.myAchieves, {}, { token: who.token, locale });
  expect(body.code).toBe(1);
  return (body.data as { list: Achievement[] }).list;
};

describe('my/achieves', () => {
  it("lists every achievement with the caller's value and tiers, names in the caller's language", async () => {
    const member = await t.make.member();
    const list = await mine(member);
    expect(list.map((x) => x.code)).toEqual(ACHIEVEMENT_CATALOG.map((x) => x.code));
    expect(list[0]).toEqual({
      id: await achievementId(t.database, 'writer'),
      code: 'writer',
      name: en('achievements.writer.name'),
      description: en('achievements.writer.description'),
      icon: '✍️',
      metric: 'posts',
      value: 0,
      tier: 0,
      tiers: [
        { tier: 1, threshold: 1, gold: 10, diamonds: 0, earned_at: null },
        { tier: 2, threshold: 10, gold: 50, diamonds: 1, earned_at: null },
        { tier: 3, threshold: 100, gold: 200, diamonds: 5, earned_at: null },
      ],
      displayed: false,
    });
    expect(new Set(list.map((x) => x.metric))).toEqual(new Set(ACHIEVEMENT_METRICS));
    const pt = await mine(member, 'pt-BR');
    expect(pt[0]!.name).toBe(translator('pt-BR')('achievements.writer.name'));
    expect(pt[0]!.name).not.toBe(en('achievements.writer.name'));
    expect((await call(t.app, a.myAchieves, {})).body.code).toBe(MainCode.Expired);
  });

  it('grants tiers already reached, once, for members whose counts came from elsewhere', async () => {
    const member = await t.make.member();
    await t.database.db
      .updateTable('users')
      .set({ post_count: 12 })
      .where('id', '=', member.user.id)
      .execute();
    const first = await call(t.app, a.myAchieves, {}, { token: member.token });
    const { list, granted } = first.body.data as { list: Achievement[]; granted: CaughtUpTier[] };
    const writer = list.find((x) => x.code === 'writer')!;
    expect(writer).toMatchObject({ value: 12, tier: 2 });
    expect(writer.tiers.map((x) => x.earned_at)).toEqual([t.clock.now, t.clock.now, null]);
    // The listing says what it credited, so the app can show it.
    const name = en('achievements.writer.name');
    expect(granted).toEqual([
      {
        achievement_id: writer.id,
        tier: 1,
        title: en('rewards.achievement', { name, tier: 1 }),
        gold: 10,
        diamonds: 0,
      },
      {
        achievement_id: writer.id,
        tier: 2,
        title: en('rewards.achievement', { name, tier: 2 }),
        gold: 50,
        diamonds: 1,
      },
    ]);
    const again = await call(t.app, a.myAchieves, {}, { token: member.token });
    expect((again.body.data as { granted: CaughtUpTier[] }).granted).toEqual([]);
    expect(await standing(t.database, member.user.id)).toMatchObject({ gold: 60, diamonds: 1 });
    expect(await rewardRows(t.database, member.user.id)).toHaveLength(2);
    await assertLedgerBalanced(t.database);
  });
});

describe('achievements from real activity', () => {
  it("pays the writer's first tier with the first post, through the ledger", async () => {
    const member = await t.make.member();
    await publish(t, member);
    const id = await achievementId(t.database, 'writer');
    expect(await earnedRows(member.user.id)).toEqual([{ achievement_id: id, tier: 1 }]);
    const key = `achieve:${member.user.id}:${id}:1`;
    expect(await legsOf(t.database, key)).toEqual([
      expect.objectContaining({ currency: 'gold', amount: 10, reason: 'achievement_reward', ref_id: id }),
    ]);
    expect(await rewardRows(t.database, member.user.id)).toEqual([
      expect.objectContaining({ source: 'achievement', source_id: id, gold: 10, operation_key: key }),
    ]);
  });

  it('grants a tier once when 20 posts cross its threshold at once', async () => {
    const member = await t.make.member();
    const topic = await insertTopic(t.database);
    await Promise.all(Array.from({ length: 20 }, () => publish(t, member, topic)));
    const id = await achievementId(t.database, 'writer');
    expect(await earnedRows(member.user.id)).toEqual([
      { achievement_id: id, tier: 1 },
      { achievement_id: id, tier: 2 },
    ]);
    expect(await operationCount(t.database, `achieve:${member.user.id}:${id}:2`)).toBe(1);
    expect(
      (await rewardRows(t.database, member.user.id)).filter((r) => r.source === 'achievement'),
    ).toHaveLength(2);
    expect(await standing(t.database, member.user.id)).toMatchObject({ gold: 60, diamonds: 1 });
    await assertLedgerBalanced(t.database);
  });

  it('grants likes received, followers and level achievements to the member they belong to', async () => {
    const star = await t.make.member();
    const post = await publish(t, star);
    const fans = await Promise.all(Array.from({ length: 10 }, () => t.make.member()));
    for (const fan of fans) {
      await like(t, fan, post);
      await ok(endpoints.follows.userFollow, { user_id: star.user.id, follow: true }, fan);
    }
    const codes = async () => {
      const rows = await t.database.db
        .selectFrom('user_achievements')
        .innerJoin('achievements', 'achievements.id', 'user_achievements.achievement_id')
        .select(['achievements.code', 'user_achievements.tier'])
        .where('user_id', '=', star.user.id)
        .orderBy('achievements.position')
        .execute();
      return rows.map((r) => `${r.code}:${r.tier}`);
    };
    expect(await codes()).toEqual(['writer:1', 'liked:1', 'popular:1']);
    // Unliking and liking again does not earn the tier twice.
    await like(t, fans[0]!, post, false);
    await like(t, fans[0]!, post, true);
    expect(await codes()).toEqual(['writer:1', 'liked:1', 'popular:1']);
    await giveExperience(t.database, star.user.id, experienceForLevel(5), 'test:climber', t.clock.now);
    expect(await codes()).toEqual(['writer:1', 'liked:1', 'popular:1', 'climber:1']);
    await assertLedgerBalanced(t.database);
  });
});

describe('achieve/detail', () => {
  it("answers one achievement for the caller or another member, and refuses what doesn't exist", async () => {
    const author = await t.make.member();
    await publish(t, author);
    const id = await achievementId(t.database, 'writer');
    const own = await ok<Achievement>(a.achieveDetail, { id }, author);
    expect(own.data).toMatchObject({ code: 'writer', value: 1, tier: 1 });
    const reader = await t.make.member();
    const theirs = await ok<Achievement>(a.achieveDetail, { id, user_id: author.user.id }, reader);
    expect(theirs.data).toMatchObject({ value: 1, tier: 1 });
    const { body } = await call(t.app, a.achieveDetail, { id, user_id: author.user.id }, { method: 'GET' });
    expect(body.data).toMatchObject({ value: 1, tier: 1 });
    expect((await call(t.app, a.achieveDetail, { id })).body.code).toBe(MainCode.Expired);
    await refused(a.achieveDetail, { id: 999_999 }, reader, 'errors.achievement_not_found');
    await refused(a.achieveDetail, { id, user_id: 999_999 }, reader, 'errors.user_not_found');
  });
});

describe('achieve/display and show/achieve', () => {
  it('shows the chosen earned achievements in order, else the highest earned', async () => {
    const member = await t.make.member();
    const viewer = await t.make.member();
    await publish(t, member);
    await t.database.db
      .updateTable('users')
      .set({ follower_count: 10, checkin_days: 30 })
      .where('id', '=', member.user.id)
      .execute();
    await mine(member);
    const [writer, popular, regular, lucky] = await Promise.all(
      ['writer', 'popular', 'regular', 'lucky'].map((c) => achievementId(t.database, c)),
    );

    type Shown = { list: Achievement[]; earned: number };
    let shown = await ok<Shown>(a.showAchieve, { user_id: member.user.id }, viewer);
    expect(shown.data.earned).toBe(3);
    // Nothing chosen: the highest tiers first (regular reached tier 2).
    expect(shown.data.list.map((x) => x.code)).toEqual(['regular', 'writer', 'popular']);

    await refused(a.achieveDisplay, { ids: [writer, lucky] }, member, 'errors.achievement_not_earned');
    await refused(a.achieveDisplay, { ids: [999_999] }, member, 'errors.achievement_not_found');
    const tooMany = await call(t.app, a.achieveDisplay, { ids: [1, 2, 3, 4] }, { token: member.token });
    expect(tooMany.body).toEqual({
      code: MainCode.Fail,
      msg: en('validation.max_number', { max: 3 }),
      data: null,
      reason: 'validation.max_number',
    });

    const chosen = await ok<{ list: Achievement[] }>(a.achieveDisplay, { ids: [popular, writer] }, member);
    expect(chosen.msg).toBe(en('users.saved'));
    expect(chosen.data.list.map((x) => [x.code, x.displayed])).toEqual([
      ['popular', true],
      ['writer', true],
    ]);
    shown = await ok<Shown>(a.showAchieve, { user_id: member.user.id });
    expect(shown.data.list.map((x) => x.code)).toEqual(['popular', 'writer']);
    expect((await mine(member)).filter((x) => x.displayed).map((x) => x.code)).toEqual(['writer', 'popular']);

    await ok(a.achieveDisplay, { ids: [regular] }, member);
    shown = await ok<Shown>(a.showAchieve, { user_id: member.user.id });
    expect(shown.data.list.map((x) => x.code)).toEqual(['regular']);
    await ok(a.achieveDisplay, { ids: [] }, member);
    shown = await ok<Shown>(a.showAchieve, { user_id: member.user.id });
    expect(shown.data.list).toHaveLength(3);

    expect((await call(t.app, a.achieveDisplay, { ids: [writer] })).body.code).toBe(MainCode.Expired);
    const visitor = await t.make.member();
    await makeTourist(t, visitor.user.id);
    await refused(a.achieveDisplay, { ids: [] }, visitor, 'errors.tourist_forbidden');
    await refused(a.showAchieve, { user_id: 999_999 }, viewer, 'errors.user_not_found');
    expect((await call(t.app, a.showAchieve, {})).body).toMatchObject({ code: MainCode.Fail, data: null });
    const { body } = await call(t.app, a.showAchieve, { user_id: member.user.id }, { locale: 'es-ES' });
    expect((body.data as Shown).list[0]!.name).toBe(translator('es-ES')('achievements.regular.name'));
  });
});
