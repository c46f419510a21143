import { type EndpointDef, type Envelope, endpoints, PAID_TEASER_CHARS } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addGame, upsertEmulator } from '../src/features/games/catalogue';
import { GATE_SURFACES } from '../src/features/posts/gate';
import { createFileStore } from '../src/features/uploads/storage';
import { installEconomyCatalog } from '../src/seed/economy-catalog';
import { buildTestApp, call, type TestApp } from './helper';
import { insertTopic } from './support/community';
import { echoTranslation } from './support/echo-translation';
import { memberWith, requestId } from './support/economy';
import { answers, type Caller } from './support/social';

/**
 * The gate's table (GATE_SURFACES in posts/gate.ts) against the contract and a paid post: every
 * endpoint whose answer can carry a post's text is in the table, and every surface in the table
 * shows what a paid post hides to its author and its buyers only; to a visitor and to a member
 * who did not buy it, at most the teaser (the same for every post that starts alike).
 * The 18+ side of the same table is walked by adult-gate.test.ts.
 */

const { posts, comments, search, users, props, games, edits, moderation } = endpoints;

/** Exactly the teaser; the hidden rest starts with a word that names a game. */
const TEASER = 'Saltreed crossing notes, for brave souls';
const HIDDEN_WORD = 'quillmarsh';
const TEXT = `${TEASER} ${HIDDEN_WORD} ford at dawn, then due north.`;

type Role = 'visitor' | 'member' | 'buyer' | 'author';
const ROLES: Role[] = ['visitor', 'member', 'buyer', 'author'];

interface Probe {
  /** The call, as `who` (no one for a visitor). */
  read(who: Caller | undefined): Promise<Envelope<unknown>>;
  /** Who is shown the hidden part: its author and buyers, unless the surface shows only the author's own. */
  shownTo: Role[];
  /** Who may make the call at all with a meaning (create/posts makes the caller an author). */
  roles?: Role[];
}

let t: TestApp;
let translation: Awaited<ReturnType<typeof echoTranslation>>;
const { ok } = answers(() => t.app);
const who: Record<Role, Caller | undefined> = {
  visitor: undefined,
  member: undefined,
  buyer: undefined,
  author: undefined,
};
const paid = { topic: 0, post: 0, authorReply: 0, colorProp: 0 };

const answer = async (def: EndpointDef, payload: Record<string, unknown>, caller: Caller | undefined) =>
  (await call(t.app, def, payload, { token: caller?.token })).body;

const BUYERS: Role[] = ['buyer', 'author'];

/** One probe per row of the table: TypeScript refuses a table row without one. */
const PROBES = {
  'posts/detail': { read: (c) => answer(posts.postDetail, { id: paid.post }, c), shownTo: BUYERS },
  'share/posts': { read: (c) => answer(posts.sharePost, { id: paid.post }, c), shownTo: BUYERS },
  'pay/link': { read: (c) => answer(posts.payLink, { id: paid.post }, c), shownTo: BUYERS },
  'comment/lists': { read: (c) => answer(comments.commentLists, { post_id: paid.post }, c), shownTo: [] },
  'comment/replies': {
    read: (c) => answer(comments.commentReplies, { comment_id: paid.authorReply }, c),
    shownTo: [],
  },
  'translate/text': {
    read: (c) => answer(search.translateText, { kind: 'post', id: paid.post, target: 'es-ES' }, c),
    shownTo: BUYERS,
  },
  'recommend/games': {
    read: (c) => answer(games.recommendGames, { post_id: paid.post, num: 2 }, c),
    shownTo: BUYERS,
  },
  'posts/list': { read: (c) => answer(posts.postsList, { topic_id: paid.topic }, c), shownTo: BUYERS },
  'posts/history': { read: (c) => answer(edits.postHistory, { id: paid.post }, c), shownTo: BUYERS },
  'comment/history': {
    read: (c) => answer(edits.commentHistory, { id: paid.authorReply }, c),
    shownTo: [],
  },
  'home/posts': { read: (c) => answer(posts.homePosts, { num: 50 }, c), shownTo: BUYERS },
  'home/feeds': { read: (c) => answer(posts.homeFeeds, { num: 50 }, c), shownTo: BUYERS },
  'recommend/posts': { read: (c) => answer(posts.recommendPosts, { num: 50 }, c), shownTo: BUYERS },
  'search/lists': {
    read: (c) => answer(search.searchLists, { keyword: 'saltreed', type: 'posts' }, c),
    shownTo: BUYERS,
  },
  'user/posts': {
    read: (c) => answer(posts.userPosts, { user_id: who.author!.user.id }, c),
    shownTo: BUYERS,
  },
  'other/comments': {
    read: (c) => answer(comments.otherComments, { user_id: who.author!.user.id }, c),
    shownTo: BUYERS,
  },
  'news/list': { read: (c) => answer(users.newsList, {}, c), shownTo: BUYERS },
  'latest/news': { read: (c) => answer(users.latestNews, {}, c), shownTo: BUYERS },
  'create/posts': {
    read: (c) => answer(posts.createPost, { topic_id: paid.topic, text: TEXT, price: 3 }, c),
    shownTo: ['author'],
    roles: ['visitor', 'author'],
  },
  'set/posts': {
    read: (c) => answer(posts.setPost, { id: paid.post, comments_open: true }, c),
    shownTo: ['author'],
  },
  'posts/prop': {
    read: (c) =>
      answer(props.postsProp, { post_id: paid.post, prop_id: paid.colorProp, request_id: requestId() }, c),
    shownTo: ['author'],
  },
  // The author's edit that changes nothing answers the post as it is; anyone else is refused.
  'edit/posts': {
    read: (c) => answer(edits.editPost, { id: paid.post, text: TEXT }, c),
    shownTo: ['author'],
  },
  // The desk shows moderators everything whole; for everyone else it does not exist.
  'mod/reports': { read: (c) => answer(moderation.modReports, {}, c), shownTo: [] },
  'mod/held': { read: (c) => answer(moderation.modHeld, {}, c), shownTo: [] },
  'mod/member': {
    read: (c) => answer(moderation.modMember, { user_id: who.author!.user.id }, c),
    shownTo: [],
  },
} satisfies Record<keyof typeof GATE_SURFACES, Probe>;

