import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { endpoints, MainCode, type News, PAID_TEASER_CHARS } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { translator } from '../src/i18n';
import { buildTestApp, call, createTestDatabase, type TestApp } from './helper';
import { answers, type Caller, insertPost } from './support/social';

const latestNews = endpoints.users.latestNews;
const newsList = endpoints.users.newsList;
const en = translator('en-US');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { ok } = answers(() => t.app);
type Inbox = { list: News[]; total: number; cursor: string | null };

const inbox = async (who: Caller, payload: Record<string, unknown> = {}) =>
  (await ok<Inbox>(newsList, payload, who)).data;

async function markRead(newsId: number) {
  await t.database.db.updateTable('news').set({ read_at: t.clock.now }).where('id', '=', newsId).execute();
}

describe('latest/news', () => {
  it('answers nothing for a member without news', async () => {
    const { token } = await t.make.member();
    const { body } = await call(t.app, latestNews, {}, { token });
    expect(body).toEqual({ code: 1, msg: 'OK', data: { unread: 0, latest: null } });
  });

  it('welcomes a member who signs up', async () => {
    const payload = { username: 'newsreader', email: 'newsreader@example.org', password: 'correct horse' };
    const { token, user } = (await call(t.app, endpoints.auth.register, payload)).body.data as {
      token: string;
      user: { id: number };
    };
    const { body } = await call(t.app, latestNews, {}, { token });
    expect(body.data).toEqual({
      unread: 1,
      latest: {
        id: expect.any(Number),
        kind: 'welcome',
        text: '',
        actor_id: null,
        actor: null,
        ref_type: null,
        ref_id: null,
        post_id: null,
        post_text: null,
        read: false,
        created_at: t.clock.now,
      },
    });
    const rows = await t.database.db
      .selectFrom('news')
      .select('user_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("counts only the member's unread news and shows the newest, read or not", async () => {
    const { user, token } = await t.make.member();
    const fan = await t.make.user({ newcomer: true });
    const stranger = await t.make.member();
    const post = await insertPost(t.database, user.id);
    const add = async (kind: string) => {
      t.clock.advance(1000);
      const id = await t.services.news.add(
        user.id,
        { kind, actorId: fan.id, refType: 'post', refId: post.id },
        t.clock.now,
      );
      return id!;
    };
    const first = await add('like');
    await add('comment');
    const newest = await add('follow');
    await t.services.news.add(stranger.user.id, { kind: 'like', text: 'not yours' }, t.clock.now);

    let { body } = await call(t.app, latestNews, {}, { token });
    expect(body.data).toMatchObject({
      unread: 3,
      latest: {
        id: newest,
        kind: 'follow',
        actor_id: fan.id,
        actor: { id: fan.id, nickname: fan.nickname, avatar: '', level: 1, grade: 'novice' },
        ref_type: 'post',
        ref_id: post.id,
        post_id: post.id,
        post_text: post.text,
        read: false,
      },
    });

    await markRead(first);
    await markRead(newest);
    // GET works too, as the session's start-up call uses it.
    ({ body } = await call(t.app, latestNews, {}, { token, method: 'GET' }));
    expect(body.data).toMatchObject({ unread: 1, latest: { id: newest, read: true } });

    ({ body } = await call(t.app, latestNews, {}, { token: stranger.token }));
    expect(body.data).toMatchObject({
      unread: 1,
      latest: { kind: 'like', text: 'not yours', actor_id: null, actor: null },
    });
  });

  it('quotes the post a comment item is about, with its actor, and nothing once the comment is gone', async () => {
    const author = await t.make.member();
    const fan = await t.make.member({ newcomer: true });
    const post = await insertPost(t.database, author.user.id);
    const comment = (
      await ok<{ id: number }>(endpoints.comments.postComment, { post_id: post.id, text: 'Nice' }, fan)
    ).data;
    t.clock.advance(1000);
    await t.services.news.add(
      author.user.id,
      { kind: 'comment_like', actorId: fan.user.id, refType: 'comment', refId: comment.id },
      t.clock.now,
    );
    const actor = { id: fan.user.id, nickname: fan.user.nickname, avatar: '', level: 1, grade: 'novice' };
    expect((await ok(latestNews, {}, author)).data).toMatchObject({
      latest: { kind: 'comment_like', actor, ref_id: comment.id, post_id: post.id, post_text: post.text },
    });
    // The newest item again, now read by the page of the inbox: the same answer as latest/news.
    expect((await inbox(author)).list[0]).toMatchObject({ actor, post_id: post.id, post_text: post.text });

    await t.database.db.deleteFrom('comments').where('id', '=', comment.id).execute();
    expect((await ok(latestNews, {}, author)).data).toMatchObject({
      latest: { kind: 'comment_like', actor, ref_id: comment.id, post_id: null, post_text: null },
    });
  });

  it('needs a token', async () => {
    expect((await call(t.app, latestNews)).body.code).toBe(MainCode.Expired);
    expect((await call(t.app, newsList)).body.code).toBe(MainCode.Expired);
    expect((await call(t.app, endpoints.users.clearNews)).body.code).toBe(MainCode.Expired);
  });
});

describe('news of what members do', () => {
  it('comes for a like, a comment, a reply, a comment like and a follow, never for your own', async () => {
    const author = await t.make.member();
    const fan = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    const step = () => t.clock.advance(1000);

    step();
    await ok(endpoints.posts.likePost, { id: post.id, like: true }, fan);
    step();
    const comment = (
      await ok<{ id: number }>(endpoints.comments.postComment, { post_id: post.id, text: 'Wow' }, fan)
    ).data;
    step();
    const mine = (
      await ok<{ id: number }>(endpoints.comments.postComment, { post_id: post.id, text: 'Thanks!' }, author)
    ).data;
    step();
    const answer = (
      await ok<{ id: number }>(endpoints.comments.replyComment, { comment_id: mine.id, text: 'Welcome' }, fan)
    ).data;
    step();
    await ok(endpoints.comments.likeComment, { id: mine.id, like: true }, fan);
    step();
    await ok(endpoints.follows.userFollow, { user_id: author.user.id, follow: true }, fan);
    // The author's own doings tell nobody.
    step();
    await ok(endpoints.posts.likePost, { id: post.id, like: true }, author);
    await ok(endpoints.comments.likeComment, { id: mine.id, like: true }, author);
    await ok(endpoints.comments.replyComment, { comment_id: mine.id, text: 'And me' }, author);
    expect(
      await t.services.news.add(author.user.id, { kind: 'like', actorId: author.user.id }, t.clock.now),
    ).toBe(null);

    const { list, total } = await inbox(author);
    expect(total).toBe(5);
    expect(list.map((n) => [n.kind, n.actor?.id, n.ref_type, n.ref_id, n.post_id, n.text])).toEqual([
      ['follow', fan.user.id, null, null, null, ''],
      ['comment_like', fan.user.id, 'comment', mine.id, post.id, 'Thanks!'],
      ['reply', fan.user.id, 'comment', answer.id, post.id, 'Welcome'],
      ['comment', fan.user.id, 'comment', comment.id, post.id, 'Wow'],
      ['like', fan.user.id, 'post', post.id, post.id, ''],
    ]);
    expect(list[4]).toMatchObject({ post_text: post.text, read: false });
    expect(list[0]!.post_text).toBeNull();
    // The author answering their own comment tells the fan nothing either.
    expect((await inbox(fan)).total).toBe(0);
  });

  it('tells of a like, a comment like or a follow once, however often it is taken back and given again', async () => {
    const author = await t.make.member();
    const fan = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    for (const like of [true, false, true, false, true]) {
      await ok(endpoints.posts.likePost, { id: post.id, like }, fan);
      await ok(endpoints.follows.userFollow, { user_id: author.user.id, follow: like }, fan);
    }
    const rows = await t.database.db
      .selectFrom('news')
      .select('kind')
      .where('user_id', '=', author.user.id)
      .where('actor_id', '=', fan.user.id)
      .orderBy('kind')
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(['follow', 'like']);
  });

  it("shows a paid post's teaser, never its text, to a recipient who has not unlocked it", async () => {
    const author = await t.make.member();
    const writer = await t.make.member();
    const fan = await t.make.member();
    const secret = `Beat the final boss by ${'standing in the left corner and jumping '.repeat(3)}`;
    const post = await insertPost(t.database, author.user.id, { text: secret, price: 30 });
    const top = (
      await ok<{ id: number }>(
        endpoints.comments.postComment,
        { post_id: post.id, text: 'Is it true?' },
        writer,
      )
    ).data;
    await ok(endpoints.comments.replyComment, { comment_id: top.id, text: 'Yes' }, fan);
    const teaser = `${Array.from(secret).slice(0, PAID_TEASER_CHARS).join('')}…`;

    const writers = await inbox(writer);
    expect(writers.list.map((n) => [n.kind, n.post_id, n.post_text])).toEqual([['reply', post.id, teaser]]);
    expect(JSON.stringify(writers)).not.toContain('left corner and jumping standing');
    expect((await ok<{ latest: News }>(latestNews, {}, writer)).data.latest.post_text).toBe(teaser);
    // Its author reads the whole text.
    expect((await inbox(author)).list[0]).toMatchObject({ kind: 'comment', post_text: secret });
  });

  it('hides news from members the recipient blocked, and writes none from them afterwards', async () => {
    const me = await t.make.member();
    const pest = await t.make.member();
    const friend = await t.make.member();
    const post = await insertPost(t.database, me.user.id);
    t.clock.advance(1000);
    await ok(endpoints.posts.likePost, { id: post.id, like: true }, friend);
    // The newest item is the blocked member's: latest/news must skip it for the friend's.
    t.clock.advance(1000);
    await ok(endpoints.posts.likePost, { id: post.id, like: true }, pest);
    await ok(endpoints.follows.userBlack, { user_id: pest.user.id }, me);
    expect(
      await t.services.news.add(me.user.id, { kind: 'like', actorId: pest.user.id }, t.clock.now),
    ).toBeNull();

    const { list, total } = await inbox(me);
    expect([list.map((n) => n.actor_id), total]).toEqual([[friend.user.id], 1]);
    expect((await ok(latestNews, {}, me)).data).toMatchObject({
      unread: 1,
      latest: { actor_id: friend.user.id },
    });
    // Taking them off the blacklist shows the older item again.
    await ok(endpoints.follows.removeBlack, { user_id: pest.user.id }, me);
    expect((await inbox(me)).total).toBe(2);
  });
});

describe('news/list and clear/news', () => {
  it('pages newest first by cursor or page, and clears everything unread', async () => {
    const me = await t.make.member();
    const fans = await Promise.all([1, 2, 3, 4, 5].map(() => t.make.member()));
    const ids: number[] = [];
    for (const fan of fans) {
      t.clock.advance(1000);
      ids.push(
        (await t.services.news.add(me.user.id, { kind: 'follow', actorId: fan.user.id }, t.clock.now))!,
      );
    }
    // Same millisecond: the later item comes first.
    ids.push(
      (await t.services.news.add(me.user.id, { kind: 'system', text: 'Maintenance at noon' }, t.clock.now))!,
    );
    const newestFirst = [...ids].reverse();

    const first = await inbox(me, { num: 4 });
    expect([first.list.map((n) => n.id), first.total]).toEqual([newestFirst.slice(0, 4), 6]);
    const rest = await inbox(me, { num: 4, cursor: first.cursor });
    expect([rest.list.map((n) => n.id), rest.cursor]).toEqual([newestFirst.slice(4), null]);
    expect((await inbox(me, { num: 4, page: 2 })).list.map((n) => n.id)).toEqual(newestFirst.slice(4));
    expect((await ok<Inbox>(newsList, { num: 2, page: 3 }, me)).data.list.map((n) => n.id)).toEqual(
      newestFirst.slice(4),
    );
    expect(first.list[0]).toMatchObject({ kind: 'system', text: 'Maintenance at noon', actor: null });

    const other = await t.make.member();
    await t.services.news.add(other.user.id, { kind: 'system', text: 'for other' }, t.clock.now);
    t.clock.advance(1000);
    const cleared = await ok<{ unread: number }>(endpoints.users.clearNews, {}, me);
    expect(cleared).toEqual({ code: 1, msg: en('community.news_cleared'), data: { unread: 0 } });
    expect((await ok(latestNews, {}, me)).data).toMatchObject({
      unread: 0,
      latest: { id: ids[5], read: true },
    });
    expect((await inbox(me)).list.every((n) => n.read)).toBe(true);
    expect((await ok(latestNews, {}, other)).data).toMatchObject({ unread: 1 });
  });
});

describe('news:broadcast', () => {
  it('sends a system item to every active member, not to visitors nor disabled accounts', async () => {
    const before = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('status', '=', 'active')
      .where('is_tourist', '=', 0)
      .execute();
    const visitor = await t.make.member();
    await t.database.db
      .updateTable('users')
      .set({ is_tourist: 1 })
      .where('id', '=', visitor.user.id)
      .execute();
    const gone = await t.make.user({ status: 'disabled' });
    const member = await t.make.member();

    t.clock.advance(1000);
    expect(await t.services.news.broadcast('  New levels are out!  ')).toBe(before.length + 1);
    expect((await ok(latestNews, {}, member)).data).toMatchObject({
      unread: 1,
      latest: { kind: 'system', text: 'New levels are out!', actor: null, created_at: t.clock.now },
    });
    const got = await t.database.db
      .selectFrom('news')
      .select('user_id')
      .where('kind', '=', 'system')
      .where('text', '=', 'New levels are out!')
      .execute();
    const receivers = new Set(got.map((r) => Number(r.user_id)));
    expect(receivers.size).toBe(got.length);
    expect(receivers.has(visitor.user.id) || receivers.has(gone.id)).toBe(false);
    await expect(t.services.news.broadcast('   ')).rejects.toThrow('needs a text');
  });

  it('runs as an operator command', { timeout: 60_000 }, async () => {
    const tdb = await createTestDatabase();
    const { app } = await buildApp({ config: testConfig(), database: tdb.database });
    try {
      await app.ready();
      const register = {
        username: 'broadcastee',
        email: 'broadcastee@example.org',
        password: 'correct horse',
      };
      const { token } = (await call(app, endpoints.auth.register, register)).body.data as { token: string };
      const cli = path.resolve(__dirname, '../src/ops/cli.ts');
      const run = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], {
          env: { ...process.env, DATABASE_URL: tdb.url, LOG_LEVEL: 'silent' },
        });
      const { stdout } = await run('news:broadcast', 'Servers restart at 02:00 UTC');
      expect(stdout).toContain('sent to 1 members');
      const { body } = await call(app, latestNews, {}, { token });
      expect(body.data).toMatchObject({
        unread: 2,
        latest: { kind: 'system', text: 'Servers restart at 02:00 UTC' },
      });
      await expect(run('news:broadcast', ' ')).rejects.toMatchObject({ code: 1 });
    } finally {
      await app.close();
      await tdb.drop();
    }
  });
});
