import { ADULT_AGE, endpoints, MainCode, PAID_PRICE_MAX, type Post } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, ESTABLISHED_LEVEL, type TestApp } from './helper';
import { insertTopic, makeTourist, setLevel } from './support/community';
import { insertUpload } from './support/uploads';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = endpoints.posts;
type Member = Awaited<ReturnType<TestApp['make']['member']>>;

async function publish(member: Member, payload: Record<string, unknown>): Promise<Post> {
  const { body } = await call(t.app, api.createPost, payload, { token: member.token });
  expect(body).toMatchObject({ code: 1 });
  return body.data as Post;
}

async function counts(table: 'users' | 'topics', id: number) {
  const row = await t.database.db
    .selectFrom(table)
    .select('post_count')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.post_count;
}

async function postRow(id: number) {
  return t.database.db
    .selectFrom('posts')
    .select(['like_count', 'share_count', 'hot_dirty', 'color', 'style', 'comments_open'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const uploaded = (ownerId: number, mime: string, size: { width: number; height: number } | null = null) =>
  insertUpload(t.database, { mime, bytes: 123_456, size, ownerId, now: t.clock.now });

describe('create/posts', () => {
  it('publishes a post with files and a link, counting it for the member and the topic', async () => {
    const member = await t.make.member();
    const topicId = await insertTopic(t.database);
    const picture = await uploaded(member.user.id, 'image/webp', { width: 800, height: 600 });
    const manual = await uploaded(member.user.id, 'application/pdf');
    const { body } = await call(
      t.app,
      api.createPost,
      {
        topic_id: topicId,
        text: '  Finished the castle level!  ',
        color: 'teal',
        files: [
          { sha256: picture, name: 'castle.png' },
          { sha256: manual, name: 'manual.pdf' },
        ],
        link: 'https://example.org/castle',
      },
      { token: member.token },
    );
    expect(body).toMatchObject({ code: 1, msg: 'Posted' });
    const post = body.data as Post;
    expect(post).toMatchObject({
      topic_id: topicId,
      user: { id: member.user.id, nickname: member.user.nickname, level: ESTABLISHED_LEVEL, grade: 'novice' },
      text: 'Finished the castle level!',
      color: 'teal',
      style: null,
      file_count: 2,
      links: ['https://example.org/castle'],
      price: 0,
      locked: false,
      pinned: false,
      comments_open: true,
      like_count: 0,
      liked: false,
      mine: true,
      created_at: t.clock.now,
    });
    expect(post.files).toEqual([
      expect.objectContaining({
        name: 'castle.png',
        mime: 'image/webp',
        bytes: 123_456,
        is_image: true,
        width: 800,
        height: 600,
        url: `/upload/files/${picture}.webp`,
      }),
      expect.objectContaining({ name: 'manual.pdf', mime: 'application/pdf', is_image: false, width: null }),
    ]);
    const keys = await t.database.db
      .selectFrom('post_files')
      .select(['id', 'access_key'])
      .where('post_id', '=', post.id)
      .orderBy('position')
      .execute();
    expect(keys[1]!.access_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(keys[0]!.access_key).not.toBe(keys[1]!.access_key);
    expect(post.files[1]!.url).toBe(`/upload/download/file?id=${keys[1]!.id}&key=${keys[1]!.access_key}`);
    expect(await counts('users', member.user.id)).toBe(1);
    expect(await counts('topics', topicId)).toBe(1);
    expect((await postRow(post.id)).hot_dirty).toBe(1);
  });

  it('refuses a missing topic, a topic above the level, and unknown files', async () => {
    const member = await t.make.member();
    const missing = await call(
      t.app,
      api.createPost,
      { topic_id: 987_654, text: 'Hi' },
      { token: member.token },
    );
    expect(missing.body).toEqual({
      code: 0,
      msg: 'This topic does not exist',
      data: null,
      reason: 'errors.topic_not_found',
    });

    const veterans = await insertTopic(t.database, { minLevel: 3 });
    const low = await call(
      t.app,
      api.createPost,
      { topic_id: veterans, text: 'Hi' },
      { token: member.token },
    );
    expect(low.body.msg).toBe('Posting in this topic needs level 3.');
    await setLevel(t.database, member.user.id, 3);
    await publish(member, { topic_id: veterans, text: 'Hi' });

    const unknownFile = await call(
      t.app,
      api.createPost,
      { topic_id: veterans, text: 'Hi', files: [{ sha256: 'a'.repeat(64), name: 'x.zip' }] },
      { token: member.token },
    );
    expect(unknownFile.body.msg).toBe('A file could not be found. Please upload it again.');
    expect(await counts('users', member.user.id)).toBe(1);
  });

  it("refuses another member's upload by its sha256, such as a paid post's file", async () => {
    const [author, other] = [await t.make.member(), await t.make.member()];
    const topicId = await insertTopic(t.database);
    const map = await uploaded(author.user.id, 'application/pdf');
    await publish(author, {
      topic_id: topicId,
      text: 'The map',
      price: 20,
      files: [{ sha256: map, name: 'map.pdf' }],
    });
    const taken = await call(
      t.app,
      api.createPost,
      { topic_id: topicId, text: 'Free map', files: [{ sha256: map, name: 'map.pdf' }] },
      { token: other.token },
    );
    expect(taken.body).toEqual({
      code: 0,
      msg: 'A file could not be found. Please upload it again.',
      data: null,
      reason: 'errors.file_unknown',
    });
    expect(await counts('users', other.user.id)).toBe(0);
  });

  it('lets each member who uploaded the same bytes attach them (stored once)', async () => {
    const [first, second] = [await t.make.member(), await t.make.member()];
    const topicId = await insertTopic(t.database);
    const bytes = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M/wHwAEBgIApD5fRAAAAABJRU5ErkJggg==',
      'base64',
    );
    const mine = await t.services.uploads.storeImage(first.user.id, bytes, 'post_images');
    const theirs = await t.services.uploads.storeImage(second.user.id, bytes, 'post_images');
    expect(theirs.sha256).toBe(mine.sha256);
    for (const member of [first, second]) {
      const post = await publish(member, {
        topic_id: topicId,
        text: 'Same dot',
        files: [{ sha256: mine.sha256, name: 'dot.webp' }],
      });
      expect(post.file_count).toBe(1);
    }
  });

  it('checks colours and upgrade styles against color/lists and the level', async () => {
    const member = await t.make.member();
    const topicId = await insertTopic(t.database);
    const send = (extra: Record<string, unknown>) =>
      call(t.app, api.createPost, { topic_id: topicId, text: 'Styled', ...extra }, { token: member.token });
    expect((await send({ color: 'chartreuse-ish' })).body.msg).toBe('This style is not available');
    expect((await send({ style: 'teal' })).body.msg).toBe('This style is not available');
    expect((await send({ style: 'neon' })).body.msg).toBe('This style needs level 5.');
    expect((await send({ style: 'arcade', color: 'amber' })).body.code).toBe(1);
    await setLevel(t.database, member.user.id, 21);
    const legend = await send({ style: 'legend' });
    expect(legend.body.data).toMatchObject({ style: 'legend' });
  });

  it('takes a price up to the limit and refuses visitors and tourists', async () => {
    const member = await t.make.member();
    const topicId = await insertTopic(t.database);
    const paid = await publish(member, { topic_id: topicId, text: 'A guide', price: PAID_PRICE_MAX });
    expect(paid).toMatchObject({ price: PAID_PRICE_MAX, locked: false });
    const tooMuch = await call(
      t.app,
      api.createPost,
      { topic_id: topicId, text: 'A guide', price: PAID_PRICE_MAX + 1 },
      { token: member.token },
    );
    expect(tooMuch.body).toMatchObject({ code: 0, msg: 'Upper limit 999,999' });
    expect((await call(t.app, api.createPost, { topic_id: topicId, text: 'Hi' })).body.code).toBe(
      MainCode.Expired,
    );
    await makeTourist(t, member.user.id);
    const tourist = await call(
      t.app,
      api.createPost,
      { topic_id: topicId, text: 'Hi' },
      { token: member.token },
    );
    expect(tourist.body.msg).toBe('Create an account to do this');
  });
});

describe('posts/detail', () => {
  it('answers a post, or post_not_found', async () => {
    const member = await t.make.member();
    const post = await publish(member, { topic_id: await insertTopic(t.database), text: 'Detail me' });
    const { body } = await call(t.app, api.postDetail, { id: post.id }, { method: 'GET' });
    expect(body.data).toMatchObject({ id: post.id, text: 'Detail me', mine: false, liked: false });
    expect((await call(t.app, api.postDetail, { id: 999_999 })).body.msg).toBe('This post no longer exists');
  });

  it('asks for the 18+ answer on an adult topic post', async () => {
    const member = await t.make.member();
    const adult = await insertTopic(t.database, { minAge: ADULT_AGE });
    const post = await publish(member, { topic_id: adult, text: 'Grown-up talk' });
    for (const payload of [{ id: post.id }, { id: post.id, adult_confirmed: false }]) {
      expect((await call(t.app, api.postDetail, payload)).body).toEqual({
        code: 0,
        msg: 'Are you 18+ years old?',
        data: null,
        reason: 'errors.adult_confirm',
      });
    }
    const { body } = await call(
      t.app,
      api.postDetail,
      { id: post.id, adult_confirmed: 'true' },
      { method: 'GET' },
    );
    expect(body.data).toMatchObject({ id: post.id, topic: { min_age: ADULT_AGE } });
  });
});

describe('del/posts', () => {
  it('is for the author only', async () => {
    const [author, other] = [await t.make.member(), await t.make.member()];
    const post = await publish(author, { topic_id: await insertTopic(t.database), text: 'Mine' });
    const refused = await call(t.app, api.deletePost, { id: post.id }, { token: other.token });
    expect(refused.body).toEqual({
      code: 0,
      msg: 'Only the author can do this',
      data: null,
      reason: 'errors.not_author',
    });
    expect((await call(t.app, api.deletePost, { id: 999_999 }, { token: other.token })).body.msg).toBe(
      'This post no longer exists',
    );
  });

  it('removes everything hanging from the post and puts the counters back', async () => {
    const [author, fan] = [await t.make.member(), await t.make.member()];
    const topicId = await insertTopic(t.database);
    const keep = await publish(author, { topic_id: topicId, text: 'Stays' });
    const upload = await uploaded(author.user.id, 'application/zip');
    const post = await publish(author, {
      topic_id: topicId,
      text: 'Goes',
      files: [{ sha256: upload, name: 'rom.zip' }],
    });
    await call(t.app, api.likePost, { id: post.id, like: true }, { token: fan.token });
    const { db } = t.database;
    const now = t.clock.now;
    const comment = await db
      .insertInto('comments')
      .values({ post_id: post.id, user_id: fan.user.id, text: 'Nice', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reply = await db
      .insertInto('comments')
      .values({
        post_id: post.id,
        user_id: author.user.id,
        root_id: comment.id,
        parent_id: comment.id,
        depth: 1,
        text: 'Thanks',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('comment_likes')
      .values({ comment_id: reply.id, user_id: fan.user.id, created_at: now })
      .execute();
    await db
      .insertInto('post_unlocks')
      .values({ post_id: post.id, user_id: fan.user.id, created_at: now })
      .execute();
    await db
      .insertInto('news')
      .values([
        {
          user_id: author.user.id,
          kind: 'comment',
          actor_id: fan.user.id,
          ref_type: 'comment',
          ref_id: Number(comment.id),
          created_at: now,
        },
        {
          user_id: fan.user.id,
          kind: 'reply',
          actor_id: author.user.id,
          ref_type: 'comment',
          ref_id: Number(reply.id),
          created_at: now,
        },
        { user_id: fan.user.id, kind: 'system', ref_type: 'post', ref_id: keep.id, created_at: now },
      ])
      .execute();
    expect(await counts('users', author.user.id)).toBe(2);
    expect(await counts('topics', topicId)).toBe(2);
    // The like made a news item for the author too.
    expect(
      await db
        .selectFrom('news')
        .select('id')
        .where('ref_type', '=', 'post')
        .where('ref_id', '=', post.id)
        .execute(),
    ).toHaveLength(1);

    const { body } = await call(t.app, api.deletePost, { id: post.id }, { token: author.token });
    expect(body).toEqual({ code: 1, msg: 'The post was deleted', data: null });

    const left = async (table: 'comments' | 'post_likes' | 'post_unlocks' | 'post_files') =>
      (await db.selectFrom(table).select('post_id').where('post_id', '=', post.id).execute()).length;
    expect(await left('comments')).toBe(0);
    expect(await left('post_likes')).toBe(0);
    expect(await left('post_unlocks')).toBe(0);
    expect(await left('post_files')).toBe(0);
    expect(
      await db.selectFrom('comment_likes').select('user_id').where('comment_id', '=', reply.id).execute(),
    ).toEqual([]);
    const news = await db
      .selectFrom('news')
      .select(['ref_type', 'ref_id'])
      .where('user_id', 'in', [author.user.id, fan.user.id])
      .where('ref_type', 'is not', null)
      .execute();
    expect(news.map((n) => [n.ref_type, Number(n.ref_id)])).toEqual([['post', keep.id]]);
    expect(await counts('users', author.user.id)).toBe(1);
    expect(await counts('topics', topicId)).toBe(1);
    expect((await call(t.app, api.postDetail, { id: post.id })).body.msg).toBe('This post no longer exists');
    // The uploaded file itself stays: other posts may carry the same bytes.
    expect(
      await db.selectFrom('uploads').select('sha256').where('sha256', '=', upload).execute(),
    ).toHaveLength(1);
  });

  it('moves the counters once when the author deletes twice at the same time', async () => {
    const author = await t.make.member();
    const topicId = await insertTopic(t.database);
    const post = await publish(author, { topic_id: topicId, text: 'Double tap delete' });
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(t.app, api.deletePost, { id: post.id }, { token: author.token })),
    );
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(await counts('users', author.user.id)).toBe(0);
    expect(await counts('topics', topicId)).toBe(0);
  });
});

describe('posts/likes', () => {
  it('counts 20 concurrent likes by different members exactly, and a repeated like once', async () => {
    const author = await t.make.member();
    const post = await publish(author, { topic_id: await insertTopic(t.database), text: 'Like me' });
    const fans = await Promise.all(Array.from({ length: 20 }, () => t.make.member()));
    const answers = await Promise.all(
      fans.map((f) => call(t.app, api.likePost, { id: post.id, like: true }, { token: f.token })),
    );
    expect(answers.every((a) => a.body.code === 1 && (a.body.data as { liked: boolean }).liked)).toBe(true);
    expect((await postRow(post.id)).like_count).toBe(20);

    const again = await Promise.all(
      [1, 2, 3].map(() => call(t.app, api.likePost, { id: post.id, like: true }, { token: fans[0]!.token })),
    );
    expect(again.map((a) => a.body.data)).toEqual(Array(3).fill({ liked: true, like_count: 20 }));
    expect((await postRow(post.id)).like_count).toBe(20);
    const news = await t.database.db
      .selectFrom('news')
      .select(['kind', 'actor_id'])
      .where('user_id', '=', author.user.id)
      .where('ref_id', '=', post.id)
      .execute();
    expect(news).toHaveLength(20);
    expect(news.every((n) => n.kind === 'like')).toBe(true);
  });

  it('toggles exactly under concurrency and unlikes explicitly', async () => {
    const author = await t.make.member();
    const post = await publish(author, { topic_id: await insertTopic(t.database), text: 'Toggle me' });
    const fans = await Promise.all(Array.from({ length: 10 }, () => t.make.member()));
    await Promise.all(fans.map((f) => call(t.app, api.likePost, { id: post.id }, { token: f.token })));
    expect((await postRow(post.id)).like_count).toBe(10);
    // Half toggle back off while the others set their like again.
    await Promise.all(
      fans.map((f, i) =>
        call(t.app, api.likePost, i % 2 ? { id: post.id } : { id: post.id, like: true }, { token: f.token }),
      ),
    );
    expect((await postRow(post.id)).like_count).toBe(5);
    const likes = await t.database.db
      .selectFrom('post_likes')
      .select('user_id')
      .where('post_id', '=', post.id)
      .execute();
    expect(likes).toHaveLength(5);

    const off = await call(t.app, api.likePost, { id: post.id, like: false }, { token: fans[0]!.token });
    expect(off.body.data).toEqual({ liked: false, like_count: 4 });
    const offAgain = await call(t.app, api.likePost, { id: post.id, like: false }, { token: fans[0]!.token });
    expect(offAgain.body.data).toEqual({ liked: false, like_count: 4 });
  });

  it('marks the post for rescoring, and tells the author only of real new likes by others', async () => {
    const [author, fan, blocked] = [await t.make.member(), await t.make.member(), await t.make.member()];
    const post = await publish(author, { topic_id: await insertTopic(t.database), text: 'News please' });
    await t.database.db.updateTable('posts').set({ hot_dirty: 0 }).where('id', '=', post.id).execute();
    await t.database.db
      .insertInto('blacklist')
      .values({ user_id: author.user.id, blocked_id: blocked.user.id, created_at: t.clock.now })
      .execute();
    const newsOf = () =>
      t.database.db
        .selectFrom('news')
        .select(['kind', 'actor_id', 'ref_type', 'ref_id'])
        .where('user_id', '=', author.user.id)
        .execute();

    await call(t.app, api.likePost, { id: post.id, like: true }, { token: author.token });
    await call(t.app, api.likePost, { id: post.id, like: true }, { token: blocked.token });
    expect(await newsOf()).toEqual([]);
    expect((await postRow(post.id)).hot_dirty).toBe(1);

    await call(t.app, api.likePost, { id: post.id, like: true }, { token: fan.token });
    await call(t.app, api.likePost, { id: post.id, like: false }, { token: fan.token });
    await call(t.app, api.likePost, { id: post.id, like: false }, { token: fan.token });
    expect(await newsOf()).toEqual([
      { kind: 'like', actor_id: fan.user.id, ref_type: 'post', ref_id: post.id },
    ]);
    expect(
      (await call(t.app, api.postDetail, { id: post.id }, { token: blocked.token })).body.data,
    ).toMatchObject({
      liked: true,
      like_count: 2,
    });
  });

  it('refuses visitors, tourists and missing posts', async () => {
    const member = await t.make.member();
    const post = await publish(member, { topic_id: await insertTopic(t.database), text: 'x' });
    expect((await call(t.app, api.likePost, { id: post.id })).body.code).toBe(MainCode.Expired);
    expect((await call(t.app, api.likePost, { id: 999_999 }, { token: member.token })).body.msg).toBe(
      'This post no longer exists',
    );
    const tourist = await t.make.member();
    await makeTourist(t, tourist.user.id);
    expect((await call(t.app, api.likePost, { id: post.id }, { token: tourist.token })).body.msg).toBe(
      'Create an account to do this',
    );
    expect((await postRow(post.id)).like_count).toBe(0);
  });
});

describe('share/posts', () => {
  it('counts the share and links to the post at the app the request came from', async () => {
    const member = await t.make.member();
    const post = await publish(member, { topic_id: await insertTopic(t.database), text: 'Share me' });
    const first = await call(
      t.app,
      api.sharePost,
      { id: post.id },
      { headers: { origin: 'https://play.pixelhall.test' } },
    );
    expect(first.body.data).toMatchObject({
      link: `https://play.pixelhall.test/#/post/${post.id}`,
      share_count: 1,
      post: { id: post.id, share_count: 1 },
    });
    const second = await call(t.app, api.sharePost, { id: post.id }, { token: member.token });
    expect(second.body.data).toMatchObject({ link: `http://localhost:80/#/post/${post.id}`, share_count: 2 });
    expect((await postRow(post.id)).hot_dirty).toBe(1);
    expect((await call(t.app, api.sharePost, { id: 999_999 })).body.msg).toBe('This post no longer exists');
  });

  it('limits how often one reader can share', async () => {
    const member = await t.make.member();
    const post = await publish(member, { topic_id: await insertTopic(t.database), text: 'Share spam' });
    const answers = await Promise.all(
      Array.from({ length: 31 }, () => call(t.app, api.sharePost, { id: post.id }, { token: member.token })),
    );
    expect(answers.filter((a) => a.status === 429)).toHaveLength(1);
    expect((await postRow(post.id)).share_count).toBe(30);
  });

  it('links to PUBLIC_URL when it is configured', async () => {
    const other = await buildTestApp({ config: { configuredPublicUrl: 'https://pixelhall.example' } });
    try {
      const member = await other.make.member();
      const topicId = await insertTopic(other.database);
      const { body } = await call(
        other.app,
        api.createPost,
        { topic_id: topicId, text: 'Hi' },
        { token: member.token },
      );
      const id = (body.data as Post).id;
      const shared = await call(
        other.app,
        api.sharePost,
        { id },
        { headers: { origin: 'https://elsewhere.test' } },
      );
      expect(shared.body.data).toMatchObject({ link: `https://pixelhall.example/#/post/${id}` });
    } finally {
      await other.close();
    }
  });
});

describe('report', () => {
  it('files one report per reporter and target, answering a repeat the same way', async () => {
    const [author, reporter] = [await t.make.member(), await t.make.member()];
    const post = await publish(author, { topic_id: await insertTopic(t.database), text: 'Spam spam' });
    const payload = { target: 'post', id: post.id, reason: 'spam', text: 'Selling gold' };
    for (let i = 0; i < 2; i += 1) {
      const { body } = await call(t.app, api.report, payload, { token: reporter.token });
      expect(body).toEqual({ code: 1, msg: 'Thank you. We will look into it.', data: null });
    }
    await call(
      t.app,
      api.report,
      { target: 'user', id: author.user.id, reason: 'abuse', text: 'Rude' },
      { token: reporter.token },
    );
    const rows = await t.database.db
      .selectFrom('reports')
      .select(['target', 'target_id'])
      .where('reporter_id', '=', reporter.user.id)
      .execute();
    expect(rows.map((r) => [r.target, Number(r.target_id)])).toEqual([
      ['post', post.id],
      ['user', author.user.id],
    ]);
  });

  it('needs the target to exist, a reason and a text', async () => {
    const reporter = await t.make.member();
    const send = (p: Record<string, unknown>) => call(t.app, api.report, p, { token: reporter.token });
    expect((await send({ target: 'post', id: 999_999, reason: 'spam', text: 'x' })).body.msg).toBe(
      'This post no longer exists',
    );
    expect((await send({ target: 'comment', id: 999_999, reason: 'spam', text: 'x' })).body.msg).toBe(
      'This comment no longer exists',
    );
    expect((await send({ target: 'user', id: 999_999, reason: 'spam', text: 'x' })).body.msg).toBe(
      'This member does not exist',
    );
    expect((await send({ target: 'user', id: reporter.user.id, reason: 'spam', text: '  ' })).body.msg).toBe(
      'Reporting information cannot be empty',
    );
  });
});

describe('color/lists and set/posts', () => {
  it('lists colours open to all and upgrade styles by level', async () => {
    const { body } = await call(t.app, api.colorLists, {}, { method: 'GET' });
    const data = body.data as {
      colors: { id: string; value: string; min_level: number; prop_only: boolean }[];
      styles: { id: string; min_level: number; prop_only: boolean }[];
    };
    expect(data.colors.length).toBeGreaterThanOrEqual(8);
    expect(data.colors.every((c) => c.min_level === 1 && /^#[0-9a-f]{6}$/.test(c.value))).toBe(true);
    // Prop-only looks (posts/prop) are listed for display but never chosen by level.
    expect(data.styles.filter((s) => !s.prop_only).map((s) => s.min_level)).toEqual([1, 5, 10, 21]);
    expect(data.styles.filter((s) => s.prop_only).map((s) => s.id)).toEqual(['prism']);
    expect(data.colors.filter((c) => c.prop_only).map((c) => c.id)).toEqual(['gold']);
  });

  it('restyles and closes comments for the author only, within the level', async () => {
    const [author, other] = [await t.make.member(), await t.make.member()];
    const post = await publish(author, { topic_id: await insertTopic(t.database), text: 'Restyle' });
    const set = (payload: Record<string, unknown>, token = author.token) =>
      call(t.app, api.setPost, { id: post.id, ...payload }, { token });
    expect((await set({ color: 'violet' }, other.token)).body.msg).toBe('Only the author can do this');
    expect((await set({ style: 'sunset' })).body.msg).toBe('This style needs level 10.');
    expect((await set({ color: 'nope' })).body.msg).toBe('This style is not available');
    expect((await set({})).body.msg).toBe('Please enter complete content');
    const saved = await set({ color: 'violet', comments_open: false });
    expect(saved.body).toMatchObject({
      code: 1,
      msg: 'Saved',
      data: { color: 'violet', comments_open: false },
    });
    const cleared = await set({ color: null });
    expect(cleared.body.data).toMatchObject({ color: null, comments_open: false });
    expect(await postRow(post.id)).toMatchObject({ color: null, comments_open: 0 });
  });
});

describe('banner/lists and pop/up', () => {
  it('answers the active banners in order', async () => {
    const { db } = t.database;
    await db
      .insertInto('banners')
      .values([
        {
          title: 'Second',
          image: '/b2.webp',
          link: '#/post/2',
          position: 2,
          active: 1,
          created_at: t.clock.now,
        },
        { title: 'Hidden', image: '/b3.webp', link: '', position: 0, active: 0, created_at: t.clock.now },
        {
          title: 'First',
          image: '/b1.webp',
          link: 'https://example.org',
          position: 1,
          active: 1,
          created_at: t.clock.now,
        },
      ])
      .execute();
    const { body } = await call(t.app, api.bannerLists, {}, { method: 'GET' });
    expect((body.data as { title: string }[]).map((b) => b.title)).toEqual(['First', 'Second']);
    expect((body.data as object[])[0]).toMatchObject({ image: '/b1.webp', link: 'https://example.org' });
  });

  it('answers the popup showing now, the newest of several', async () => {
    const { db } = t.database;
    const now = t.clock.now;
    expect((await call(t.app, api.popUp, {})).body.data).toBeNull();
    await db
      .insertInto('popups')
      .values([
        { title: 'Ended', text: '', starts_at: now - 10_000, ends_at: now, created_at: now - 10_000 },
        { title: 'Older', text: '', starts_at: now - 5000, ends_at: null, created_at: now - 5000 },
        {
          title: 'Current',
          text: 'Double gold weekend',
          starts_at: now - 1000,
          ends_at: now + 60_000,
          created_at: now - 1000,
        },
        { title: 'Future', text: '', starts_at: now + 1000, ends_at: null, created_at: now },
      ])
      .execute();
    const { body } = await call(t.app, api.popUp, {});
    expect(body.data).toMatchObject({ title: 'Current', text: 'Double gold weekend', image: '', link: '' });
    t.clock.advance(61_000);
    expect((await call(t.app, api.popUp, {})).body.data).toMatchObject({ title: 'Future' });
  });
});
