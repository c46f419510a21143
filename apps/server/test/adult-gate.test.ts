import { ADULT_AGE, type Comment, endpoints, MainCode, type Post, type Reply } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE_SURFACES } from '../src/features/posts/gate';
import { translator } from '../src/i18n';
import { buildTestApp, call, type TestApp } from './helper';
import { insertCategory, insertTopic } from './support/community';
import { echoTranslation } from './support/echo-translation';
import { answers, type Caller } from './support/social';

/**
 * The 18+ gate on every surface that shows a post or its comments: whatever shows an adult
 * topic's post, its comments or its replies shows them only to a reader who sent the 18+ answer,
 * as posts/detail does. A new surface that carries posts or comments joins SURFACES.
 */

const en = translator('en-US');
const { posts, comments, search, topics, users } = endpoints;

const POST_TEXT = 'Velvetmoth after-hours guide: the lounge code is 4471.';
const COMMENT_TEXT = 'Quillfeather note: the door opens at midnight only.';
const REPLY_TEXT = 'Ashgrove answer: bring the brass token.';
type Secret = typeof POST_TEXT | typeof COMMENT_TEXT | typeof REPLY_TEXT;
const SECRETS: Secret[] = [POST_TEXT, COMMENT_TEXT, REPLY_TEXT];

let t: TestApp;
let translation: Awaited<ReturnType<typeof echoTranslation>>;
let author: Caller;
let commenter: Caller;
let categoryId: number;
let topicId: number;
let post: Post;
let comment: Comment;
let reply: Reply;

/** Who walks the surfaces: whom the request is from, and whether it carries the 18+ answer. */
interface Reader {
  who: Caller | undefined;
  adult: boolean;
}

interface Surface {
  name: string;
  /** Asks for one post or thread: refused with the posts/detail answer until the 18+ answer. */
  single?: true;
  /** Needs a signed-in caller: visitors are refused before anything is read. */
  members?: true;
  /** What it shows the reader who sent the 18+ answer; general lists never show adult topics. */
  shows: Secret[];
  read(reader: Reader): Promise<unknown>;
}

const asked = (reader: Reader, payload: Record<string, unknown>) =>
  reader.adult ? { ...payload, adult_confirmed: true } : payload;

const answer = async (def: Parameters<typeof call>[1], reader: Reader, payload: Record<string, unknown>) =>
  (await call(t.app, def, asked(reader, payload), { token: reader.who?.token })).body;

