import { ADULT_AGE } from '@pixelhall/contract';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { compiledOnce, type Params } from '../../db/compiled-once';
import type { DB } from '../../db/schema';
import { mutedBy } from '../mutes/public';
import { postRows, toPostRow } from './gate';
import type { FeedRow, Key, Segment } from './pager';

/** A filter on posts; feeds combine them. */
export type Condition = (eb: ExpressionBuilder<DB, 'posts'>) => Expression<SqlBool>;

/**
 * The feed orders, each served by an index that ends in id (posts_new, posts_hot, posts_pinned),
 * or by posts_topic_pinned (topic_id, topic_pinned_until), whose few rows a topic has at a time.
 */
export type Order = 'new' | 'hot' | 'pinned' | 'topic_pinned';

const SORT_COLUMN = {
  new: 'posts.created_at',
  hot: 'posts.hot_score',
  pinned: 'posts.pinned_at',
  topic_pinned: 'posts.topic_pinned_until',
} as const;

/**
 * Neither removed by a moderator nor held for review: what every feed, list and search shows
 * (docs/product/moderation.md). Both are rare, so a feed walking its index skips the odd one
 * without reading further; no index needs them.
 */
export const published: Condition = (eb) =>
  eb.and([eb('posts.removed_at', 'is', null), eb('posts.held_at', 'is', null)]);

export const isPinned: Condition = (eb) => eb('posts.pinned_at', 'is not', null);
export const notPinned: Condition = (eb) => eb('posts.pinned_at', 'is', null);
export const inTopic =
  (topicId: number): Condition =>
  (eb) =>
    eb('posts.topic_id', '=', topicId);
/**
 * Pinned posts of some topics, found through posts_pinned: the unary plus keeps the planner from
 * walking a whole topic by its index and sorting it to find the few pinned posts.
 */
export const pinnedIn =
  (topicIds: number[]): Condition =>
  (eb) =>
    eb(sql<number>`+${sql.ref('posts.topic_id')}`, 'in', topicIds);
/**
 * Posts pinned in one topic with a prop (posts/prop), until a time still to come. The explicit
 * `is not null` lets either planner take the partial index posts_topic_pinned.
 */
export const topicPinnedIn =
  (topicId: number, now: number): Condition =>
  (eb) =>
    eb.and([
      eb('posts.topic_id', '=', topicId),
      eb('posts.topic_pinned_until', 'is not', null),
      eb('posts.topic_pinned_until', '>', now),
    ]);
/** The rest of a topic's feed: a pin that ran out puts the post back in its place by time. */
export const notTopicPinned =
  (now: number): Condition =>
  (eb) =>
    eb.or([eb('posts.topic_pinned_until', 'is', null), eb('posts.topic_pinned_until', '<=', now)]);
export const byUser =
  (userId: number): Condition =>
  (eb) =>
    eb('posts.user_id', '=', userId);

/** General feeds leave adult topics out; only their own topic feed shows them (after the 18+ answer). */
export const notAdult: Condition = (eb) =>
  eb(
    'posts.topic_id',
    'not in',
    eb.selectFrom('topics').select('topics.id').where('topics.min_age', '>=', ADULT_AGE),
  );

/**
 * A viewer never sees posts by members on their blacklist; visitors have none. NOT IN over the
 * viewer's (short) blacklist is one set read once per query; PostgreSQL planned the equivalent
 * NOT EXISTS as an anti join that, on a member's own feed, it guessed would keep no row and so
 * sorted the whole feed instead of walking its index.
 */
export function notBlockedBy(viewerId: number | null): Condition[] {
  if (viewerId === null) return [];
  return [
    (eb) =>
      eb(
        'posts.user_id',
        'not in',
        eb.selectFrom('blacklist').select('blacklist.blocked_id').where('blacklist.user_id', '=', viewerId),
      ),
  ];
}

/**
 * Nor posts by members the viewer mutes at `now` (docs/internals/mutes.md), the same way: NOT IN
 * the viewer's running mutes, one covering range of member_mutes_filter read once per query, empty
 * for most members.
 */
