import { endpoints, MainCode, type UserCard } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { buildTestApp, call, type TestApp } from './helper';
import { answers, type Caller, followCounts } from './support/social';

const f = endpoints.follows;
const en = translator('en-US');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { ok, refused } = answers(() => t.app);
type Cards = { list: UserCard[]; total: number; cursor: string | null };

const follow = (who: Caller, target: Caller, want?: boolean) => {
  t.clock.advance(1000);
  return ok<{ followed: boolean; follower_count: number }>(
    f.userFollow,
    { user_id: target.user.id, follow: want },
    who,
  );
};

const followNews = (userId: number) =>
  t.database.db
    .selectFrom('news')
    .select(['actor_id'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'follow')
    .execute();

describe('user/follow', () => {
  it('toggles or sets a follow with exact counts, messages and one news item per new follow', async () => {
    const fan = await t.make.member();
    const star = await t.make.member();
    let body = await follow(fan, star);
    expect(body).toEqual({
      code: 1,
      msg: en('community.followed'),
      data: { followed: true, follower_count: 1 },
    });
    body = await follow(fan, star, true);
    expect(body.data).toEqual({ followed: true, follower_count: 1 });
    expect(await followCounts(t.database, star.user.id)).toEqual({ follower_count: 1, following_count: 0 });
    expect(await followCounts(t.database, fan.user.id)).toEqual({ follower_count: 0, following_count: 1 });
    expect(await followNews(star.user.id)).toEqual([{ actor_id: fan.user.id }]);

    body = await follow(fan, star);
    expect(body).toEqual({
      code: 1,
      msg: en('community.unfollowed'),
      data: { followed: false, follower_count: 0 },
    });
    body = await follow(fan, star, false);
    expect(body.data).toEqual({ followed: false, follower_count: 0 });
    expect(await followCounts(t.database, fan.user.id)).toEqual({ follower_count: 0, following_count: 0 });
  });

  it('refuses yourself, unknown members, visitors and callers without a token', async () => {
    const fan = await t.make.member();
    await refused(f.userFollow, { user_id: fan.user.id }, fan, 'errors.cannot_follow_self');
    await refused(f.userFollow, { user_id: 999_999 }, fan, 'errors.user_not_found');
    const gone = await t.make.user({ status: 'disabled' });
    await refused(f.userFollow, { user_id: gone.id }, fan, 'errors.user_not_found');
    const visitor = await t.make.member();
    await t.database.db
      .updateTable('users')
      .set({ is_tourist: 1 })
      .where('id', '=', visitor.user.id)
      .execute();
    await refused(f.userFollow, { user_id: fan.user.id }, visitor, 'errors.tourist_forbidden');
    expect((await call(t.app, f.userFollow, { user_id: fan.user.id })).body.code).toBe(MainCode.Expired);
  });

  it('keeps the counts exact when 20 members follow at once and one member repeats', async () => {
    const star = await t.make.member();
    const fans = await Promise.all(Array.from({ length: 20 }, () => t.make.member()));
    const answers = await Promise.all(
      fans.map((fan) =>
        call(t.app, f.userFollow, { user_id: star.user.id, follow: true }, { token: fan.token }),
      ),
    );
    expect(answers.every((a) => a.body.code === 1)).toBe(true);
    const repeats = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(t.app, f.userFollow, { user_id: star.user.id, follow: i % 2 === 0 }, { token: fans[0]!.token }),
      ),
    );
    expect(repeats.every((a) => a.body.code === 1)).toBe(true);
    const again = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.app, f.userFollow, { user_id: star.user.id, follow: true }, { token: fans[0]!.token }),
      ),
    );
    expect(again.every((a) => a.body.code === 1)).toBe(true);
    const rows = await t.database.db
      .selectFrom('follows')
      .select('follower_id')
      .where('followee_id', '=', star.user.id)
      .execute();
    expect(rows).toHaveLength(20);
    expect(await followCounts(t.database, star.user.id)).toEqual({ follower_count: 20, following_count: 0 });
    expect(await followCounts(t.database, fans[0]!.user.id)).toEqual({
      follower_count: 0,
      following_count: 1,
    });
  });
  it('lets members follow each other at the same moment', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async () => [await t.make.member(), await t.make.member()] as const),
    );
    const answers = await Promise.all(
      pairs.flatMap(([a, b]) => [
        call(t.app, f.userFollow, { user_id: b.user.id, follow: true }, { token: a.token }),
        call(t.app, f.userFollow, { user_id: a.user.id, follow: true }, { token: b.token }),
      ]),
    );
    expect(answers.map((a) => a.body.code)).toEqual(answers.map(() => 1));
    for (const member of pairs.flat()) {
      expect(await followCounts(t.database, member.user.id)).toEqual({
        follower_count: 1,
        following_count: 1,
      });
    }
  });
});

