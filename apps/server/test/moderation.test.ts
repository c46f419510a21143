import {
  type Comment,
  endpoints,
  type HeldPost,
  MainCode,
  type ModMember,
  type News,
  type Post,
  type ReportGroup,
  type Role,
} from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionById } from '../src/features/mod-log/public';
import { translator } from '../src/i18n';
import { buildTestApp, call, type TestApp } from './helper';
import { insertTopic } from './support/community';
import { answers, type Caller } from './support/social';

const mod = endpoints.moderation;
const p = endpoints.posts;
const c = endpoints.comments;
const u = endpoints.users;
const en = translator('en-US');

type Member = Awaited<ReturnType<TestApp['make']['member']>>;
type Page<T> = { list: T[]; total: number; cursor: string | null };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { ok, refused } = answers(() => t.app);

/** A member of `role`, moderating `topics` only when given (none: every topic). */
async function staff(role: Exclude<Role, 'member'>, topics: number[] = []): Promise<Member> {
  const member = await t.make.member();
  await t.database.db
    .updateTable('users')
    .set({ role, role_granted_at: t.clock.now })
    .where('id', '=', member.user.id)
    .execute();
  for (const topicId of topics) {
    await t.database.db
      .insertInto('moderator_topics')
      .values({ user_id: member.user.id, topic_id: topicId, created_at: t.clock.now })
      .execute();
  }
  return member;
}

let sequence = 0;

/**
 * A post as a row (so filters and hourly limits of create/posts stay out of these tests), a
 * second newer than the last, with a word no other post has, for search.
 */
