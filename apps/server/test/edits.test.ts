import {
  ADULT_AGE,
  type Comment,
  type CommentVersion,
  endpoints,
  MainCode,
  PAID_TEASER_CHARS,
  type Post,
  type PostVersion,
  type Reply,
} from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { installEconomyCatalog } from '../src/seed/economy-catalog';
import { buildTestApp, call, type TestApp } from './helper';
import { insertTopic, setLevel } from './support/community';
import { grantBalance } from './support/economy';
import { answers, type Caller } from './support/social';

/**
 * Edits with history (docs/product/moderation.md#edits-with-history): only the author edits, the
 * version before is kept, a change that changes nothing keeps nothing, the content filters apply,
 * and every version is read through the post's gate, so an edit cannot hide what was said and an
 * earlier version cannot show what a paid post hides.
 */

const en = translator('en-US');
const { posts, comments, edits, contentFilters } = endpoints;

let t: TestApp;
const { ok, refused } = answers(() => t.app);
let author: Caller;
let other: Caller;
let moderator: Caller;
let admin: Caller;
let topicId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await installEconomyCatalog(t.database.db, t.clock.now);
  topicId = await insertTopic(t.database);
  [author, other, moderator, admin] = await Promise.all([member(5), member(5), member(5), member(5)]);
  await setRole(moderator, 'moderator');
  await setRole(admin, 'admin');
});

afterAll(async () => {
  await t.close();
});

/** A member past the new-member rules (level above 1, a week old), so links and limits do not interfere. */
async function member(level: number): Promise<Caller> {
  const m = await t.make.member();
  await setLevel(t.database, m.user.id, level);
  await t.database.db
    .updateTable('users')
    .set({ created_at: t.clock.now - 7 * 24 * 3_600_000 })
    .where('id', '=', m.user.id)
    .execute();
  return m;
}

async function setRole(who: Caller, role: 'moderator' | 'admin') {
  await t.database.db.updateTable('users').set({ role }).where('id', '=', who.user.id).execute();
}

async function newPost(who: Caller, text: string, extra: Record<string, unknown> = {}): Promise<Post> {
  return (await ok<Post>(posts.createPost, { topic_id: topicId, text, ...extra }, who)).data;
}

async function newComment(who: Caller, postId: number, text: string): Promise<Comment> {
  return (await ok<Comment>(comments.postComment, { post_id: postId, text }, who)).data;
}

const send = (def: Parameters<typeof call>[1], payload: Record<string, unknown>, who?: Caller) =>
  call(t.app, def, payload, { token: who?.token }).then((r) => r.body);

async function postHistory(id: number, who?: Caller, extra: Record<string, unknown> = {}) {
  return (await ok<{ versions: PostVersion[] }>(edits.postHistory, { id, ...extra }, who)).data.versions;
}

async function commentHistory(id: number, who?: Caller) {
  return (await ok<{ versions: CommentVersion[] }>(edits.commentHistory, { id }, who)).data.versions;
}

