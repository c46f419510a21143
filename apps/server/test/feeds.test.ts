import { ADULT_AGE, endpoints, MainCode, type Post } from '@pixelhall/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feedsService } from '../src/features/posts/feeds';
import { FIRST_PAGE_MS, type FirstPages, firstPagesCache } from '../src/features/posts/first-pages';
import { presentPosts } from '../src/features/posts/gate';
import { buildTestApp, call, ENGINE, type TestApp } from './helper';
import { insertCategory, insertTopic } from './support/community';
import { queryPlan, recordQueries } from './support/queries';
import { insertUpload } from './support/uploads';

const api = endpoints.posts;
type Member = Awaited<ReturnType<TestApp['make']['member']>>;
type Feed = { list: Post[]; total: number; cursor: string | null };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A post through create/posts, a second after the previous one unless `sameSecond`. */
async function publish(
  app: TestApp,
  member: Member,
  topicId: number,
  extra: Record<string, unknown> = {},
  sameSecond = false,
): Promise<Post> {
  if (!sameSecond) app.clock.advance(1000);
  const { body } = await call(
    app.app,
    api.createPost,
    { topic_id: topicId, text: 'A post', ...extra },
    { token: member.token },
  );
  expect(body.code).toBe(1);
  return body.data as Post;
}

async function feedOf(
  app: TestApp,
  def: (typeof api)[keyof typeof api],
  payload: object,
  token?: string,
): Promise<Feed> {
  const { body } = await call(app.app, def, payload, { token });
  expect(body).toMatchObject({ code: 1 });
  return body.data as Feed;
}

const idsOf = (feed: Feed) => feed.list.map((p) => p.id);

/** Every page of a feed by cursor, running `between` after each page. */
async function allByCursor(
  app: TestApp,
  def: (typeof api)[keyof typeof api],
  payload: object,
  token?: string,
  between: () => Promise<unknown> = async () => {},
): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard += 1) {
    const page = await feedOf(app, def, { ...payload, cursor }, token);
    ids.push(...idsOf(page));
    if (!page.cursor) return ids;
    cursor = page.cursor;
    await between();
  }
  throw new Error('the feed never ended');
}

async function block(app: TestApp, userId: number, blockedId: number) {
  await app.database.db
    .insertInto('blacklist')
    .values({ user_id: userId, blocked_id: blockedId, created_at: app.clock.now })
    .execute();
}

async function pin(app: TestApp, postId: number) {
  app.clock.advance(1000);
  await app.services.posts.pin(postId, true);
}