async function post(
  author: Caller,
  options: { topicId?: number; text?: string; link?: string; held?: string } = {},
): Promise<{ id: number; topicId: number; text: string; word: string }> {
  sequence += 1;
  t.clock.advance(1000);
  const word = `zorblax${sequence}q`;
  const topicId = options.topicId ?? (await insertTopic(t.database));
  const text = options.text ?? `Speedrun notes ${word}: the warp behind the waterfall.`;
  const row = await t.database.db
    .insertInto('posts')
    .values({
      user_id: author.user.id,
      topic_id: topicId,
      text,
      link: options.link ?? null,
      created_at: t.clock.now,
      updated_at: t.clock.now,
      held_at: options.held === undefined ? null : t.clock.now,
      held_reason: options.held ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .updateTable('topics')
    .set((eb) => ({ post_count: eb('post_count', '+', 1) }))
    .where('id', '=', topicId)
    .execute();
  return { id: Number(row.id), topicId, text, word };
}

async function comment(who: Caller, postId: number, text = 'Great route, thanks'): Promise<Comment> {
  t.clock.advance(1000);
  return (await ok<Comment>(c.postComment, { post_id: postId, text }, who)).data;
}

const report = (
  who: Caller,
  target: 'post' | 'comment' | 'user',
  id: number,
  reason = 'spam',
  text = 'Spam',
) => ok(p.report, { target, id, reason, text }, who);

const detail = async (id: number, who?: Caller) => call(t.app, p.postDetail, { id }, { token: who?.token });
const shown = async (id: number, who?: Caller) => (await detail(id, who)).body.data as Post;

const queue = async (who: Caller) => (await ok<Page<ReportGroup>>(mod.modReports, { num: 100 }, who)).data;
const groupOf = async (who: Caller, target: string, id: number) =>
  (await queue(who)).list.find((g) => g.target === target && g.target_id === id);

const newsOf = async (who: Caller) => (await ok<Page<News>>(u.newsList, { num: 50 }, who)).data.list;

/** The ids each surface that lists posts shows the viewer. */
async function listedEverywhere(viewer: Caller | undefined, topicId: number, word: string, authorId: number) {
  const ids = (list: Post[]) => list.map((x) => x.id);
  const read = async (def: Parameters<typeof call>[1], payload: Record<string, unknown>) =>
    (await call(t.app, def, payload, { token: viewer?.token })).body.data as Page<Post>;
  const search = (
    await call(
      t.app,
      endpoints.search.searchLists,
      { keyword: word, type: 'posts' },
      { token: viewer?.token },
    )
  ).body.data as { posts: Post[] };
  return {
    newest: ids((await read(p.homePosts, { num: 50 })).list),
    popular: ids((await read(p.homeFeeds, { num: 50 })).list),
    topic: ids((await read(p.postsList, { topic_id: topicId, num: 50 })).list),
    topicHot: ids((await read(p.postsList, { topic_id: topicId, sort: 'hot', num: 50 })).list),
    profile: ids((await read(p.userPosts, { user_id: authorId, num: 50 })).list),
    search: ids(search.posts),
  };
}

describe('the desk for whom it is not', () => {
  it('does not exist for members: every desk endpoint answers not found and changes nothing', async () => {
    const author = await t.make.member();
    const member = await t.make.member();
    const { id } = await post(author);
    const calls: [Parameters<typeof call>[1], Record<string, unknown>][] = [
      [mod.modOverview, {}],
      [mod.modReports, {}],
      [mod.modDismissReports, { target: 'post', target_id: id }],
      [mod.modRemove, { target: 'post', id, reason: 'spam' }],
      [mod.modRestore, { target: 'post', id }],
      [mod.modLock, { post_id: id, locked: true }],
      [mod.modHeld, {}],
      [mod.modRelease, { post_id: id }],
      [mod.modMember, { user_id: author.user.id }],
    ];
    for (const [def, payload] of calls) await refused(def, payload, member, 'errors.not_found');
    expect((await shown(id, member)).removed).toBeNull();
    expect((await shown(id, member)).comments_locked).toBe(false);
    // Visitors are asked to sign in, as for any members-only call.
    const visitor = await call(t.app, mod.modOverview, {});
    expect(visitor.body.code).not.toBe(1);
  });

  it('turns away bad input with a translated message and no change', async () => {
    const moderator = await staff('moderator');
    const author = await t.make.member();
    const { id } = await post(author);
    await refused(
      mod.modRemove,
      { target: 'post', id, reason: '   ' },
      moderator,
      'validation.mod_reason_required',
    );
    await refused(mod.modRemove, { target: 'post', id }, moderator, 'validation.mod_reason_required');
    await refused(
      mod.modRemove,
      { target: 'topic', id, reason: 'x' },
      moderator,
      'validation.items_required',
    );
    const tooLong = await call(
      t.app,
      mod.modRemove,
      { target: 'post', id, reason: 'x'.repeat(501) },
      { token: moderator.token },
    );
    expect(tooLong.status).toBe(200);
    expect(tooLong.body).toMatchObject({ code: MainCode.Fail });
    const notAnId = await call(
      t.app,
      mod.modLock,
      { post_id: true, locked: 'yes' },
      { token: moderator.token },
    );
    expect(notAnId.status).toBe(200);
    expect(notAnId.body.code).toBe(MainCode.Fail);
    expect((await shown(id)).removed).toBeNull();
  });
});

describe('the report queue', () => {
  it('groups reports of one post with every reporter’s reason and the content as it was when reported', async () => {
    const topicId = await insertTopic(t.database);
    const moderator = await staff('moderator', [topicId]);
    const author = await t.make.member();
    const [first, second] = [await t.make.member(), await t.make.member()];
    const target = await post(author, {
      topicId,
      text: 'Buy cheap gold at goldfarm',
      link: 'https://farm.example',
    });
    await report(first, 'post', target.id, 'spam', 'Selling gold');
    t.clock.advance(5000);
    await report(second, 'post', target.id, 'abuse', 'Scam link');
    await report(second, 'post', target.id, 'other', 'Again');
    // The author changes it afterwards (as an edit would): the desk still shows what was reported.
    await t.database.db
      .updateTable('posts')
      .set({ text: 'Nothing to see here' })
      .where('id', '=', target.id)
      .execute();

    const group = await groupOf(moderator, 'post', target.id);
    expect(group).toMatchObject({
      state: 'visible',
      post_id: target.id,
      topic: { id: topicId },
      author: { id: author.user.id },
      as_reported: { text: 'Buy cheap gold at goldfarm', link: 'https://farm.example' },
      current_text: 'Nothing to see here',
      comments_locked: false,
    });
    expect(group!.reports.map((r) => [r.reporter.id, r.reason, r.text])).toEqual([
      [first.user.id, 'spam', 'Selling gold'],
      [second.user.id, 'abuse', 'Scam link'],
    ]);
    expect(group!.last_reported_at - group!.first_reported_at).toBe(5000);
    const overview = await ok<{ counts: { reports: number } }>(mod.modOverview, {}, moderator);
    expect(overview.data.counts.reports).toBeGreaterThanOrEqual(1);
  });

  it('shows a scoped moderator only their topics, and reported members only to moderators of every topic', async () => {
    const mine = await insertTopic(t.database);
    const other = await insertTopic(t.database);
    const scoped = await staff('moderator', [mine]);
    const global = await staff('moderator');
    const author = await t.make.member();
    const reporter = await t.make.member();
    const inMine = await post(author, { topicId: mine });
    const inOther = await post(author, { topicId: other });
    const onOther = await comment(author, inOther.id);
    await report(reporter, 'post', inMine.id);
    await report(reporter, 'post', inOther.id);
    await report(reporter, 'comment', onOther.id);
    await report(reporter, 'user', author.user.id, 'abuse', 'Keeps spamming');

    const seen = (await queue(scoped)).list.map((g) => `${g.target}:${g.target_id}`);
    expect(seen).toContain(`post:${inMine.id}`);
    expect(seen).not.toContain(`post:${inOther.id}`);
    expect(seen).not.toContain(`comment:${onOther.id}`);
    expect(seen).not.toContain(`user:${author.user.id}`);
    const all = (await queue(global)).list.map((g) => `${g.target}:${g.target_id}`);
    expect(all).toEqual(
      expect.arrayContaining([`post:${inOther.id}`, `comment:${onOther.id}`, `user:${author.user.id}`]),
    );
    // Oldest group first.
    const firsts = (await queue(global)).list.map((g) => g.first_reported_at);
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));

    await refused(
      mod.modRemove,
      { target: 'post', id: inOther.id, reason: 'spam' },
      scoped,
      'errors.mod_not_your_topic',
    );
    await refused(
      mod.modRemove,
      { target: 'comment', id: onOther.id, reason: 'spam' },
      scoped,
      'errors.mod_not_your_topic',
    );
    await refused(mod.modLock, { post_id: inOther.id, locked: true }, scoped, 'errors.mod_not_your_topic');
    await refused(
      mod.modDismissReports,
      { target: 'user', target_id: author.user.id },
      scoped,
      'errors.mod_needs_global',
    );
    expect((await shown(inOther.id)).removed).toBeNull();
    expect(await groupOf(global, 'post', inOther.id)).toBeDefined();
  });

  it('dismisses a group once, logs it, and a new report after that opens it again', async () => {
    const moderator = await staff('moderator');
    const author = await t.make.member();
    const reporter = await t.make.member();
    const target = await post(author);
    await report(reporter, 'post', target.id);
    const answer = await ok<{ action_id: number; dismissed: number }>(
      mod.modDismissReports,
      { target: 'post', target_id: target.id, reason: 'Not spam' },
      moderator,
    );
    expect(answer.msg).toBe(en('moderation.dismissed'));
    expect(answer.data.dismissed).toBe(1);
    expect(await actionById(t.database.db, answer.data.action_id)).toMatchObject({
      action: 'dismiss_reports',
      moderator_id: moderator.user.id,
      subject_user_id: author.user.id,
      target_type: 'post',
      target_id: target.id,
      reason: 'Not spam',
    });
    expect(await groupOf(moderator, 'post', target.id)).toBeUndefined();
    await refused(
      mod.modDismissReports,
      { target: 'post', target_id: target.id },
      moderator,
      'errors.mod_no_open_reports',
    );
    await report(reporter, 'post', target.id, 'abuse', 'It is back');
    expect((await groupOf(moderator, 'post', target.id))?.reports.map((r) => r.text)).toEqual(['It is back']);
  });
});

