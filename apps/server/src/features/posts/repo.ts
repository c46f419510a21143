import { ADULT_AGE } from '@pixelhall/contract';
import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { DB } from '../../db/schema';

export interface NewPostFile {
  sha256: string;
  name: string;
  mime: string;
  bytes: number;
  isImage: boolean;
  width: number | null;
  height: number | null;
  accessKey: string;
}

// Every feed request past the shared page 1 reads it (db/compiled-once.ts).
const generalCount = compiledOnce((db) =>
  db
    .selectFrom('topics')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('post_count'), eb.lit(0)).as('n'))
    .where('min_age', '<', ADULT_AGE),
);

export type PostRef = NonNullable<Awaited<ReturnType<ReturnType<typeof postsRepo>['find']>>>;

/** Post writes and single-row reads; feeds live in feeds.ts. Takes a transaction too. */
export function postsRepo(db: Kysely<DB>) {
  async function bump(table: 'users' | 'topics', id: number, by: 1 | -1): Promise<void> {
    await db
      .updateTable(table)
      .set((eb) => ({ post_count: eb('post_count', '+', by) }))
      .where('id', '=', id)
      .execute();
  }

  return {
    /**
     * With `lock` (db/dialect.ts `locksRows`), the post row stays locked until the transaction
     * ends, as the update of its like count would lock it: one member's toggles take turns.
     */
    find: (id: number, lock = false) =>
      db
        .selectFrom('posts')
        .innerJoin('topics', 'topics.id', 'posts.topic_id')
        .select([
          'posts.id',
          'posts.user_id',
          'posts.topic_id',
          'posts.removed_at',
          'posts.held_at',
          'posts.comments_locked',
          'topics.min_age as topic_min_age',
        ])
        .where('posts.id', '=', id)
        .$if(lock, (q) => q.forNoKeyUpdate('posts'))
        .executeTakeFirst(),

    topic: (id: number) =>
      db.selectFrom('topics').select(['id', 'min_level', 'min_age']).where('id', '=', id).executeTakeFirst(),

    levelOf: async (userId: number) =>
      (await db.selectFrom('users').select('level').where('id', '=', userId).executeTakeFirst())?.level ?? 1,

    /** Of these files, those `userId` uploaded: nobody attaches another member's upload. */
    uploadsOf: (userId: number, sha256s: string[]) =>
      sha256s.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('uploads')
            .innerJoin('upload_owners as o', 'o.sha256', 'uploads.sha256')
            .select([
              'uploads.sha256',
              'uploads.mime',
              'uploads.bytes',
              'uploads.width',
              'uploads.height',
              'uploads.picture',
            ])
            .where('o.user_id', '=', userId)
            .where('uploads.sha256', 'in', sha256s)
            .execute(),

    /** The post, its files, and both post counts, all in the caller's transaction. */
    async insert(
      post: {
        userId: number;
        topicId: number;
        text: string;
        color: string | null;
        style: string | null;
        link: string | null;
        price: number;
        hotScore: number;
        now: number;
        /** Held for review by the content filters (content-filters/public.ts): why, as screening said. */
        heldReason?: string | null;
      },
      files: NewPostFile[],
    ): Promise<number> {
      const { id } = await db
        .insertInto('posts')
        .values({
          user_id: post.userId,
          topic_id: post.topicId,
          text: post.text,
          color: post.color,
          style: post.style,
          link: post.link,
          price: post.price,
          file_count: files.length,
          hot_score: post.hotScore,
          hot_dirty: 1,
          created_at: post.now,
          updated_at: post.now,
          held_at: post.heldReason ? post.now : null,
          held_reason: post.heldReason ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const postId = Number(id);
      if (files.length > 0) {
        await db
          .insertInto('post_files')
          .values(
            files.map((f, position) => ({
              post_id: postId,
              position,
              sha256: f.sha256,
              name: f.name,
              mime: f.mime,
              bytes: f.bytes,
              is_image: f.isImage ? 1 : 0,
              width: f.width,
              height: f.height,
              access_key: f.accessKey,
            })),
          )
          .execute();
      }
      await bump('users', post.userId, 1);
      await bump('topics', post.topicId, 1);
      return postId;
    },

    /**
     * Removes the post and everything hanging from it: comments with their likes, its likes,
     * unlocks and files, and the news that point at it or its comments. Answers false when the
     * post was already gone (a concurrent delete), in which case no count moves.
     */
    async delete(post: { id: number; user_id: number; topic_id: number }): Promise<boolean> {
      const commentIds = db.selectFrom('comments').select('id').where('post_id', '=', post.id);
      await db
        .deleteFrom('news')
        .where((eb) =>
          eb.or([
            eb.and([eb('ref_type', '=', 'post'), eb('ref_id', '=', post.id)]),
            eb.and([eb('ref_type', '=', 'comment'), eb('ref_id', 'in', commentIds)]),
          ]),
        )
        .execute();
      await db.deleteFrom('comment_likes').where('comment_id', 'in', commentIds).execute();
      await db.deleteFrom('comments').where('post_id', '=', post.id).execute();
      await db.deleteFrom('post_likes').where('post_id', '=', post.id).execute();
      await db.deleteFrom('post_unlocks').where('post_id', '=', post.id).execute();
      await db.deleteFrom('post_files').where('post_id', '=', post.id).execute();
      const result = await db.deleteFrom('posts').where('id', '=', post.id).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) return false;
      await bump('users', post.user_id, -1);
      await bump('topics', post.topic_id, -1);
      return true;
    },

    /** True when the like is new; only then do the count and the dirty flag change. */
    async like(postId: number, userId: number, now: number): Promise<boolean> {
      const result = await db
        .insertInto('post_likes')
        .values({ post_id: postId, user_id: userId, created_at: now })
        .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      await db
        .updateTable('posts')
        .set((eb) => ({ like_count: eb('like_count', '+', 1), hot_dirty: 1 }))
        .where('id', '=', postId)
        .execute();
      return true;
    },

    async unlike(postId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('post_likes')
        .where('post_id', '=', postId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) return false;
      await db
        .updateTable('posts')
        .set((eb) => ({ like_count: eb('like_count', '-', 1), hot_dirty: 1 }))
        .where('id', '=', postId)
        .execute();
      return true;
    },

    likeCount: async (postId: number) =>
      (await db.selectFrom('posts').select('like_count').where('id', '=', postId).executeTakeFirstOrThrow())
        .like_count,

    /** Whether `userId` has put `otherId` on their blacklist. */
    blocks: async (userId: number, otherId: number) =>
      Boolean(
        await db
          .selectFrom('blacklist')
          .select('user_id')
          .where('user_id', '=', userId)
          .where('blocked_id', '=', otherId)
          .executeTakeFirst(),
      ),

    /** Counts a share; answers the new count, or null when the post is gone. */
    async share(postId: number): Promise<number | null> {
      const row = await db
        .updateTable('posts')
        .set((eb) => ({ share_count: eb('share_count', '+', 1), hot_dirty: 1 }))
        .where('id', '=', postId)
        .returning('share_count')
        .executeTakeFirst();
      return row ? row.share_count : null;
    },

    /**
     * What a report is about, as it is now: the content's text (and a post's link) for the
     * report's snapshot, who wrote it, and whether a moderator removed it or holds it.
     * Undefined when it does not exist.
     */
    async reportTarget(target: 'post' | 'comment' | 'user', id: number) {
      if (target === 'post') {
        return db
          .selectFrom('posts')
          .select(['id', 'user_id', 'text', 'link', 'removed_at', 'held_at'])
          .where('id', '=', id)
          .executeTakeFirst();
      }
      if (target === 'comment') {
        return db
          .selectFrom('comments')
          .innerJoin('posts', 'posts.id', 'comments.post_id')
          .select([
            'comments.id',
            'comments.user_id',
            'comments.text',
            sql<null>`null`.as('link'),
            'comments.removed_at',
            'posts.held_at',
          ])
          .where('comments.id', '=', id)
          .executeTakeFirst();
      }
      return db
        .selectFrom('users')
        .select([
          'id',
          'id as user_id',
          sql<null>`null`.as('text'),
          sql<null>`null`.as('link'),
          sql<null>`null`.as('removed_at'),
          sql<null>`null`.as('held_at'),
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * One open report per reporter and target: a repeat while it is open changes nothing. Once a
     * moderator resolved it, reporting again opens it anew with what is said and seen now.
     */
    async report(row: {
      reporterId: number;
      target: string;
      targetId: number;
      reason: string;
      text: string;
      snapshot: string | null;
      now: number;
    }): Promise<void> {
      const values = {
        reporter_id: row.reporterId,
        target: row.target,
        target_id: row.targetId,
        reason: row.reason,
        text: row.text,
        snapshot: row.snapshot,
        created_at: row.now,
      };
      await db
        .insertInto('reports')
        .values(values)
        .onConflict((oc) =>
          oc
            .columns(['reporter_id', 'target', 'target_id'])
            .doUpdateSet({
              reason: row.reason,
              text: row.text,
              snapshot: row.snapshot,
              created_at: row.now,
              resolved_at: null,
              resolved_by: null,
              resolution: null,
            })
            .where('reports.resolved_at', 'is not', null),
        )
        .execute();
    },

    async setLook(
      postId: number,
      changes: { color?: string | null; style?: string | null; comments_open?: number },
      now: number,
    ): Promise<void> {
      await db
        .updateTable('posts')
        .set({ ...changes, updated_at: now })
        .where('id', '=', postId)
        .execute();
    },

    /** Pinning is the operator's; answers false for a post that does not exist. */
    async setPinned(postId: number, pinnedAt: number | null): Promise<boolean> {
      const result = await db
        .updateTable('posts')
        .set({ pinned_at: pinnedAt })
        .where('id', '=', postId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Posts of topics anyone may browse without the 18+ answer: the general feeds' size. */
    generalPostCount: async () => Number((await generalCount(db, {}))[0]!.n),
  };
}
export type PostsRepo = ReturnType<typeof postsRepo>;
