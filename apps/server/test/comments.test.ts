import {
  type Comment,
  endpoints,
  MainCode,
  PAID_TEASER_CHARS,
  REPLY_DEPTH_MAX,
  REPLY_PREVIEW,
  type Reply,
} from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { buildTestApp, call, type TestApp } from './helper';
import { answers, type Caller, insertPost, postCounts } from './support/social';

const c = endpoints.comments;
const en = translator('en-US');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { ok, refused } = answers(() => t.app);

const comment = async (who: Caller, postId: number, text = 'Nice find!') => {
  t.clock.advance(1000);
  return (await ok<Comment>(c.postComment, { post_id: postId, text }, who)).data;
};
const reply = async (who: Caller, commentId: number, text = 'Agreed.') => {
  t.clock.advance(1000);
  return (await ok<Reply>(c.replyComment, { comment_id: commentId, text }, who)).data;
};
const list = async (payload: Record<string, unknown>, who?: Caller) =>
  (await ok<{ list: Comment[]; total: number; cursor: string | null }>(c.commentLists, payload, who)).data;
const replies = async (payload: Record<string, unknown>, who?: Caller) =>
  (await ok<{ list: Reply[]; total: number; cursor: string | null }>(c.commentReplies, payload, who)).data;

async function newsOf(userId: number) {
  return t.database.db
    .selectFrom('news')
    .select(['kind', 'actor_id', 'ref_type', 'ref_id', 'text'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

const rowsOf = async (ids: number[]) =>
  ids.length === 0 ? [] : t.database.db.selectFrom('comments').select('id').where('id', 'in', ids).execute();

describe('posts/comments', () => {
  it('comments on a post, counts it, marks the post for scoring and tells its author', async () => {
    const author = await t.make.member();
    const fan = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    t.clock.advance(1000);
    const body = await ok<Comment>(c.postComment, { post_id: post.id, text: '  Great guide  ' }, fan);
    expect(body.msg).toBe(en('community.comment_posted'));
    expect(body.data).toEqual({
      id: expect.any(Number),
      post_id: post.id,
      root_id: null,
      parent_id: null,
      depth: 0,
      user: { id: fan.user.id, nickname: expect.any(String), avatar: '', level: 2, grade: 'novice' },
      reply_to: null,
      text: 'Great guide',
      like_count: 0,
      reply_count: 0,
      liked: false,
      mine: true,
      created_at: t.clock.now,
      removed: null,
      edited_at: null,
      replies: [],
    });
    expect(await postCounts(t.database, post.id)).toEqual({ comment_count: 1, hot_dirty: 1 });
    expect(await newsOf(author.user.id)).toEqual([
      {
        kind: 'comment',
        actor_id: fan.user.id,
        ref_type: 'comment',
        ref_id: body.data.id,
        text: 'Great guide',
      },
    ]);

    // Commenting on your own post tells nobody.
    await comment(author, post.id);
    expect(await newsOf(author.user.id)).toHaveLength(1);
    expect((await postCounts(t.database, post.id)).comment_count).toBe(2);
  });

  it('refuses missing posts, closed comments, visitors, empty text and callers without a token', async () => {
    const author = await t.make.member();
    const fan = await t.make.member();
    const closed = await insertPost(t.database, author.user.id, { commentsOpen: false });
    await refused(c.postComment, { post_id: 999_999, text: 'hi' }, fan, 'errors.post_not_found');
    await refused(c.postComment, { post_id: closed.id, text: 'hi' }, fan, 'errors.comments_closed');
    expect(await postCounts(t.database, closed.id)).toEqual({ comment_count: 0, hot_dirty: 0 });

    const open = await insertPost(t.database, author.user.id);
    await refused(c.postComment, { post_id: open.id, text: '   ' }, fan, 'validation.text_required');
    const visitor = await t.make.member();
    await t.database.db
      .updateTable('users')
      .set({ is_tourist: 1 })
      .where('id', '=', visitor.user.id)
      .execute();
    await refused(c.postComment, { post_id: open.id, text: 'hi' }, visitor, 'errors.tourist_forbidden');
    const { body } = await call(t.app, c.postComment, { post_id: open.id, text: 'hi' });
    expect(body.code).toBe(MainCode.Expired);
    expect((await postCounts(t.database, open.id)).comment_count).toBe(0);
  });

  it('keeps the count exact under 20 concurrent comments', async () => {
    const author = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    const fans = await Promise.all(Array.from({ length: 20 }, () => t.make.member()));
    const answers = await Promise.all(
      fans.map((f) => call(t.app, c.postComment, { post_id: post.id, text: 'first!' }, { token: f.token })),
    );
    expect(answers.every((a) => a.body.code === 1)).toBe(true);
    expect((await postCounts(t.database, post.id)).comment_count).toBe(20);
    expect((await list({ post_id: post.id, num: 100 })).total).toBe(20);
  });
});

describe('reply/comments', () => {
  it('threads replies down to REPLY_DEPTH_MAX, then beside the answered reply', async () => {
    const author = await t.make.member();
    const [a, b, d, e, f] = await Promise.all([
      t.make.member(),
      t.make.member(),
      t.make.member(),
      t.make.member(),
      t.make.member(),
    ]);
    const post = await insertPost(t.database, author.user.id);
    const top = await comment(a, post.id, 'top');
    const r1 = await reply(b, top.id, 'one');
    const r2 = await reply(d, r1.id, 'two');
    const r3 = await reply(e, r2.id, 'three');
    const r4 = await reply(f, r3.id, 'four');
    expect(REPLY_DEPTH_MAX).toBe(3);
    expect([r1, r2, r3, r4].map((r) => [r.root_id, r.parent_id, r.depth, r.reply_to?.id])).toEqual([
      [top.id, top.id, 1, a.user.id],
      [top.id, r1.id, 2, b.user.id],
      [top.id, r2.id, 3, d.user.id],
      // At the cap: beside r3 (same parent), still answering r3's author.
      [top.id, r2.id, 3, e.user.id],
    ]);
    const r5 = await reply(a, r4.id, 'five');
    expect([r5.parent_id, r5.depth, r5.reply_to?.id]).toEqual([r2.id, 3, f.user.id]);

    expect((await postCounts(t.database, post.id)).comment_count).toBe(6);
    const [shown] = (await list({ post_id: post.id })).list;
    expect(shown).toMatchObject({ id: top.id, reply_count: 5 });
    // News `reply` goes to the author of the comment answered, with the reply's text.
    expect(await newsOf(e.user.id)).toEqual([
      { kind: 'reply', actor_id: f.user.id, ref_type: 'comment', ref_id: r4.id, text: 'four' },
    ]);
    expect((await newsOf(a.user.id)).map((n) => n.kind)).toEqual(['reply']);
    // The post's author hears of the top-level comment only.
    expect((await newsOf(author.user.id)).map((n) => n.kind)).toEqual(['comment']);
  });

  it('refuses a missing comment and closed comments', async () => {
    const author = await t.make.member();
    const fan = await t.make.member();
    await refused(c.replyComment, { comment_id: 999_999, text: 'hi' }, fan, 'errors.comment_not_found');
    const post = await insertPost(t.database, author.user.id);
    const top = await comment(author, post.id);
    await t.database.db.updateTable('posts').set({ comments_open: 0 }).where('id', '=', post.id).execute();
    await refused(c.replyComment, { comment_id: top.id, text: 'hi' }, fan, 'errors.comments_closed');
    expect((await postCounts(t.database, post.id)).comment_count).toBe(1);
  });

  it('keeps the thread and post counts exact under concurrent replies', async () => {
    const author = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    const top = await comment(author, post.id);
    const fans = await Promise.all(Array.from({ length: 12 }, () => t.make.member()));
    const answers = await Promise.all(
      fans.map((f) =>
        call(t.app, c.replyComment, { comment_id: top.id, text: 'me too' }, { token: f.token }),
      ),
    );
    expect(answers.every((a) => a.body.code === 1)).toBe(true);
    expect((await postCounts(t.database, post.id)).comment_count).toBe(13);
    expect((await list({ post_id: post.id })).list[0]!.reply_count).toBe(12);
  });
});

describe('comment/lists and comment/replies', () => {
  it('orders New by time and Best by likes, each with its first replies, oldest first', async () => {
    const author = await t.make.member();
    const fans = await Promise.all([1, 2, 3, 4].map(() => t.make.member()));
    const post = await insertPost(t.database, author.user.id);
    const first = await comment(author, post.id, 'first');
    const second = await comment(fans[0]!, post.id, 'second');
    const third = await comment(fans[1]!, post.id, 'third');
    const threadReplies = [];
    for (const fan of fans) threadReplies.push(await reply(fan, second.id, `reply by ${fan.user.id}`));
    // second: 3 likes, first: 1 like, third: 1 like (ties go to the newer id).
    for (const fan of fans.slice(0, 3)) await ok(c.likeComment, { id: second.id, like: true }, fan);
    await ok(c.likeComment, { id: first.id, like: true }, fans[3]!);
    await ok(c.likeComment, { id: third.id, like: true }, fans[3]!);

    const byNew = await list({ post_id: post.id, sort: 'new' }, fans[0]);
    expect(byNew.list.map((x) => x.id)).toEqual([third.id, second.id, first.id]);
    expect(byNew.total).toBe(3);
    expect(byNew.cursor).toBeNull();
    const shown = byNew.list[1]!;
    expect(shown).toMatchObject({ reply_count: 4, like_count: 3, liked: true, mine: true });
    expect(shown.replies.map((r) => r.id)).toEqual(threadReplies.slice(0, REPLY_PREVIEW).map((r) => r.id));
    expect(shown.replies[0]).toMatchObject({ reply_to: { id: fans[0]!.user.id }, mine: true });
    expect(byNew.list[0]!.replies).toEqual([]);

    const byBest = await list({ post_id: post.id, sort: 'best' }, fans[0]);
    expect(byBest.list.map((x) => x.id)).toEqual([second.id, third.id, first.id]);
    expect(byBest.list.map((x) => x.like_count)).toEqual([3, 1, 1]);

    // A visitor reads them too, with nothing marked as theirs.
    const anonymous = await list({ post_id: post.id, sort: 'best' });
    expect(anonymous.list.every((x) => !x.liked && !x.mine)).toBe(true);
    const { body } = await call(t.app, c.commentLists, { post_id: 999_999 });
    expect(body.msg).toBe(en('errors.post_not_found'));
  });

  it('pages by cursor and by page number without repeating or skipping', async () => {
    const author = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    const made: number[] = [];
    for (let i = 0; i < 7; i += 1) made.push((await comment(author, post.id, `c${i}`)).id);
    // Two comments in the same millisecond: the newer id comes first.
    made.push((await comment(author, post.id, 'c7')).id);
    t.clock.advance(-1000);
    made.push((await comment(author, post.id, 'c8')).id);
    const newestFirst = [...made].reverse();

    for (const sort of ['new', 'best']) {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await list({ post_id: post.id, sort, num: 4, ...(cursor ? { cursor } : {}) });
        expect(page.total).toBe(9);
        seen.push(...page.list.map((x) => x.id));
        cursor = page.cursor;
      } while (cursor);
      expect(seen).toEqual(newestFirst);
    }
    const byPage = [1, 2, 3].map((page) => list({ post_id: post.id, num: 4, page }));
    expect((await Promise.all(byPage)).flatMap((p) => p.list.map((x) => x.id))).toEqual(newestFirst);
    const { body } = await call(t.app, c.commentLists, { post_id: post.id, cursor: 'bm90IGEgY3Vyc29y' });
    expect(body.code).toBe(MainCode.Fail);
  });

  it('pages "more replies" of a thread oldest first, each reply once', async () => {
    const author = await t.make.member();
    const fan = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    const top = await comment(author, post.id);
    const made: number[] = [];
    let last = top.id;
    for (let i = 0; i < 8; i += 1) {
      const r = await reply(i % 2 ? author : fan, i % 3 === 2 ? last : top.id, `r${i}`);
      made.push(r.id);
      last = r.id;
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await replies({ comment_id: top.id, num: 3, ...(cursor ? { cursor } : {}) });
      expect(page.total).toBe(8);
      seen.push(...page.list.map((r) => r.id));
      cursor = page.cursor;
    } while (cursor);
    expect(seen).toEqual(made);
    // The preview is the start of the same order; page 2 of preview-sized pages goes on from it.
    const [shown] = (await list({ post_id: post.id })).list;
    expect(shown!.replies.map((r) => r.id)).toEqual(made.slice(0, REPLY_PREVIEW));
    const second = await replies({ comment_id: top.id, num: REPLY_PREVIEW, page: 2 });
    expect(second.list.map((r) => r.id)).toEqual(made.slice(REPLY_PREVIEW, 2 * REPLY_PREVIEW));
    // A reply's id stands for its thread.
    expect((await replies({ comment_id: made[4]!, num: 20 })).list.map((r) => r.id)).toEqual(made);
    const { body } = await call(t.app, c.commentReplies, { comment_id: 999_999 });
    expect(body.msg).toBe(en('errors.comment_not_found'));
  });
});

describe('likes/comments', () => {
  it('toggles, sets explicitly, and tells the author once per new like, never for their own', async () => {
    const author = await t.make.member();
    const fan = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    const mine = await comment(author, post.id, 'my tip');
    const like = (who: Caller, like?: boolean) =>
      ok<{ liked: boolean; like_count: number }>(c.likeComment, { id: mine.id, like }, who).then(
        (b) => b.data,
      );

    expect(await like(fan)).toEqual({ liked: true, like_count: 1 });
    expect(await like(fan, true)).toEqual({ liked: true, like_count: 1 });
    expect(await like(fan)).toEqual({ liked: false, like_count: 0 });
    expect(await like(fan, false)).toEqual({ liked: false, like_count: 0 });
    expect(await like(author, true)).toEqual({ liked: true, like_count: 1 });
    expect(await newsOf(author.user.id)).toEqual([
      { kind: 'comment_like', actor_id: fan.user.id, ref_type: 'comment', ref_id: mine.id, text: 'my tip' },
    ]);
    await refused(c.likeComment, { id: 999_999 }, fan, 'errors.comment_not_found');
  });

  it('counts exactly under 20 concurrent likes, and repeated explicit likes once', async () => {
    const author = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    const target = await comment(author, post.id);
    const fans = await Promise.all(Array.from({ length: 20 }, () => t.make.member()));
    const answers = await Promise.all(
      fans.map((f) => call(t.app, c.likeComment, { id: target.id, like: true }, { token: f.token })),
    );
    expect(answers.every((a) => a.body.code === 1)).toBe(true);
    const twice = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.app, c.likeComment, { id: target.id, like: true }, { token: fans[0]!.token }),
      ),
    );
    expect(twice.every((a) => a.body.code === 1)).toBe(true);
    const row = await t.database.db
      .selectFrom('comments')
      .select('like_count')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row.like_count).toBe(20);
    expect((await newsOf(author.user.id)).filter((n) => n.kind === 'comment_like')).toHaveLength(20);
  });
});

