import type { Post, Reply } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { type InfiniteData, useMutation, useQuery } from '@tanstack/react-query';
import { adultAnswer } from '../../state/adult';
import { request } from '../client';
import { queryClient } from '../query-client';
import { updateCachedComments } from './comments';
import { type ListPage, mapItems } from './list-pages';
import { updatePostCaches } from './post-cache';
import { type UserComment, userCommentKeys } from './user-comments';

/**
 * Edits with history (docs/product/moderation.md#edits-with-history). A post's versions live
 * under 'posts' and a comment's under 'comments', so a sign-in or sign-out drops them with the
 * rest: what a paid post's versions show depends on who reads them.
 */
export const editKeys = {
  postHistory: (id: number) => ['posts', 'history', id] as const,
  commentHistory: (id: number) => ['comments', 'history', id] as const,
};

const quiet = { successToast: false } as const;

/** Every version of a post, newest first, as the gate lets the reader see them. */
export function usePostHistory(id: number, enabled: boolean) {
  return useQuery({
    queryKey: editKeys.postHistory(id),
    queryFn: ({ signal }) =>
      request(routes.edits.postHistory, { id, ...adultAnswer() }, { ...quiet, signal }),
    enabled,
  });
}

/** Every version of a comment or reply, newest first. */
export function useCommentHistory(id: number, enabled: boolean) {
  return useQuery({
    queryKey: editKeys.commentHistory(id),
    queryFn: ({ signal }) =>
      request(routes.edits.commentHistory, { id, ...adultAnswer() }, { ...quiet, signal }),
    enabled,
  });
}

/**
 * The author's edit of a post's text and link: the server's new copy replaces every cached one
 * (feeds, the post, search, member pages), and the history is asked again when next shown.
 */
export function useEditPost() {
  return useMutation({
    mutationFn: (payload: { id: number; text: string; link: string | null }) =>
      request(routes.edits.editPost, payload),
    onSuccess: (post: Post) => {
      updatePostCaches(queryClient, { kind: 'replace', postId: post.id, post });
      void queryClient.invalidateQueries({ queryKey: editKeys.postHistory(post.id) });
    },
  });
}

/** The author's edit of a comment or reply: its thread, the member's comments page and its history. */
export function useEditComment() {
  return useMutation({
    mutationFn: (payload: { id: number; text: string }) => request(routes.edits.editComment, payload),
    onSuccess: (reply: Reply) => {
      updateCachedComments(reply.post_id, { kind: 'replace', reply });
      // The member's comments page keeps the post each comment belongs to as it showed it.
      queryClient.setQueriesData<InfiniteData<ListPage<UserComment>>>(
        { queryKey: userCommentKeys.all },
        (old) => mapItems(old, (c) => (c.id === reply.id ? { ...c, ...reply, post: c.post } : c)),
      );
      void queryClient.invalidateQueries({ queryKey: editKeys.commentHistory(reply.id) });
    },
  });
}