export function notMutedBy(db: Kysely<DB>, viewerId: number | null, now: number): Condition[] {
  if (viewerId === null) return [];
  return [(eb) => eb('posts.user_id', 'not in', mutedBy(db, viewerId, now))];
}

function keysOf(rows: { id: number; k1: number | null }[]): FeedRow[] {
  return rows.map((r) => ({ id: Number(r.id), key: [Number(r.k1), Number(r.id)] as Key }));
}

function orderedBy<O>(
  query: SelectQueryBuilder<DB, 'posts', O>,
  order: Order,
  conditions: Condition[],
  after: Key | null,
): SelectQueryBuilder<DB, 'posts', O> {
  const column = SORT_COLUMN[order];
  return query
    .where((eb) =>
      eb.and([
        ...conditions.map((c) => c(eb)),
        // A row-value comparison is one range on the (sort column, id) index on both engines.
        ...(after ? [eb(eb.refTuple(column, 'posts.id'), '<', eb.tuple(after[0], after[1]))] : []),
      ]),
    )
    .orderBy(column, 'desc')
    .orderBy('posts.id', 'desc');
}

function postsQuery(db: Kysely<DB>, order: Order, conditions: Condition[], after: Key | null) {
  return orderedBy(
    db.selectFrom('posts').select(['posts.id', `${SORT_COLUMN[order]} as k1`]),
    order,
    conditions,
    after,
  );
}

