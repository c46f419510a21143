import {
  type Comment,
  endpoints,
  MainCode,
  MUTE_WORD_MAX,
  MUTE_WORDS_MAX,
  type MutedMember,
  type MutedWord,
  type News,
  type Post,
  type Reply,
  type User,
  YOURS_CATEGORY_ID,
} from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentsService } from '../src/features/comments/service';
import { newsService } from '../src/features/news/service';
import { feedsService } from '../src/features/posts/feeds';
import { firstPagesCache } from '../src/features/posts/first-pages';
import { searchService } from '../src/features/search/service';
import { translator } from '../src/i18n';
import { buildTestApp, call, ENGINE, type TestApp } from './helper';
import { insertTopic } from './support/community';
import { queryPlan, recordQueries } from './support/queries';
import { answers, type Caller } from './support/social';

const m = endpoints.mutes;
const p = endpoints.posts;
const c = endpoints.comments;
const en = translator('en-US');
const DAY = 24 * 60 * 60 * 1000;

type Member = Awaited<ReturnType<TestApp['make']['member']>>;
type Feed = { list: Post[]; total: number; cursor: string | null };
type Page<T> = { list: T[]; total: number; cursor: string | null };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { ok, refused } = answers(() => t.app);

/** A post through create/posts, a second after the previous one. */
async function publish(member: Member, topicId: number, text = 'A post about retro games'): Promise<Post> {
  t.clock.advance(1000);
  return (await ok<Post>(p.createPost, { topic_id: topicId, text }, member)).data;
}

async function comment(member: Member, postId: number, text = 'Nice one'): Promise<Comment> {
  t.clock.advance(1000);
  return (await ok<Comment>(c.postComment, { post_id: postId, text }, member)).data;
}

async function reply(member: Member, commentId: number, text = 'Agreed'): Promise<Reply> {
  t.clock.advance(1000);
  return (await ok<Reply>(c.replyComment, { comment_id: commentId, text }, member)).data;
}

const feed = async (def: (typeof p)[keyof typeof p], payload: object, who?: Caller) =>
  (await ok<Feed>(def, payload as Record<string, unknown>, who)).data;

const mute = (who: Caller, target: { user: { id: number } } | number, duration = 'forever') =>
  ok<{ muted: true; until_at: number | null }>(
    m.muteUser,
    { user_id: typeof target === 'number' ? target : target.user.id, duration },
    who,
  );
const unmute = (who: Caller, target: Caller) => ok(m.unmuteUser, { user_id: target.user.id }, who);
const muteWord = (who: Caller, phrase: string) => ok<MutedWord>(m.muteWord, { phrase }, who);

const authorsOf = (list: { user: { id: number } }[]) => new Set(list.map((x) => x.user.id));

/** Every page of a feed by cursor, as ids, checking each but the last holds `num` posts. */
async function walk(def: (typeof p)[keyof typeof p], payload: object, who: Caller, num: number) {
  const seen: number[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard += 1) {
    const page = await feed(def, { ...payload, num, ...(cursor ? { cursor } : {}) }, who);
    seen.push(...page.list.map((x) => x.id));
    cursor = page.cursor;
    if (!cursor) return seen;
    expect(page.list).toHaveLength(num);
  }
  throw new Error('the feed did not end');
}

