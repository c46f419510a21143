import { ADULT_AGE } from '@pixelhall/contract';
import { type Kysely, sql } from 'kysely';
import type { PageStart } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { mutedBy } from '../mutes/public';
import { blockedBy } from '../people/public';

const COLUMNS = [
  'comments.id',
  'comments.post_id',
  'comments.user_id',
  'comments.root_id',
  'comments.parent_id',
  'comments.depth',
  'comments.reply_to_user_id',
  'comments.text',
  'comments.like_count',
  'comments.reply_count',
  'comments.created_at',
  'comments.removed_at',
  'comments.removed_reason',
  'comments.removed_action_id',
  'comments.edited_at',
] as const;

export type CommentSort = 'new' | 'best';

/** A keyset position as a where clause: rows strictly after `key` in a two-column order. */
type After = readonly [number, number];
const afterOf = (start: PageStart): After | null =>
  start.after === null ? null : [start.after[0]!, start.after[1]!];

/**
 * Comments and their likes. Takes a transaction too. Counters (posts.comment_count,
 * comments.reply_count, comments.like_count) change in the transaction of the rows that justify
 * them, and only by the number of rows really inserted or deleted. `clock` (the app's) says which
 * mutes still run.
 */
/** A comment and every reply below it, however deep, by following parent_id down. */
export async function commentSubtree(db: Kysely<DB>, id: number): Promise<number[]> {
  const rows = await db
    .withRecursive('subtree(id)', (qb) =>
      qb
        .selectFrom('comments')
        .select('id')
        .where('id', '=', id)
        .unionAll((qb2) =>
          qb2
            .selectFrom('comments')
            .innerJoin('subtree', 'subtree.id', 'comments.parent_id')
            .select('comments.id'),
        ),
    )
    .selectFrom('subtree')
    .select('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

export function commentsRepo(db: Kysely<DB>, clock: () => number = Date.now) {
  /** Comments a viewer may see: none by members the viewer has blocked, nor mutes for now. */
  const visible = (viewerId: number | null) =>
    db
      .selectFrom('comments')
      .$if(viewerId !== null, (q) =>
        q
          .where('comments.user_id', 'not in', blockedBy(db, viewerId!))
          .where('comments.user_id', 'not in', mutedBy(db, viewerId!, clock())),
      );

  return {
    /**
     * With `lock` (db/dialect.ts `locksRows`), the comment row stays locked until the transaction
     * ends, as the update of its like count would lock it: one member's toggles take turns.
     */
    find: (id: number, lock = false) =>
      db
        .selectFrom('comments')
        .select(COLUMNS)
        .where('id', '=', id)
        .$if(lock, (q) => q.forNoKeyUpdate())
        .executeTakeFirst(),

    /** Comments by id, in no particular order; those that are gone are left out. */
    findAll: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('comments').select(COLUMNS).where('id', 'in', ids).execute(),

    /**
     * The topic a post is in, for its age limit, with who wrote the post and whether it is held
     * for review (its comments are then its author's and staff's alone); undefined when there is
     * no such post.
     */
    topicOfPost: (postId: number) =>
      db
        .selectFrom('posts')
        .innerJoin('topics', 'topics.id', 'posts.topic_id')
        .select(['topics.min_age', 'posts.user_id', 'posts.held_at'])
        .where('posts.id', '=', postId)
        .executeTakeFirst(),

    /**
     * Changes a post's comment count by `delta` and marks it for the hot-score batch. Being an
     * update, it also locks the post row until the transaction ends, so comments, replies and
     * deletions on one post take turns and their counts stay exact. Undefined: no such post.
     */
    countOnPost: (postId: number, delta: number) =>
      db
        .updateTable('posts')
        .set((eb) => ({ comment_count: eb('comment_count', '+', delta), hot_dirty: 1 }))
        .where('id', '=', postId)
        .returning(['user_id', 'comments_open', 'comment_count', 'removed_at', 'held_at', 'comments_locked'])
        .executeTakeFirst(),

    async insert(row: {
      post_id: number;
      user_id: number;
      root_id: number | null;
      parent_id: number | null;
      depth: number;
      reply_to_user_id: number | null;
      text: string;
      created_at: number;
    }) {
      return db.insertInto('comments').values(row).returning(COLUMNS).executeTakeFirstOrThrow();
    },

    async countReplies(rootId: number, delta: number): Promise<void> {
      await db
        .updateTable('comments')
        .set((eb) => ({ reply_count: eb('reply_count', '+', delta) }))
        .where('id', '=', rootId)
        .execute();
    },

    /** A post's top-level comments, New (created_at, id) or Best (like_count, id), descending. */
    topLevel(postId: number, sort: CommentSort, viewerId: number | null, start: PageStart, limit: number) {
      const after = afterOf(start);
      const first = sort === 'best' ? 'comments.like_count' : 'comments.created_at';
      return visible(viewerId)
        .select(COLUMNS)
        .where('comments.post_id', '=', postId)
        .where('comments.root_id', 'is', null)
        .$if(after !== null, (q) =>
          q.where(({ eb, refTuple, tuple }) =>
            eb(refTuple(first, 'comments.id'), '<', tuple(after![0], after![1])),
          ),
        )
        .orderBy(first, 'desc')
        .orderBy('comments.id', 'desc')
        .offset(start.offset)
        .limit(limit)
        .execute();
    },

    async countTopLevel(postId: number, viewerId: number | null): Promise<number> {
      const { count } = await visible(viewerId)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('comments.post_id', '=', postId)
        .where('comments.root_id', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /**
     * The first `perThread` replies (oldest first) of each thread, for a whole page of threads in
     * one query: a window numbers each thread's replies and the outer query keeps the first few.
     */
    async previews(rootIds: number[], viewerId: number | null, perThread: number) {
      if (rootIds.length === 0) return [];
      const numbered = visible(viewerId)
        .select([
          ...COLUMNS,
          sql<number>`row_number() over (partition by comments.root_id order by comments.created_at, comments.id)`.as(
            'position',
          ),
        ])
        .where('comments.root_id', 'in', rootIds);
      return db
        .selectFrom(numbered.as('numbered'))
        .selectAll()
        .where('position', '<=', perThread)
        .orderBy('root_id')
        .orderBy('position')
        .execute();
    },

    /** Every reply of a thread, oldest first. */
    thread(rootId: number, viewerId: number | null, start: PageStart, limit: number) {
      const after = afterOf(start);
      return visible(viewerId)
        .select(COLUMNS)
        .where('comments.root_id', '=', rootId)
        .$if(after !== null, (q) =>
          q.where(({ eb, refTuple, tuple }) =>
            eb(refTuple('comments.created_at', 'comments.id'), '>', tuple(after![0], after![1])),
          ),
        )
        .orderBy('comments.created_at', 'asc')
        .orderBy('comments.id', 'asc')
        .offset(start.offset)
        .limit(limit)
        .execute();
    },

    async countThread(rootId: number, viewerId: number | null): Promise<number> {
      const { count } = await visible(viewerId)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('comments.root_id', '=', rootId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /**
     * A member's comments, newest first, with the gate's columns of the post each belongs to;
     * comments on adult topics' posts only `withAdult`, and the ones a moderator removed only
     * `withRemoved` (the service decides who may see them). None on removed or held posts.
     */
    byUser(userId: number, withAdult: boolean, withRemoved: boolean, start: PageStart, limit: number) {
      const after = afterOf(start);
      return db
        .selectFrom('comments')
        .innerJoin('posts', 'posts.id', 'comments.post_id')
        .innerJoin('topics', 'topics.id', 'posts.topic_id')
        .select([
          ...COLUMNS,
          'posts.user_id as post_user_id',
          'posts.price as post_price',
          'posts.text as post_text',
          'topics.min_age as post_min_age',
          'posts.removed_at as post_removed_at',
          'posts.held_at as post_held_at',
        ])
        .where('comments.user_id', '=', userId)
        .where('posts.removed_at', 'is', null)
        .where('posts.held_at', 'is', null)
        .$if(!withRemoved, (q) => q.where('comments.removed_at', 'is', null))
        .$if(!withAdult, (q) => q.where('topics.min_age', '<', ADULT_AGE))
        .$if(after !== null, (q) =>
          q.where(({ eb, refTuple, tuple }) =>
            eb(refTuple('comments.created_at', 'comments.id'), '<', tuple(after![0], after![1])),
          ),
        )
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.id', 'desc')
        .offset(start.offset)
        .limit(limit)
        .execute();
    },

    async countByUser(userId: number, withAdult: boolean, withRemoved: boolean): Promise<number> {
      const { count } = await db
        .selectFrom('comments')
        .innerJoin('posts', 'posts.id', 'comments.post_id')
        .$if(!withAdult, (q) =>
          q.innerJoin('topics', 'topics.id', 'posts.topic_id').where('topics.min_age', '<', ADULT_AGE),
        )
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('comments.user_id', '=', userId)
        .where('posts.removed_at', 'is', null)
        .where('posts.held_at', 'is', null)
        .$if(!withRemoved, (q) => q.where('comments.removed_at', 'is', null))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async likedBy(viewerId: number, commentIds: number[]): Promise<Set<number>> {
      if (commentIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('comment_likes')
        .select('comment_id')
        .where('user_id', '=', viewerId)
        .where('comment_id', 'in', commentIds)
        .execute();
      return new Set(rows.map((r) => Number(r.comment_id)));
    },

    async likes(commentId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('comment_likes')
        .select('user_id')
        .where('comment_id', '=', commentId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Answers whether a like was added (false: it was there already). */
    async like(commentId: number, userId: number, now: number): Promise<boolean> {
      const row = await db
        .insertInto('comment_likes')
        .values({ comment_id: commentId, user_id: userId, created_at: now })
        .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Answers whether a like was removed (false: there was none). */
    async unlike(commentId: number, userId: number): Promise<boolean> {
      const row = await db
        .deleteFrom('comment_likes')
        .where('comment_id', '=', commentId)
        .where('user_id', '=', userId)
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Changes a comment's like count by `delta`; answers the new count (undefined: no comment). */
    async countLikes(commentId: number, delta: number): Promise<number | undefined> {
      const row = await db
        .updateTable('comments')
        .set((eb) => ({ like_count: eb('like_count', '+', delta) }))
        .where('id', '=', commentId)
        .returning('like_count')
        .executeTakeFirst();
      return row?.like_count;
    },

    /** A comment and every reply below it, however deep. */
    subtree: (id: number) => commentSubtree(db, id),

    /** Deletes one comment; the foreign keys (parent_id, root_id) cascade to its replies. */
    async remove(id: number): Promise<void> {
      await db.deleteFrom('comments').where('id', '=', id).execute();
    },
  };
}
export type CommentsRepo = ReturnType<typeof commentsRepo>;
export type CommentRow = NonNullable<Awaited<ReturnType<CommentsRepo['find']>>>;
