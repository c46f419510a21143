import { type Comment, DOUBLE_TAP_MS, type Reply } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useGuard } from '../../core/guard';
import { adultAnswer } from '../../state/adult';
import { request } from '../client';
import { queryClient } from '../query-client';
import { applyToComments, applyToReplies, type CommentChange } from './comment-cache';
import { createLikeBatcher } from './like-batcher';
import { pageFields, usePagedQuery } from './paged-query';

export type CommentSort = 'new' | 'best';

/** A post's comments and their threads, under 'comments' (the session transitions clear it). */
export const commentKeys = {
  ofPost: (postId: number) => ['comments', 'post', postId] as const,
  list: (postId: number, sort: CommentSort) => ['comments', 'post', postId, sort] as const,
  threads: ['comments', 'thread'] as const,
  thread: (rootId: number) => ['comments', 'thread', rootId] as const,
};

const quiet = { successToast: false } as const;

export function usePostComments(postId: number, sort: CommentSort, enabled = true) {
  return usePagedQuery<Comment>({
    queryKey: commentKeys.list(postId, sort),
    fetchPage: (param, signal) =>
      request(
        routes.comments.commentLists,
        { post_id: postId, sort, ...adultAnswer(), ...pageFields(param) },
        { ...quiet, signal },
      ),
    enabled,
  });
}

/** The replies of a thread beyond its preview, oldest first; asked for only when the member wants more. */
export function useThreadReplies(rootId: number, enabled: boolean) {
  return usePagedQuery<Reply>({
    queryKey: commentKeys.thread(rootId),
    fetchPage: (param, signal) =>
      request(
        routes.comments.commentReplies,
        { comment_id: rootId, ...adultAnswer(), ...pageFields(param) },
        { ...quiet, signal },
      ),
    enabled,
  });
}

/** Puts one change into every cached page of comments and threads of the post. */
export function updateCachedComments(postId: number, change: CommentChange): void {
  queryClient.setQueriesData<Parameters<typeof applyToComments>[0]>(
    { queryKey: commentKeys.ofPost(postId) },
    (old) => applyToComments(old, change),
  );
  queryClient.setQueriesData<Parameters<typeof applyToReplies>[0]>({ queryKey: commentKeys.threads }, (old) =>
    applyToReplies(old, change),
  );
}

/** Which post a comment being liked belongs to, so its like lands in the right caches. */
const postOfComment = new Map<number, number>();

const likes = createLikeBatcher({
  delayMs: DOUBLE_TAP_MS,
  send: async (id, like) => {
    const answer = await request(routes.comments.likeComment, { id, like }, quiet);
    return { liked: answer.liked, likeCount: answer.like_count };
  },
  show: (id, state) => showLike(id, state.liked, state.likeCount),
  confirmed: (id, state) => showLike(id, state.liked, state.likeCount),
});

function showLike(id: number, liked: boolean, likeCount: number): void {
  const postId = postOfComment.get(id);
  if (postId !== undefined) updateCachedComments(postId, { kind: 'like', id, liked, like_count: likeCount });
}

/**
 * Like or unlike a comment or reply: shown at once, sent with the explicit state once the taps
 * settle (a double tap is one gesture). Visitors are sent to log in.
 */
export function useLikeComment(): (comment: Pick<Reply, 'id' | 'post_id' | 'liked' | 'like_count'>) => void {
  const guard = useGuard();
  return useCallback(
    (comment) => {
      guard({
        action: () => {
          postOfComment.set(comment.id, comment.post_id);
          likes.tap(comment.id, { liked: comment.liked, likeCount: comment.like_count });
        },
      });
    },
    [guard],
  );
}

/** A new comment on the post: at the head of both tabs at once. */
export function usePostComment(postId: number) {
  return useMutation({
    mutationFn: (text: string) => request(routes.comments.postComment, { post_id: postId, text }),
    onSuccess: (comment) => updateCachedComments(postId, { kind: 'comment', comment }),
  });
}

/** A reply to a comment or a reply: it joins the thread of its top-level comment. */
export function useReplyComment(postId: number) {
  return useMutation({
    mutationFn: ({ commentId, text }: { commentId: number; text: string }) =>
      request(routes.comments.replyComment, { comment_id: commentId, text }),
    onSuccess: (reply) =>
      updateCachedComments(postId, { kind: 'reply', rootId: reply.root_id ?? reply.id, reply }),
  });
}

/** Deletes a comment (or reply) with the replies below it; answers the post's new comment count. */
export function useDeleteComment(postId: number) {
  return useMutation({
    mutationFn: ({ id }: { id: number; rootId: number | null; ids: readonly number[] }) =>
      request(routes.comments.deleteComment, { id }),
    onSuccess: (_answer, { rootId, ids }) => {
      updateCachedComments(postId, { kind: 'delete', rootId, ids });
      // Replies deeper down that were never loaded went too: the next look asks again.
      void queryClient.invalidateQueries({ queryKey: commentKeys.ofPost(postId), refetchType: 'none' });
    },
  });
}