describe('mute/user', () => {
  it("takes a muted member's posts out of every feed, search and topic list, for the muter only", async () => {
    const me = await t.make.member();
    const loud = await t.make.member();
    const other = await t.make.member();
    const onlooker = await t.make.member();
    const topicId = await insertTopic(t.database);
    await ok(endpoints.topics.topicFollow, { id: topicId, follow: true }, me);
    const theirs = await publish(loud, topicId, 'Zeldafan speedrun notes');
    const mine = await publish(other, topicId, 'Zeldafan map of the dungeon');

    const before = await feed(p.homePosts, { page: 1, num: 50 }, me);
    expect(before.list.map((x) => x.id)).toEqual(expect.arrayContaining([theirs.id, mine.id]));

    const muted = await mute(me, loud);
    expect(muted).toEqual({ code: 1, msg: en('community.muted'), data: { muted: true, until_at: null } });

    const views: [string, Post[]][] = [
      ['home/posts page 1', (await feed(p.homePosts, { page: 1, num: 50 }, me)).list],
      ['home/posts page 2', (await feed(p.homePosts, { page: 2, num: 1 }, me)).list],
      ['home/feeds', (await feed(p.homeFeeds, { page: 1, num: 50 }, me)).list],
      ['topic new', (await feed(p.postsList, { topic_id: topicId, sort: 'new', num: 50 }, me)).list],
      ['topic hot', (await feed(p.postsList, { topic_id: topicId, sort: 'hot', num: 50 }, me)).list],
      ['YOURS', (await feed(p.postsList, { category_id: YOURS_CATEGORY_ID, sort: 'new', num: 50 }, me)).list],
      ['recommend', (await feed(p.recommendPosts, { post_id: mine.id, num: 50 }, me)).list],
    ];
    for (const [name, list] of views) expect(authorsOf(list).has(loud.user.id), name).toBe(false);
    const topicFeed = await feed(p.postsList, { topic_id: topicId, sort: 'new', num: 50 }, me);
    expect(topicFeed.list.map((x) => x.id)).toContain(mine.id);

    const search = await ok<{ posts: Post[]; total: number }>(
      endpoints.search.searchLists,
      { keyword: 'zeldafan', type: 'posts' },
      me,
    );
    expect(search.data.posts.map((x) => x.id)).toEqual([mine.id]);
    expect(search.data.total).toBe(1);

    // Only the muter's views change.
    const seenByOthers = await feed(p.postsList, { topic_id: topicId, sort: 'new', num: 50 }, onlooker);
    expect(seenByOthers.list.map((x) => x.id)).toEqual([mine.id, theirs.id]);
    const visitor = await feed(p.postsList, { topic_id: topicId, sort: 'new', num: 50 });
    expect(visitor.list.map((x) => x.id)).toEqual([mine.id, theirs.id]);
    const searchedByOthers = await ok<{ posts: Post[] }>(
      endpoints.search.searchLists,
      { keyword: 'zeldafan', type: 'posts' },
      onlooker,
    );
    expect(searchedByOthers.data.posts.map((x) => x.id).sort()).toEqual([theirs.id, mine.id].sort());

    // Their own page still shows what they wrote: the muter went there to read it.
    const page = await feed(p.userPosts, { user_id: loud.user.id, tab: 'posts' }, me);
    expect(page.list.map((x) => x.id)).toEqual([theirs.id]);
    // A post opened directly still opens.
    expect((await ok<Post>(p.postDetail, { id: theirs.id }, me)).data.id).toBe(theirs.id);

    await unmute(me, loud);
    const back = await feed(p.postsList, { topic_id: topicId, sort: 'new', num: 50 }, me);
    expect(back.list.map((x) => x.id)).toEqual([mine.id, theirs.id]);
  });

  it('keeps every page `num` long and the cursors exact across a long run of muted posts', async () => {
    const me = await t.make.member();
    const loud = await t.make.member();
    const quiet = await t.make.member();
    const topicId = await insertTopic(t.database);
    const kept: number[] = [];
    for (let i = 0; i < 3; i += 1) kept.push((await publish(quiet, topicId)).id);
    for (let i = 0; i < 12; i += 1) await publish(loud, topicId);
    for (let i = 0; i < 4; i += 1) kept.push((await publish(quiet, topicId)).id);
    for (let i = 0; i < 5; i += 1) await publish(loud, topicId);
    kept.push((await publish(quiet, topicId)).id);
    await mute(me, loud);
    const newestFirst = [...kept].reverse();

    for (const num of [1, 2, 3, 5]) {
      expect(await walk(p.postsList, { topic_id: topicId, sort: 'new' }, me, num), `num ${num}`).toEqual(
        newestFirst,
      );
    }
    // The general feed, whose page 1 comes from the shared rows: there the muted run leaves too
    // few for a page and it is read for the viewer instead; the pages after it by cursor.
    const general = (await walk(p.homePosts, {}, me, 3)).filter((id) => kept.includes(id) || id > kept[0]!);
    expect(general.filter((id) => kept.includes(id))).toEqual(newestFirst);
    const home = await feed(p.homePosts, { page: 1, num: 3 }, me);
    expect(home.list).toHaveLength(3);
    expect(authorsOf(home.list).has(loud.user.id)).toBe(false);
    // Offset pages count only what the viewer sees too.
    const second = await feed(p.postsList, { topic_id: topicId, sort: 'new', page: 2, num: 3 }, me);
    expect(second.list.map((x) => x.id)).toEqual(newestFirst.slice(3, 6));
  });

  it("hides a muted member's comments, replies and news from the muter, and shows them again once unmuted", async () => {
    const me = await t.make.member();
    const loud = await t.make.member();
    const friend = await t.make.member();
    const topicId = await insertTopic(t.database);
    const post = await publish(me, topicId);
    const theirs = await comment(loud, post.id, 'First!');
    const friends = await comment(friend, post.id, 'Great post');
    const loudReply = await reply(loud, friends.id, 'Not really');
    const friendReply = await reply(friend, friends.id, 'Yes really');
    await ok(p.likePost, { id: post.id, like: true }, loud);
    await ok(endpoints.follows.userFollow, { user_id: me.user.id, follow: true }, loud);
    t.clock.advance(1000);
    await ok(p.likePost, { id: post.id, like: true }, friend);

    const comments = () => ok<Page<Comment>>(c.commentLists, { post_id: post.id }, me).then((r) => r.data);
    const replies = () =>
      ok<Page<Reply>>(c.commentReplies, { comment_id: friends.id }, me).then((r) => r.data);
    const news = () => ok<Page<News>>(endpoints.users.newsList, {}, me).then((r) => r.data);
    const latest = () =>
      ok<{ unread: number; latest: News | null }>(endpoints.users.latestNews, {}, me).then((r) => r.data);

    const loudNews = (await news()).list.filter((n) => n.actor_id === loud.user.id);
    expect(loudNews.length).toBeGreaterThanOrEqual(3);
    const unreadBefore = (await latest()).unread;

    await mute(me, loud, 'week');
    const listed = await comments();
    expect(listed.list.map((x) => x.id)).toEqual([friends.id]);
    expect(listed.total).toBe(1);
    expect(listed.list[0]!.replies.map((x) => x.id)).toEqual([friendReply.id]);
    const thread = await replies();
    expect(thread.list.map((x) => x.id)).toEqual([friendReply.id]);
    expect(thread.total).toBe(1);
    const inbox = await news();
    expect(inbox.list.some((n) => n.actor_id === loud.user.id)).toBe(false);
    expect(inbox.total).toBe(inbox.list.length);
    const newest = await latest();
    expect(newest.unread).toBe(unreadBefore - loudNews.length);
    expect(newest.latest?.actor_id).toBe(friend.user.id);

    // The mute ends when taken back, or when its week has run by the app's clock.
    await unmute(me, loud);
    expect((await comments()).list.map((x) => x.id)).toEqual([friends.id, theirs.id]);
    expect((await replies()).list.map((x) => x.id)).toEqual([loudReply.id, friendReply.id]);
    expect((await latest()).unread).toBe(unreadBefore);
  });

  it('ends a day mute after a day by the app clock, with no job', async () => {
    const me = await t.make.member();
    const loud = await t.make.member();
    const topicId = await insertTopic(t.database);
    const post = await publish(loud, topicId);
    const { data } = await mute(me, loud, 'day');
    expect(data.until_at).toBe(t.clock.now + DAY);
    const topicIds = async () =>
      (await feed(p.postsList, { topic_id: topicId, sort: 'new' }, me)).list.map((x) => x.id);
    const profile = async () => (await ok<User>(endpoints.users.getUser, { user_id: loud.user.id }, me)).data;
    const list = async () => (await ok<Page<MutedMember>>(m.muteList, {}, me)).data;

    expect(await topicIds()).toEqual([]);
    expect(await profile()).toMatchObject({ muted: true, muted_until: t.clock.now + DAY });
    expect((await list()).list.map((x) => [x.id, x.until_at])).toEqual([[loud.user.id, t.clock.now + DAY]]);

    t.clock.advance(DAY - 1);
    expect(await topicIds()).toEqual([]);
    t.clock.advance(1);
    expect(await topicIds()).toEqual([post.id]);
    expect(await profile()).toMatchObject({ muted: false, muted_until: null });
    expect(await list()).toEqual({ list: [], total: 0, cursor: null });

    // Muting again sets the new length: a week from now, then for good.
    const week = await mute(me, loud, 'week');
    expect(week.data.until_at).toBe(t.clock.now + 7 * DAY);
    await mute(me, loud, 'forever');
    expect(await profile()).toMatchObject({ muted: true, muted_until: null });
    // Well past a week (within the session's life, so the token still signs the muter in).
    t.clock.advance(8 * DAY);
    expect(await topicIds()).toEqual([]);
    const rows = await t.database.db
      .selectFrom('member_mutes')
      .select(['muted_user_id', 'until_at'])
      .where('user_id', '=', me.user.id)
      .execute();
    expect(rows.map((r) => [Number(r.muted_user_id), r.until_at])).toEqual([[loud.user.id, null]]);
  });

  it('lists running mutes newest first by cursor, with the members as cards', async () => {
    const me = await t.make.member();
    const muted: Member[] = [];
    for (let i = 0; i < 5; i += 1) {
      const member = await t.make.member();
      muted.push(member);
      t.clock.advance(1000);
      await mute(me, member, i === 0 ? 'day' : 'forever');
    }
    const first = await ok<Page<MutedMember>>(m.muteList, { num: 2 }, me);
    expect(first.data.total).toBe(5);
    expect(first.data.list.map((x) => x.id)).toEqual([muted[4]!.user.id, muted[3]!.user.id]);
    expect(first.data.list[0]).toMatchObject({ nickname: muted[4]!.user.nickname, until_at: null });
    const rest = await ok<Page<MutedMember>>(m.muteList, { num: 10, cursor: first.data.cursor }, me);
    expect(rest.data.list.map((x) => x.id)).toEqual([
      muted[2]!.user.id,
      muted[1]!.user.id,
      muted[0]!.user.id,
    ]);
    expect(rest.data.cursor).toBeNull();
    // Others never see whom a member muted.
    const someone = await t.make.member();
    expect((await ok<Page<MutedMember>>(m.muteList, {}, someone)).data.total).toBe(0);
  });

  it('tells the muted member nothing: their views and what they may do stay as they were', async () => {
    const me = await t.make.member();
    const loud = await t.make.member();
    const topicId = await insertTopic(t.database);
    const mine = await publish(me, topicId);
    await ok(endpoints.follows.userFollow, { user_id: me.user.id, follow: true }, loud);
    const seenBefore = {
      profile: (await ok<User>(endpoints.users.getUser, { user_id: me.user.id }, loud)).data,
      relation: (await ok(endpoints.follows.hasFollow, { user_id: me.user.id }, loud)).data,
      topic: (await feed(p.postsList, { topic_id: topicId, sort: 'new' }, loud)).list.map((x) => x.id),
      news: (await ok<Page<News>>(endpoints.users.newsList, {}, loud)).data,
    };
    await mute(me, loud);
    expect((await ok<User>(endpoints.users.getUser, { user_id: me.user.id }, loud)).data).toEqual(
      seenBefore.profile,
    );
    expect(seenBefore.profile).toMatchObject({ muted: false, muted_until: null });
    expect((await ok(endpoints.follows.hasFollow, { user_id: me.user.id }, loud)).data).toEqual(
      seenBefore.relation,
    );
    expect((await feed(p.postsList, { topic_id: topicId, sort: 'new' }, loud)).list.map((x) => x.id)).toEqual(
      seenBefore.topic,
    );
    expect((await ok<Page<News>>(endpoints.users.newsList, {}, loud)).data).toEqual(seenBefore.news);
    // They can still comment on the muter's post and follow them; no news tells them anything.
    await comment(loud, mine.id, 'Still here');
    await ok(endpoints.follows.userFollow, { user_id: me.user.id, follow: true }, loud);
    expect((await ok<Page<News>>(endpoints.users.newsList, {}, loud)).data.total).toBe(seenBefore.news.total);
    // And the muter's followers are untouched: a mute is not a block.
    const follows = await t.database.db
      .selectFrom('follows')
      .select('follower_id')
      .where('followee_id', '=', me.user.id)
      .execute();
    expect(follows.map((r) => Number(r.follower_id))).toEqual([loud.user.id]);
  });

  it('refuses muting yourself and unknown members, and changes nothing', async () => {
    const me = await t.make.member();
    await refused(m.muteUser, { user_id: me.user.id, duration: 'day' }, me, 'errors.cannot_mute_self');
    await refused(m.muteUser, { user_id: 999_999, duration: 'day' }, me, 'errors.user_not_found');
    const gone = await t.make.user({ status: 'disabled' });
    await refused(m.muteUser, { user_id: gone.id, duration: 'forever' }, me, 'errors.user_not_found');
    await refused(m.unmuteUser, { user_id: 999_999 }, me, 'errors.user_not_found');
    const other = await t.make.member();
    const bad = await call(
      t.app,
      m.muteUser,
      { user_id: other.user.id, duration: 'year' },
      { token: me.token },
    );
    expect(bad.body).toMatchObject({ code: MainCode.Fail, reason: 'errors.invalid_field' });
    const rows = await t.database.db
      .selectFrom('member_mutes')
      .select('muted_user_id')
      .where('user_id', '=', me.user.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await call(t.app, m.muteUser, { user_id: other.user.id, duration: 'day' })).body.code).toBe(
      MainCode.Expired,
    );
  });
});

