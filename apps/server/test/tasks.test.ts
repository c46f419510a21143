import { endpoints, MainCode, type Task, TaskProgress } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { TASK_CATALOG } from '../src/seed/economy-catalog';
import { DAY_MS, nextMidnight } from '../src/shared/days';
import { call } from './helper';
import { makeTourist, setLevel } from './support/community';
import { assertLedgerBalanced, economyTestApp, legsOf } from './support/economy';
import {
  type Claimed,
  comment,
  like,
  operationCount,
  publish,
  rewardRows,
  standing,
  taskId,
  taskLists,
  taskOf,
} from './support/progression';
import type { Caller } from './support/social';
import { insertUpload } from './support/uploads';

const k = endpoints.tasks;
const en = translator('en-US');

const t = economyTestApp();
const { ok, refused } = t;

const claim = (who: Caller, id: number) => ok<Claimed & { task: Task }>(k.taskReward, { task_id: id }, who);
const follow = (who: Caller, target: Caller, want?: boolean) =>
  ok(endpoints.follows.userFollow, { user_id: target.user.id, follow: want }, who);

describe('task/lists', () => {
  it("lists the day's and the newbie tasks, not started, with translated titles", async () => {
    const member = await t.make.member();
    const data = await taskLists(t, member);
    expect(data.daily.map((x) => x.code)).toEqual(
      TASK_CATALOG.filter((x) => x.kind === 'daily').map((x) => x.code),
    );
    expect(data.newbie.map((x) => x.code)).toEqual(
      TASK_CATALOG.filter((x) => x.kind === 'newbie').map((x) => x.code),
    );
    expect(data.resets_at).toBe(nextMidnight(t.clock.now));
    expect(data.resets_at % DAY_MS).toBe(0);
    const post = data.daily.find((x) => x.code === 'daily_post')!;
    expect(post).toEqual({
      id: expect.any(Number),
      code: 'daily_post',
      kind: 'daily',
      title: en('tasks.daily_post'),
      action: 'post',
      target: 1,
      count: 0,
      progress: TaskProgress.noStart,
      state: 'bonus',
      min_level: 1,
      reward: { gold: 20, diamonds: 0, experience: 10 },
    });
    expect(data.daily.find((x) => x.code === 'daily_bet')).toMatchObject({ state: 'locked', min_level: 30 });

    const es = await taskLists(t, member, 'es-ES');
    const title = es.daily.find((x) => x.code === 'daily_post')!.title;
    expect(title).toBe(translator('es-ES')('tasks.daily_post'));
    expect(title).not.toBe(en('tasks.daily_post'));
  });

  it('needs a token', async () => {
    expect((await call(t.app, k.taskLists, {})).body.code).toBe(MainCode.Expired);
  });
});

