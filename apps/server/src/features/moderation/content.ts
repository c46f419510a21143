import type { Executor } from '../../db/executor';
import { fail } from '../../http/app-error';
import { type ContentTarget, JUDGED_POST_COLUMNS } from './repo';

/** A post or comment as a moderator acts on it. */
export interface Content {
  target: ContentTarget;
  id: number;
  /** Its author: whom the action is about. */
  userId: number;
  topicId: number;
  /** The post itself, or the post a comment is on. */
  postId: number;
  text: string;
  link: string | null;
  /** Gold to read it; a comment's is 0. */
  price: number;
  removedAt: number | null;
  /** The log entry of its removal, while removed. */
  removedActionId: number | null;
  heldAt: number | null;
  commentsLocked: boolean;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** The content, or its "not found" when it is gone (deleted by its author, or never was). */
export async function contentOf(db: Executor, target: ContentTarget, id: number): Promise<Content> {
  if (target === 'post') {
    const p = await db
      .selectFrom('posts')
      .select(JUDGED_POST_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!p) throw fail('errors.post_not_found');
    return {
      target,
      id: Number(p.id),
      userId: Number(p.user_id),
      topicId: Number(p.topic_id),
      postId: Number(p.id),
      text: p.text,
      link: p.link,
      price: Number(p.price),
      removedAt: num(p.removed_at),
      removedActionId: num(p.removed_action_id),
      heldAt: num(p.held_at),
      commentsLocked: p.comments_locked === 1,
    };
  }
  const c = await db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select([
      'comments.id',
      'comments.user_id',
      'comments.post_id',
      'comments.text',
      'comments.removed_at',
      'comments.removed_action_id',
      'posts.topic_id',
    ])
    .where('comments.id', '=', id)
    .executeTakeFirst();
  if (!c) throw fail('errors.comment_not_found');
  return {
    target,
    id: Number(c.id),
    userId: Number(c.user_id),
    topicId: Number(c.topic_id),
    postId: Number(c.post_id),
    text: c.text,
    link: null,
    price: 0,
    removedAt: num(c.removed_at),
    removedActionId: num(c.removed_action_id),
    heldAt: null,
    commentsLocked: false,
  };
}

/** The content as the log keeps it for the staff: its text, then a post's link on a line of its own. */
export const logSnapshot = (c: Pick<Content, 'text' | 'link'>): string =>
  c.link ? `${c.text}\n${c.link}` : c.text;