describe('del/comments', () => {
  it('removes a comment with its 3 replies: the post count drops by 4, and their likes and news go', async () => {
    const author = await t.make.member();
    const fan = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    const keep = await comment(author, post.id, 'stays');
    const doomed = await comment(fan, post.id, 'goes');
    const r1 = await reply(author, doomed.id);
    const r2 = await reply(fan, r1.id);
    const r3 = await reply(author, doomed.id);
    await ok(c.likeComment, { id: r2.id, like: true }, author);
    expect((await postCounts(t.database, post.id)).comment_count).toBe(5);

    const body = await ok<{ post_id: number; comment_count: number }>(
      c.deleteComment,
      { id: doomed.id },
      fan,
    );
    expect(body.msg).toBe(en('community.comment_deleted'));
    expect(body.data).toEqual({ post_id: post.id, comment_count: 1 });
    expect(await postCounts(t.database, post.id)).toEqual({ comment_count: 1, hot_dirty: 1 });
    // The foreign keys cascaded to every reply below, on this engine too.
    expect(await rowsOf([doomed.id, r1.id, r2.id, r3.id])).toEqual([]);
    expect(await rowsOf([keep.id])).toHaveLength(1);
    const likes = await t.database.db
      .selectFrom('comment_likes')
      .select('user_id')
      .where('comment_id', '=', r2.id)
      .execute();
    expect(likes).toEqual([]);
    const news = await t.database.db
      .selectFrom('news')
      .select('id')
      .where('ref_type', '=', 'comment')
      .where('ref_id', 'in', [doomed.id, r1.id, r2.id, r3.id])
      .execute();
    expect(news).toEqual([]);
    await refused(c.deleteComment, { id: doomed.id }, fan, 'errors.comment_not_found');
  });

  it('removes a reply with the replies below it from the thread count', async () => {
    const author = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    const top = await comment(author, post.id);
    const r1 = await reply(author, top.id);
    await reply(author, r1.id);
    const other = await reply(author, top.id);
    const { data } = await ok<{ comment_count: number }>(c.deleteComment, { id: r1.id }, author);
    expect(data.comment_count).toBe(2);
    const [shown] = (await list({ post_id: post.id })).list;
    expect(shown).toMatchObject({ reply_count: 1, replies: [{ id: other.id }] });
  });

  it("lets the comment's author and the post's author delete, and nobody else", async () => {
    const author = await t.make.member();
    const writer = await t.make.member();
    const stranger = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    const first = await comment(writer, post.id);
    const second = await comment(writer, post.id);
    const strangers = await comment(stranger, post.id);
    await refused(c.deleteComment, { id: first.id }, stranger, 'errors.not_author');
    // The comment's author may not delete another's reply to it.
    const answer = await reply(stranger, first.id);
    await refused(c.deleteComment, { id: answer.id }, writer, 'errors.not_author');
    expect((await postCounts(t.database, post.id)).comment_count).toBe(4);

    await ok(c.deleteComment, { id: first.id }, writer);
    await ok(c.deleteComment, { id: second.id }, author);
    await ok(c.deleteComment, { id: strangers.id }, author);
    expect((await postCounts(t.database, post.id)).comment_count).toBe(0);
  });
});

