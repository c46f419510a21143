import { ADULT_AGE, expiredCodeFor, type PageQuery, type Post, YOURS_CATEGORY_ID } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, fail } from '../../http/app-error';
import type { Member } from '../../http/request-context';
import type { FirstPages, SharedPage } from './first-pages';
import {
  assertAdultConfirmed,
  filesOf,
  isAdultTopic,
  presentPosts,
  presentRows,
  viewerOverlay,
} from './gate';
import { cursorAfter, pageOf, type Segment } from './pager';
import { postsRepo } from './repo';
import {
  byUser,
  type Condition,
  generalSegment,
  inTopic,
  isPinned,
  likedSegment,
  notAdult,
  notBlockedBy,
  notMutedBy,
  notPinned,
  notTopicPinned,
  pinnedIn,
  postsSegment,
  published,
  topicPinnedIn,
  topicsSegment,
} from './segments';

interface Feed {
  list: Post[];
  total: number;
  cursor: string | null;
}

const EMPTY: Feed = { list: [], total: 0, cursor: null };

export interface PostsListQuery extends PageQuery {
  topic_id?: number;
  category_id?: number;
  sort: 'new' | 'hot';
  adult_confirmed?: boolean;
}

type General = 'new' | 'hot';

/** The general feeds as `viewerId` reads them at `now` (null: as a visitor, with no blacklist or mutes). */
function generalSegments(db: Kysely<DB>, which: General, viewerId: number | null, now: number): Segment[] {
  if (which === 'hot') return [generalSegment(db, 'hot', viewerId, now)];
  // Pinned posts lead the New order, newest pin first; the rest follows by time.
  return [generalSegment(db, 'pinned', viewerId, now), generalSegment(db, 'new', viewerId, now)];
}

/** Deep-frozen, so nothing done for one viewer can change what the next one is shown. */
function frozen(page: SharedPage): SharedPage {
  for (const row of page.rows) Object.freeze(Object.freeze(row).post);
  for (const files of page.files.values()) for (const file of Object.freeze(files)) Object.freeze(file);
  return Object.freeze(page);
}

/**
 * The feeds. Each is a list of segments paged by keyset (pager.ts) and shown through the paid
 * gate in one batch; `total` comes from maintained counters (a member's likes: a count over
 * their index range), never from counting posts.
 */
