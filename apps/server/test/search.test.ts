import {
  type Envelope,
  endpoints,
  MainCode,
  type Post,
  type Topic,
  type UserCard,
} from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchRepo } from '../src/features/search/repo';
import { hotTermOf, searchTermsOf } from '../src/features/search/terms';
import { buildTestApp, call, TEST_ORIGIN, type TestApp } from './helper';

type Found = { posts: Post[]; topics: Topic[]; users: UserCard[]; total: number; cursor: string | null };

let t: TestApp;
let categoryId: number;
let viewer: { token: string; user: { id: number } };
const topicIds: Record<string, number> = {};
const postIds: Record<string, number> = {};
const userIds: Record<string, number> = {};
let minute = 0;

async function topic(key: string, name: string, description: string, minAge = 0) {
  const row = await t.database.db
    .insertInto('topics')
    .values({ category_id: categoryId, name, description, min_age: minAge, created_at: t.clock.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  topicIds[key] = Number(row.id);
}

/** Posts are written a minute apart, in the order they are made. */
async function post(
  key: string,
  author: number,
  text: string,
  options: { topic?: string; price?: number } = {},
) {
  minute += 1;
  const at = t.clock.now + minute * 60_000;
  const row = await t.database.db
    .insertInto('posts')
    .values({
      user_id: author,
      topic_id: topicIds[options.topic ?? 'retro']!,
      text,
      price: options.price ?? 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  postIds[key] = Number(row.id);
}

async function search(
  keyword: string,
  extra: Record<string, unknown> = {},
  token: string | null = viewer.token,
) {
  const { body } = await call(
    t.app,
    endpoints.search.searchLists,
    { keyword, ...extra },
    token ? { token } : {},
  );
  expect(body.code).toBe(MainCode.Success);
  return (body as Envelope<Found>).data;
}

const idsOf = (posts: Post[]) => posts.map((p) => p.id);
const keysOf = (posts: Post[]) => posts.map((p) => Object.keys(postIds).find((k) => postIds[k] === p.id));

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const category = await db
    .insertInto('categories')
    .values({ name: 'Games', created_at: t.clock.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  categoryId = Number(category.id);
  await topic('retro', 'Retro Games', 'Classic consoles and their plumbers');
  await topic('mario', 'マリオ研究会', 'スーパーマリオの話をしよう');
  await topic('adult', 'Night Mario Club', 'Grown-up talk', 18);
  await topic('korean', '게임 리뷰', '한국어 게임 이야기');

  viewer = await t.make.member({ username: 'seeker' });
  for (const [key, nickname] of [
    ['alice', 'Alice Mario'],
    ['bob', 'Bob'],
    ['blocked', 'Mario Spammer'],
    ['mariofan', 'mario'],
  ] as const) {
    userIds[key] = (await t.make.user({ username: `${key}_${Date.now() % 100000}`, nickname })).id;
  }
  const tourist = await t.make.user({ nickname: 'Visitor Mario' });
  await db.updateTable('users').set({ is_tourist: 1 }).where('id', '=', tourist.id).execute();
  await t.make.user({ nickname: 'Gone Mario', status: 'disabled' });
  await db
    .insertInto('blacklist')
    .values({ user_id: viewer.user.id, blocked_id: userIds.blocked!, created_at: t.clock.now })
    .execute();

  await post('finished', userIds.alice!, 'I finished Super Mario Bros today');
  await post('japanese', userIds.bob!, '今日はスーパーマリオブラザーズをクリアした！');
  await post('repeated', userIds.bob!, 'Mario mario MARIO');
  await post('adult', userIds.alice!, 'mario after dark', { topic: 'adult' });
  await post('spam', userIds.blocked!, 'buy mario coins here');
  await post(
    'paidHidden',
    userIds.alice!,
    `${'Secret route notes, read carefully please. '.repeat(2)}warp zone in world one`,
    {
      price: 10,
    },
  );
  await post('paidTeaser', userIds.alice!, `Mario speedrun guide: ${'every frame matters. '.repeat(5)}`, {
    price: 10,
  });
  await post('korean', userIds.bob!, '게임 리뷰: 젤다의 전설', { topic: 'korean' });
  await post('percent', userIds.bob!, '100% complete at last');
  await post('thousand', userIds.bob!, '1000 coins collected');
  await post('older', userIds.alice!, 'zelda tips');
  await post('newer', userIds.bob!, 'zelda tips');
  await post('edited', userIds.bob!, 'metroid fusion');
  await db
    .updateTable('posts')
    .set({ text: 'castlevania fusion' })
    .where('id', '=', postIds.edited!)
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe('search/lists', () => {
  it('finds words and parts of words, case aside, most relevant first', async () => {
    const found = await search('MARIO', { type: 'posts' });
    // Three mentions in a short post; then one in a shorter text (a locked post ranks by its teaser).
    expect(keysOf(found.posts)).toEqual(['repeated', 'finished', 'paidTeaser']);
    expect(found.total).toBe(3);
    expect(keysOf((await search('ari', { type: 'posts' })).posts)).toEqual(keysOf(found.posts));
  });

  it('finds a Japanese substring', async () => {
    const found = await search('マリオ');
    expect(keysOf(found.posts)).toEqual(['japanese']);
    expect(found.topics.map((x) => x.id)).toEqual([topicIds.mario]);
    expect(keysOf((await search('ブラザーズ', { type: 'posts' })).posts)).toEqual(['japanese']);
  });

  it('finds Korean words of two characters', async () => {
    const found = await search('게임');
    expect(keysOf(found.posts)).toEqual(['korean']);
    expect(found.topics.map((x) => x.id)).toEqual([topicIds.korean]);
    expect(keysOf((await search('젤다', { type: 'posts' })).posts)).toEqual(['korean']);
  });

  it('needs every word of the keyword', async () => {
    expect(keysOf((await search('mario today', { type: 'posts' })).posts)).toEqual(['finished']);
    expect(keysOf((await search('today  luigi', { type: 'posts' })).posts)).toEqual([]);
  });

  it('takes % and _ as themselves', async () => {
    expect(keysOf((await search('100%', { type: 'posts' })).posts)).toEqual(['percent']);
    expect(keysOf((await search('%', { type: 'posts' })).posts)).toEqual(['percent']);
    expect((await search('_', { type: 'posts' })).posts).toEqual([]);
  });

  it('puts newer posts first among equally relevant ones', async () => {
    expect(keysOf((await search('zelda tips', { type: 'posts' })).posts)).toEqual(['newer', 'older']);
  });

  it('follows edits of the text', async () => {
    expect(keysOf((await search('castlevania', { type: 'posts' })).posts)).toEqual(['edited']);
    expect((await search('metroid', { type: 'posts' })).posts).toEqual([]);
  });

  it('leaves out adult topics and the members the viewer blocked', async () => {
    const mine = await search('mario', { type: 'posts' });
    expect(idsOf(mine.posts)).not.toContain(postIds.adult);
    expect(idsOf(mine.posts)).not.toContain(postIds.spam);
    // Someone who did not block the spammer still finds them; nobody finds the adult post.
    const other = await t.make.member();
    const theirs = await search('mario', { type: 'posts' }, other.token);
    expect(idsOf(theirs.posts)).toContain(postIds.spam);
    expect(idsOf(theirs.posts)).not.toContain(postIds.adult);
    const visitor = await search('mario', { type: 'posts' }, null);
    expect(idsOf(visitor.posts)).toContain(postIds.spam);
  });

  it('never shows or searches the hidden part of a paid post the viewer has not unlocked', async () => {
    expect((await search('warp zone', { type: 'posts' })).posts).toEqual([]);
    expect((await search('warp zone', { type: 'posts' }, null)).posts).toEqual([]);

    const teaser = (await search('speedrun', { type: 'posts' })).posts;
    expect(keysOf(teaser)).toEqual(['paidTeaser']);
    expect(teaser[0]).toMatchObject({ locked: true, files: [], links: [] });
    expect(teaser[0]!.text.endsWith('…')).toBe(true);
    expect(teaser[0]!.text).not.toContain('every frame matters. every frame matters. every');

    // The author and a member who unlocked it search and read all of it.
    const author = await t.services.sessions.create(userIds.alice!, TEST_ORIGIN);
    const byAuthor = (await search('warp zone', { type: 'posts' }, author.token)).posts;
    expect(keysOf(byAuthor)).toEqual(['paidHidden']);
    expect(byAuthor[0]).toMatchObject({ locked: false });
    expect(byAuthor[0]!.text).toContain('warp zone in world one');
    await t.database.db
      .insertInto('post_unlocks')
      .values({ post_id: postIds.paidHidden!, user_id: viewer.user.id, created_at: t.clock.now })
      .execute();
    const unlocked = (await search('warp zone', { type: 'posts' })).posts;
    expect(unlocked[0]).toMatchObject({ id: postIds.paidHidden, locked: false });
    await t.database.db.deleteFrom('post_unlocks').where('user_id', '=', viewer.user.id).execute();
  });

  it('finds topics with whether the viewer follows them', async () => {
    await t.database.db
      .insertInto('topic_follows')
      .values({ topic_id: topicIds.retro!, user_id: viewer.user.id, created_at: t.clock.now })
      .execute();
    const found = await search('plumber', { type: 'topics' });
    expect(found.topics).toEqual([
      expect.objectContaining({ id: topicIds.retro, name: 'Retro Games', followed: true }),
    ]);
    expect(found.total).toBe(1);
    expect([found.posts, found.users]).toEqual([[], []]);
    // Adult topics are found as topics (their page asks for the 18+ answer); their posts are not.
    expect((await search('mario', { type: 'topics' })).topics.map((x) => x.id)).toEqual([topicIds.adult]);
  });

  it('finds members by nickname or user name, best names first, with the relation both ways', async () => {
    await t.database.db
      .insertInto('follows')
      .values([
        { follower_id: viewer.user.id, followee_id: userIds.alice!, created_at: t.clock.now },
        { follower_id: userIds.alice!, followee_id: viewer.user.id, created_at: t.clock.now },
      ])
      .execute();
    const found = await search('mario', { type: 'users' });
    // Visitors' accounts and disabled members are not found.
    expect(found.users.map((u) => u.id)).toEqual([userIds.mariofan, userIds.blocked, userIds.alice]);
    expect(found.total).toBe(3);
    expect(found.users[2]).toMatchObject({
      nickname: 'Alice Mario',
      followed: true,
      follows_you: true,
      grade: 'novice',
    });
    expect(found.users[0]).toMatchObject({ followed: false, follows_you: false });
    expect((await search('seek', { type: 'users' })).users.map((u) => u.id)).toEqual([viewer.user.id]);
  });

  it('answers a few topics and members before a page of posts for type all', async () => {
    const found = await search('mario');
    expect(found.topics.map((x) => x.id)).toEqual([topicIds.adult]);
    expect(found.users.map((u) => u.id)).toEqual([userIds.mariofan, userIds.blocked, userIds.alice]);
    expect(keysOf(found.posts)).toEqual(['repeated', 'finished', 'paidTeaser']);
    expect(found.total).toBe(3);
  });

  it('pages posts by page and by cursor alike', async () => {
    const everything = await search('o', { type: 'posts', num: 50 });
    expect(everything.total).toBeGreaterThan(5);
    expect(everything.cursor).toBeNull();

    const seen: number[] = [];
    let page = await search('o', { type: 'posts', num: 2 });
    expect(page.total).toBe(everything.total);
    seen.push(...idsOf(page.posts));
    const second = await search('o', { type: 'posts', num: 2, page: 2 });
    while (page.cursor) {
      page = await search('o', { type: 'posts', num: 2, cursor: page.cursor });
      if (seen.length === 2) expect(idsOf(page.posts)).toEqual(idsOf(second.posts));
      seen.push(...idsOf(page.posts));
    }
    expect(seen).toEqual(idsOf(everything.posts));
    // Only the first page of `all` leads with topics and members.
    const allSecond = await search('o', { num: 2, page: 2 });
    expect([allSecond.topics, allSecond.users]).toEqual([[], []]);
  });

  it('ranks a keyword found in very many posts among the newest of them', async () => {
    const capped = searchRepo(t.database.db, t.database.engine, { postMatchesMax: 2 });
    // The index finds five "mario" posts; the newest two are the spam and the paid guide.
    const found = await capped.posts(null, searchTermsOf('mario'), 0, 10);
    expect(found).toEqual({ ids: [postIds.spam, postIds.paidTeaser], total: 2 });
  });

  it('refuses an empty keyword and a forged cursor', async () => {
    const empty = await call(t.app, endpoints.search.searchLists, { keyword: '   ' });
    expect(empty.body).toMatchObject({ code: 0, msg: 'Please enter a keyword' });
    const forged = await call(t.app, endpoints.search.searchLists, { keyword: 'mario', cursor: 'bm9wZQ' });
    expect(forged.body.code).toBe(0);
  });

  it('works as GET with the keyword in the query string', async () => {
    const { body } = await call(
      t.app,
      endpoints.search.searchLists,
      { keyword: 'zelda', type: 'posts' },
      { method: 'GET' },
    );
    expect(keysOf((body as Envelope<Found>).data.posts)).toEqual(['newer', 'older']);
  });
});

describe('search/hot', () => {
  it('counts keywords normalised', () => {
    expect(hotTermOf('  ＭＡＲＩＯ\t Bros  ')).toBe('mario bros');
    expect(hotTermOf('あ'.repeat(60))).toBe('あ'.repeat(50));
  });

  const hot = async () =>
    (await call(t.app, endpoints.search.searchHot, {})).body.data as { keyword: string }[];

  it('lists the week’s most searched keywords that found something', async () => {
    // Earlier tests' searches fall out of the window.
    t.clock.advance(30 * 86_400_000);
    expect(await hot()).toEqual([]);

    for (let i = 0; i < 3; i += 1) await search('zelda');
    await search('  Super   MARIO ');
    await search('super mario');
    await search('MARIO');
    await search('plumber', { type: 'topics' });
    await search('nothing-matches-this');
    await search('zelda', { page: 2 });
    expect(await hot()).toEqual([
      { keyword: 'zelda', count: 3 },
      { keyword: 'super mario', count: 2 },
      { keyword: 'mario', count: 1 },
      { keyword: 'plumber', count: 1 },
    ]);

    // Days add up within the week; searches older than seven days no longer count.
    t.clock.advance(6 * 86_400_000);
    await search('mario');
    await search('mario');
    expect((await hot()).slice(0, 2)).toEqual([
      { keyword: 'mario', count: 3 },
      { keyword: 'zelda', count: 3 },
    ]);
    t.clock.advance(86_400_000);
    expect(await hot()).toEqual([{ keyword: 'mario', count: 2 }]);
  });
});