describe('blacklist and comments', () => {
  it('keeps a blocked member from commenting on the post or answering the blocker', async () => {
    const author = await t.make.member();
    const writer = await t.make.member();
    const pest = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    const authors = await comment(author, post.id);
    const writers = await comment(writer, post.id);
    const pests = await comment(pest, post.id);

    // The comment's author blocked them: no reply to that comment, the rest still open.
    await ok(endpoints.follows.userBlack, { user_id: pest.user.id }, writer);
    await refused(c.replyComment, { comment_id: writers.id, text: 'hey' }, pest, 'errors.blocked_by_user');
    await reply(pest, authors.id);

    // The post's author blocked them: no comment, no reply anywhere on the post.
    await ok(endpoints.follows.userBlack, { user_id: pest.user.id }, author);
    await refused(c.postComment, { post_id: post.id, text: 'hey' }, pest, 'errors.blocked_by_user');
    await refused(c.replyComment, { comment_id: authors.id, text: 'hey' }, pest, 'errors.blocked_by_user');
    await refused(c.replyComment, { comment_id: pests.id, text: 'hey' }, pest, 'errors.blocked_by_user');
    expect((await postCounts(t.database, post.id)).comment_count).toBe(4);
  });

  it("leaves blocked members' comments and replies out of what the blocker reads", async () => {
    const author = await t.make.member();
    const reader = await t.make.member();
    const pest = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    const top = await comment(author, post.id);
    await comment(pest, post.id);
    const fine = await reply(author, top.id);
    await reply(pest, top.id);
    await ok(endpoints.follows.userBlack, { user_id: pest.user.id }, reader);

    const seen = await list({ post_id: post.id }, reader);
    expect(seen.list.map((x) => x.id)).toEqual([top.id]);
    expect(seen.total).toBe(1);
    expect(seen.list[0]!.replies.map((r) => r.id)).toEqual([fine.id]);
    const thread = await replies({ comment_id: top.id }, reader);
    expect([thread.list.map((r) => r.id), thread.total]).toEqual([[fine.id], 1]);

    // Everyone else still sees them.
    expect((await list({ post_id: post.id }, author)).total).toBe(2);
    expect((await replies({ comment_id: top.id })).total).toBe(2);
  });
});