describe('mute/word', () => {
  it('folds posts and comments containing a muted word, in English, Japanese and Korean, for the muter only', async () => {
    const me = await t.make.member();
    const writer = await t.make.member();
    const onlooker = await t.make.member();
    const topicId = await insertTopic(t.database);
    await muteWord(me, 'Spoiler');
    await muteWord(me, 'ネタバレ');
    await muteWord(me, '스포');
    const english = await publish(writer, topicId, 'Huge SPOILER about the last boss');
    const ja = await publish(writer, topicId, '今日はネタバレありの感想です');
    const ko = await publish(writer, topicId, '이 글은 스포가 있어요');
    const plain = await publish(writer, topicId, 'No spoilers here, just a nice screenshot');
    const own = await publish(me, topicId, 'My own spoiler is never folded for me');
    const expected = new Map<number, string[] | undefined>([
      [english.id, ['Spoiler']],
      [ja.id, ['ネタバレ']],
      [ko.id, ['스포']],
      [plain.id, undefined],
      [own.id, undefined],
    ]);
    const foldsOf = (list: Post[]) =>
      new Map(list.filter((x) => expected.has(x.id)).map((x) => [x.id, x.folded?.words]));

    // Folded, not removed: the text is still there, for "Show anyway".
    const topic = await feed(p.postsList, { topic_id: topicId, sort: 'new' }, me);
    expect(foldsOf(topic.list)).toEqual(expected);
    expect(topic.list.find((x) => x.id === english.id)!.text).toBe('Huge SPOILER about the last boss');
    for (const [name, list] of [
      ['home/posts page 1', (await feed(p.homePosts, { page: 1, num: 50 }, me)).list],
      ['home/posts by cursor', await allPages(p.homePosts, me)],
      ['home/feeds', (await feed(p.homeFeeds, { page: 1, num: 50 }, me)).list],
    ] as const) {
      expect(foldsOf(list), name).toEqual(expected);
    }
    expect((await ok<Post>(p.postDetail, { id: ja.id }, me)).data.folded).toEqual({ words: ['ネタバレ'] });
    const found = await ok<{ posts: Post[] }>(
      endpoints.search.searchLists,
      { keyword: 'boss', type: 'posts' },
      me,
    );
    expect(found.data.posts.find((x) => x.id === english.id)?.folded).toEqual({ words: ['Spoiler'] });

    // Nobody else's answers carry the fold.
    const others = await feed(p.postsList, { topic_id: topicId, sort: 'new' }, onlooker);
    expect(others.list.every((x) => x.folded === undefined)).toBe(true);
    const visitors = await feed(p.postsList, { topic_id: topicId, sort: 'new' });
    expect(visitors.list.every((x) => x.folded === undefined)).toBe(true);

    // Comments and replies fold alike.
    const loud = await comment(writer, plain.id, 'spoiler: it was a dream');
    const calm = await comment(writer, plain.id, 'Lovely colours');
    const jaReply = await reply(writer, calm.id, 'ネタバレ注意');
    const listed = await ok<Page<Comment>>(c.commentLists, { post_id: plain.id }, me);
    const byId = new Map(listed.data.list.map((x) => [x.id, x]));
    expect(byId.get(loud.id)!.folded).toEqual({ words: ['Spoiler'] });
    expect(byId.get(calm.id)!.folded).toBeUndefined();
    expect(byId.get(calm.id)!.replies[0]!.folded).toEqual({ words: ['ネタバレ'] });
    const thread = await ok<Page<Reply>>(c.commentReplies, { comment_id: calm.id }, me);
    expect(thread.data.list.map((x) => x.folded)).toEqual([{ words: ['ネタバレ'] }]);
    expect(thread.data.list[0]!.id).toBe(jaReply.id);
    const onlookers = await ok<Page<Comment>>(c.commentLists, { post_id: plain.id }, onlooker);
    expect(onlookers.data.list.every((x) => x.folded === undefined)).toBe(true);

    // Removing the word unfolds everything at once.
    const words = await ok<{ list: MutedWord[]; max: number }>(m.muteWords, {}, me);
    expect(words.data.max).toBe(MUTE_WORDS_MAX);
    expect(words.data.list.map((w) => w.phrase)).toEqual(['스포', 'ネタバレ', 'Spoiler']);
    const spoiler = words.data.list.find((w) => w.phrase === 'Spoiler')!;
    expect(await ok(m.unmuteWord, { id: spoiler.id }, me)).toMatchObject({
      msg: en('community.word_unmuted'),
    });
    const after = await feed(p.postsList, { topic_id: topicId, sort: 'new' }, me);
    expect(after.list.find((x) => x.id === english.id)!.folded).toBeUndefined();
  });

  it('refuses an empty phrase, a long one, a repeat, the word past the limit and others’ words, changing nothing', async () => {
    const me = await t.make.member();
    const wordsOf = async (who: Caller) =>
      (await ok<{ list: MutedWord[] }>(m.muteWords, {}, who)).data.list.map((w) => w.phrase);
    await refused(m.muteWord, { phrase: '' }, me, 'validation.mute_word_required');
    await refused(m.muteWord, { phrase: '   ' }, me, 'validation.mute_word_required');
    await refused(m.muteWord, { phrase: 'x'.repeat(MUTE_WORD_MAX + 1) }, me, 'validation.mute_word_max');
    await refused(m.muteWord, {}, me, 'validation.mute_word_required');
    expect(await wordsOf(me)).toEqual([]);

    const first = await muteWord(me, '  Spoiler ');
    expect(first).toMatchObject({ msg: en('community.word_muted'), data: { phrase: 'Spoiler' } });
    // The same word in another case or width is the same word.
    await refused(m.muteWord, { phrase: 'ＳＰＯＩＬＥＲ' }, me, 'errors.mute_word_exists');
    await muteWord(me, 'x'.repeat(MUTE_WORD_MAX));

    for (let i = 2; i < MUTE_WORDS_MAX; i += 1) await muteWord(me, `word ${i}`);
    expect(await wordsOf(me)).toHaveLength(MUTE_WORDS_MAX);
    const full = await call(t.app, m.muteWord, { phrase: 'one too many' }, { token: me.token });
    expect(full.body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.mute_words_full', { max: MUTE_WORDS_MAX }),
      data: null,
      reason: 'errors.mute_words_full',
    });
    expect(full.body.msg).toContain(String(MUTE_WORDS_MAX));
    expect(await wordsOf(me)).toHaveLength(MUTE_WORDS_MAX);

    // Another member's word is not found, and stays.
    const other = await t.make.member();
    await refused(m.unmuteWord, { id: first.data.id }, other, 'errors.mute_word_not_found');
    await refused(m.unmuteWord, { id: 999_999 }, me, 'errors.mute_word_not_found');
    expect(await wordsOf(me)).toContain('Spoiler');
    expect(await wordsOf(other)).toEqual([]);
  });

  it('keeps the limit when many words are added at once', async () => {
    const me = await t.make.member();
    for (let i = 0; i < MUTE_WORDS_MAX - 3; i += 1) await muteWord(me, `pre ${i}`);
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(t.app, m.muteWord, { phrase: `race ${i}` }, { token: me.token }),
      ),
    );
    expect(tries.filter((r) => r.body.code === 1)).toHaveLength(3);
    expect(tries.filter((r) => r.body.reason === 'errors.mute_words_full')).toHaveLength(5);
    const { n } = await t.database.db
      .selectFrom('muted_words')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(MUTE_WORDS_MAX);
  });
});