async function countOf(db: Kysely<DB>, conditions: Condition[]): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.and(conditions.map((c) => c(eb))))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Posts matching `conditions`, in one order. A page from the top or from a cursor reads the posts
 * it shows in the same query as its keys (the viewer's likes too); an offset page skips rows by
 * their keys alone and leaves the reading of its posts to `presentPosts`.
 */
export function postsSegment(
  db: Kysely<DB>,
  order: Order,
  conditions: Condition[],
  viewerId: number | null,
): Segment {
  return {
    async fetch(after, offset, limit) {
      if (offset > 0) {
        return keysOf(await postsQuery(db, order, conditions, after).offset(offset).limit(limit).execute());
      }
      const query = postRows(db, viewerId).select(`${SORT_COLUMN[order]} as k1`);
      // Filters and order are about the post alone; its topic and author are joined by key.
      type Row = typeof query extends SelectQueryBuilder<DB, never, infer O> ? O : never;
      const onPosts = query as unknown as SelectQueryBuilder<DB, 'posts', Row>;
      const rows = await orderedBy(onPosts, order, conditions, after).limit(limit).execute();
      return rows.map(({ k1, ...row }) => {
        const post = toPostRow(row);
        return { id: post.id, key: [Number(k1), post.id] as Key, post };
      });
    },
    count: () => countOf(db, conditions),
  };
}

type GeneralOrder = 'new' | 'hot' | 'pinned';

/** A general feed's own filter beside notAdult and the viewer's blacklist and mutes, by its order. */
const GENERAL_FILTER: Record<GeneralOrder, Condition[]> = {
  pinned: [isPinned, published],
  new: [notPinned, published],
  hot: [published],
};

/**
 * A general feed's page from the top or from a cursor: the query every home visit and every
 * scroll runs, built once per shape (viewer or visitor, from the top or after a key, the page's
 * LIMIT) and run with the viewer's id and the cursor's key (db/compiled-once.ts).
 */
const generalPage = compiledOnce(
  (db, p: Params<{ viewerId: number; now: number; k1: number; id: number }>, shape: string) => {
    const [order, viewer, from, limit] = shape.split(':') as [GeneralOrder, string, string, string];
    const viewerId = viewer === 'member' ? p.viewerId : null;
    const conditions = [
      ...GENERAL_FILTER[order],
      notAdult,
      ...notBlockedBy(viewerId),
      // Read only for a member: a visitor's shape binds no time.
      ...(viewerId === null ? [] : notMutedBy(db, viewerId, p.now)),
    ];
    const after: Key | null = from === 'after' ? [p.k1, p.id] : null;
    const query = postRows(db, viewerId).select(`${SORT_COLUMN[order]} as k1`);
    type Row = typeof query extends SelectQueryBuilder<DB, never, infer O> ? O : never;
    const onPosts = query as unknown as SelectQueryBuilder<DB, 'posts', Row>;
    return orderedBy(onPosts, order, conditions, after).limit(Number(limit));
  },
);

/**
 * A segment of New or Popular as `viewerId` reads it at `now` (null: a visitor): pinned posts, the
 * rest by time, or all by hot score; never adult topics nor the viewer's blacklist and mutes. The
 * same rows as `postsSegment` with those filters, its pages from the top or a cursor through
 * `generalPage`.
 */
export function generalSegment(
  db: Kysely<DB>,
  order: GeneralOrder,
  viewerId: number | null,
  now: number,
): Segment {
  const conditions = [
    ...GENERAL_FILTER[order],
    notAdult,
    ...notBlockedBy(viewerId),
    ...notMutedBy(db, viewerId, now),
  ];
  const dynamic = postsSegment(db, order, conditions, viewerId);
  return {
    async fetch(after, offset, limit) {
      if (offset > 0) return dynamic.fetch(after, offset, limit);
      const shape = `${order}:${viewerId === null ? 'visitor' : 'member'}:${after ? 'after' : 'top'}:${limit}`;
      const rows = await generalPage(
        db,
        { viewerId: viewerId ?? 0, now, k1: after?.[0] ?? 0, id: after?.[1] ?? 0 },
        shape,
      );
      return rows.map(({ k1, ...row }) => {
        const post = toPostRow(row);
        return { id: post.id, key: [Number(k1), post.id] as Key, post };
      });
    },
    count: dynamic.count,
  };
}

/** SQLite caps the terms of one compound select at 500. */
const TOPICS_PER_QUERY = 100;

/**
 * Posts of several topics (a category, the topics a member follows) in one order. Each topic's
 * page is a range on its (topic_id, sort column, id) index, so a page costs topics × page size
 * rows however deep it is, never a scan of everything newer; the topic pages are merged here.
 */
export function topicsSegment(
  db: Kysely<DB>,
  order: 'new' | 'hot',
  topicIds: number[],
  conditions: Condition[],
): Segment {
  return {
    async fetch(after, offset, limit) {
      const merged: FeedRow[] = [];
      for (let i = 0; i < topicIds.length; i += TOPICS_PER_QUERY) {
        const [first, ...rest] = topicIds.slice(i, i + TOPICS_PER_QUERY).map((topicId, n) =>
          db
            .selectFrom(
              postsQuery(db, order, [inTopic(topicId), ...conditions], after)
                .limit(offset + limit)
                .as(`t${n}`),
            )
            .selectAll(),
        );
        if (!first) continue;
        const union = rest.reduce((q, next) => q.unionAll(next), first);
        merged.push(...keysOf(await union.execute()));
      }
      merged.sort((a, b) => b.key[0] - a.key[0] || b.key[1] - a.key[1]);
      return merged.slice(offset, offset + limit);
    },
    count: () => countOf(db, [(eb) => eb('posts.topic_id', 'in', topicIds), ...conditions]),
  };
}

/** Posts a member liked, most recently liked first: a range on post_likes (user_id, created_at). */
export function likedSegment(db: Kysely<DB>, userId: number, conditions: Condition[]): Segment {
  const base = () =>
    db
      .selectFrom('post_likes')
      .innerJoin('posts', 'posts.id', 'post_likes.post_id')
      .where('post_likes.user_id', '=', userId)
      .where((eb) => eb.and(conditions.map((c) => c(eb as unknown as ExpressionBuilder<DB, 'posts'>))));
  return {
    async fetch(after, offset, limit) {
      const rows = await base()
        .select(['post_likes.post_id as id', 'post_likes.created_at as k1'])
        .$if(after !== null, (q) =>
          q.where((eb) =>
            eb(
              eb.refTuple('post_likes.created_at', 'post_likes.post_id'),
              '<',
              eb.tuple(after![0], after![1]),
            ),
          ),
        )
        .orderBy('post_likes.created_at', 'desc')
        .orderBy('post_likes.post_id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      return keysOf(rows);
    },
    count: async () =>
      Number(
        (
          await base()
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
