import type { Comment, Reply } from '@pixelhall/contract';
import type { InfiniteData } from '@tanstack/react-query';
import type { ListPage } from './list-pages';

/** A change to the comments of a post that every cached page must show at once. */
export type CommentChange =
  | { kind: 'like'; id: number; liked: boolean; like_count: number }
  /**
   * A comment (`rootId` null) or a reply of thread `rootId`, with `ids` its known replies below
   * it (see `replySubtree`), which the server deleted with it.
   */
  | { kind: 'delete'; rootId: number | null; ids: readonly number[] }
  /** A new reply in the thread of the top-level comment `rootId`. */
  | { kind: 'reply'; rootId: number; reply: Reply }
  /** A new top-level comment, at the head of the list. */
  | { kind: 'comment'; comment: Comment }
  /** The server's new copy of a comment or reply (its author edited it); a comment keeps its replies. */
  | { kind: 'replace'; reply: Reply };

type Pages<T> = InfiniteData<ListPage<T>>;

/** `id` and every reply of `replies` whose parent chain reaches it: what deleting it removes. */
export function replySubtree(id: number, replies: readonly Pick<Reply, 'id' | 'parent_id'>[]): number[] {
  const gone = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of replies) {
      if (!gone.has(r.id) && r.parent_id !== null && gone.has(r.parent_id)) {
        gone.add(r.id);
        grew = true;
      }
    }
  }
  return [...gone];
}

function changeReply<T extends Reply>(item: T, change: CommentChange): T {
  if (change.kind === 'like' && item.id === change.id) {
    if (item.liked === change.liked && item.like_count === change.like_count) return item;
    return { ...item, liked: change.liked, like_count: change.like_count };
  }
  if (change.kind === 'replace' && item.id === change.reply.id) return { ...item, ...change.reply };
  return item;
}

function changeComment(comment: Comment, change: CommentChange): Comment {
  let next = changeReply(comment, change);
  if (change.kind === 'like' || change.kind === 'replace') {
    const replies = comment.replies.map((r) => changeReply(r, change));
    if (replies.some((r, i) => r !== comment.replies[i])) next = { ...next, replies };
  } else if (change.kind === 'delete' && comment.id === change.rootId) {
    const replies = comment.replies.filter((r) => !change.ids.includes(r.id));
    next = { ...next, replies, reply_count: Math.max(0, comment.reply_count - change.ids.length) };
  } else if (change.kind === 'reply' && comment.id === change.rootId) {
    if (!comment.replies.some((r) => r.id === change.reply.id)) {
      next = {
        ...next,
        replies: [...comment.replies, change.reply],
        reply_count: comment.reply_count + 1,
      };
    }
  }
  return next;
}

/** The pages of a post's comments (New or Best) with the change applied; untouched pages keep their identity. */
export function applyToComments(
  data: Pages<Comment> | undefined,
  change: CommentChange,
): Pages<Comment> | undefined {
  if (!data) return data;
  let removed = 0;
  let pages = data.pages.map((page) => {
    const list = page.list.flatMap((c) => {
      if (change.kind === 'delete' && change.rootId === null && change.ids.includes(c.id)) {
        removed += 1;
        return [];
      }
      return [changeComment(c, change)];
    });
    return list.every((c, i) => c === page.list[i]) && list.length === page.list.length
      ? page
      : { ...page, list };
  });
  if (change.kind === 'comment') {
    const exists = pages.some((p) => p.list.some((c) => c.id === change.comment.id));
    const [first, ...rest] = pages;
    if (!exists && first) {
      pages = [{ ...first, list: [change.comment, ...first.list] }, ...rest];
      return { ...data, pages: pages.map((p) => ({ ...p, total: p.total + 1 })) };
    }
  }
  if (removed) pages = pages.map((p) => ({ ...p, total: Math.max(0, p.total - removed) }));
  return pages.every((p, i) => p === data.pages[i]) ? data : { ...data, pages };
}

/** The pages of one thread's replies (`comment/replies`) with the change applied. */
export function applyToReplies(
  data: Pages<Reply> | undefined,
  change: CommentChange,
): Pages<Reply> | undefined {
  if (!data) return data;
  if (change.kind === 'like' || change.kind === 'replace') {
    const pages = data.pages.map((page) => {
      const list = page.list.map((r) => changeReply(r, change));
      return list.every((r, i) => r === page.list[i]) ? page : { ...page, list };
    });
    return pages.every((p, i) => p === data.pages[i]) ? data : { ...data, pages };
  }
  if (change.kind === 'delete') {
    let removed = 0;
    const pages = data.pages.map((page) => {
      const list = page.list.filter((r) => !change.ids.includes(r.id));
      removed += page.list.length - list.length;
      return list.length === page.list.length ? page : { ...page, list };
    });
    if (!removed) return data;
    return { ...data, pages: pages.map((p) => ({ ...p, total: Math.max(0, p.total - removed) })) };
  }
  return data;
}