const SURFACES: Surface[] = [
  {
    name: 'posts/detail',
    single: true,
    shows: [POST_TEXT],
    read: (r) => answer(posts.postDetail, r, { id: post.id }),
  },
  {
    name: 'share/posts',
    single: true,
    shows: [POST_TEXT],
    read: (r) => answer(posts.sharePost, r, { id: post.id }),
  },
  {
    name: 'pay/link',
    single: true,
    members: true,
    shows: [POST_TEXT],
    read: (r) => answer(posts.payLink, r, { id: post.id }),
  },
  {
    name: 'comment/lists (new)',
    single: true,
    shows: [COMMENT_TEXT, REPLY_TEXT],
    read: (r) => answer(comments.commentLists, r, { post_id: post.id }),
  },
  {
    name: 'comment/lists (best)',
    single: true,
    shows: [COMMENT_TEXT, REPLY_TEXT],
    read: (r) => answer(comments.commentLists, r, { post_id: post.id, sort: 'best' }),
  },
  {
    name: 'comment/replies (by its comment)',
    single: true,
    shows: [REPLY_TEXT],
    read: (r) => answer(comments.commentReplies, r, { comment_id: comment.id }),
  },
  {
    name: 'comment/replies (by a reply)',
    single: true,
    shows: [REPLY_TEXT],
    read: (r) => answer(comments.commentReplies, r, { comment_id: reply.id }),
  },
  {
    name: 'posts/history',
    single: true,
    shows: [POST_TEXT],
    read: (r) => answer(endpoints.edits.postHistory, r, { id: post.id }),
  },
  {
    name: 'comment/history (comment)',
    single: true,
    shows: [COMMENT_TEXT],
    read: (r) => answer(endpoints.edits.commentHistory, r, { id: comment.id }),
  },
  {
    name: 'comment/history (reply)',
    single: true,
    shows: [REPLY_TEXT],
    read: (r) => answer(endpoints.edits.commentHistory, r, { id: reply.id }),
  },
  {
    name: 'translate/text (post)',
    single: true,
    shows: [POST_TEXT],
    read: (r) => answer(search.translateText, r, { kind: 'post', id: post.id, target: 'es-ES' }),
  },
  {
    name: 'translate/text (comment)',
    single: true,
    shows: [COMMENT_TEXT],
    read: (r) => answer(search.translateText, r, { kind: 'comment', id: comment.id, target: 'es-ES' }),
  },
  {
    name: 'translate/text (reply)',
    single: true,
    shows: [REPLY_TEXT],
    read: (r) => answer(search.translateText, r, { kind: 'comment', id: reply.id, target: 'es-ES' }),
  },
  {
    name: 'recommend/games (beside it)',
    single: true,
    shows: [],
    read: (r) => answer(endpoints.games.recommendGames, r, { post_id: post.id }),
  },
  {
    name: 'posts/list (its topic)',
    single: true,
    shows: [POST_TEXT],
    read: (r) => answer(posts.postsList, r, { topic_id: topicId }),
  },
  {
    name: 'posts/list (its category)',
    shows: [POST_TEXT],
    read: (r) => answer(posts.postsList, r, { category_id: categoryId }),
  },
  {
    name: 'posts/list (followed topics)',
    members: true,
    shows: [POST_TEXT],
    read: (r) => answer(posts.postsList, r, { category_id: 0 }),
  },
  { name: 'home/posts', shows: [], read: (r) => answer(posts.homePosts, r, {}) },
  { name: 'home/posts (page 2)', shows: [], read: (r) => answer(posts.homePosts, r, { page: 2, num: 1 }) },
  { name: 'home/feeds', shows: [], read: (r) => answer(posts.homeFeeds, r, {}) },
  {
    name: 'recommend/posts (beside it)',
    shows: [],
    read: (r) => answer(posts.recommendPosts, r, { post_id: post.id }),
  },
  { name: 'recommend/posts', shows: [], read: (r) => answer(posts.recommendPosts, r, {}) },
  {
    name: 'search/lists (all)',
    shows: [],
    read: (r) => answer(search.searchLists, r, { keyword: 'Velvetmoth', type: 'all' }),
  },
  {
    name: 'search/lists (posts)',
    shows: [],
    read: (r) => answer(search.searchLists, r, { keyword: 'Velvetmoth', type: 'posts' }),
  },
  {
    name: "user/posts (the author's page)",
    shows: [],
    read: (r) => answer(posts.userPosts, r, { user_id: author.user.id }),
  },
  {
    name: "user/posts (another member's upvoted tab)",
    shows: [],
    read: (r) => answer(posts.userPosts, r, { user_id: commenter.user.id, tab: 'upvoted' }),
  },
  {
    name: 'user/posts (own upvoted tab)',
    members: true,
    shows: [POST_TEXT],
    read: (r) => answer(posts.userPosts, r, { tab: 'upvoted' }),
  },
  {
    name: "other/comments (the commenter's page)",
    shows: [],
    read: (r) => answer(comments.otherComments, r, { user_id: commenter.user.id }),
  },
  {
    name: "other/comments (the replier's page)",
    shows: [],
    read: (r) => answer(comments.otherComments, r, { user_id: author.user.id }),
  },
  {
    name: 'other/comments (own page)',
    members: true,
    shows: [POST_TEXT],
    read: (r) => answer(comments.otherComments, r, {}),
  },
];

const { ok } = answers(() => t.app);

beforeAll(async () => {
  translation = await echoTranslation();
  t = await buildTestApp({ config: { translateUrl: translation.url } });
  author = await t.make.member();
  commenter = await t.make.member();
  categoryId = await insertCategory(t.database);
  topicId = await insertTopic(t.database, { categoryId, minAge: ADULT_AGE });
  post = (await ok<Post>(posts.createPost, { topic_id: topicId, text: POST_TEXT }, author)).data;
  t.clock.advance(1000);
  comment = (await ok<Comment>(comments.postComment, { post_id: post.id, text: COMMENT_TEXT }, commenter))
    .data;
  t.clock.advance(1000);
  reply = (await ok<Reply>(comments.replyComment, { comment_id: comment.id, text: REPLY_TEXT }, author)).data;
  await ok(posts.likePost, { id: post.id, like: true }, commenter);
});

