import type { Author, Comment, Reply } from '@pixelhall/contract';

/**
 * The replies shown under a comment: its preview (the first few, plus replies posted from
 * here) and the pages asked for with "more replies", each once, oldest first.
 */
export function threadReplies(comment: Pick<Comment, 'replies'>, more: readonly Reply[] = []): Reply[] {
  const byId = new Map<number, Reply>();
  for (const reply of [...comment.replies, ...more]) if (!byId.has(reply.id)) byId.set(reply.id, reply);
  return [...byId.values()].sort((a, b) => a.created_at - b.created_at || a.id - b.id);
}

/** How many replies of the thread are not on screen yet ("more replies (n)"). */
export function hiddenReplies(comment: Pick<Comment, 'reply_count'>, shown: number): number {
  return Math.max(0, comment.reply_count - shown);
}

/**
 * Whom a reply answers, when that is worth saying: a reply straight to the comment answers its
 * author, which the indentation already shows; a reply to a reply names whom it answers.
 */
export function replyTarget(
  reply: Pick<Reply, 'parent_id' | 'reply_to'>,
  root: Pick<Comment, 'id' | 'user'>,
): Author | null {
  if (!reply.reply_to) return null;
  return reply.parent_id !== root.id || reply.reply_to.id !== root.user.id ? reply.reply_to : null;
}

/** Own comments can be deleted, and so can every comment on one's own post. */
export function canDelete(comment: Pick<Reply, 'mine'>, postIsMine: boolean): boolean {
  return comment.mine || postIsMine;
}