describe('home/posts (New)', () => {
  // The home feeds span every topic: this block has a database of its own.
  let h: TestApp;
  let author: Member;
  let reader: Member;
  beforeAll(async () => {
    h = await buildTestApp();
    author = await h.make.member();
    reader = await h.make.member();
  });
  afterAll(() => h.close());
  // One author writes every post here: each test starts an hour on, within a member's 30 posts
  // an hour (docs/product/moderation.md#filters-and-new-member-limits).
  beforeEach(() => h.clock.advance(60 * 60_000));

  it('pages newest first by cursor with no repeats or gaps while posts keep arriving', async () => {
    const topicId = await insertTopic(h.database);
    const before: number[] = [];
    for (let i = 0; i < 23; i += 1) before.unshift((await publish(h, author, topicId, {}, i % 4 === 1)).id);
    const arrived: number[] = [];
    const seen = await allByCursor(h, api.homePosts, { num: 5 }, reader.token, async () => {
      arrived.push((await publish(h, author, topicId)).id);
    });
    expect(seen).toEqual(before);
    expect(new Set([...seen, ...arrived]).size).toBe(seen.length + arrived.length);
    const first = await feedOf(h, api.homePosts, { num: 5 });
    expect(first.total).toBe(23 + arrived.length);
    expect(idsOf(first)).toEqual([...arrived].reverse().concat(before).slice(0, 5));
  });

  it('pages by page number too, answering a cursor that continues where the page ended', async () => {
    const all = await allByCursor(h, api.homePosts, { num: 100 });
    const byPage: number[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 7); page += 1) {
      const feed = await feedOf(h, api.homePosts, { num: 7, page }, undefined);
      byPage.push(...idsOf(feed));
      expect(feed.cursor === null).toBe(page === Math.ceil(all.length / 7));
    }
    expect(byPage).toEqual(all);
    expect(idsOf(await feedOf(h, api.homePosts, { num: 7, page: 99 }))).toEqual([]);

    // Page 2, then the cursor it answered, with new posts in between: still no repeat, no gap.
    const page2 = await feedOf(h, api.homePosts, { num: 7, page: 2 });
    await publish(h, author, await insertTopic(h.database));
    const page3 = await feedOf(h, api.homePosts, { num: 7, cursor: page2.cursor });
    expect(idsOf(page3)).toEqual(all.slice(14, 21));
    // A page number next to a cursor is ignored.
    expect(idsOf(await feedOf(h, api.homePosts, { num: 7, page: 5, cursor: page2.cursor }))).toEqual(
      all.slice(14, 21),
    );
  });

  it('leads page 1 with pinned posts, newest pin first, and never repeats them', async () => {
    const topicId = await insertTopic(h.database);
    const old = await publish(h, author, topicId, { text: 'Old news' });
    const older = await publish(h, author, topicId, { text: 'Older news' });
    for (let i = 0; i < 6; i += 1) await publish(h, author, topicId);
    await pin(h, older.id);
    await pin(h, old.id);
    const page1 = await feedOf(h, api.homePosts, { num: 4 });
    expect(idsOf(page1).slice(0, 2)).toEqual([old.id, older.id]);
    expect(page1.list.slice(0, 2).every((p) => p.pinned)).toBe(true);
    const all = await allByCursor(h, api.homePosts, { num: 4 });
    expect(all.filter((id) => id === old.id || id === older.id)).toHaveLength(2);
    expect(new Set(all).size).toBe(all.length);
    // By page number the pinned posts take their places on page 1 as well.
    const page2 = await feedOf(h, api.homePosts, { num: 4, page: 2 });
    expect(idsOf(page2)).toEqual(all.slice(4, 8));
    await h.services.posts.pin(old.id, false);
    await h.services.posts.pin(older.id, false);
  });

  it('leaves out adult topics and members on the blacklist, for that reader only', async () => {
    const adult = await insertTopic(h.database, { minAge: ADULT_AGE });
    const grownUp = await publish(h, author, adult, { text: 'Adult only' });
    const pest = await h.make.member();
    const nuisance = await publish(h, pest, await insertTopic(h.database), { text: 'Nuisance' });
    await block(h, reader.user.id, pest.user.id);
    const forReader = await allByCursor(h, api.homePosts, { num: 50 }, reader.token);
    const forVisitor = await allByCursor(h, api.homePosts, { num: 50 });
    expect(forReader).not.toContain(grownUp.id);
    expect(forVisitor).not.toContain(grownUp.id);
    expect(forReader).not.toContain(nuisance.id);
    expect(forVisitor).toContain(nuisance.id);
    // A direct link still opens the blocked member's post.
    expect((await call(h.app, api.postDetail, { id: nuisance.id }, { token: reader.token })).body.code).toBe(
      1,
    );
    const popular = await allByCursor(h, api.homeFeeds, { num: 50 }, reader.token);
    expect(popular).not.toContain(grownUp.id);
    expect(popular).not.toContain(nuisance.id);
  });

  it('flags the posts the reader liked', async () => {
    const topicId = await insertTopic(h.database);
    const a = await publish(h, author, topicId);
    const b = await publish(h, author, topicId);
    await call(h.app, api.likePost, { id: a.id, like: true }, { token: reader.token });
    const feed = await feedOf(h, api.homePosts, { num: 2 }, reader.token);
    expect(feed.list.map((p) => [p.id, p.liked, p.like_count])).toEqual([
      [b.id, false, 0],
      [a.id, true, 1],
    ]);
    expect((await feedOf(h, api.homePosts, { num: 2 })).list.every((p) => !p.liked)).toBe(true);
  });

  it('flags the posts the reader liked on pages past the first too', async () => {
    // Page 1 is the shared page with the likes laid over it; later pages read them in their query.
    const topicId = await insertTopic(h.database);
    const a = await publish(h, author, topicId);
    const b = await publish(h, author, topicId);
    await publish(h, author, topicId);
    await call(h.app, api.likePost, { id: a.id, like: true }, { token: reader.token });
    const first = await feedOf(h, api.homePosts, { num: 1 }, reader.token);
    const byCursor = await feedOf(h, api.homePosts, { num: 2, cursor: first.cursor }, reader.token);
    expect(byCursor.list.map((p) => [p.id, p.liked])).toEqual([
      [b.id, false],
      [a.id, true],
    ]);
    const byNumber = await feedOf(h, api.homePosts, { num: 1, page: 3 }, reader.token);
    expect(byNumber.list.map((p) => [p.id, p.liked])).toEqual([[a.id, true]]);
  });
});

