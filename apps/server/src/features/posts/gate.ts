import {
  ADULT_AGE,
  type Author,
  DOWNLOAD_FILE_PATH,
  gradeForLevel,
  type MutedPhrase,
  type MuteMatcher,
  muteMatcher,
  normalizeMuteText,
  PAID_TEASER_CHARS,
  type Post,
  type PostFile,
} from '@pixelhall/contract';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { compiledOnce, type Params } from '../../db/compiled-once';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';

/**
 * THE paid-content gate: the only place that decides what a viewer sees of a post. Every answer
 * that carries post content, or is chosen by it, goes through `presentPosts`, `gateTexts`,
 * `gateVersions` or `readableText`, so a paid post's text, files and links cannot leak through one path that
 * forgot to check. `GATE_SURFACES` names them all.
 */

/**
 * How a surface meets the gate (docs/internals/post-gate.md):
 * - `one`: asks for one post, its thread or its topic. A locked post shows its teaser; an adult
 *   topic's post answers "Are you 18+?" until the request carries the answer.
 * - `lists`: posts or comments across topics: each post as the viewer may see it, and an adult
 *   topic's only on the caller's own lists, with the answer.
 * - `quotes`: quotes a post's text (the teaser while locked) and nothing of an adult topic's.
 * - `author`: answers the author's own post, which its author always sees whole.
 * - `desk`: the moderators' desk, which shows posts whole (paid, removed, held) to staff only and
 *   does not exist for anyone else (`errors.not_found`: features/moderation).
 */
type GateSurface = 'one' | 'lists' | 'quotes' | 'author' | 'desk';

/**
 * Every endpoint whose answer carries a post's content or what was said on it, or is chosen by
 * a post's text, by its path. The tests hold each to its rule (test/gate-surfaces.test.ts with a
 * paid post, test/adult-gate.test.ts with an adult topic's) and refuse a contract endpoint whose
 * answer carries a post that is not here.
 */
export const GATE_SURFACES = {
  'posts/detail': 'one',
  'share/posts': 'one',
  'pay/link': 'one',
  'comment/lists': 'one',
  'comment/replies': 'one',
  'translate/text': 'one',
  'recommend/games': 'one',
  'posts/list': 'one',
  'posts/history': 'one',
  'comment/history': 'one',
  'home/posts': 'lists',
  'home/feeds': 'lists',
  'recommend/posts': 'lists',
  'search/lists': 'lists',
  'user/posts': 'lists',
  'other/comments': 'lists',
  'news/list': 'quotes',
  'latest/news': 'quotes',
  'create/posts': 'author',
  'set/posts': 'author',
  'posts/prop': 'author',
  'mod/reports': 'desk',
  'mod/held': 'desk',
  'mod/member': 'desk',
  'edit/posts': 'author',
} as const satisfies Record<string, GateSurface>;

const NOTHING_FOLDS = muteMatcher([]);

/** A locked post's text: its first PAID_TEASER_CHARS code points, with an ellipsis if cut. */
export function teaserOf(text: string): string {
  const points = Array.from(text);
  return points.length > PAID_TEASER_CHARS ? `${points.slice(0, PAID_TEASER_CHARS).join('')}…` : text;
}

/** Free posts are open to all; a paid one to its author and to members who unlocked it. */
export function canSeeContent(
  post: { price: number; user_id: number },
  viewerId: number | null,
  unlocked: boolean,
): boolean {
  if (Number(post.price) <= 0) return true;
  if (viewerId === null) return false;
  return Number(post.user_id) === viewerId || unlocked;
}

export const isAdultTopic = (topic: { min_age: number }) => topic.min_age >= ADULT_AGE;

/** Reading an adult topic or its posts needs the reader's "I am 18+" answer, sent every time. */
export function assertAdultConfirmed(topic: { min_age: number }, confirmed: boolean | undefined): void {
  if (isAdultTopic(topic) && confirmed !== true) throw fail('errors.adult_confirm');
}

/**
 * Pictures show inline from the content store, where only the picture pipeline's WebPs are served
 * (uploads/picture-pipeline.ts); other files only through the counted download.
 */