afterAll(async () => {
  await t.close();
  await translation.close();
});

/** A member who follows the adult topic, upvoted its post and commented on it, without the 18+ answer. */
async function walker(): Promise<Caller> {
  const member = await t.make.member();
  await ok(topics.topicFollow, { id: topicId, follow: true }, member);
  await ok(posts.likePost, { id: post.id, like: true }, member);
  t.clock.advance(1000);
  await ok(comments.postComment, { post_id: post.id, text: 'Walked in here.' }, member);
  return member;
}

const secretsIn = (body: unknown) => SECRETS.filter((s) => JSON.stringify(body).includes(s));
const equals = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

describe('the 18+ gate', () => {
  it('lists the surfaces it walks once each', () => {
    expect(new Set(SURFACES.map((s) => s.name)).size).toBe(SURFACES.length);
  });

  it("walks every surface of the gate's table that asks for a post or lists them", () => {
    const walked = new Set(SURFACES.map((s) => s.name.split(' ')[0]));
    const asked = Object.entries(GATE_SURFACES).filter(([, how]) => how === 'one' || how === 'lists');
    expect(asked.map(([path]) => path).filter((path) => !walked.has(path))).toEqual([]);
  });

  for (const [reader, member] of [
    ['a visitor', false],
    ['a member who did not answer 18+', true],
  ] as const) {
    it(`shows ${reader} nothing of an adult topic's post or its comments`, async () => {
      const who = member ? await walker() : undefined;
      const refusal = {
        code: MainCode.Fail,
        msg: en('errors.adult_confirm'),
        data: null,
        reason: 'errors.adult_confirm',
      };
      const wrong: Record<string, unknown> = {};
      for (const surface of SURFACES) {
        const body = await surface.read({ who, adult: false });
        const refused = !surface.single || (!member && surface.members) || equals(body, refusal);
        // Only what went wrong, so a failure names every surface that let something through.
        if (secretsIn(body).length > 0 || !refused) {
          wrong[surface.name] = { shown: secretsIn(body), msg: (body as { msg: string }).msg };
        }
      }
      expect(wrong).toEqual({});
    });
  }

  it('shows a member who answered 18+ the post and its comments where posts/detail would', async () => {
    const who = await walker();
    const shown: Record<string, Secret[]> = {};
    const failed: Record<string, unknown> = {};
    for (const surface of SURFACES) {
      const body = await surface.read({ who, adult: true });
      shown[surface.name] = secretsIn(body);
      if ((body as { code: number }).code !== 1) failed[surface.name] = (body as { msg: string }).msg;
    }
    expect(failed).toEqual({});
    expect(shown).toEqual(Object.fromEntries(SURFACES.map((s) => [s.name, s.shows])));
  });

  it('counts no share of the adult post before the 18+ answer', async () => {
    const before = await t.database.db
      .selectFrom('posts')
      .select('share_count')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    await answer(posts.sharePost, { who: undefined, adult: false }, { id: post.id });
    const after = await t.database.db
      .selectFrom('posts')
      .select('share_count')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(after.share_count).toBe(before.share_count);
  });

  it('quotes nothing of an adult post or what was said on it in the inbox, which cannot carry the answer', async () => {
    // The commenter wrote without the 18+ answer; the author's reply and the like reached them as news.
    const list = await answer(users.newsList, { who: commenter, adult: true }, { page: 1 });
    const latest = await answer(users.latestNews, { who: author, adult: true }, {});
    const items = (list as { data: { list: { kind: string; post_id: number | null }[] } }).data.list;
    expect(items.some((item) => item.kind === 'reply' && item.post_id === post.id)).toBe(true);
    expect({ list: secretsIn(list), latest: secretsIn(latest) }).toEqual({ list: [], latest: [] });
  });
});