describe('home/feeds (Popular)', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await buildTestApp();
  });
  afterAll(() => h.close());

  it('orders by the hot score once the batch has run; an old post with many likes stays below new ones', async () => {
    const author = await h.make.member();
    const topicId = await insertTopic(h.database);
    const ancient = await publish(h, author, topicId, { text: 'Old classic' });
    h.clock.advance(10 * 86_400_000);
    const quiet = await publish(h, author, topicId, { text: 'Quiet' });
    const liked = await publish(h, author, topicId, { text: 'Liked' }, true);
    const fans = await Promise.all(Array.from({ length: 12 }, () => h.make.member()));
    for (const fan of fans) {
      await call(h.app, api.likePost, { id: ancient.id, like: true }, { token: fan.token });
    }
    for (const fan of fans.slice(0, 3))
      await call(h.app, api.likePost, { id: liked.id, like: true }, { token: fan.token });
    await call(h.app, api.sharePost, { id: quiet.id });

    const scored = await h.services.hotScore.run();
    expect(scored).toBe(3);
    expect(await h.services.hotScore.run()).toBe(0);
    const dirty = await h.database.db.selectFrom('posts').select('id').where('hot_dirty', '=', 1).execute();
    expect(dirty).toEqual([]);
    // liked: 3 likes = log10(3); quiet: 1 share = 3 points = log10(3) too, so the id breaks the tie.
    const feed = await feedOf(h, api.homeFeeds, { num: 10 });
    expect(idsOf(feed)).toEqual([liked.id, quiet.id, ancient.id]);

    h.clock.advance(86_400_000);
    const fourth = await publish(h, author, topicId, { text: 'Brand new' });
    await h.services.hotScore.run(1);
    expect(idsOf(await feedOf(h, api.homeFeeds, { num: 10 }))).toEqual([
      fourth.id,
      liked.id,
      quiet.id,
      ancient.id,
    ]);
  });

  it('scores a batch of at most N posts per run', async () => {
    const author = await h.make.member();
    const topicId = await insertTopic(h.database);
    for (let i = 0; i < 5; i += 1) await publish(h, author, topicId);
    expect(await h.services.hotScore.run(2)).toBe(2);
    expect(await h.services.hotScore.runAll()).toBe(3);
  });

  it('is run by the app in the background when an interval is configured, and stops with it', async () => {
    const timed = await buildTestApp({ config: { hotScoreIntervalMs: 25 } });
    try {
      const author = await timed.make.member();
      const post = await publish(timed, author, await insertTopic(timed.database));
      const dirty = () =>
        timed.database.db
          .selectFrom('posts')
          .select('hot_dirty')
          .where('id', '=', post.id)
          .executeTakeFirstOrThrow();
      for (let i = 0; i < 200 && (await dirty()).hot_dirty === 1; i += 1)
        await new Promise((r) => setTimeout(r, 25));
      expect((await dirty()).hot_dirty).toBe(0);
    } finally {
      await timed.close();
    }
  });

  it('pages by cursor through a score order without repeats', async () => {
    const all = await allByCursor(h, api.homeFeeds, { num: 100 });
    expect(await allByCursor(h, api.homeFeeds, { num: 3 })).toEqual(all);
    const byPage: number[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 3); page += 1)
      byPage.push(...idsOf(await feedOf(h, api.homeFeeds, { num: 3, page })));
    expect(byPage).toEqual(all);
  });
});