const postRow = (id: number) =>
  t.database.db
    .selectFrom('posts')
    .select(['text', 'link', 'edited_at', 'held_at', 'held_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const versionCount = async (table: 'post_versions' | 'comment_versions', id: number) => {
  const column = table === 'post_versions' ? 'post_id' : 'comment_id';
  const { n } = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(n);
};

/** A refusal with its translated message and reason, whoever (or no one) asked. */
function expectRefusal(body: unknown, key: Parameters<typeof en>[0], params?: Record<string, unknown>) {
  expect(body).toEqual({ code: MainCode.Fail, msg: en(key, params), data: null, reason: key });
}

describe('editing a post', () => {
  it('saves the new text and link, marks the post edited and keeps the version before', async () => {
    const created = t.clock.now;
    const post = await newPost(author, 'First words about the river level.', {
      link: 'https://example.com/first',
    });
    expect(post.edited_at).toBeNull();

    t.clock.advance(60_000);
    const firstEdit = t.clock.now;
    const edited = await ok<Post>(
      edits.editPost,
      { id: post.id, text: 'Second words about the river level.', link: 'https://example.com/second' },
      author,
    );
    expect(edited.msg).toBe(en('community.edited'));
    expect(edited.data).toMatchObject({
      id: post.id,
      text: 'Second words about the river level.',
      links: ['https://example.com/second'],
      edited_at: firstEdit,
      created_at: created,
    });
    const detail = await ok<Post>(posts.postDetail, { id: post.id }, other);
    expect(detail.data).toMatchObject({ text: 'Second words about the river level.', edited_at: firstEdit });

    t.clock.advance(60_000);
    const secondEdit = t.clock.now;
    // No link in the payload keeps the one the post has.
    await ok(edits.editPost, { id: post.id, text: 'Third words about the river level.' }, author);

    const history = await postHistory(post.id, other);
    expect(history).toEqual([
      {
        version: 3,
        text: 'Third words about the river level.',
        links: ['https://example.com/second'],
        locked: false,
        created_at: secondEdit,
        current: true,
      },
      {
        version: 2,
        text: 'Second words about the river level.',
        links: ['https://example.com/second'],
        locked: false,
        created_at: firstEdit,
        current: false,
      },
      {
        version: 1,
        text: 'First words about the river level.',
        links: ['https://example.com/first'],
        locked: false,
        created_at: created,
        current: false,
      },
    ]);
    // Anyone may read it, visitors too.
    expect(await postHistory(post.id)).toEqual(history);
  });

  it('removes the link when asked with an empty one, and refuses a malformed one changing nothing', async () => {
    const post = await newPost(author, 'A post with a link to drop.', { link: 'https://example.com/drop' });
    await refused(
      edits.editPost,
      { id: post.id, text: 'Changed text.', link: 'not a link' },
      author,
      'validation.url_invalid',
    );
    expect(await postRow(post.id)).toMatchObject({ text: 'A post with a link to drop.', edited_at: null });
    expect(await versionCount('post_versions', post.id)).toBe(0);

    const edited = await ok<Post>(
      edits.editPost,
      { id: post.id, text: 'A post without its link.', link: '' },
      author,
    );
    expect(edited.data.links).toEqual([]);
    expect((await postRow(post.id)).link).toBeNull();
  });

  it('refuses an empty or too long text with the validation message, changing nothing', async () => {
    const post = await newPost(author, 'Stays as it is.');
    await refused(edits.editPost, { id: post.id, text: '   ' }, author, 'validation.text_required');
    await refused(
      edits.editPost,
      { id: post.id, text: 'x'.repeat(20_001) },
      author,
      'validation.text_too_long',
    );
    expect(await postRow(post.id)).toMatchObject({ text: 'Stays as it is.', edited_at: null });
  });

  it('keeps no version and no edited mark for an edit that changes nothing', async () => {
    const post = await newPost(author, 'Nothing will change here.', { link: 'https://example.com/same' });
    const same = await ok<Post>(
      edits.editPost,
      { id: post.id, text: '  Nothing will change here.  ', link: 'https://example.com/same' },
      author,
    );
    expect(same.msg).toBe('OK');
    expect(same.data.edited_at).toBeNull();
    expect(await versionCount('post_versions', post.id)).toBe(0);
    expect(await postHistory(post.id)).toHaveLength(1);
  });

  it("refuses another member's post, a visitor and a post that does not exist, changing nothing", async () => {
    const post = await newPost(author, 'Only mine to edit.');
    await refused(edits.editPost, { id: post.id, text: 'Hijacked.' }, other, 'errors.not_author');
    // Staff remove, they do not rewrite.
    await refused(
      edits.editPost,
      { id: post.id, text: 'Rewritten by staff.' },
      moderator,
      'errors.not_author',
    );
    await refused(edits.editPost, { id: post.id, text: 'Rewritten by staff.' }, admin, 'errors.not_author');
    const visitor = await call(t.app, edits.editPost, { id: post.id, text: 'Anonymous.' });
    expect(visitor.body.code).not.toBe(MainCode.Success);
    await refused(edits.editPost, { id: 987_654_321, text: 'Nowhere.' }, author, 'errors.post_not_found');
    expect(await postRow(post.id)).toMatchObject({ text: 'Only mine to edit.', edited_at: null });
    expect(await versionCount('post_versions', post.id)).toBe(0);
  });

  it('refuses a post a moderator removed', async () => {
    const post = await newPost(author, 'About to be removed.');
    await t.database.db
      .updateTable('posts')
      .set({ removed_at: t.clock.now, removed_reason: 'Spam' })
      .where('id', '=', post.id)
      .execute();
    await refused(
      edits.editPost,
      { id: post.id, text: 'Hiding the evidence.' },
      author,
      'errors.post_removed_no_edit',
    );
    expect(await postRow(post.id)).toMatchObject({ text: 'About to be removed.', edited_at: null });
  });

  it('refuses a suspended author until the suspension ends, on the app clock', async () => {
    const writer = await member(5);
    const post = await newPost(writer, 'Written before the suspension.');
    const until = t.clock.now + 3_600_000;
    await t.database.db
      .updateTable('users')
      .set({ suspended_until: until, suspension_reason: 'Cooling off' })
      .where('id', '=', writer.user.id)
      .execute();
    const body = await send(edits.editPost, { id: post.id, text: 'Edited while suspended.' }, writer);
    expectRefusal(body, 'errors.suspended', { until });
    expect((await postRow(post.id)).text).toBe('Written before the suspension.');

    t.clock.advance(until - t.clock.now);
    await ok(edits.editPost, { id: post.id, text: 'Edited once it ended.' }, writer);
  });

  it('keeps every version when two edits arrive at once', async () => {
    const post = await newPost(author, 'Version zero of the race.');
    const texts = Array.from({ length: 6 }, (_, i) => `Racing edit number ${i + 1}.`);
    const bodies = await Promise.all(
      texts.map((text) => send(edits.editPost, { id: post.id, text }, author)),
    );
    expect(bodies.every((b) => b.code === MainCode.Success)).toBe(true);
    const history = await postHistory(post.id);
    expect(history).toHaveLength(texts.length + 1);
    expect(history.map((v) => v.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    // Each text appears exactly once: none was lost or kept twice.
    expect(new Set(history.map((v) => v.text))).toEqual(new Set(['Version zero of the race.', ...texts]));
    expect(history.at(-1)!.text).toBe('Version zero of the race.');
  });

  it('takes its versions with it when the post is deleted', async () => {
    const post = await newPost(author, 'Soon deleted.');
    await ok(edits.editPost, { id: post.id, text: 'Soon deleted, edited.' }, author);
    expect(await versionCount('post_versions', post.id)).toBe(1);
    await ok(posts.deletePost, { id: post.id }, author);
    expect(await versionCount('post_versions', post.id)).toBe(0);
    expectRefusal(await send(edits.postHistory, { id: post.id }), 'errors.post_not_found');
  });
});

describe('the history of a paid post', () => {
  // Each version starts with exactly the teaser; what follows it is hidden from those who did not buy.
  const TEASER_ONE = 'Marsh crossing notes for the brave ones!';
  const TEASER_TWO = 'Marsh crossing notes, second printing!!!';
  const ONE = `${TEASER_ONE} heronvale ford at dawn.`;
  const TWO = `${TEASER_TWO} sablewick bridge at dusk.`;
  const HIDDEN = ['heronvale', 'sablewick', 'https://example.com/paid-one', 'https://example.com/paid-two'];
  let paid: Post;
  let buyer: Caller;

  beforeAll(async () => {
    expect(Array.from(TEASER_ONE)).toHaveLength(PAID_TEASER_CHARS);
    expect(Array.from(TEASER_TWO)).toHaveLength(PAID_TEASER_CHARS);
    buyer = await member(5);
    await grantBalance(t.database, buyer.user.id, { gold: 100 });
    paid = await newPost(author, ONE, { price: 10, link: 'https://example.com/paid-one' });
    t.clock.advance(1000);
    await ok(edits.editPost, { id: paid.id, text: TWO, link: 'https://example.com/paid-two' }, author);
    await ok(posts.payLink, { id: paid.id }, buyer);
  });

  it('shows a visitor and a member who did not buy the teaser of every version, and no links', async () => {
    for (const who of [undefined, other]) {
      const body = await send(edits.postHistory, { id: paid.id }, who);
      const shown = JSON.stringify(body).toLowerCase();
      expect(HIDDEN.filter((hidden) => shown.includes(hidden))).toEqual([]);
      const versions = (body.data as { versions: PostVersion[] }).versions;
      expect(versions.map(({ text, links, locked }) => ({ text, links, locked }))).toEqual([
        { text: `${TEASER_TWO}…`, links: [], locked: true },
        { text: `${TEASER_ONE}…`, links: [], locked: true },
      ]);
    }
  });

  it('shows the author, a buyer and a moderator every version whole', async () => {
    for (const who of [author, buyer, moderator, admin]) {
      const versions = await postHistory(paid.id, who);
      expect(versions.map(({ text, links, locked }) => ({ text, links, locked }))).toEqual([
        { text: TWO, links: ['https://example.com/paid-two'], locked: false },
        { text: ONE, links: ['https://example.com/paid-one'], locked: false },
      ]);
    }
  });
});

describe('the history of hidden posts and adult topics', () => {
  it('answers the 18+ question for an adult topic until the reader answers it', async () => {
    const adultTopic = await insertTopic(t.database, { minAge: ADULT_AGE });
    const post = (
      await ok<Post>(posts.createPost, { topic_id: adultTopic, text: 'After-hours guide.' }, author)
    ).data;
    await ok(edits.editPost, { id: post.id, text: 'After-hours guide, revised.' }, author);
    for (const who of [undefined, other, author]) {
      expectRefusal(await send(edits.postHistory, { id: post.id }, who), 'errors.adult_confirm');
    }
    expect(await postHistory(post.id, other, { adult_confirmed: true })).toHaveLength(2);
  });

  it('shows a removed or held post only to its author and staff', async () => {
    for (const column of ['removed_at', 'held_at'] as const) {
      const post = await newPost(author, `Soon ${column}.`);
      await ok(edits.editPost, { id: post.id, text: `Soon ${column}, edited.` }, author);
      await t.database.db
        .updateTable('posts')
        .set({ [column]: t.clock.now })
        .where('id', '=', post.id)
        .execute();
      for (const who of [undefined, other]) {
        expectRefusal(await send(edits.postHistory, { id: post.id }, who), 'errors.post_not_found');
      }
      for (const who of [author, moderator, admin]) expect(await postHistory(post.id, who)).toHaveLength(2);
    }
  });
});

describe('the content filters on an edit', () => {
  beforeAll(async () => {
    await ok(contentFilters.filtersAdd, { kind: 'word', value: 'grimblock', action: 'block' }, admin);
    await ok(contentFilters.filtersAdd, { kind: 'word', value: 'holdmewell', action: 'hold' }, admin);
  });

  it('refuses an edit a block filter matches, changing nothing', async () => {
    const post = await newPost(author, 'A clean post.');
    await refused(
      edits.editPost,
      { id: post.id, text: 'Now with grimblock.' },
      author,
      'errors.content_blocked',
    );
    expect(await postRow(post.id)).toMatchObject({ text: 'A clean post.', edited_at: null, held_at: null });
    expect(await versionCount('post_versions', post.id)).toBe(0);
  });

  it('holds a post a hold filter matches after the edit: only its author and staff see it', async () => {
    const post = await newPost(author, 'Another clean post.');
    const edited = await ok<Post>(edits.editPost, { id: post.id, text: 'Now with holdmewell.' }, author);
    expect(edited.msg).toBe(en('moderation.edit_held'));
    expect(edited.data.text).toBe('Now with holdmewell.');
    const row = await postRow(post.id);
    expect(row.held_at).toBe(t.clock.now);
    expect(row.held_reason).toBe('filter:word:holdmewell');
    expectRefusal(await send(posts.postDetail, { id: post.id }, other), 'errors.post_not_found');
    expectRefusal(await send(edits.postHistory, { id: post.id }, other), 'errors.post_not_found');
    expect(await postHistory(post.id, moderator)).toHaveLength(2);
  });

  it("holds a new member's edit that adds a link", async () => {
    const newcomer = await t.make.member({ newcomer: true });
    const post = await newPost(newcomer, 'Hello, I am new here.');
    const edited = await ok<Post>(
      edits.editPost,
      { id: post.id, text: 'Hello, I am new here.', link: 'https://example.com/mine' },
      newcomer,
    );
    expect(edited.msg).toBe(en('moderation.edit_held'));
    expect((await postRow(post.id)).held_reason).toBe('new_member_link');
  });

  it("does not count edits against the new member's hourly limit", async () => {
    const newcomer = await t.make.member({ newcomer: true });
    const post = await newPost(newcomer, 'Edit number 0.');
    for (let i = 1; i <= 12; i += 1)
      await ok(edits.editPost, { id: post.id, text: `Edit number ${i}.` }, newcomer);
    expect(await versionCount('post_versions', post.id)).toBe(12);
  });

  it('refuses a comment edit a filter would block or hold: comments are never held', async () => {
    const post = await newPost(author, 'A post to comment on.');
    const comment = await newComment(other, post.id, 'A clean comment.');
    await refused(edits.editComment, { id: comment.id, text: 'grimblock!' }, other, 'errors.content_blocked');
    await refused(
      edits.editComment,
      { id: comment.id, text: 'holdmewell!' },
      other,
      'errors.comment_needs_review',
    );
    expect(await versionCount('comment_versions', comment.id)).toBe(0);
  });
});

describe('editing a comment', () => {
  it('saves the new text, marks it edited and keeps the version before, for replies too', async () => {
    const post = await newPost(author, 'A post for comments.');
    const created = t.clock.now;
    const comment = await newComment(other, post.id, 'My first take.');
    t.clock.advance(5000);
    const edited = await ok<Reply>(edits.editComment, { id: comment.id, text: 'My second take.' }, other);
    expect(edited.msg).toBe(en('community.edited'));
    expect(edited.data).toMatchObject({ id: comment.id, text: 'My second take.', edited_at: t.clock.now });

    const list = await ok<{ list: Comment[] }>(comments.commentLists, { post_id: post.id }, author);
    expect(list.data.list[0]).toMatchObject({
      id: comment.id,
      text: 'My second take.',
      edited_at: t.clock.now,
    });
    expect(await commentHistory(comment.id, author)).toEqual([
      { version: 2, text: 'My second take.', created_at: t.clock.now, current: true },
      { version: 1, text: 'My first take.', created_at: created, current: false },
    ]);

    const reply = (
      await ok<Reply>(comments.replyComment, { comment_id: comment.id, text: 'A reply.' }, author)
    ).data;
    await ok(edits.editComment, { id: reply.id, text: 'A better reply.' }, author);
    expect((await commentHistory(reply.id)).map((v) => v.text)).toEqual(['A better reply.', 'A reply.']);
    const thread = await ok<{ list: Reply[] }>(comments.commentReplies, { comment_id: comment.id }, other);
    expect(thread.data.list[0]).toMatchObject({ id: reply.id, text: 'A better reply.' });
    expect(thread.data.list[0]!.edited_at).not.toBeNull();
  });

  it('keeps nothing for an edit that changes nothing', async () => {
    const post = await newPost(author, 'Quiet post.');
    const comment = await newComment(other, post.id, 'Unchanged.');
    const same = await ok<Reply>(edits.editComment, { id: comment.id, text: ' Unchanged. ' }, other);
    expect(same.msg).toBe('OK');
    expect(same.data.edited_at).toBeNull();
    expect(await versionCount('comment_versions', comment.id)).toBe(0);
  });

  it("refuses others, the post's author included, and what does not exist", async () => {
    const post = await newPost(author, 'My post, their comment.');
    const comment = await newComment(other, post.id, 'Theirs to edit.');
    for (const who of [author, moderator]) {
      await refused(edits.editComment, { id: comment.id, text: 'Not yours.' }, who, 'errors.not_author');
    }
    await refused(
      edits.editComment,
      { id: 987_654_321, text: 'Nowhere.' },
      other,
      'errors.comment_not_found',
    );
    expect(await versionCount('comment_versions', comment.id)).toBe(0);
  });

  it('refuses a removed comment, and every comment under locked comments or a removed post', async () => {
    const post = await newPost(author, 'A heated post.');
    const comment = await newComment(other, post.id, 'A heated comment.');
    await t.database.db
      .updateTable('comments')
      .set({ removed_at: t.clock.now, removed_reason: 'Abuse' })
      .where('id', '=', comment.id)
      .execute();
    await refused(
      edits.editComment,
      { id: comment.id, text: 'Calm now.' },
      other,
      'errors.comment_removed_no_edit',
    );

    const calm = await newComment(other, post.id, 'A calm comment.');
    await t.database.db.updateTable('posts').set({ comments_locked: 1 }).where('id', '=', post.id).execute();
    await refused(edits.editComment, { id: calm.id, text: 'Calm, edited.' }, other, 'errors.comments_locked');
    await t.database.db
      .updateTable('posts')
      .set({ comments_locked: 0, removed_at: t.clock.now })
      .where('id', '=', post.id)
      .execute();
    await refused(edits.editComment, { id: calm.id, text: 'Calm, edited.' }, other, 'errors.comments_locked');
    expect(await versionCount('comment_versions', calm.id)).toBe(0);
  });

  it("shows a removed comment's history only to its author and staff", async () => {
    const post = await newPost(author, 'Another post.');
    const comment = await newComment(other, post.id, 'Said once.');
    await ok(edits.editComment, { id: comment.id, text: 'Said twice.' }, other);
    await t.database.db
      .updateTable('comments')
      .set({ removed_at: t.clock.now })
      .where('id', '=', comment.id)
      .execute();
    for (const who of [undefined, author]) {
      expectRefusal(await send(edits.commentHistory, { id: comment.id }, who), 'errors.comment_not_found');
    }
    for (const who of [other, moderator, admin])
      expect(await commentHistory(comment.id, who)).toHaveLength(2);
  });

  it('refuses a suspended author', async () => {
    const writer = await member(5);
    const post = await newPost(author, 'Open for comments.');
    const comment = await newComment(writer, post.id, 'Before the suspension.');
    await t.database.db
      .updateTable('users')
      .set({ suspended_until: t.clock.now + 60_000 })
      .where('id', '=', writer.user.id)
      .execute();
    const body = await send(edits.editComment, { id: comment.id, text: 'During it.' }, writer);
    expectRefusal(body, 'errors.suspended', { until: t.clock.now + 60_000 });
    expect(await versionCount('comment_versions', comment.id)).toBe(0);
  });
});
