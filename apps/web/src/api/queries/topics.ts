import { type Topic, YOURS_CATEGORY_ID } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '../../state/session';
import { request } from '../client';
import { queryClient } from '../query-client';
import { categoriesQuery, followsAnyTopicQuery } from './first-screen';
import { topicKeys } from './keys';
import { pageFields, usePagedQuery } from './paged-query';
import { applyTopicFollow } from './topic-cache';

export { topicKeys };

const quiet = { successToast: false } as const;

/** The topic categories: the home tabs and the classify screen's sections. */
export function useCategories() {
  return useQuery(categoriesQuery());
}

/** The topics of a category; category 0 is the topics the member follows. */
export function useTopicList(categoryId: number, options: { enabled?: boolean } = {}) {
  return usePagedQuery<Topic>({
    queryKey: topicKeys.list(categoryId),
    fetchPage: (param, signal) =>
      request(
        routes.topics.topicList,
        { category_id: categoryId, ...pageFields(param) },
        { ...quiet, signal },
      ),
    enabled: options.enabled,
  });
}

/**
 * Whether the member follows any topic, which decides the YOURS home tab (docs/product/posts-and-feeds.md#home-tabs): asked as
 * topic/list {category_id: 0, page: 1, num: 1}. Visitors follow nothing.
 */
export function useFollowsAnyTopic(): boolean {
  const token = useSession((s) => s.token);
  const query = useQuery({ ...followsAnyTopicQuery(), enabled: Boolean(token) });
  return Boolean(token) && (query.data?.total ?? 0) > 0;
}

export function useTopic(id: number) {
  return useQuery({
    queryKey: topicKeys.detail(id),
    queryFn: ({ signal }) => request(routes.topics.topicDetail, { id }, { ...quiet, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Topics whose follow request is under way, so their buttons show it and can't be pressed twice. */
const pendingFollows = new Set<number>();
const pendingListeners = new Set<() => void>();
const notifyPending = () => {
  for (const listener of pendingListeners) listener();
};

export function useTopicFollowPending(topicId: number): boolean {
  return useSyncExternalStore(
    (listener) => {
      pendingListeners.add(listener);
      return () => pendingListeners.delete(listener);
    },
    () => pendingFollows.has(topicId),
  );
}

/**
 * Follows or unfollows a topic with the explicit state wanted; every cached copy of the topic
 * (lists, detail, search results) takes the answer at once, and the YOURS tab and feed are
 * asked again since they depend on what is followed.
 */
export function useFollowTopic(): (topicId: number, follow: boolean) => Promise<void> {
  return useCallback(async (topicId, follow) => {
    if (pendingFollows.has(topicId)) return;
    pendingFollows.add(topicId);
    notifyPending();
    try {
      const answer = await request(routes.topics.topicFollow, { id: topicId, follow });
      for (const root of ['topics', 'search'] as const) {
        queryClient.setQueriesData({ queryKey: [root] }, (data: unknown) =>
          data === undefined ? data : applyTopicFollow(data, topicId, answer),
        );
      }
      void queryClient.invalidateQueries({ queryKey: topicKeys.followsAny });
      void queryClient.invalidateQueries({ queryKey: topicKeys.list(YOURS_CATEGORY_ID) });
      // Keys match objects partially: every YOURS feed, whatever its other fields.
      void queryClient.invalidateQueries({
        queryKey: ['posts', 'feed', routes.posts.postsList.path, { category_id: YOURS_CATEGORY_ID }],
      });
    } finally {
      pendingFollows.delete(topicId);
      notifyPending();
    }
  }, []);
}
