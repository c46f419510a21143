import type { PayloadOf } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { emitAppEvent } from '../../core/events';
import { adultAnswer } from '../../state/adult';
import { request } from '../client';
import { queryClient } from '../query-client';
import { updatePostCaches } from './post-cache';
import { postKeys } from './posts';

const quiet = { successToast: false } as const;

/** Whether the server can translate (a translate action is offered only then); rarely changes. */
export function useTranslateEnabled(): boolean {
  const status = useQuery({
    queryKey: ['posts', 'translate-status'],
    queryFn: ({ signal }) =>
      request(routes.search.translateStatus, {}, { ...quiet, failToast: false, signal }),
    staleTime: 60 * 60_000,
  });
  return status.data?.enabled ?? false;
}

/** Counts a share and answers the link to hand on; the new count goes out to every screen. */
export function useSharePost() {
  return useMutation({
    mutationFn: (id: number) => request(routes.posts.sharePost, { id, ...adultAnswer() }, quiet),
    onSuccess: ({ share_count }, id) => emitAppEvent('share', { postId: id, shareCount: share_count }),
  });
}

/** Deletes the member's post: it leaves every feed at once. */
export function useDeletePost() {
  return useMutation({
    mutationFn: (id: number) => request(routes.posts.deletePost, { id }),
    onSuccess: (_data, id) => {
      emitAppEvent('deletePost', { postId: id });
      queryClient.removeQueries({ queryKey: postKeys.detail(id) });
    },
  });
}

/**
 * The author changes their post's colour or upgrade style, or opens or closes its comments
 * (`set/posts`): the server's new copy replaces every cached one, so the post shows it at once.
 */
export function useSetPost() {
  return useMutation({
    mutationFn: (payload: PayloadOf<typeof routes.posts.setPost>) => request(routes.posts.setPost, payload),
    onSuccess: (post) => updatePostCaches(queryClient, { kind: 'replace', postId: post.id, post }),
  });
}