describe('posts/list', () => {
  it('pages a topic newest first with its pinned posts leading, by cursor and by page', async () => {
    const author = await t.make.member();
    const topicId = await insertTopic(t.database);
    const elsewhere = await insertTopic(t.database);
    const posts: number[] = [];
    for (let i = 0; i < 12; i += 1) posts.unshift((await publish(t, author, topicId, {}, i % 3 === 0)).id);
    await publish(t, author, elsewhere);
    const pinned = posts[9]!;
    await pin(t, pinned);
    const expected = [pinned, ...posts.filter((id) => id !== pinned)];

    const added: number[] = [];
    const seen = await allByCursor(
      t,
      api.postsList,
      { topic_id: topicId, num: 5 },
      author.token,
      async () => {
        added.push((await publish(t, author, topicId)).id);
      },
    );
    expect(seen).toEqual(expected);
    const first = await feedOf(t, api.postsList, { topic_id: topicId, num: 5 });
    expect(first.total).toBe(12 + added.length);
    expect(first.list[0]).toMatchObject({ id: pinned, pinned: true });

    const now = await allByCursor(t, api.postsList, { topic_id: topicId, num: 100 });
    const byPage: number[] = [];
    for (let page = 1; page <= 4; page += 1)
      byPage.push(...idsOf(await feedOf(t, api.postsList, { topic_id: topicId, num: 4, page })));
    expect(byPage).toEqual(now);
  });

  it('sorts a topic by hot score with sort=hot', async () => {
    const author = await t.make.member();
    const topicId = await insertTopic(t.database);
    const a = await publish(t, author, topicId);
    const b = await publish(t, author, topicId, {}, true);
    // One like weighs nothing (log10 1 = 0): two do.
    for (const fan of [await t.make.member(), await t.make.member()]) {
      await call(t.app, api.likePost, { id: a.id, like: true }, { token: fan.token });
    }
    await t.services.hotScore.runAll();
    expect(idsOf(await feedOf(t, api.postsList, { topic_id: topicId, sort: 'hot' }))).toEqual([a.id, b.id]);
    expect(idsOf(await feedOf(t, api.postsList, { topic_id: topicId, sort: 'new' }))).toEqual([b.id, a.id]);
  });

  it('asks for the 18+ answer on an adult topic, and refuses a missing topic', async () => {
    const author = await t.make.member();
    const adult = await insertTopic(t.database, { minAge: ADULT_AGE });
    const post = await publish(t, author, adult);
    expect((await call(t.app, api.postsList, { topic_id: adult })).body).toEqual({
      code: 0,
      msg: 'Are you 18+ years old?',
      data: null,
      reason: 'errors.adult_confirm',
    });
    expect(idsOf(await feedOf(t, api.postsList, { topic_id: adult, adult_confirmed: true }))).toEqual([
      post.id,
    ]);
    expect((await call(t.app, api.postsList, { topic_id: 987_654 })).body.msg).toBe(
      'This topic does not exist',
    );
  });

  it('merges the topics of a category, adult ones only after the 18+ answer, by cursor and by page', async () => {
    const author = await t.make.member();
    const category = await insertCategory(t.database);
    const topics = [
      await insertTopic(t.database, { categoryId: category }),
      await insertTopic(t.database, { categoryId: category }),
      await insertTopic(t.database, { categoryId: category }),
    ];
    const adult = await insertTopic(t.database, { categoryId: category, minAge: ADULT_AGE });
    const expected: number[] = [];
    for (let i = 0; i < 14; i += 1)
      expected.unshift((await publish(t, author, topics[(i * 7) % 3]!, {}, i % 5 === 2)).id);
    const grownUp = await publish(t, author, adult);
    await publish(t, author, await insertTopic(t.database));

    const arrived: number[] = [];
    const seen = await allByCursor(
      t,
      api.postsList,
      { category_id: category, num: 4 },
      undefined,
      async () => {
        arrived.push((await publish(t, author, topics[1]!)).id);
      },
    );
    expect(seen).toEqual(expected);
    const now = await allByCursor(t, api.postsList, { category_id: category, num: 100 });
    const newer = [...arrived].reverse();
    expect(now).toEqual([...newer, ...expected]);
    const byPage: number[] = [];
    for (let page = 1; page <= 5; page += 1)
      byPage.push(...idsOf(await feedOf(t, api.postsList, { category_id: category, num: 4, page })));
    expect(byPage).toEqual(now);
    expect((await feedOf(t, api.postsList, { category_id: category })).total).toBe(now.length);

    const confirmed = await allByCursor(t, api.postsList, {
      category_id: category,
      num: 4,
      adult_confirmed: true,
    });
    expect(confirmed).toEqual([...newer, grownUp.id, ...expected]);
  });

  it('answers the followed topics for category 0, with pinned posts first; nothing for visitors', async () => {
    const author = await t.make.member();
    const reader = await t.make.member();
    const followed = [await insertTopic(t.database), await insertTopic(t.database)];
    const other = await insertTopic(t.database);
    const a = await publish(t, author, followed[0]!);
    const b = await publish(t, author, other);
    const c = await publish(t, author, followed[1]!);
    const d = await publish(t, author, followed[0]!);
    await pin(t, a.id);
    for (const id of followed)
      await call(t.app, endpoints.topics.topicFollow, { id, follow: true }, { token: reader.token });
    const feed = await feedOf(t, api.postsList, { category_id: 0 }, reader.token);
    expect(idsOf(feed)).toEqual([a.id, d.id, c.id]);
    expect(idsOf(feed)).not.toContain(b.id);
    expect(feed.total).toBe(3);
    expect(await feedOf(t, api.postsList, { category_id: 0 })).toEqual({ list: [], total: 0, cursor: null });
    const hot = await feedOf(t, api.postsList, { category_id: 0, sort: 'hot' }, reader.token);
    expect(idsOf(hot).sort()).toEqual([a.id, c.id, d.id].sort());
    await t.services.posts.pin(a.id, false);
  });

  it('hides the posts of members on the blacklist from topic and category feeds', async () => {
    const [author, pest, reader] = [await t.make.member(), await t.make.member(), await t.make.member()];
    const category = await insertCategory(t.database);
    const topicId = await insertTopic(t.database, { categoryId: category });
    const fine = await publish(t, author, topicId);
    const rude = await publish(t, pest, topicId);
    await block(t, reader.user.id, pest.user.id);
    for (const payload of [
      { topic_id: topicId },
      { topic_id: topicId, sort: 'hot' },
      { category_id: category },
      { category_id: category, sort: 'hot' },
    ]) {
      expect(idsOf(await feedOf(t, api.postsList, payload, reader.token))).toEqual([fine.id]);
      expect(idsOf(await feedOf(t, api.postsList, payload, author.token)).sort()).toEqual(
        [fine.id, rude.id].sort(),
      );
    }
  });

  it('refuses a forged cursor readably', async () => {
    const topicId = await insertTopic(t.database);
    for (const cursor of ['not-a-cursor', Buffer.from('{"s":9,"k":[1,2]}').toString('base64url')]) {
      expect((await call(t.app, api.postsList, { topic_id: topicId, cursor })).body).toMatchObject({
        code: 0,
        msg: 'The request is not valid.',
      });
    }
  });
});

describe('recommend/posts', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await buildTestApp();
  });
  afterAll(() => h.close());

  it('answers the same topic first, then popular posts elsewhere, never the post itself', async () => {
    const author = await h.make.member();
    const [topicA, topicB] = [await insertTopic(h.database), await insertTopic(h.database)];
    const adult = await insertTopic(h.database, { minAge: ADULT_AGE });
    const a1 = await publish(h, author, topicA);
    const b1 = await publish(h, author, topicB);
    const a2 = await publish(h, author, topicA);
    const b2 = await publish(h, author, topicB);
    const hidden = await publish(h, author, adult);
    await h.services.hotScore.runAll();

    const beside = await allByCursor(h, api.recommendPosts, { post_id: a1.id, num: 2 });
    expect(beside).toEqual([a2.id, b2.id, b1.id]);
    const byPage: number[] = [];
    for (let page = 1; page <= 3; page += 1)
      byPage.push(...idsOf(await feedOf(h, api.recommendPosts, { post_id: a1.id, num: 1, page })));
    expect(byPage).toEqual(beside);
    expect(idsOf(await feedOf(h, api.recommendPosts, {}))).toEqual([b2.id, a2.id, b1.id, a1.id]);
    // Beside an adult post: popular general posts, never adult ones.
    expect(idsOf(await feedOf(h, api.recommendPosts, { post_id: hidden.id }))).toEqual([
      b2.id,
      a2.id,
      b1.id,
      a1.id,
    ]);
    // Beside a post that was deleted meanwhile: just the popular posts.
    expect(idsOf(await feedOf(h, api.recommendPosts, { post_id: 999_999 }))).toHaveLength(4);

    const pest = await h.make.member();
    const reader = await h.make.member();
    const rude = await publish(h, pest, topicA);
    await h.services.hotScore.runAll();
    await block(h, reader.user.id, pest.user.id);
    expect(idsOf(await feedOf(h, api.recommendPosts, { post_id: a1.id }, reader.token))).not.toContain(
      rude.id,
    );
    expect(idsOf(await feedOf(h, api.recommendPosts, { post_id: a1.id }))[0]).toBe(rude.id);
  });
});

