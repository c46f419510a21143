import type { DataOf } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { type InfiniteData, useMutation } from '@tanstack/react-query';
import { emitAppEvent, useAppEvent } from '../../core/events';
import { adultAnswer } from '../../state/adult';
import { request } from '../client';
import { queryClient } from '../query-client';
import { type ListPage, withoutItems } from './list-pages';
import { pageFields, usePagedQuery } from './paged-query';

export type UserComment = DataOf<typeof routes.comments.otherComments>['list'][number];
type Pages = InfiniteData<ListPage<UserComment>>;

export const userCommentKeys = {
  all: ['comments', 'of-user'] as const,
  of: (userId: number | null) => ['comments', 'of-user', userId ?? 'me'] as const,
};

/** A member's comments with the post each belongs to, newest first; without an id, the caller's. */
export function useUserComments(userId: number | null) {
  // A deleted post takes its comments with it.
  useAppEvent('deletePost', ({ postId }) =>
    queryClient.setQueriesData<Pages>({ queryKey: userCommentKeys.all }, (old) =>
      withoutItems(old, (c) => c.post_id === postId),
    ),
  );
  return usePagedQuery<UserComment>({
    queryKey: userCommentKeys.of(userId),
    fetchPage: (param, signal) =>
      request(
        routes.comments.otherComments,
        // The caller's own page holds comments on adult topics' posts once they answered 18+.
        { ...(userId ? { user_id: userId } : adultAnswer()), ...pageFields(param) },
        { successToast: false, signal },
      ),
  });
}

/**
 * Deletes one of the caller's comments (with its replies). It leaves every list at once, and
 * the post's new comment count goes out as the `comment` app event.
 */
export function useDeleteComment() {
  return useMutation({
    mutationFn: (id: number) => request(routes.comments.deleteComment, { id }),
    onSuccess: ({ post_id, comment_count }, id) => {
      queryClient.setQueriesData<Pages>({ queryKey: userCommentKeys.all }, (old) =>
        withoutItems(old, (c) => c.id === id || c.root_id === id || c.parent_id === id),
      );
      // Deeper replies of a deleted reply are only known to the server.
      void queryClient.invalidateQueries({ queryKey: userCommentKeys.all });
      emitAppEvent('comment', { postId: post_id, commentCount: comment_count });
    },
  });
}