/** Whether a schema (as JSON Schema) holds a post's text: a post, or a quote of one. */
function carriesPostText(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const properties = (schema as { properties?: Record<string, unknown> }).properties;
  if (properties && (('text' in properties && 'locked' in properties) || 'post_text' in properties))
    return true;
  return Object.values(schema).some(carriesPostText);
}

/** Games for recommend/games: one named by the hidden word, unplayed, and two others played more. */
async function addGames() {
  const nes = {
    emulator_uid: 'nes',
    emulator_name: 'NES',
    icon_url_text: '/nes.webp',
    platform: 'NES',
    core_name: 'fceumm',
    extensions: ['nes'],
  };
  await upsertEmulator(t.database.db, nes, 0);
  const store = createFileStore(t.config.uploadDir);
  for (const [i, [name, plays]] of (
    [
      ['Quillmarsh Ford', 0],
      ['Harbour Racer', 40],
      ['Night Arcade', 30],
    ] as const
  ).entries()) {
    const { id } = await addGame(t.database.db, store, {
      name,
      romName: `gate-${i}.nes`,
      rom: Buffer.from(`the rom of ${name}`),
      emulator: nes,
      genre: 'adventure',
      uploadTime: t.clock.now,
    });
    await t.database.db.updateTable('games').set({ play_count: plays }).where('id', '=', id).execute();
  }
}

beforeAll(async () => {
  translation = await echoTranslation();
  t = await buildTestApp({ config: { translateUrl: translation.url } });
  await installEconomyCatalog(t.database.db, t.clock.now);
  await addGames();
  const author = await memberWith(t, { gold: 1000 });
  const member = await t.make.member();
  const buyer = await memberWith(t, { gold: 100 });
  Object.assign(who, { author, member, buyer });

  paid.topic = await insertTopic(t.database);
  paid.post = (
    await ok<{ id: number }>(posts.createPost, { topic_id: paid.topic, text: TEXT, price: 10 }, author)
  ).data.id;
  await ok(posts.payLink, { id: paid.post }, buyer);
  // The buyer and the member each comment and the author answers both: everyone's inbox then
  // quotes the post, and the author's comments page shows it.
  for (const reader of [buyer, member]) {
    t.clock.advance(1000);
    const comment = await ok<{ id: number }>(
      comments.postComment,
      { post_id: paid.post, text: 'Thanks!' },
      reader,
    );
    t.clock.advance(1000);
    const reply = await ok<{ id: number }>(
      comments.replyComment,
      { comment_id: comment.data.id, text: 'Glad it helps.' },
      author,
    );
    paid.authorReply = reply.data.id;
  }
  const color = await t.database.db
    .selectFrom('props')
    .select('id')
    .where('code', '=', 'color_gold')
    .executeTakeFirstOrThrow();
  paid.colorProp = Number(color.id);
  await ok(props.buyProp, { prop_id: paid.colorProp, num: 1, request_id: requestId() }, author);
});

afterAll(async () => {
  await t.close();
  await translation.close();
});

describe("the gate's table", () => {
  it('names every endpoint whose answer can carry a post’s text', () => {
    const contract = Object.values(endpoints).flatMap((group) => Object.values(group) as EndpointDef[]);
    const carrying = contract
      .filter((def) => carriesPostText(z.toJSONSchema(def.data, { io: 'output', unrepresentable: 'any' })))
      .map((def) => def.path);
    expect(carrying.length).toBeGreaterThan(0);
    expect(carrying.filter((path) => !(path in GATE_SURFACES))).toEqual([]);
    expect(Object.keys(PROBES).sort()).toEqual(Object.keys(GATE_SURFACES).sort());
  });

  it('starts the paid post with exactly the teaser', () => {
    expect(Array.from(TEASER)).toHaveLength(PAID_TEASER_CHARS);
  });

  it.each(Object.keys(PROBES) as (keyof typeof PROBES)[])(
    '%s shows what a paid post hides to its author and buyers only',
    async (path) => {
      const probe: Probe = PROBES[path];
      const shown: Role[] = [];
      const failed: Partial<Record<Role, unknown>> = {};
      for (const role of probe.roles ?? ROLES) {
        const body = await probe.read(who[role]);
        if (JSON.stringify(body).toLowerCase().includes(HIDDEN_WORD)) shown.push(role);
        if (probe.shownTo.includes(role) && body.code !== 1) failed[role] = body;
      }
      expect(failed).toEqual({});
      expect(shown).toEqual(probe.shownTo);
    },
  );
});