describe('user/posts', () => {
  it("answers a member's posts newest first, adult ones to themself only", async () => {
    const [author, reader] = [await t.make.member(), await t.make.member()];
    const topicId = await insertTopic(t.database);
    const adult = await insertTopic(t.database, { minAge: ADULT_AGE });
    const a = await publish(t, author, topicId);
    const grownUp = await publish(t, author, adult);
    const b = await publish(t, author, topicId);
    expect(idsOf(await feedOf(t, api.userPosts, {}, author.token))).toEqual([b.id, grownUp.id, a.id]);
    const forReader = await feedOf(t, api.userPosts, { user_id: author.user.id }, reader.token);
    expect(idsOf(forReader)).toEqual([b.id, a.id]);
    expect(forReader.total).toBe(3);
    expect(await allByCursor(t, api.userPosts, { user_id: author.user.id, num: 1 })).toEqual([b.id, a.id]);
    await block(t, reader.user.id, author.user.id);
    expect(idsOf(await feedOf(t, api.userPosts, { user_id: author.user.id }, reader.token))).toEqual([]);
  });

  it('answers the upvoted tab by the time of the like', async () => {
    const [author, fan] = [await t.make.member(), await t.make.member()];
    const topicId = await insertTopic(t.database);
    const posts = [
      await publish(t, author, topicId),
      await publish(t, author, topicId),
      await publish(t, author, topicId),
    ];
    for (const p of [posts[1]!, posts[0]!, posts[2]!]) {
      t.clock.advance(1000);
      await call(t.app, api.likePost, { id: p.id, like: true }, { token: fan.token });
    }
    const expected = [posts[2]!.id, posts[0]!.id, posts[1]!.id];
    const upvoted = await feedOf(t, api.userPosts, { tab: 'upvoted' }, fan.token);
    expect(idsOf(upvoted)).toEqual(expected);
    expect(upvoted.total).toBe(3);
    expect(upvoted.list.every((p) => p.liked)).toBe(true);
    expect(await allByCursor(t, api.userPosts, { user_id: fan.user.id, tab: 'upvoted', num: 2 })).toEqual(
      expected,
    );
    const byPage = [
      ...idsOf(await feedOf(t, api.userPosts, { user_id: fan.user.id, tab: 'upvoted', num: 2, page: 1 })),
      ...idsOf(await feedOf(t, api.userPosts, { user_id: fan.user.id, tab: 'upvoted', num: 2, page: 2 })),
    ];
    expect(byPage).toEqual(expected);
  });

  it('needs a member: the caller, or an existing user_id', async () => {
    expect((await call(t.app, api.userPosts, {})).body.code).toBe(MainCode.Expired);
    expect((await call(t.app, api.userPosts, { user_id: 999_999 })).body.msg).toBe(
      'This member does not exist',
    );
  });
});

describe('the paid gate', () => {
  const SECRET = 'SECRET-WALKTHROUGH-42';
  const TEXT = `The last boss has a pattern you can learn. ${SECRET}: jump twice, then duck under the laser.`;

  it('keeps the text, files and link of a paid post from every answer to readers who did not unlock it', async () => {
    const h = await buildTestApp();
    try {
      const [author, buyer, stranger] = [await h.make.member(), await h.make.member(), await h.make.member()];
      const topicId = await insertTopic(h.database);
      const sha256 = await insertUpload(h.database, {
        mime: 'application/pdf',
        bytes: 2048,
        ownerId: author.user.id,
        now: h.clock.now,
      });
      const neighbour = await publish(h, author, topicId, { text: 'Free tips' });
      const paid = await publish(h, author, topicId, {
        text: TEXT,
        price: 50,
        files: [{ sha256, name: 'secret-map.pdf' }],
        link: 'https://secret.example/rom',
      });
      await h.database.db
        .insertInto('post_unlocks')
        .values({ post_id: paid.id, user_id: buyer.user.id, created_at: h.clock.now })
        .execute();
      await call(h.app, api.likePost, { id: paid.id, like: true }, { token: stranger.token });
      await call(h.app, api.likePost, { id: paid.id, like: true }, { token: buyer.token });
      await h.services.hotScore.runAll();
      const { access_key } = await h.database.db
        .selectFrom('post_files')
        .select('access_key')
        .where('post_id', '=', paid.id)
        .executeTakeFirstOrThrow();

      const answers = async (token?: string) => [
        (await call(h.app, api.homePosts, {}, { token })).body,
        (await call(h.app, api.homeFeeds, {}, { token })).body,
        (await call(h.app, api.postsList, { topic_id: topicId }, { token })).body,
        (await call(h.app, api.postsList, { topic_id: topicId, sort: 'hot' }, { token })).body,
        (await call(h.app, api.recommendPosts, { post_id: neighbour.id }, { token })).body,
        (await call(h.app, api.recommendPosts, {}, { token })).body,
        (await call(h.app, api.userPosts, { user_id: author.user.id }, { token })).body,
        (await call(h.app, api.userPosts, { user_id: stranger.user.id, tab: 'upvoted' }, { token })).body,
        (await call(h.app, api.postDetail, { id: paid.id }, { token })).body,
        (await call(h.app, api.sharePost, { id: paid.id }, { token })).body,
      ];
      const leaks = (json: string) =>
        [SECRET, 'secret.example', 'secret-map', access_key].filter((s) => json.includes(s));

      for (const token of [undefined, stranger.token]) {
        for (const body of await answers(token)) {
          expect(body.code).toBe(1);
          const json = JSON.stringify(body);
          expect(json).toContain(String(paid.id));
          expect(leaks(json)).toEqual([]);
        }
      }
      const locked = (await call(h.app, api.postDetail, { id: paid.id }, { token: stranger.token })).body
        .data as Post;
      expect(locked).toMatchObject({
        locked: true,
        text: `${Array.from(TEXT).slice(0, 40).join('')}…`,
        files: [],
        links: [],
        file_count: 1,
        price: 50,
        liked: true,
      });

      for (const token of [author.token, buyer.token]) {
        for (const body of await answers(token)) {
          expect(leaks(JSON.stringify(body))).toEqual([SECRET, 'secret.example', 'secret-map', access_key]);
        }
        const open = (await call(h.app, api.postDetail, { id: paid.id }, { token })).body.data as Post;
        expect(open).toMatchObject({ locked: false, text: TEXT, links: ['https://secret.example/rom'] });
      }
    } finally {
      await h.close();
    }
  });
});