describe('follow/list, follow/count, has/follow, follow/friends', () => {
  it('lists following and followers newest first, with the viewer relation to each', async () => {
    const me = await t.make.member();
    const [a, b, d] = await Promise.all([
      t.make.member({ newcomer: true }),
      t.make.member(),
      t.make.member(),
    ]);
    await follow(me, a);
    await follow(me, b);
    await follow(me, d);
    await follow(a, me);
    await follow(d, me);
    await follow(b, a);

    const following = (await ok<Cards>(f.followList, { type: 'following' }, me)).data;
    expect(following.total).toBe(3);
    expect(following.list.map((x) => [x.id, x.followed, x.follows_you])).toEqual([
      [d.user.id, true, true],
      [b.user.id, true, false],
      [a.user.id, true, true],
    ]);
    expect(following.list[2]).toEqual({
      id: a.user.id,
      nickname: expect.any(String),
      avatar: '',
      level: 1,
      grade: 'novice',
      signature: '',
      follower_count: 2,
      followed: true,
      follows_you: true,
    });

    // a's followers as b sees them: b itself, then me (who follows b).
    const aFollowers = (await ok<Cards>(f.followList, { user_id: a.user.id, type: 'followers' }, b)).data;
    expect(aFollowers.list.map((x) => [x.id, x.followed, x.follows_you])).toEqual([
      [b.user.id, false, false],
      [me.user.id, false, true],
    ]);
    // A visitor names whose list; relation flags are all false.
    const anonymous = (await ok<Cards>(f.followList, { user_id: me.user.id, type: 'followers' })).data;
    expect(anonymous.list.map((x) => [x.id, x.followed, x.follows_you])).toEqual([
      [d.user.id, false, false],
      [a.user.id, false, false],
    ]);
    expect((await call(t.app, f.followList, {})).body.code).toBe(MainCode.Expired);
    await refused(f.followList, { user_id: 999_999 }, me, 'errors.user_not_found');

    // Pages by cursor and by number agree.
    const first = (await ok<Cards>(f.followList, { num: 2 }, me)).data;
    const next = (await ok<Cards>(f.followList, { num: 2, cursor: first.cursor }, me)).data;
    const page2 = (await ok<Cards>(f.followList, { num: 2, page: 2 }, me)).data;
    expect([...first.list, ...next.list].map((x) => x.id)).toEqual(following.list.map((x) => x.id));
    expect(page2.list.map((x) => x.id)).toEqual(next.list.map((x) => x.id));
    expect(next.cursor).toBeNull();

    expect((await ok(f.followCount, {}, me)).data).toEqual({ following: 3, followers: 2, friends: 2 });
    expect((await ok(f.followCount, { user_id: a.user.id })).data).toEqual({
      following: 1,
      followers: 2,
      friends: 1,
    });

    const friends = (await ok<Cards>(f.followFriends, {}, me)).data;
    expect([friends.list.map((x) => x.id), friends.total]).toEqual([[d.user.id, a.user.id], 2]);

    expect((await ok(f.hasFollow, { user_id: a.user.id }, me)).data).toEqual({
      followed: true,
      follows_you: true,
      blocked: false,
    });
    expect((await ok(f.hasFollow, { user_id: b.user.id }, a)).data).toEqual({
      followed: false,
      follows_you: true,
      blocked: false,
    });
    expect((await call(t.app, f.hasFollow, { user_id: a.user.id })).body.code).toBe(MainCode.Expired);
  });
});

describe('the blacklist', () => {
  it('blocks idempotently, ends follows both ways with exact counts, and stops the blocked one', async () => {
    const me = await t.make.member();
    const pest = await t.make.member();
    const other = await t.make.member();
    await follow(me, pest);
    await follow(pest, me);
    await follow(other, pest);
    await refused(f.userBlack, { user_id: me.user.id }, me, 'errors.cannot_block_self');
    await refused(f.userBlack, { user_id: 999_999 }, me, 'errors.user_not_found');

    t.clock.advance(1000);
    const body = await ok<{ blocked: boolean }>(f.userBlack, { user_id: pest.user.id }, me);
    expect(body).toEqual({ code: 1, msg: en('community.blocked'), data: { blocked: true } });
    const blockedAt = t.clock.now;
    t.clock.advance(1000);
    await ok(f.userBlack, { user_id: pest.user.id }, me);
    expect(await followCounts(t.database, me.user.id)).toEqual({ follower_count: 0, following_count: 0 });
    expect(await followCounts(t.database, pest.user.id)).toEqual({ follower_count: 1, following_count: 0 });
    expect((await ok(f.hasFollow, { user_id: pest.user.id }, me)).data).toEqual({
      followed: false,
      follows_you: false,
      blocked: true,
    });

    await refused(f.userFollow, { user_id: me.user.id }, pest, 'errors.blocked_by_user');
    await refused(f.userFollow, { user_id: me.user.id, follow: true }, pest, 'errors.blocked_by_user');
    expect(await followCounts(t.database, me.user.id)).toEqual({ follower_count: 0, following_count: 0 });

    await ok(f.userBlack, { user_id: other.user.id }, me);
    const listed = (
      await ok<{ list: (UserCard & { blocked_at: number })[]; total: number }>(f.blackList, {}, me)
    ).data;
    expect(listed.total).toBe(2);
    expect(listed.list.map((x) => x.id)).toEqual([other.user.id, pest.user.id]);
    expect(listed.list[1]).toMatchObject({ id: pest.user.id, blocked_at: blockedAt, followed: false });

    const removed = await ok<{ blocked: boolean }>(f.removeBlack, { user_id: pest.user.id }, me);
    expect(removed).toEqual({ code: 1, msg: en('community.unblocked'), data: { blocked: false } });
    expect((await ok<{ total: number }>(f.blackList, {}, me)).data.total).toBe(1);
    expect((await follow(pest, me)).data).toEqual({ followed: true, follower_count: 1 });
  });

  it('lets a blocked member unfollow, and only blocks one way', async () => {
    const me = await t.make.member();
    const pest = await t.make.member();
    await ok(f.userBlack, { user_id: pest.user.id }, me);
    expect((await follow(pest, me, false)).data).toEqual({ followed: false, follower_count: 0 });
    // The blocker may still follow the one they blocked; the blacklist keeps the other away.
    expect((await follow(me, pest)).data).toEqual({ followed: true, follower_count: 1 });
  });
});