export function feedsService({
  db,
  firstPages,
  clock = Date.now,
}: {
  db: Kysely<DB>;
  firstPages: FirstPages;
  /** When topic pins bought with props (posts/prop) run out. */
  clock?: () => number;
}) {
  const repo = postsRepo(db);

  async function readSharedPage(which: General, num: number): Promise<SharedPage> {
    const [{ rows, cursor }, total] = await Promise.all([
      pageOf(generalSegments(db, which, null, 0), { page: 1, num: 2 * num }),
      repo.generalPostCount(),
    ]);
    const whole = rows.flatMap((r) => (r.post ? [{ ...r, post: r.post }] : []));
    // A page from the top is read with its posts (segments.ts); a shared page relies on it.
    if (whole.length !== rows.length) throw new Error('a shared first page needs its posts read whole');
    const files = await filesOf(
      db,
      whole.filter((r) => r.post.file_count > 0).map((r) => r.id),
    );
    return frozen({ rows: whole, complete: cursor === null, files, total });
  }

  /**
   * Page 1 of New or Popular, which every visit opens: its rows are shared by all viewers
   * (first-pages.ts), and each viewer's blacklist, mutes, likes, unlocks and muted words are
   * applied here, on every request, through the same gate as any page. Null when this is not
   * page 1, or when the viewer's blacklist and mutes leave too few shared rows for a whole page:
   * that page is then read for the viewer like any other.
   */
  async function sharedFirstPage(
    viewer: Member | null,
    which: General,
    query: PageQuery,
  ): Promise<Feed | null> {
    if (query.cursor || query.page !== 1) return null;
    const { num } = query;
    const shared = await firstPages.get(`${which}:${num}`, () => readSharedPage(which, num));
    const viewerId = viewer?.id ?? null;
    const { blocked, muted, liked, unlocked, fold } = await viewerOverlay(db, viewerId, shared.rows, clock());
    const visible =
      blocked.size === 0 && muted.size === 0
        ? shared.rows
        : shared.rows.filter((r) => !blocked.has(r.post.user_id) && !muted.has(r.post.user_id));
    if (visible.length <= num && !shared.complete) return null;
    const page = visible.slice(0, num);
    const list = await presentRows(
      db,
      viewerId,
      page.map((r) => ({ ...r.post, liked: liked.has(r.id) })),
      shared.files,
      unlocked,
      fold,
    );
    const last = page.at(-1);
    return { list, total: shared.total, cursor: visible.length > num && last ? cursorAfter(last) : null };
  }

  async function generalFeed(viewer: Member | null, which: General, query: PageQuery): Promise<Feed> {
    const first = await sharedFirstPage(viewer, which, query);
    if (first) return first;
    const segments = generalSegments(db, which, viewer?.id ?? null, clock());
    return feed(viewer, segments, query, await firstPages.total(repo.generalPostCount));
  }

  async function feed(viewer: Member | null, segments: Segment[], query: PageQuery, total: number) {
    const { rows, cursor } = await pageOf(segments, query);
    const loaded = rows.flatMap((r) => r.post ?? []);
    const list = await presentPosts(
      db,
      viewer?.id ?? null,
      rows.map((r) => r.id),
      loaded,
    );
    return { list, total, cursor };
  }

  async function topicIdsOf(viewer: Member | null, categoryId: number, withAdult: boolean) {
    let query = db.selectFrom('topics').select(['topics.id', 'topics.post_count']);
    if (categoryId === YOURS_CATEGORY_ID) {
      if (!viewer) return [];
      query = query
        .innerJoin('topic_follows', 'topic_follows.topic_id', 'topics.id')
        .where('topic_follows.user_id', '=', viewer.id);
    } else {
      query = query.where('topics.category_id', '=', categoryId);
    }
    const rows = await query.$if(!withAdult, (q) => q.where('topics.min_age', '<', ADULT_AGE)).execute();
    return rows.map((r) => ({ id: Number(r.id), postCount: r.post_count }));
  }

  return {
    /** home/posts: the New feed. */
    newest: (viewer: Member | null, query: PageQuery): Promise<Feed> => generalFeed(viewer, 'new', query),

    /** home/feeds: the Popular feed, by the batch's hot score. */
    popular: (viewer: Member | null, query: PageQuery): Promise<Feed> => generalFeed(viewer, 'hot', query),

    /** posts/list: one topic (adult ones need the 18+ answer), or a category (0: followed topics). */
    async list(viewer: Member | null, query: PostsListQuery): Promise<Feed> {
      const viewerId = viewer?.id ?? null;
      const now = clock();
      // What the viewer never sees: removed and held posts, members on their blacklist, and those
      // they mute for now.
      const blocked = [published, ...notBlockedBy(viewerId), ...notMutedBy(db, viewerId, now)];
      if (query.topic_id !== undefined) {
        const topic = await db
          .selectFrom('topics')
          .select(['id', 'min_age', 'post_count'])
          .where('id', '=', query.topic_id)
          .executeTakeFirst();
        if (!topic) throw fail('errors.topic_not_found');
        assertAdultConfirmed(topic, query.adult_confirmed);
        const filters = [inTopic(query.topic_id), ...blocked];
        // New leads with the operator's pins, then pins bought with props (posts/prop) while
        // they run, then everything else by time; each post in exactly one of the three.
        const segments =
          query.sort === 'hot'
            ? [postsSegment(db, 'hot', filters, viewerId)]
            : [
                postsSegment(db, 'pinned', [isPinned, pinnedIn([Number(topic.id)]), ...blocked], viewerId),
                postsSegment(
                  db,
                  'topic_pinned',
                  [notPinned, topicPinnedIn(query.topic_id, now), ...blocked],
                  viewerId,
                ),
                postsSegment(db, 'new', [notPinned, notTopicPinned(now), ...filters], viewerId),
              ];
        return feed(viewer, segments, query, topic.post_count);
      }
      if (query.category_id === undefined) throw fail('errors.invalid_payload');

      // Adult topics join a category's feed only for readers who answered the 18+ question.
      const topics = await topicIdsOf(viewer, query.category_id, query.adult_confirmed === true);
      if (topics.length === 0) return EMPTY;
      const ids = topics.map((t) => t.id);
      const total = topics.reduce((sum, t) => sum + t.postCount, 0);
      const segments =
        query.sort === 'hot'
          ? [topicsSegment(db, 'hot', ids, blocked)]
          : [
              postsSegment(db, 'pinned', [isPinned, pinnedIn(ids), ...blocked], viewerId),
              topicsSegment(db, 'new', ids, [notPinned, ...blocked]),
            ];
      return feed(viewer, segments, query, total);
    },

    /** recommend/posts: beside a post, its topic's popular posts first, then everyone's. */
    async recommend(viewer: Member | null, query: PageQuery & { post_id?: number }): Promise<Feed> {
      const viewerId = viewer?.id ?? null;
      const blocked = [published, ...notBlockedBy(viewerId), ...notMutedBy(db, viewerId, clock())];
      const general = await repo.generalPostCount();
      const post = query.post_id === undefined ? undefined : await repo.find(query.post_id);
      if (!post)
        return feed(viewer, [postsSegment(db, 'hot', [notAdult, ...blocked], viewerId)], query, general);

      const notThis: Condition = (eb) => eb('posts.id', '!=', post.id);
      if (isAdultTopic({ min_age: post.topic_min_age })) {
        return feed(
          viewer,
          [postsSegment(db, 'hot', [notAdult, notThis, ...blocked], viewerId)],
          query,
          general,
        );
      }
      const topicId = Number(post.topic_id);
      const segments = [
        postsSegment(db, 'hot', [inTopic(topicId), notThis, ...blocked], viewerId),
        postsSegment(
          db,
          'hot',
          [(eb) => eb('posts.topic_id', '!=', topicId), notAdult, ...blocked],
          viewerId,
        ),
      ];
      return feed(viewer, segments, query, Math.max(0, general - 1));
    },

    /** user/posts: what a member wrote, or upvoted (by like time); without user_id, the caller's. */
    async ofUser(
      viewer: Member | null,
      query: PageQuery & { user_id?: number; tab: 'posts' | 'upvoted'; adult_confirmed?: boolean },
    ): Promise<Feed> {
      const userId = query.user_id ?? viewer?.id;
      if (userId === undefined) throw new AppError('errors.not_logged_in', {}, expiredCodeFor('api'));
      const user = await db
        .selectFrom('users')
        .select(['id', 'post_count'])
        .where('id', '=', userId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!user) throw fail('errors.user_not_found');
      if (viewer && (await repo.blocks(viewer.id, userId))) return EMPTY;
      // Members see all they wrote (what a moderator removed or holds too, flagged), and what they
      // upvoted in adult topics with the 18+ answer, as a category feed shows it; others see what
      // the general feeds would show them.
      const viewerId = viewer?.id ?? null;
      const own = viewerId === userId && (query.tab === 'posts' || query.adult_confirmed === true);
      const ownPosts = viewerId === userId && query.tab === 'posts';
      const filters = [
        ...(own ? [] : [notAdult]),
        ...(ownPosts ? [] : [published]),
        ...notBlockedBy(viewerId),
      ];
      if (query.tab === 'upvoted') {
        // What they upvoted leaves out members the viewer mutes; what they wrote is shown on their
        // page even while the viewer mutes them, since the viewer came to read it.
        const likes = likedSegment(db, userId, [...filters, ...notMutedBy(db, viewerId, clock())]);
        const { n } = await db
          .selectFrom('post_likes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        return feed(viewer, [likes], query, Number(n));
      }
      return feed(
        viewer,
        [postsSegment(db, 'new', [byUser(userId), ...filters], viewerId)],
        query,
        user.post_count,
      );
    },
  };
}
export type FeedsService = ReturnType<typeof feedsService>;