function fileUrl(file: { id: number; sha256: string; is_image: number; access_key: string }) {
  if (file.is_image === 1) return `/upload/files/${file.sha256}.webp`;
  return `/upload/${DOWNLOAD_FILE_PATH}?id=${file.id}&key=${encodeURIComponent(file.access_key)}`;
}

/** What a post is shown with, from its row, its topic and its author. */
const POST_COLUMNS = [
  'posts.id',
  'posts.user_id',
  'posts.topic_id',
  'posts.text',
  'posts.color',
  'posts.style',
  'posts.link',
  'posts.price',
  'posts.pinned_at',
  'posts.topic_pinned_until',
  'posts.comments_open',
  'posts.like_count',
  'posts.comment_count',
  'posts.share_count',
  'posts.file_count',
  'posts.removed_at',
  'posts.removed_reason',
  'posts.removed_action_id',
  'posts.held_at',
  'posts.comments_locked',
  'posts.created_at',
  'posts.edited_at',
  'topics.name as topic_name',
  'topics.icon as topic_icon',
  'topics.min_age as topic_min_age',
  'users.nickname as author_nickname',
  'users.avatar as author_avatar',
  'users.level as author_level',
] as const;

/** Between a viewer's muted phrases in `postRows`: a control character, which no phrase holds. */
const PHRASE_SEPARATOR = '\u001f';

/**
 * Posts with everything `presentPosts` needs, the viewer's like included (a lookup of the
 * post_likes key per row), so a feed can read its page and what it shows in one query. Add the
 * filters and the order; the rows go to `presentPosts` as `loaded`. The like is a scalar subquery,
 * not EXISTS: PostgreSQL plans an EXISTS here as a hash of all the viewer's likes, chosen for the
 * feed's whole estimated range since it ignores the LIMIT (EXPLAIN ANALYZE, bench/README.md).
 * The viewer's muted phrases, which fold posts for them (docs/internals/mutes.md), come on every
 * row as one string: an uncorrelated subquery both engines run once per statement, so a page
 * costs no statement more for them (null when there are none).
 */
export function postRows(db: Kysely<DB>, viewerId: number | null) {
  return db
    .selectFrom('posts')
    .innerJoin('topics', 'topics.id', 'posts.topic_id')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select(POST_COLUMNS)
    .select((eb) => {
      const liked: Expression<SqlBool> =
        viewerId === null
          ? sql<SqlBool>`0`
          : eb(
              eb
                .selectFrom('post_likes')
                .select('post_likes.post_id')
                .whereRef('post_likes.post_id', '=', 'posts.id')
                .where('post_likes.user_id', '=', viewerId),
              'is not',
              null,
            );
      return sql<SqlBool>`${liked}`.as('liked');
    })
    .select((eb) => {
      if (viewerId === null) return sql<string | null>`null`.as('muted_phrases');
      const phrases = eb
        .selectFrom('muted_words')
        .select(sql`string_agg(muted_words.phrase, ${PHRASE_SEPARATOR} order by muted_words.id)`.as('p'))
        .where('muted_words.user_id', '=', viewerId);
      return sql<string | null>`(${phrases})`.as('muted_phrases');
    });
}