describe('tasks fed by real actions', () => {
  it('makes the post tasks claimable when a member posts, and pays each once', async () => {
    const member = await t.make.member();
    await publish(t, member);
    const daily = await taskOf(t, member, 'daily_post');
    const newbie = await taskOf(t, member, 'newbie_first_post');
    for (const task of [daily, newbie]) {
      expect(task).toMatchObject({ count: 1, progress: TaskProgress.done, state: 'claimable' });
    }
    const before = await standing(t.database, member.user.id);
    const first = await claim(member, daily.id);
    expect(first.msg).toBe(en('economy.reward_claimed'));
    expect(first.data.added).toEqual({ gold: 20, diamonds: 0, experience: 10 });
    expect(first.data.task).toMatchObject({
      code: 'daily_post',
      state: 'complete',
      progress: TaskProgress.done,
    });
    expect(first.data.balances.gold).toBe(before.gold + 20);
    const again = await claim(member, daily.id);
    expect(again.data).toEqual(first.data);
    const after = await standing(t.database, member.user.id);
    expect(after.gold).toBe(before.gold + 20);
    expect(after.experience).toBe(before.experience + 10);

    const day = Math.floor(t.clock.now / DAY_MS);
    const key = `task:${member.user.id}:${daily.id}:${day}`;
    expect(await legsOf(t.database, key)).toEqual([
      expect.objectContaining({ currency: 'gold', amount: 20, reason: 'task_reward', ref_type: 'task' }),
    ]);
    const newbieClaim = await claim(member, newbie.id);
    expect(newbieClaim.data.added).toEqual({ gold: 50, diamonds: 2, experience: 20 });
    expect(await operationCount(t.database, `task:${member.user.id}:${newbie.id}:0`)).toBe(1);
    expect((await rewardRows(t.database, member.user.id)).filter((r) => r.source === 'task')).toHaveLength(2);
    await assertLedgerBalanced(t.database);
  });

  it('counts comments, replies, shares, follows, likes and the avatar', async () => {
    const member = await t.make.member();
    const other = await t.make.member();
    const post = await publish(t, other);
    for (let i = 0; i < 2; i += 1) await comment(t, member, post);
    expect(await taskOf(t, member, 'daily_comment')).toMatchObject({
      count: 2,
      progress: TaskProgress.progress,
    });
    const { body: reply } = await call(
      t.app,
      endpoints.comments.replyComment,
      { comment_id: await comment(t, other, post), text: 'Thanks!' },
      { token: member.token },
    );
    expect(reply.code).toBe(1);
    expect(await taskOf(t, member, 'daily_comment')).toMatchObject({ count: 3, state: 'claimable' });
    expect(await taskOf(t, member, 'newbie_first_comment')).toMatchObject({ count: 1, state: 'claimable' });

    await ok(endpoints.posts.sharePost, { id: post }, member);
    await ok(endpoints.posts.sharePost, { id: post }, member);
    expect(await taskOf(t, member, 'daily_share')).toMatchObject({ count: 1, state: 'claimable' });

    const stars = [await t.make.member(), await t.make.member()];
    await follow(member, stars[0]!);
    // Unfollowing and following the same member again does not count again.
    await follow(member, stars[0]!, false);
    await follow(member, stars[0]!, true);
    expect(await taskOf(t, member, 'newbie_follow')).toMatchObject({
      count: 1,
      progress: TaskProgress.progress,
    });
    await follow(member, stars[1]!);
    expect(await taskOf(t, member, 'newbie_follow')).toMatchObject({ count: 2 });

    const sha = await insertUpload(t.database, {
      mime: 'image/webp',
      bytes: 2048,
      ownerId: member.user.id,
      now: t.clock.now,
    });
    await ok(endpoints.users.editUser, { avatar: `/upload/files/${sha}.webp` }, member);
    expect(await taskOf(t, member, 'newbie_avatar')).toMatchObject({ count: 1, state: 'claimable' });
    // A nickname change is not an avatar.
    const fresh = await t.make.member();
    await ok(endpoints.users.editUser, { nickname: 'Fresh Face' }, fresh);
    expect(await taskOf(t, fresh, 'newbie_avatar')).toMatchObject({ count: 0, state: 'bonus' });
  });

  it('counts a like toward tasks once per post, however often it is toggled, and never your own', async () => {
    const member = await t.make.member();
    const author = await t.make.member();
    const posts = [await publish(t, author), await publish(t, author)];
    await like(t, member, posts[0]!);
    await like(t, member, posts[0]!);
    await like(t, member, posts[0]!);
    await like(t, member, posts[0]!, false);
    await like(t, member, posts[0]!, true);
    expect(await taskOf(t, member, 'daily_like')).toMatchObject({
      count: 1,
      progress: TaskProgress.progress,
    });
    expect(await taskOf(t, member, 'newbie_like')).toMatchObject({ count: 1, state: 'claimable' });
    await like(t, member, posts[1]!);
    expect(await taskOf(t, member, 'daily_like')).toMatchObject({ count: 2 });
    const own = await publish(t, member);
    await like(t, member, own);
    expect(await taskOf(t, member, 'daily_like')).toMatchObject({ count: 2 });
  });

  it('starts daily tasks over at UTC midnight and keeps newbie progress', async () => {
    const member = await t.make.member();
    await publish(t, member);
    const newbie = await taskOf(t, member, 'newbie_first_post');
    await claim(member, newbie.id);
    expect(await taskOf(t, member, 'daily_post')).toMatchObject({ state: 'claimable' });
    t.clock.advance(nextMidnight(t.clock.now) - t.clock.now + 60_000);
    const data = await taskLists(t, member);
    expect(data.daily.find((x) => x.code === 'daily_post')).toMatchObject({
      count: 0,
      progress: TaskProgress.noStart,
      state: 'bonus',
    });
    expect(data.newbie.find((x) => x.code === 'newbie_first_post')).toMatchObject({
      count: 1,
      progress: TaskProgress.done,
      state: 'complete',
    });
    // Yesterday's unclaimed daily task is gone with its day: claiming now needs today's.
    await refused(
      k.taskReward,
      { task_id: await taskId(t.database, 'daily_post') },
      member,
      'errors.task_not_done',
    );
  });
});

