import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Sets the maintained counters of the rows the seed touched from the rows that justify them, so
 * they are exact whatever the database held before. (share_count has no rows: it stays as set.)
 */
export async function recountCounters(
  db: Kysely<DB>,
  ids: { users: number[]; topics: number[]; posts: number[]; comments: number[] },
): Promise<void> {
  if (ids.users.length)
    await db
      .updateTable('users')
      .set((eb) => ({
        post_count: eb
          .selectFrom('posts')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('posts.user_id', '=', 'users.id'),
        follower_count: eb
          .selectFrom('follows')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('follows.followee_id', '=', 'users.id'),
        following_count: eb
          .selectFrom('follows')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('follows.follower_id', '=', 'users.id'),
      }))
      .where('id', 'in', ids.users)
      .execute();
  if (ids.topics.length)
    await db
      .updateTable('topics')
      .set((eb) => ({
        post_count: eb
          .selectFrom('posts')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('posts.topic_id', '=', 'topics.id'),
        follower_count: eb
          .selectFrom('topic_follows')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('topic_follows.topic_id', '=', 'topics.id'),
      }))
      .where('id', 'in', ids.topics)
      .execute();
  if (ids.posts.length)
    await db
      .updateTable('posts')
      .set((eb) => ({
        like_count: eb
          .selectFrom('post_likes')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('post_likes.post_id', '=', 'posts.id'),
        comment_count: eb
          .selectFrom('comments')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('comments.post_id', '=', 'posts.id'),
        file_count: eb
          .selectFrom('post_files')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('post_files.post_id', '=', 'posts.id'),
        // The hot-score batch picks them up on its next run.
        hot_dirty: 1,
      }))
      .where('id', 'in', ids.posts)
      .execute();
  if (ids.comments.length)
    await db
      .updateTable('comments')
      .set((eb) => ({
        like_count: eb
          .selectFrom('comment_likes')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('comment_likes.comment_id', '=', 'comments.id'),
        // Counted on the top-level comment: every reply in its thread (a reply's own stays 0).
        reply_count: eb
          .selectFrom('comments as thread')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('thread.root_id', '=', 'comments.id'),
      }))
      .where('id', 'in', ids.comments)
      .execute();
}
