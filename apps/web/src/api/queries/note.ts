import { type PayloadOf, type Topic, YOURS_CATEGORY_ID } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { type FormCallOptions, request } from '../client';
import { refreshProgress } from '../progress-refresh';

/**
 * Writing a post: every topic to post in at once (the picker filters them as the member types),
 * and the calls that publish a post and create a topic. Styles come from `usePostStyles`,
 * categories and single topics from the topics hooks. Keys sit under 'topics', which the session
 * transitions clear.
 */
export const noteKeys = {
  topics: (categoryId: number) => ['topics', 'choice', categoryId] as const,
};

/** Every topic of a category at once: the picker filters them as the member types. */
const TOPICS_PER_CATEGORY = 100;
const quiet = { successToast: false } as const;

export interface TopicGroup {
  /** 0 is the topics the member follows. */
  categoryId: number;
  topics: Topic[];
}

/** The followed topics first (category 0), then each category's, as loaded so far. */
export function useTopicGroups(categoryIds: readonly number[]) {
  const signedIn = Boolean(useSession((s) => s.token));
  const ids = signedIn ? [YOURS_CATEGORY_ID, ...categoryIds] : [...categoryIds];
  const results = useQueries({
    queries: ids.map((categoryId) => ({
      queryKey: noteKeys.topics(categoryId),
      queryFn: () =>
        request(
          routes.topics.topicList,
          { category_id: categoryId, page: 1, num: TOPICS_PER_CATEGORY },
          quiet,
        ),
    })),
  });
  const groups: TopicGroup[] = ids.map((categoryId, i) => ({
    categoryId,
    topics: results[i]?.data?.list ?? [],
  }));
  return {
    groups,
    pending: results.some((r) => r.isPending),
    failed: results.some((r) => r.isError),
    retry: () => {
      for (const r of results) if (r.isError) void r.refetch();
    },
  };
}

export function useAddTopic(options: FormCallOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadOf<typeof routes.topics.addTopic>) =>
      request(routes.topics.addTopic, payload, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['topics'] }),
  });
}

/** Publishing puts the post at the top of the New feed: the home feeds are asked again. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PayloadOf<typeof routes.posts.createPost>) =>
      request(routes.posts.createPost, payload),
    onSuccess: () => {
      refreshProgress();
      return queryClient.invalidateQueries({ queryKey: ['home'] });
    },
  });
}
