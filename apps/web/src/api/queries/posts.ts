import { type DataOf, DOUBLE_TAP_MS, type PayloadOf, type Post } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { emitAppEvent } from '../../core/events';
import { useGuard } from '../../core/guard';
import { ApiError, request } from '../client';
import { queryClient } from '../query-client';
import { postFeedQuery, postStylesQuery } from './first-screen';
import { createLikeBatcher, type LikeState } from './like-batcher';
import { type PostChange, postKeys, syncPostEvents, updatePostCaches } from './post-cache';

/** Every list endpoint that answers `listOf(postSchema)`; any of them can feed a PostFeed. */
export type PostListEndpoint =
  | typeof routes.posts.homePosts
  | typeof routes.posts.homeFeeds
  | typeof routes.posts.postsList
  | typeof routes.posts.recommendPosts
  | typeof routes.posts.userPosts;

/** A feed's payload without its paging: the feed pages itself. */
export type FeedPayload<E extends PostListEndpoint> = Omit<PayloadOf<E>, 'page' | 'cursor'>;

export type PostPage = DataOf<PostListEndpoint>;

export { feedPosts, postKeys } from './post-cache';

/** Puts one change into every cached copy of the post, wherever it is cached. */
export const updateCachedPosts = (change: PostChange): void => updatePostCaches(queryClient, change);

syncPostEvents(queryClient);

/**
 * Every page of a post list, paged by the cursor the server answers (page 1 goes without
 * one). `payload` is part of the key: a different topic or sort is a different feed.
 */
export function usePostFeed<E extends PostListEndpoint>(
  def: E,
  payload: FeedPayload<E>,
  options: { enabled?: boolean } = {},
) {
  return useInfiniteQuery({ ...postFeedQuery(def, payload), enabled: options.enabled ?? true });
}

/**
 * One post. Adult topics' posts need `adultConfirmed` (the reader said they are 18+);
 * without it the server refuses with the reason errors.adult_confirm, which `isAdultConfirmError`
 * recognises.
 * The fail toast is left to the screen, which asks the question instead.
 */
export function usePost(id: number, options: { adultConfirmed?: boolean; enabled?: boolean } = {}) {
  const adultConfirmed = options.adultConfirmed ?? false;
  return useQuery({
    queryKey: [...postKeys.detail(id), { adult_confirmed: adultConfirmed }],
    queryFn: ({ signal }) =>
      request(routes.posts.postDetail, adultConfirmed ? { id, adult_confirmed: true } : { id }, {
        successToast: false,
        failToast: false,
        signal,
      }),
    enabled: (options.enabled ?? true) && Number.isInteger(id) && id > 0,
  });
}

/** The server refused because the reader has not said they are 18+ (adult topics). */
export function isAdultConfirmError(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'business' && error.reason === 'errors.adult_confirm';
}

export { postStylesQuery };

export function usePostStyles() {
  return useQuery(postStylesQuery());
}

const likes = createLikeBatcher({
  delayMs: DOUBLE_TAP_MS,
  send: async (postId, like) => {
    const answer = await request(routes.posts.likePost, { id: postId, like }, { successToast: false });
    return { liked: answer.liked, likeCount: answer.like_count };
  },
  show: (postId, state) =>
    updateCachedPosts({
      kind: 'fields',
      postId,
      fields: { liked: state.liked, like_count: state.likeCount },
    }),
  confirmed: (postId, state) => emitAppEvent('like', { postId, ...state }),
});

/**
 * Like or unlike a post: shows the change at once in every cached copy, sends the explicit
 * state once the taps settle (a double tap is one gesture), then tells the app the server's
 * answer. Visitors are sent to log in (docs/product/accounts-and-sessions.md#guarded-actions).
 */
export function useLikePost(): (post: Pick<Post, 'id' | 'liked' | 'like_count'>) => void {
  const guard = useGuard();
  return useCallback(
    (post) => {
      guard({
        action: () =>
          likes.tap(post.id, { liked: post.liked, likeCount: post.like_count } satisfies LikeState),
      });
    },
    [guard],
  );
}