describe('other/comments', () => {
  type UserComment = Reply & { post: { id: number; text: string; locked: boolean } };
  const ofUser = async (payload: Record<string, unknown>, who?: Caller) =>
    (await ok<{ list: UserComment[]; total: number; cursor: string | null }>(c.otherComments, payload, who))
      .data;

  it("lists a member's comments newest first with the post, a paid one only as a teaser", async () => {
    const author = await t.make.member();
    const writer = await t.make.member();
    const buyer = await t.make.member();
    const secret = `The secret passage is behind the third waterfall, ${'then go left '.repeat(5)}`;
    const paid = await insertPost(t.database, author.user.id, { text: secret, price: 50 });
    const free = await insertPost(t.database, author.user.id);
    const top = await comment(writer, paid.id, 'worth it');
    const answer = await reply(writer, top.id, 'indeed');
    const onFree = await comment(writer, free.id, 'thanks');
    await t.database.db
      .insertInto('post_unlocks')
      .values([
        { post_id: paid.id, user_id: buyer.user.id, created_at: t.clock.now },
        { post_id: paid.id, user_id: writer.user.id, created_at: t.clock.now },
      ])
      .execute();

    const teaser = `${Array.from(secret).slice(0, PAID_TEASER_CHARS).join('')}…`;
    const anonymous = await ofUser({ user_id: writer.user.id });
    expect(anonymous.total).toBe(3);
    expect(anonymous.list.map((x) => x.id)).toEqual([onFree.id, answer.id, top.id]);
    expect(anonymous.list[0]!.post).toEqual({ id: free.id, text: free.text, locked: false });
    expect(anonymous.list[2]!.post).toEqual({ id: paid.id, text: teaser, locked: true });
    expect(anonymous.list[1]).toMatchObject({ root_id: top.id, reply_to: { id: writer.user.id } });
    expect(JSON.stringify(anonymous)).not.toContain('waterfall, then go left then');

    const stranger = await t.make.member();
    expect((await ofUser({ user_id: writer.user.id }, stranger)).list[2]!.post.locked).toBe(true);
    for (const reader of [buyer, author]) {
      expect((await ofUser({ user_id: writer.user.id }, reader)).list[2]!.post).toEqual({
        id: paid.id,
        text: secret,
        locked: false,
      });
    }
    // Without user_id: the caller's own, and mine is set.
    const own = await ofUser({ num: 2 }, writer);
    expect(own.list.map((x) => [x.id, x.mine])).toEqual([
      [onFree.id, true],
      [answer.id, true],
    ]);
    const rest = await ofUser({ num: 2, cursor: own.cursor }, writer);
    expect([rest.list.map((x) => x.id), rest.cursor]).toEqual([[top.id], null]);
  });

  it("keeps comments on adult posts on the member's own page only, with the 18+ answer", async () => {
    const author = await t.make.member();
    const writer = await t.make.member();
    const adult = await insertPost(t.database, author.user.id, { minAge: 18 });
    const free = await insertPost(t.database, author.user.id);
    const grownUp = await comment(writer, adult.id);
    const visible = await comment(writer, free.id);
    const others = await ofUser({ user_id: writer.user.id, adult_confirmed: true });
    expect([others.list.map((x) => x.id), others.total]).toEqual([[visible.id], 1]);
    const own = await ofUser({}, writer);
    expect([own.list.map((x) => x.id), own.total]).toEqual([[visible.id], 1]);
    const confirmed = await ofUser({ adult_confirmed: true }, writer);
    expect([confirmed.list.map((x) => x.id), confirmed.total]).toEqual([[visible.id, grownUp.id], 2]);
  });

  it('needs a member: named, or the caller', async () => {
    const { body } = await call(t.app, c.otherComments, {});
    expect(body.code).toBe(MainCode.Expired);
    const fan = await t.make.member();
    await refused(c.otherComments, { user_id: 999_999 }, fan, 'errors.user_not_found');
  });
});