describe('removal and restore', () => {
  it('reaches the author, leaves a placeholder for everyone else, and drops the post from every list', async () => {
    const topicId = await insertTopic(t.database);
    const moderator = await staff('moderator', [topicId]);
    const author = await t.make.member();
    const reader = await t.make.member();
    const target = await post(author, { topicId, link: 'https://ad.example' });
    const kept = await post(author, { topicId });
    await report(reader, 'post', target.id, 'spam', 'An ad');
    const before = await listedEverywhere(reader, topicId, target.word, author.user.id);
    for (const ids of Object.values(before)) expect(ids).toContain(target.id);

    const removed = await ok<{ action_id: number }>(
      mod.modRemove,
      { target: 'post', id: target.id, reason: 'Advertising' },
      moderator,
    );
    expect(removed.msg).toBe(en('moderation.removed'));
    const actionId = removed.data.action_id;

    // The author: told, and sees what was removed, why, and the entry an appeal names.
    const news = (await newsOf(author)).find((n) => n.kind === 'mod_removed');
    expect(news).toMatchObject({ ref_type: 'post', ref_id: target.id, text: 'Advertising' });
    expect(await shown(target.id, author)).toMatchObject({
      text: target.text,
      links: ['https://ad.example'],
      removed: { reason: 'Advertising', action_id: actionId },
    });
    // Everyone else: that it was removed, and nothing of it.
    for (const viewer of [reader, undefined]) {
      const seen = await shown(target.id, viewer);
      expect(seen).toMatchObject({
        text: '',
        links: [],
        files: [],
        removed: { reason: null, action_id: null },
      });
      expect(seen.removed!.at).toBe(t.clock.now);
    }
    // Moderators: whole.
    expect(await shown(target.id, moderator)).toMatchObject({
      text: target.text,
      removed: { reason: 'Advertising' },
    });

    const after = await listedEverywhere(reader, topicId, target.word, author.user.id);
    for (const [surface, ids] of Object.entries(after)) {
      expect(ids, surface).not.toContain(target.id);
    }
    expect(after.topic).toContain(kept.id);
    const visitor = await listedEverywhere(undefined, topicId, target.word, author.user.id);
    for (const ids of Object.values(visitor)) expect(ids).not.toContain(target.id);
    // Their own profile keeps it, flagged.
    const own = (await ok<Page<Post>>(p.userPosts, { num: 50 }, author)).data.list;
    expect(own.find((x) => x.id === target.id)?.removed?.reason).toBe('Advertising');

    // Its reports are resolved, and the log kept the content as it was.
    expect(await groupOf(moderator, 'post', target.id)).toBeUndefined();
    const resolved = await t.database.db
      .selectFrom('reports')
      .select(['resolution', 'resolved_by'])
      .where('target', '=', 'post')
      .where('target_id', '=', target.id)
      .execute();
    expect(resolved.map((r) => [r.resolution, Number(r.resolved_by)])).toEqual([
      ['removed', moderator.user.id],
    ]);
    expect(await actionById(t.database.db, actionId)).toMatchObject({
      action: 'remove_post',
      subject_user_id: author.user.id,
      topic_id: topicId,
      snapshot: `${target.text}\nhttps://ad.example`,
    });

    // Removed: no comments, no second removal, and reporting it stores nothing.
    await refused(c.postComment, { post_id: target.id, text: 'Hi' }, reader, 'errors.comments_locked');
    await refused(
      mod.modRemove,
      { target: 'post', id: target.id, reason: 'Again' },
      moderator,
      'errors.mod_already_removed',
    );
    const other = await t.make.member();
    await report(other, 'post', target.id);
    expect(await groupOf(moderator, 'post', target.id)).toBeUndefined();
  });

  it('restores a post as it was, tells the author, and refuses to restore what is not removed', async () => {
    const moderator = await staff('admin');
    const author = await t.make.member();
    const reader = await t.make.member();
    const target = await post(author);
    await ok(mod.modRemove, { target: 'post', id: target.id, reason: 'Off topic' }, moderator);
    const restored = await ok<{ action_id: number }>(
      mod.modRestore,
      { target: 'post', id: target.id, reason: 'On second look, fine' },
      moderator,
    );
    expect(restored.msg).toBe(en('moderation.restored'));
    expect(await shown(target.id, reader)).toMatchObject({ text: target.text, removed: null });
    expect((await newsOf(author)).find((n) => n.kind === 'mod_restored')).toMatchObject({
      ref_id: target.id,
      text: 'On second look, fine',
    });
    const lists = await listedEverywhere(reader, target.topicId, target.word, author.user.id);
    for (const ids of Object.values(lists)) expect(ids).toContain(target.id);
    await refused(mod.modRestore, { target: 'post', id: target.id }, moderator, 'errors.mod_not_removed');
    expect(await actionById(t.database.db, restored.data.action_id)).toMatchObject({
      action: 'restore_post',
    });
  });

  it('keeps a removed comment in its thread as a placeholder, with its replies', async () => {
    const moderator = await staff('moderator');
    const author = await t.make.member();
    const commenter = await t.make.member();
    const reader = await t.make.member();
    const target = await post(author);
    const rude = await comment(commenter, target.id, 'You are all noobs');
    t.clock.advance(1000);
    const answer = (await ok<Comment>(c.replyComment, { comment_id: rude.id, text: 'Be nice' }, reader)).data;
    await ok(mod.modRemove, { target: 'comment', id: rude.id, reason: 'Insults' }, moderator);

    const threadAs = async (who?: Caller) =>
      (
        (await call(t.app, c.commentLists, { post_id: target.id }, { token: who?.token })).body
          .data as Page<Comment>
      ).list;
    const [forReader] = await threadAs(reader);
    expect(forReader).toMatchObject({ id: rude.id, text: '', removed: { reason: null, action_id: null } });
    expect(forReader!.replies.map((r) => r.id)).toEqual([answer.id]);
    const [forAuthor] = await threadAs(commenter);
    expect(forAuthor).toMatchObject({ text: 'You are all noobs', removed: { reason: 'Insults' } });
    const [forModerator] = await threadAs(moderator);
    expect(forModerator).toMatchObject({ text: 'You are all noobs', removed: { reason: 'Insults' } });
    expect((await newsOf(commenter)).find((n) => n.kind === 'mod_removed')).toMatchObject({
      ref_type: 'comment',
      ref_id: rude.id,
      text: 'Insults',
    });
    // The post's author was told of the comment with its words; those words go from the inbox too.
    const told = (await newsOf(author)).find((n) => n.kind === 'comment' && n.ref_id === rude.id);
    expect(told).toMatchObject({ text: '' });
    expect((await ok<{ latest: News | null }>(u.latestNews, {}, author)).data.latest).toMatchObject({
      ref_id: rude.id,
      text: '',
    });
    // Their page: gone for others, flagged for themselves.
    const page = async (who: Caller) =>
      (
        (await call(t.app, c.otherComments, { user_id: commenter.user.id }, { token: who.token })).body
          .data as Page<Comment>
      ).list.map((x) => x.id);
    expect(await page(reader)).not.toContain(rude.id);
    expect(await page(commenter)).toContain(rude.id);

    await ok(mod.modRestore, { target: 'comment', id: rude.id }, moderator);
    const [back] = await threadAs(reader);
    expect(back).toMatchObject({ text: 'You are all noobs', removed: null });
  });

  it('answers not found for content that is gone, and refuses acting on a higher or equal role', async () => {
    const moderator = await staff('moderator');
    const admin = await staff('admin');
    const otherModerator = await staff('moderator');
    const author = await t.make.member();
    const gone = await post(author);
    const onGone = await comment(author, gone.id);
    await report(await t.make.member(), 'post', gone.id);
    await ok(p.deletePost, { id: gone.id }, author);
    await refused(
      mod.modRemove,
      { target: 'post', id: gone.id, reason: 'x' },
      moderator,
      'errors.post_not_found',
    );
    await refused(
      mod.modRemove,
      { target: 'comment', id: onGone.id, reason: 'x' },
      moderator,
      'errors.comment_not_found',
    );
    await refused(mod.modRestore, { target: 'post', id: gone.id }, moderator, 'errors.post_not_found');
    await refused(mod.modLock, { post_id: gone.id, locked: true }, moderator, 'errors.post_not_found');
    await refused(mod.modRelease, { post_id: gone.id }, moderator, 'errors.post_not_found');
    // Its reports are still there to clear, as gone.
    expect(await groupOf(moderator, 'post', gone.id)).toMatchObject({ state: 'gone', author: null });
    await ok(mod.modDismissReports, { target: 'post', target_id: gone.id }, moderator);

    const adminPost = await post(admin);
    const modPost = await post(otherModerator);
    const ownPost = await post(moderator);
    for (const id of [adminPost.id, modPost.id, ownPost.id]) {
      await refused(mod.modRemove, { target: 'post', id, reason: 'x' }, moderator, 'errors.mod_outranked');
      await refused(mod.modLock, { post_id: id, locked: true }, moderator, 'errors.mod_outranked');
    }
    for (const id of [adminPost.id, modPost.id, ownPost.id]) expect((await shown(id)).removed).toBeNull();
    // An administrator outranks a moderator.
    await ok(mod.modRemove, { target: 'post', id: modPost.id, reason: 'Test post' }, admin);
    await refused(mod.modRestore, { target: 'post', id: modPost.id }, moderator, 'errors.mod_outranked');
  });

  it('lets one of two moderators removing at once go through, logged once', async () => {
    const [one, two] = [await staff('moderator'), await staff('moderator')];
    const author = await t.make.member();
    const target = await post(author);
    const answers = await Promise.all(
      [one, two].map((who) =>
        call(t.app, mod.modRemove, { target: 'post', id: target.id, reason: 'Spam' }, { token: who.token }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([MainCode.Success, MainCode.Fail].sort());
    expect(answers.find((a) => a.body.code !== MainCode.Success)?.body).toMatchObject({
      reason: 'errors.mod_already_removed',
    });
    const entries = await t.database.db
      .selectFrom('mod_actions')
      .select('id')
      .where('action', '=', 'remove_post')
      .where('target_id', '=', target.id)
      .execute();
    expect(entries).toHaveLength(1);
    expect((await newsOf(author)).filter((n) => n.kind === 'mod_removed')).toHaveLength(1);
  });
});

describe('locking comments', () => {
  it('stops comments and replies, keeps the author from reopening, and tells them', async () => {
    const moderator = await staff('moderator');
    const author = await t.make.member();
    const reader = await t.make.member();
    const target = await post(author);
    const earlier = await comment(reader, target.id);
    const locked = await ok<{ comments_locked: boolean; action_id: number }>(
      mod.modLock,
      { post_id: target.id, locked: true, reason: 'Flame war' },
      moderator,
    );
    expect(locked.msg).toBe(en('moderation.locked'));
    expect(locked.data.comments_locked).toBe(true);
    expect((await shown(target.id, reader)).comments_locked).toBe(true);
    await refused(c.postComment, { post_id: target.id, text: 'More' }, reader, 'errors.comments_locked');
    await refused(c.replyComment, { comment_id: earlier.id, text: 'More' }, author, 'errors.comments_locked');
    await refused(p.setPost, { id: target.id, comments_open: true }, author, 'errors.comments_locked');
    expect((await newsOf(author)).find((n) => n.kind === 'mod_locked')).toMatchObject({
      ref_id: target.id,
      text: 'Flame war',
    });
    // Locking what is locked changes nothing and logs nothing.
    const again = await ok<{ action_id: number | null }>(
      mod.modLock,
      { post_id: target.id, locked: true },
      moderator,
    );
    expect(again.data.action_id).toBeNull();
    const unlocked = await ok<{ action_id: number }>(
      mod.modLock,
      { post_id: target.id, locked: false },
      moderator,
    );
    expect(unlocked.msg).toBe(en('moderation.unlocked'));
    expect(await actionById(t.database.db, unlocked.data.action_id)).toMatchObject({
      action: 'unlock_comments',
    });
    await comment(reader, target.id, 'Calm now');
  });
});

describe('the held queue', () => {
  it('keeps a held post from everyone but its author and staff until it is released as new', async () => {
    const topicId = await insertTopic(t.database);
    const moderator = await staff('moderator', [topicId]);
    const elsewhere = await staff('moderator', [await insertTopic(t.database)]);
    const author = await t.make.member();
    const reader = await t.make.member();
    const older = await post(author, { topicId });
    const held = await post(author, { topicId, held: 'Links from a new member', text: 'Check my channel' });
    const heldAt = t.clock.now;

    expect((await detail(held.id, reader)).body).toMatchObject({ reason: 'errors.post_not_found' });
    expect(
      (await call(t.app, c.commentLists, { post_id: held.id }, { token: reader.token })).body,
    ).toMatchObject({
      reason: 'errors.post_not_found',
    });
    await refused(c.postComment, { post_id: held.id, text: 'Hi' }, reader, 'errors.post_not_found');
    await refused(p.likePost, { id: held.id }, reader, 'errors.post_not_found');
    await refused(
      p.report,
      { target: 'post', id: held.id, reason: 'spam', text: 'x' },
      reader,
      'errors.post_not_found',
    );
    expect(await shown(held.id, author)).toMatchObject({ held: true, text: 'Check my channel' });
    expect(await shown(held.id, moderator)).toMatchObject({ held: true });
    const lists = await listedEverywhere(reader, topicId, 'channel', author.user.id);
    for (const [surface, ids] of Object.entries(lists)) expect(ids, surface).not.toContain(held.id);
    const own = (await ok<Page<Post>>(p.userPosts, { num: 50 }, author)).data.list;
    expect(own.find((x) => x.id === held.id)?.held).toBe(true);

    const queue = (await ok<Page<HeldPost>>(mod.modHeld, {}, moderator)).data;
    expect(queue.list.map((h) => [h.post.id, h.held_reason, h.held_at])).toEqual([
      [held.id, 'Links from a new member', heldAt],
    ]);
    expect((await ok<{ counts: { held: number } }>(mod.modOverview, {}, moderator)).data.counts.held).toBe(1);
    expect((await ok<Page<HeldPost>>(mod.modHeld, {}, elsewhere)).data.list).toEqual([]);
    await refused(mod.modRelease, { post_id: held.id }, elsewhere, 'errors.mod_not_your_topic');
    await refused(mod.modRelease, { post_id: older.id }, moderator, 'errors.mod_not_held');

    t.clock.advance(60_000);
    const released = await ok<{ action_id: number }>(mod.modRelease, { post_id: held.id }, moderator);
    expect(released.msg).toBe(en('moderation.released'));
    const now = await shown(held.id, reader);
    expect(now).toMatchObject({ held: false, created_at: t.clock.now });
    const newest = (await ok<Page<Post>>(p.homePosts, { num: 50 }, reader)).data.list.map((x) => x.id);
    expect(newest.indexOf(held.id)).toBeLessThan(newest.indexOf(older.id));
    expect((await newsOf(author)).find((n) => n.kind === 'post_released')).toMatchObject({ ref_id: held.id });
    expect(await actionById(t.database.db, released.data.action_id)).toMatchObject({
      action: 'release_post',
    });
    await refused(mod.modRelease, { post_id: held.id }, moderator, 'errors.mod_not_held');
    expect((await ok<Page<HeldPost>>(mod.modHeld, {}, moderator)).data.list).toEqual([]);
  });

  it('rejects a held post by removing it: it leaves the queue', async () => {
    const moderator = await staff('moderator');
    const author = await t.make.member();
    const held = await post(author, { held: 'Filter: casino' });
    await ok(mod.modRemove, { target: 'post', id: held.id, reason: 'Casino spam' }, moderator);
    const ids = (await ok<Page<HeldPost>>(mod.modHeld, { num: 100 }, moderator)).data.list.map(
      (h) => h.post.id,
    );
    expect(ids).not.toContain(held.id);
    await refused(mod.modRelease, { post_id: held.id }, moderator, 'errors.mod_not_held');
  });
});

describe('a member as the desk sees them', () => {
  it('shows their recent writing whole (removed flagged), earlier actions and open reports', async () => {
    const moderator = await staff('moderator');
    const author = await t.make.member();
    const reporter = await t.make.member();
    const first = await post(author, { text: 'First post' });
    const second = await post(author, { text: 'Second post' });
    const said = await comment(author, first.id, 'A comment of mine');
    await ok(mod.modRemove, { target: 'post', id: second.id, reason: 'Duplicate' }, moderator);
    await report(reporter, 'comment', said.id);
    await report(reporter, 'user', author.user.id);

    const page = (await ok<ModMember>(mod.modMember, { user_id: author.user.id }, moderator)).data;
    expect(page).toMatchObject({
      user: { id: author.user.id },
      role: 'member',
      status: 'active',
      suspended_until: null,
      open_reports: 2,
    });
    expect(page.recent_posts.map((x) => [x.id, x.text, x.removed?.reason ?? null])).toEqual([
      [second.id, 'Second post', 'Duplicate'],
      [first.id, 'First post', null],
    ]);
    expect(page.recent_comments.map((x) => [x.id, x.text, x.post.id])).toEqual([
      [said.id, 'A comment of mine', first.id],
    ]);
    expect(page.actions.map((a) => [a.action, a.target_id])).toEqual([['remove_post', second.id]]);
    await refused(mod.modMember, { user_id: 999_999 }, moderator, 'errors.user_not_found');
  });
});