async function allPages(def: (typeof p)[keyof typeof p], who: Caller): Promise<Post[]> {
  const posts: Post[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard += 1) {
    const page = await feed(def, { num: 2, ...(cursor ? { cursor } : {}) }, who);
    posts.push(...page.list);
    cursor = page.cursor;
    if (!cursor) break;
  }
  return posts;
}

describe.runIf(ENGINE === 'sqlite')('the mute filter', () => {
  it('reads member_mutes through an index in every list it filters', async () => {
    const me = await t.make.member();
    const loud = await t.make.member();
    const topicId = await insertTopic(t.database);
    const post = await publish(loud, topicId, 'Retro racing games');
    await comment(loud, post.id);
    await mute(me, loud, 'day');
    const { db, compiled } = recordQueries(t.database);
    const clock = () => t.clock.now;
    const viewer = {
      id: me.user.id,
      username: '',
      nickname: '',
      sessionId: me.sessionId,
      isTourist: false,
      role: 'member' as const,
      suspendedUntil: null,
    };
    const page = { page: 1, num: 5, cursor: null };
    const feeds = feedsService({ db, firstPages: firstPagesCache(clock), clock });
    const first = await feeds.newest(viewer, page);
    await feeds.newest(viewer, { ...page, num: 1, cursor: first.cursor });
    await feeds.newest(viewer, { ...page, page: 2, num: 1 });
    await feeds.list(viewer, { ...page, topic_id: topicId, sort: 'new' });
    await feeds.list(viewer, { ...page, category_id: YOURS_CATEGORY_ID, sort: 'hot' });
    await commentsService({ db, engine: 'sqlite', clock }).list(viewer, {
      ...page,
      post_id: post.id,
      sort: 'new',
    });
    await newsService({ db, clock }).list(viewer, page);
    await newsService({ db, clock }).latest(viewer);
    await searchService({ db, engine: 'sqlite', clock }).search(viewer, {
      ...page,
      keyword: 'racing',
      type: 'posts',
    });

    const reads: string[] = [];
    for (const query of compiled().filter((q) => q.sql.includes('member_mutes'))) {
      const lines = (await queryPlan(t.database, query)).filter((line) => /\bmember_mutes\b/.test(line));
      expect(lines.length, query.sql).toBeGreaterThan(0);
      reads.push(...lines);
    }
    expect(reads.length).toBeGreaterThanOrEqual(8);
    for (const line of reads) {
      expect(line).toMatch(
        /^SEARCH member_mutes USING (COVERING INDEX member_mutes_filter|(COVERING )?INDEX sqlite_autoindex_member_mutes_1|PRIMARY KEY) \(user_id=\?/,
      );
    }
  });
});
