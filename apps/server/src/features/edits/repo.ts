import type { Executor } from '../../db/executor';

/**
 * Edits and their history (docs/internals/edits.md): the columns of a post or comment an edit
 * and its history need, the earlier versions, and the edit itself. Takes a transaction too.
 */
export function editsRepo(db: Executor) {
  return {
    /**
     * A post with its topic's age limit. With `lock` (db/dialect.ts `locksRows`), the row stays
     * locked until the transaction ends, so two edits at once each keep the version before them.
     */
    post: (id: number, lock = false) =>
      db
        .selectFrom('posts')
        .innerJoin('topics', 'topics.id', 'posts.topic_id')
        .select([
          'posts.id',
          'posts.user_id',
          'posts.price',
          'posts.text',
          'posts.link',
          'posts.created_at',
          'posts.edited_at',
          'posts.removed_at',
          'posts.held_at',
          'topics.min_age',
        ])
        .where('posts.id', '=', id)
        .$if(lock, (q) => q.forNoKeyUpdate('posts'))
        .executeTakeFirst(),

    /** A comment with what its post says about it (author, removed, held, locked, age limit); `lock` as `post`. */
    comment: (id: number, lock = false) =>
      db
        .selectFrom('comments')
        .innerJoin('posts', 'posts.id', 'comments.post_id')
        .innerJoin('topics', 'topics.id', 'posts.topic_id')
        .select([
          'comments.id',
          'comments.user_id',
          'comments.text',
          'comments.created_at',
          'comments.edited_at',
          'comments.removed_at',
          'posts.user_id as post_user_id',
          'posts.removed_at as post_removed_at',
          'posts.held_at as post_held_at',
          'posts.comments_locked',
          'topics.min_age',
        ])
        .where('comments.id', '=', id)
        .$if(lock, (q) => q.forNoKeyUpdate('comments'))
        .executeTakeFirst(),

    /** A post's earlier versions, oldest first. */
    postVersions: (postId: number) =>
      db
        .selectFrom('post_versions')
        .select(['text', 'link', 'created_at'])
        .where('post_id', '=', postId)
        .orderBy('id')
        .execute(),

    /** A comment's earlier versions, oldest first. */
    commentVersions: (commentId: number) =>
      db
        .selectFrom('comment_versions')
        .select(['text', 'created_at'])
        .where('comment_id', '=', commentId)
        .orderBy('id')
        .execute(),

    /**
     * Keeps the version the post shows now (written at `writtenAt`) and puts the new one in its
     * place; `hold` sets the post aside for a moderator (the content filters' verdict).
     */
    async editPost(
      post: { id: number; text: string; link: string | null; writtenAt: number },
      next: { text: string; link: string | null },
      hold: { reason: string } | null,
      now: number,
    ): Promise<void> {
      await db
        .insertInto('post_versions')
        .values({ post_id: post.id, text: post.text, link: post.link, created_at: post.writtenAt })
        .execute();
      await db
        .updateTable('posts')
        .set({
          text: next.text,
          link: next.link,
          edited_at: now,
          updated_at: now,
          ...(hold ? { held_at: now, held_reason: hold.reason } : {}),
        })
        .where('id', '=', post.id)
        .execute();
    },

    /** `editPost` for a comment. */
    async editComment(
      comment: { id: number; text: string; writtenAt: number },
      text: string,
      now: number,
    ): Promise<void> {
      await db
        .insertInto('comment_versions')
        .values({ comment_id: comment.id, text: comment.text, created_at: comment.writtenAt })
        .execute();
      await db.updateTable('comments').set({ text, edited_at: now }).where('id', '=', comment.id).execute();
    },
  };
}