/** The matcher of the muted phrases `postRows` read with a page (the same on every row). */
function foldingOfRows(posts: readonly PostRow[]): MuteMatcher {
  const joined = posts[0]?.muted_phrases;
  if (!joined) return NOTHING_FOLDS;
  return muteMatcher(
    joined
      .split(PHRASE_SEPARATOR)
      .map((phrase) => ({ phrase, normalized: normalizeMuteText(phrase).trim() })),
  );
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof postRows>['execute']>>[number];

/** A post's row as `postRows` reads it, with numbers and flags normalised across engines. */
export type PostRow = Omit<SelectedRow, 'id' | 'user_id' | 'topic_id' | 'price' | 'liked'> & {
  id: number;
  user_id: number;
  topic_id: number;
  price: number;
  liked: boolean;
};

export function toPostRow(row: SelectedRow): PostRow {
  return {
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    topic_id: Number(row.topic_id),
    price: Number(row.price),
    // SQLite answers `is not null` with 0/1, PostgreSQL with a boolean.
    liked: Boolean(row.liked),
  };
}

// A page's unlocks and files, one shape per list length (a page holds at most a few dozen posts),
// each built once (db/compiled-once.ts).
type AmongIds = { viewerId: number; ids: number[] };
const unlocksAmong = compiledOnce((db, p: Params<AmongIds>, n: number) =>
  db
    .selectFrom('post_unlocks')
    .select('post_id')
    .where('user_id', '=', p.viewerId)
    .where('post_id', 'in', p.list('ids', n)),
);
const filesAmong = compiledOnce((db, p: Params<{ ids: number[] }>, n: number) =>
  db
    .selectFrom('post_files')
    .select([
      'id',
      'post_id',
      'sha256',
      'name',
      'mime',
      'bytes',
      'is_image',
      'width',
      'height',
      'access_key',
      'download_count',
    ])
    .where('post_id', 'in', p.list('ids', n))
    .orderBy('post_id')
    .orderBy('position'),
);

const textRows = compiledOnce((db, p: Params<{ ids: number[] }>, n: number) =>
  db
    .selectFrom('posts')
    .innerJoin('topics', 'topics.id', 'posts.topic_id')
    .select([
      'posts.id',
      'posts.user_id',
      'posts.price',
      'posts.text',
      'posts.removed_at',
      'posts.held_at',
      'topics.min_age',
    ])
    .where('posts.id', 'in', p.list('ids', n)),
);

/** The paid posts among `posts` that `viewerId` has unlocked (one query). */
async function unlockedIds(
  db: Kysely<DB>,
  viewerId: number | null,
  posts: { id: number; price: number; user_id: number }[],
): Promise<Set<number>> {
  if (viewerId === null) return new Set();
  const paid = posts.filter((p) => Number(p.price) > 0 && Number(p.user_id) !== viewerId).map((p) => p.id);
  if (paid.length === 0) return new Set();
  const rows = await unlocksAmong(db, { viewerId, ids: paid }, paid.length);
  return new Set(rows.map((r) => Number(r.post_id)));
}

/**
 * The files of posts, whoever may see them: only for answers built through `presentRows`, which
 * shows a post's files to the viewers the gate lets see its content and to no one else.
 */
export async function filesOf(db: Kysely<DB>, ids: number[]): Promise<Map<number, PostFile[]>> {
  const byPost = new Map<number, PostFile[]>();
  if (ids.length === 0) return byPost;
  const rows = await filesAmong(db, { ids }, ids.length);
  for (const row of rows) {
    const id = Number(row.id);
    const file: PostFile = {
      id,
      name: row.name,
      mime: row.mime,
      bytes: Number(row.bytes),
      is_image: row.is_image === 1,
      width: row.width,
      height: row.height,
      url: fileUrl({ ...row, id }),
      download_count: row.download_count,
    };
    const postId = Number(row.post_id);
    const list = byPost.get(postId);
    if (list) list.push(file);
    else byPost.set(postId, [file]);
  }
  return byPost;
}

/**
 * Who reads beyond a member's view (docs/product/moderation.md#removal). `staff`: a moderator
 * or administrator, who sees removed posts whole (with the reason) and held ones at all. `desk`:
 * a desk answer (mod/held, mod/member), which also shows paid content whole, since judging a post
 * needs what it hides; only the moderation feature passes it, after assertStaff.
 */
export interface Reader {
  staff?: boolean;
  desk?: boolean;
}

/**
 * Moderation on a post, as a viewer sees it: everyone sees that it was removed; its author and
 * staff also see its content, why, and the log entry. A held post is for its author and staff
 * alone (`shown: false` for everyone else).
 */
function moderationView(
  p: Pick<PostRow, 'removed_at' | 'removed_reason' | 'removed_action_id' | 'held_at'>,
  mine: boolean,
  reader: Reader,
) {
  const privileged = mine || reader.staff === true || reader.desk === true;
  const removed =
    p.removed_at === null
      ? null
      : {
          at: Number(p.removed_at),
          reason: privileged ? p.removed_reason : null,
          action_id: privileged && p.removed_action_id !== null ? Number(p.removed_action_id) : null,
        };
  return { removed, blanked: removed !== null && !privileged, shown: p.held_at === null || privileged };
}

/**
 * Posts as `viewerId` (null for a visitor) may see them, in the order of `postIds`; ids of posts
 * that no longer exist, or are held for review and not the viewer's, are left out. Rows a feed already read with `postRows` are passed as
 * `loaded`; the rest are read in one query. Then at most two more, each only when needed: the
 * viewer's unlocks when the page has paid posts of others, and the files of the visible posts
 * that have files. Never a query per post.
 */
export async function presentPosts(
  db: Kysely<DB>,
  viewerId: number | null,
  postIds: number[],
  loaded: PostRow[] = [],
  reader: Reader = {},
): Promise<Post[]> {
  const ids = [...new Set(postIds.map(Number))];
  if (ids.length === 0) return [];
  const byId = new Map(loaded.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    const rows = await postRows(db, viewerId).where('posts.id', 'in', missing).execute();
    for (const row of rows.map(toPostRow)) byId.set(row.id, row);
  }
  return presentRows(
    db,
    viewerId,
    ids.flatMap((id) => byId.get(id) ?? []),
    undefined,
    undefined,
    undefined,
    reader,
  );
}

/**
 * Rows read with `postRows` for `viewerId` (their `liked` is that viewer's), as that viewer may
 * see them. `files` may hold the files of any of these posts (`filesOf`); they are shown only
 * where the viewer may see the content, and read here when not given; so are the viewer's
 * `unlocks` among them (`viewerOverlay`) and what folds a post for them (`fold`: their muted
 * words, docs/internals/mutes.md).
 */
export async function presentRows(
  db: Kysely<DB>,
  viewerId: number | null,
  posts: PostRow[],
  files?: Map<number, PostFile[]>,
  unlocks?: Set<number>,
  fold?: MuteMatcher,
  reader: Reader = {},
): Promise<Post[]> {
  const isMine = (p: PostRow) => viewerId !== null && p.user_id === viewerId;
  const shownRows = posts.filter((p) => moderationView(p, isMine(p), reader).shown);
  if (shownRows.length === 0) return [];
  const folding = fold ?? foldingOfRows(shownRows);
  const unlocked = reader.desk
    ? new Set<number>()
    : (unlocks ?? (await unlockedIds(db, viewerId, shownRows)));
  // Past the paid gate (the desk sees past it), and not a removed post blanked for this viewer.
  const paidOpen = new Set(
    shownRows
      .filter((p) => reader.desk === true || canSeeContent(p, viewerId, unlocked.has(p.id)))
      .map((p) => p.id),
  );
  const open = new Set(
    shownRows
      .filter((p) => paidOpen.has(p.id) && !moderationView(p, isMine(p), reader).blanked)
      .map((p) => p.id),
  );
  const shownFiles =
    files ??
    (await filesOf(
      db,
      shownRows.filter((p) => open.has(p.id) && p.file_count > 0).map((p) => p.id),
    ));
  return shownRows.map((p) => {
    const visible = open.has(p.id);
    const mine = isMine(p);
    const { removed, blanked } = moderationView(p, mine, reader);
    // A removed post shows others nothing of itself, not even a paid post's teaser.
    const text = visible ? p.text : blanked ? '' : teaserOf(p.text);
    const author: Author = {
      id: p.user_id,
      nickname: p.author_nickname,
      avatar: p.author_avatar,
      level: p.author_level,
      grade: gradeForLevel(p.author_level),
    };
    const post: Post = {
      id: p.id,
      topic_id: p.topic_id,
      topic: { id: p.topic_id, name: p.topic_name, icon: p.topic_icon, min_age: p.topic_min_age },
      user: author,
      text,
      color: p.color,
      style: p.style,
      files: visible ? (shownFiles.get(p.id) ?? []) : [],
      file_count: p.file_count,
      links: visible && p.link ? [p.link] : [],
      price: p.price,
      locked: !paidOpen.has(p.id),
      pinned: p.pinned_at !== null,
      topic_pinned_until: p.topic_pinned_until,
      comments_open: p.comments_open === 1,
      like_count: p.like_count,
      comment_count: p.comment_count,
      share_count: p.share_count,
      liked: p.liked,
      mine,
      created_at: Number(p.created_at),
      removed,
      held: p.held_at !== null,
      comments_locked: p.comments_locked === 1,
      edited_at: p.edited_at === null ? null : Number(p.edited_at),
    };
    // What the viewer can read is what folds it; their own posts never fold.
    const words = mine ? [] : folding(text);
    if (words.length > 0) post.folded = { words };
    return post;
  });
}

type Kind = 'blocked' | 'liked' | 'unlocked' | 'muted';
const KINDS: (Kind | 'word')[] = ['blocked', 'liked', 'unlocked', 'muted', 'word'];

/**
 * The viewer's blacklist, likes among `ids`, unlocks among `paid`, the members they mute at `now`
 * and their muted words, as one statement. Ids come as `id`; a muted word as `phrase` and
 * `normalized` (null on every other row).
 */
const overlayOf = compiledOnce(
  (db, p: Params<{ viewerId: number; now: number; ids: number[]; paid: number[] }>, shape: string) => {
    const [likes, unlocks] = shape.split(':').map(Number) as [number, number];
    const kind = (k: Kind | 'word') => sql<number>`${sql.lit(KINDS.indexOf(k))}`.as('kind');
    const noText = (as: 'phrase' | 'normalized') => sql<string | null>`cast(null as text)`.as(as);
    let query = db
      .selectFrom('blacklist')
      .select([kind('blocked'), 'blocked_id as id', noText('phrase'), noText('normalized')])
      .where('user_id', '=', p.viewerId)
      .unionAll(
        db
          .selectFrom('member_mutes')
          .select([kind('muted'), 'muted_user_id as id', noText('phrase'), noText('normalized')])
          .where('user_id', '=', p.viewerId)
          .where((eb) => eb.or([eb('until_at', 'is', null), eb('until_at', '>', p.now)])),
      )
      .unionAll(
        db
          .selectFrom('muted_words')
          .select([kind('word'), 'id', 'phrase', 'normalized'])
          .where('user_id', '=', p.viewerId),
      );
    if (likes > 0)
      query = query.unionAll(
        db
          .selectFrom('post_likes')
          .select([kind('liked'), 'post_id as id', noText('phrase'), noText('normalized')])
          .where('user_id', '=', p.viewerId)
          .where('post_id', 'in', p.list('ids', likes)),
      );
    if (unlocks > 0)
      query = query.unionAll(
        db
          .selectFrom('post_unlocks')
          .select([kind('unlocked'), 'post_id as id', noText('phrase'), noText('normalized')])
          .where('user_id', '=', p.viewerId)
          .where('post_id', 'in', p.list('paid', unlocks)),
      );
    return query;
  },
);

/**
 * What one viewer adds to rows everyone shares (the shared page 1): whom they block and mute at
 * `now`, which of the posts they liked, which paid posts of others they unlocked and what folds a
 * post for them, in one statement; nothing for a visitor. The unlocks and the folding go to
 * `presentRows`, which still decides what the viewer sees.
 */
export async function viewerOverlay(
  db: Kysely<DB>,
  viewerId: number | null,
  rows: readonly { id: number; post: { price: number; user_id: number } }[],
  now: number,
): Promise<Record<Kind, Set<number>> & { fold: MuteMatcher }> {
  const overlay = {
    blocked: new Set<number>(),
    liked: new Set<number>(),
    unlocked: new Set<number>(),
    muted: new Set<number>(),
    fold: NOTHING_FOLDS,
  };
  if (viewerId === null) return overlay;
  const ids = rows.map((r) => r.id);
  const paid = rows.filter((r) => Number(r.post.price) > 0 && r.post.user_id !== viewerId).map((r) => r.id);
  const found = await overlayOf(db, { viewerId, now, ids, paid }, `${ids.length}:${paid.length}`);
  const phrases: (MutedPhrase & { id: number })[] = [];
  for (const row of found) {
    const kind = KINDS[Number(row.kind)]!;
    if (kind === 'word')
      phrases.push({ id: Number(row.id), phrase: row.phrase!, normalized: row.normalized! });
    else overlay[kind].add(Number(row.id));
  }
  // In the order they were muted, as `postRows` reads them for every other page.
  if (phrases.length > 0) overlay.fold = muteMatcher(phrases.sort((a, b) => a.id - b.id));
  return overlay;
}

/** One post through the gate, or null when it does not exist. */
export async function presentPost(
  db: Kysely<DB>,
  viewerId: number | null,
  postId: number,
  reader: Reader = {},
): Promise<Post | null> {
  const [post] = await presentPosts(db, viewerId, [postId], [], reader);
  return post ?? null;
}

/**
 * One post's text as `viewerId` may read it, for an answer chosen by the text without showing
 * the post (translate/text, recommend/games): posts/detail's rules, so a missing post is not
 * found and an adult topic's needs the reader's 18+ answer. A removed or held post is not found
 * but for its author: nothing may be chosen by what a moderator took down.
 */
export async function readableText(
  db: Kysely<DB>,
  viewerId: number | null,
  postId: number,
  adultConfirmed: boolean | undefined,
): Promise<string> {
  const post = (await gatedTexts(db, viewerId, [postId])).get(postId);
  if (!post) throw fail('errors.post_not_found');
  if (post.adult && adultConfirmed !== true) throw fail('errors.adult_confirm');
  return post.text;
}

/** A post's text as a quote may show it, and whether it is in an adult topic. */
export interface GatedText {
  text: string;
  /** Paid and not open to the viewer: `text` is the teaser. */
  locked: boolean;
  /** Quoted only where the reader's 18+ answer comes with the request (assertAdultConfirmed). */
  adult: boolean;
}

/**
 * Only the texts (whole or teaser) of posts as `viewerId` may read them: for answers that quote a
 * post (news `post_text`) without showing the whole post. Two queries. Removed and held posts are
 * left out, but for their author.
 */
export async function gatedTexts(
  db: Kysely<DB>,
  viewerId: number | null,
  postIds: number[],
): Promise<Map<number, GatedText>> {
  const ids = [...new Set(postIds.map(Number))];
  const texts = new Map<number, GatedText>();
  if (ids.length === 0) return texts;
  return gateTexts(db, viewerId, await textRows(db, { ids }, ids.length));
}

/** A post's columns the gate needs to quote its text. */
export interface QuotedPost {
  id: number | string;
  user_id: number | string;
  price: number | string;
  text: string;
  min_age: number;
  /** A removed or held post is quoted to its author alone (docs/product/moderation.md). */
  removed_at: number | string | null;
  held_at: number | string | null;
}

/**
 * `gatedTexts` for posts whose columns the caller read with its own statement (latest/news reads
 * its one quoted post with the item): the unlocks are read only when a paid post needs them.
 */
export async function gateTexts(
  db: Kysely<DB>,
  viewerId: number | null,
  rows: QuotedPost[],
): Promise<Map<number, GatedText>> {
  const texts = new Map<number, GatedText>();
  const posts = rows
    .filter((r) => (r.removed_at === null && r.held_at === null) || Number(r.user_id) === viewerId)
    .map((r) => ({
      id: Number(r.id),
      user_id: Number(r.user_id),
      price: Number(r.price),
      text: r.text,
      min_age: r.min_age,
    }));
  const unlocked = await unlockedIds(db, viewerId, posts);
  for (const p of posts) {
    const open = canSeeContent(p, viewerId, unlocked.has(p.id));
    texts.set(p.id, { text: open ? p.text : teaserOf(p.text), locked: !open, adult: isAdultTopic(p) });
  }
  return texts;
}

/** A version of a post's text and link (posts/history: the current one and every earlier one). */
export interface PostVersionText {
  text: string;
  link: string | null;
}

/**
 * A post's versions as `viewerId` may read them (posts/history): whole, with their links, for
 * whom the post is open (its author, its buyers, and staff when `seesAll`); for anyone else the
 * teaser of EVERY version and no links, so an earlier version never shows what the paid post hides.
 */
export async function gateVersions<V extends PostVersionText>(
  db: Kysely<DB>,
  viewerId: number | null,
  post: { id: number; user_id: number; price: number },
  versions: V[],
  seesAll: boolean,
): Promise<(Omit<V, 'link'> & { links: string[]; locked: boolean })[]> {
  const open =
    seesAll || canSeeContent(post, viewerId, (await unlockedIds(db, viewerId, [post])).has(post.id));
  return versions.map(({ link, ...version }) => ({
    ...version,
    text: open ? version.text : teaserOf(version.text),
    links: open && link ? [link] : [],
    locked: !open,
  }));
}