describe('the shared page 1 of New and Popular', () => {
  const SECRET = 'SHARED-SECRET-7';
  /** The page as it is read for one viewer, never from shared rows: what every answer must equal. */
  const NEVER_SHARED: FirstPages = {
    get: async () => ({ rows: [], complete: false, files: new Map(), total: 0 }),
    total: (load) => load(),
    clear: async () => {},
  };

  let h: TestApp;
  let unshared: ReturnType<typeof feedsService>;
  beforeAll(async () => {
    h = await buildTestApp();
    unshared = feedsService({ db: h.database.db, firstPages: NEVER_SHARED });
  });
  afterAll(() => h.close());

  const viewerOf = (m: Member) => ({
    id: m.user.id,
    username: m.user.username,
    nickname: m.user.nickname,
    sessionId: m.sessionId,
    isTourist: false,
    role: 'member' as const,
    suspendedUntil: null,
  });

  /** The total a New page past the first answers. */
  async function pastFirstTotal(): Promise<number> {
    const first = await feedOf(h, api.homePosts, { num: 1 });
    return (await feedOf(h, api.homePosts, { num: 1, cursor: first.cursor })).total;
  }

  /** Each viewer's page 1 of both feeds, answered over HTTP, against the page read for them alone. */
  async function expectOwnPages(viewers: (Member | null)[], num: number) {
    for (const viewer of viewers) {
      for (const [def, read] of [
        [api.homePosts, unshared.newest],
        [api.homeFeeds, unshared.popular],
      ] as const) {
        const answered = await feedOf(h, def, { num }, viewer?.token);
        const own = await read(viewer && viewerOf(viewer), { num, page: 1 });
        expect(answered, `${def.path} for ${viewer?.user.username ?? 'a visitor'}`).toEqual(
          JSON.parse(JSON.stringify(own)),
        );
      }
    }
  }

  it("answers every viewer exactly their own page: their likes, blacklist and unlocks, no one else's", async () => {
    const author = await h.make.member();
    const pest = await h.make.member();
    const fan = await h.make.member();
    const blocker = await h.make.member();
    const buyer = await h.make.member();
    const topicId = await insertTopic(h.database);
    const sha256 = await insertUpload(h.database, {
      mime: 'application/pdf',
      bytes: 9,
      ownerId: author.user.id,
      now: 0,
    });
    const paid = await publish(h, author, topicId, {
      text: `The paid walkthrough of the final level: ${SECRET}, then left twice.`,
      price: 30,
      files: [{ sha256, name: 'shared-secret-map.pdf' }],
      link: 'https://shared-secret.example/rom',
    });
    const pests: number[] = [];
    for (let i = 0; i < 4; i += 1) pests.push((await publish(h, pest, topicId)).id);
    const liked = await publish(h, author, topicId, { text: 'Liked by the fan' });
    await call(h.app, api.likePost, { id: liked.id, like: true }, { token: fan.token });
    await call(h.app, api.likePost, { id: paid.id, like: true }, { token: buyer.token });
    await block(h, blocker.user.id, pest.user.id);
    await h.database.db
      .insertInto('post_unlocks')
      .values({ post_id: paid.id, user_id: buyer.user.id, created_at: h.clock.now })
      .execute();
    await h.services.hotScore.runAll();

    const viewers = [null, fan, blocker, buyer, author, pest];
    // Whoever reads first builds the shared page: a buyer, a blocker, a visitor. Each order answers
    // every viewer the same.
    for (const first of [buyer, blocker, null, author]) {
      h.clock.advance(FIRST_PAGE_MS);
      await feedOf(h, api.homePosts, { num: 6 }, first?.token);
      await feedOf(h, api.homeFeeds, { num: 6 }, first?.token);
      await expectOwnPages(viewers, 6);
    }

    // Requests answered at once may share one read transaction (db/sqlite-statements.ts) and the
    // shared page; each still gets its own view, the same as when asked alone.
    h.clock.advance(FIRST_PAGE_MS);
    const together = await Promise.all(
      viewers.flatMap((m) =>
        [api.homePosts, api.homeFeeds].map((def) => feedOf(h, def, { num: 6 }, m?.token)),
      ),
    );
    const alone = [];
    for (const m of viewers)
      for (const def of [api.homePosts, api.homeFeeds])
        alone.push(await feedOf(h, def, { num: 6 }, m?.token));
    expect(together).toEqual(alone);

    const page = async (m: Member | null) => (await feedOf(h, api.homePosts, { num: 6 }, m?.token)).list;
    const leaks = (posts: Post[]) =>
      [SECRET, 'shared-secret'].filter((s) => JSON.stringify(posts).includes(s));
    expect(leaks(await page(null))).toEqual([]);
    expect(leaks(await page(fan))).toEqual([]);
    expect(leaks(await page(buyer))).toEqual([SECRET, 'shared-secret']);
    expect((await page(fan)).find((p) => p.id === liked.id)?.liked).toBe(true);
    expect((await page(buyer)).find((p) => p.id === liked.id)?.liked).toBe(false);
    expect((await page(blocker)).map((p) => p.id)).not.toEqual(expect.arrayContaining([pests[0]]));
    expect((await page(null)).map((p) => p.id)).toEqual(expect.arrayContaining(pests));
    expect((await page(author)).filter((p) => p.mine).map((p) => p.id)).toContain(paid.id);
    expect((await page(fan)).some((p) => p.mine)).toBe(false);
  });

  it('reads a whole page for a viewer whose blacklist empties the shared rows, and pages on from it', async () => {
    const [flood, reader] = [await h.make.member(), await h.make.member()];
    const topicId = await insertTopic(h.database);
    for (let i = 0; i < 7; i += 1) await publish(h, flood, topicId);
    await block(h, reader.user.id, flood.user.id);
    await h.services.hotScore.runAll();
    await feedOf(h, api.homePosts, { num: 3 });
    await expectOwnPages([reader, null], 3);
    const seen = await allByCursor(h, api.homePosts, { num: 3 }, reader.token);
    const flooded = await h.database.db
      .selectFrom('posts')
      .select('id')
      .where('user_id', '=', flood.user.id)
      .execute();
    expect(seen).not.toEqual(expect.arrayContaining([Number(flooded[0]!.id)]));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('drops the shared page at once when this process writes what it shows', async () => {
    const [author, fan] = [await h.make.member(), await h.make.member()];
    const topicId = await insertTopic(h.database);
    const older = await publish(h, author, topicId);
    const top = () => feedOf(h, api.homePosts, { num: 3 });
    await top();
    const fresh = await publish(h, author, topicId);
    expect(idsOf(await top())[0]).toBe(fresh.id);
    await call(h.app, api.likePost, { id: fresh.id, like: true }, { token: fan.token });
    expect((await top()).list[0]).toMatchObject({ id: fresh.id, like_count: 1 });
    await call(h.app, api.sharePost, { id: fresh.id }, { token: fan.token });
    expect((await top()).list[0]).toMatchObject({ id: fresh.id, share_count: 1 });
    await call(
      h.app,
      api.setPost,
      { id: fresh.id, color: null, comments_open: false },
      { token: author.token },
    );
    expect((await top()).list[0]).toMatchObject({ id: fresh.id, comments_open: false });
    await pin(h, older.id);
    expect(idsOf(await top())[0]).toBe(older.id);
    await h.services.posts.pin(older.id, false);
    await call(h.app, api.deletePost, { id: fresh.id }, { token: author.token });
    expect(idsOf(await top())).not.toContain(fresh.id);

    const hot = () => feedOf(h, api.homeFeeds, { num: 3 });
    await hot();
    const rising = await publish(h, author, topicId);
    await h.services.hotScore.run();
    expect(idsOf(await hot())[0]).toBe(rising.id);

    // Pages past the first keep the feed's total as long as page 1, and drop it with it.
    const counted = await pastFirstTotal();
    await publish(h, author, topicId, {}, true);
    expect(await pastFirstTotal()).toBe(counted + 1);
  });

  it('shows a change made behind the services’ back within FIRST_PAGE_MS', async () => {
    const author = await h.make.member();
    const topicId = await insertTopic(h.database);
    await publish(h, author, topicId);
    const top = () => feedOf(h, api.homePosts, { num: 3 });
    const before = idsOf(await top());
    await h.database.db
      .updateTable('posts')
      .set({ pinned_at: h.clock.now })
      .where('id', '=', before[2]!)
      .execute();
    expect(idsOf(await top())).toEqual(before);
    h.clock.advance(FIRST_PAGE_MS);
    expect(idsOf(await top())[0]).toBe(before[2]);
    await h.database.db.updateTable('posts').set({ pinned_at: null }).where('id', '=', before[2]!).execute();

    const counted = await pastFirstTotal();
    const recount = (by: number) =>
      h.database.db
        .updateTable('topics')
        .set((eb) => ({ post_count: eb('post_count', '+', by) }))
        .where('id', '=', topicId)
        .execute();
    await recount(5);
    expect(await pastFirstTotal()).toBe(counted);
    h.clock.advance(FIRST_PAGE_MS);
    expect(await pastFirstTotal()).toBe(counted + 5);
    await recount(-5);
  });
});

describe('cost of a page', () => {
  it('presents a page in three queries at most whatever its size (no query per post)', async () => {
    const author = await t.make.member();
    const reader = await t.make.member();
    const topicId = await insertTopic(t.database);
    const sha256 = await insertUpload(t.database, {
      mime: 'image/webp',
      bytes: 10,
      size: { width: 1, height: 1 },
      ownerId: author.user.id,
      now: t.clock.now,
    });
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const p = await publish(t, author, topicId, {
        files: [{ sha256, name: 'a.webp' }],
        price: i % 2 ? 5 : 0,
      });
      ids.push(p.id);
      if (i % 3 === 0) await call(t.app, api.likePost, { id: p.id, like: true }, { token: reader.token });
    }
    const { queries, db } = recordQueries(t.database);
    const posts = await presentPosts(db, reader.user.id, ids);
    expect(posts.map((p) => p.id)).toEqual(ids);
    expect(posts.filter((p) => p.liked)).toHaveLength(4);
    // The posts with their likes, the reader's unlocks, the visible files.
    expect(queries).toHaveLength(3);

    // Free posts without files are read in one query, as are visitors' pages.
    const plain: number[] = [];
    for (let i = 0; i < 5; i += 1) plain.push((await publish(t, author, topicId)).id);
    queries.length = 0;
    expect((await presentPosts(db, reader.user.id, plain)).map((p) => p.id)).toEqual(plain);
    expect(queries).toHaveLength(1);
    queries.length = 0;
    expect(await presentPosts(db, null, ids)).toHaveLength(ids.length);
    expect(queries).toHaveLength(2);
  });

  it.runIf(ENGINE === 'sqlite')(
    'reads every feed page as a range of a migration-0003 index, never a sort',
    async () => {
      const author = await t.make.member();
      const reader = await t.make.member();
      const category = await insertCategory(t.database);
      const topicId = await insertTopic(t.database, { categoryId: category });
      await insertTopic(t.database, { categoryId: category });
      for (let i = 0; i < 3; i += 1) {
        const p = await publish(t, author, topicId);
        await call(t.app, api.likePost, { id: p.id, like: true }, { token: reader.token });
      }
      const { db, compiled: recorded } = recordQueries(t.database);
      const feeds = feedsService({ db, firstPages: firstPagesCache(() => t.clock.now) });
      const viewer = {
        id: reader.user.id,
        username: 'r',
        nickname: 'r',
        sessionId: 0,
        isTourist: false,
        role: 'member' as const,
        suspendedUntil: null,
      };
      const deep = (s: number) =>
        Buffer.from(JSON.stringify({ s, k: [t.clock.now, 1_000_000] })).toString('base64url');
      const q = { page: 1, num: 20 };
      for (const cursor of [null, deep(0), deep(1)]) {
        await feeds.newest(viewer, { ...q, cursor: cursor ?? deep(1) });
        await feeds.list(viewer, { ...q, topic_id: topicId, sort: 'new', cursor: cursor ?? deep(1) });
        await feeds.list(viewer, { ...q, category_id: category, sort: 'new', cursor: cursor ?? deep(1) });
      }
      for (const cursor of [null, deep(0)]) {
        await feeds.popular(viewer, { ...q, cursor });
        await feeds.list(viewer, { ...q, topic_id: topicId, sort: 'hot', cursor });
        await feeds.list(viewer, { ...q, category_id: category, sort: 'hot', cursor });
        await feeds.recommend(viewer, { ...q, cursor });
        await feeds.ofUser(null, { ...q, user_id: author.user.id, tab: 'posts', cursor });
        await feeds.ofUser(null, { ...q, user_id: reader.user.id, tab: 'upvoted', cursor });
      }

      let pages = 0;
      for (const compiled of recorded()) {
        // Feed pages: the queries that pick ids in a sort order.
        if (!/ order by "(posts|post_likes)"\."(created_at|hot_score|pinned_at)" desc/.test(compiled.sql))
          continue;
        pages += 1;
        const plan = await queryPlan(t.database, compiled);
        // Lookups of a joined post, or of the reader's like of a row, by key are not reads of a feed order.
        const reads = plan.filter(
          (line) =>
            /^(SCAN|SEARCH) (posts|post_likes)\b/.test(line) &&
            !line.includes('INTEGER PRIMARY KEY') &&
            !line.includes('(post_id=? AND user_id=?)'),
        );
        expect(reads.length, compiled.sql).toBeGreaterThan(0);
        for (const read of reads) {
          expect(read, compiled.sql).toMatch(
            /USING (COVERING )?INDEX (posts_new|posts_hot|posts_topic_new|posts_topic_hot|posts_user_new|posts_pinned|post_likes_user)\b/,
          );
          // With a cursor the index is entered at the cursor, not walked from the top.
          if (compiled.sql.includes(') < (')) expect(read, compiled.sql).toMatch(/^SEARCH .*[<>]\?\)/);
        }
        expect(plan.join('\n'), compiled.sql).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
      }
      expect(pages).toBeGreaterThan(20);
    },
  );
});