describe('task/reward', () => {
  it('refuses tasks not done, locked, unknown, bad ids, visitors and callers without a token', async () => {
    const member = await t.make.member();
    await refused(
      k.taskReward,
      { task_id: await taskId(t.database, 'daily_post') },
      member,
      'errors.task_not_done',
    );
    const bet = await taskId(t.database, 'daily_bet');
    const { body } = await call(
      t.app,
      k.taskReward,
      { task_id: bet },
      { token: member.token, locale: 'ko-KR' },
    );
    expect(body).toEqual({
      code: MainCode.Fail,
      msg: translator('ko-KR')('errors.level_required', { level: 30 }),
      data: null,
      reason: 'errors.level_required',
    });
    await setLevel(t.database, member.user.id, 30);
    await refused(k.taskReward, { task_id: bet }, member, 'errors.task_not_done');
    await refused(k.taskReward, { task_id: 999_999 }, member, 'errors.task_not_found');
    const bad = await call(t.app, k.taskReward, { task_id: 'first' }, { token: member.token });
    expect(bad.body).toMatchObject({ code: MainCode.Fail, data: null });
    expect((await call(t.app, k.taskReward, { task_id: bet })).body.code).toBe(MainCode.Expired);
    const visitor = await t.make.member();
    await makeTourist(t, visitor.user.id);
    await refused(k.taskReward, { task_id: bet }, visitor, 'errors.tourist_forbidden');
    expect(await t.balances(member)).toEqual({ gold: 0, diamonds: 0 });
    // A refused claim leaves no operation behind: the member can claim once the task is done.
    expect(
      await operationCount(t.database, `task:${member.user.id}:${bet}:${Math.floor(t.clock.now / DAY_MS)}`),
    ).toBe(0);
  });

  it('pays once when 50 identical claims arrive at once', async () => {
    const member = await t.make.member();
    await publish(t, member);
    const task = await taskOf(t, member, 'daily_post');
    const before = await standing(t.database, member.user.id);
    const bodies = await t.race(k.taskReward, { task_id: task.id }, member);
    for (const { body } of bodies) {
      expect(body).toMatchObject({ code: 1, data: { added: { gold: 20, diamonds: 0, experience: 10 } } });
    }
    const after = await standing(t.database, member.user.id);
    expect(after.gold - before.gold).toBe(20);
    expect(after.experience - before.experience).toBe(10);
    expect((await rewardRows(t.database, member.user.id)).filter((r) => r.source === 'task')).toHaveLength(1);
    const day = Math.floor(t.clock.now / DAY_MS);
    expect(await operationCount(t.database, `task:${member.user.id}:${task.id}:${day}`)).toBe(1);
    expect(await taskOf(t, member, 'daily_post')).toMatchObject({ state: 'complete' });
    await assertLedgerBalanced(t.database);
  });
});
