import type { News } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { type InfiniteData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { request } from '../client';
import { queryClient } from '../query-client';
import { type ListPage, mapItems } from './list-pages';
import { pageFields, usePagedQuery } from './paged-query';

export const newsKeys = {
  latest: ['news', 'latest'] as const,
  list: ['news', 'list'] as const,
};

/** The unread count and newest item of the member's inbox (docs/product/news-inbox.md#latest-news). */
export const latestNewsQuery = () =>
  queryOptions({
    queryKey: newsKeys.latest,
    queryFn: () => request(routes.users.latestNews, {}, { successToast: false }),
  });

export function useLatestNews() {
  const token = useSession((s) => s.token);
  return useQuery({ ...latestNewsQuery(), enabled: Boolean(token) });
}

/** The inbox, newest first. Opening it also refreshes the unread count the Me tab shows. */
export function useNewsList() {
  return usePagedQuery<News>({
    queryKey: newsKeys.list,
    fetchPage: async (param, signal) => {
      const page = await request(routes.users.newsList, pageFields(param), {
        successToast: false,
        signal,
      });
      if (!('cursor' in param) && param.page === 1)
        void queryClient.invalidateQueries({ queryKey: newsKeys.latest });
      return page;
    },
  });
}

/** Marks the whole inbox read: the dots go at once and the unread count follows the answer. */
export function useClearNews() {
  return useMutation({
    mutationFn: () => request(routes.users.clearNews, {}),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData<InfiniteData<ListPage<News>>>(newsKeys.list, (old) =>
        mapItems(old, (item) => (item.read ? item : { ...item, read: true })),
      );
      queryClient.setQueryData(newsKeys.latest, (old: { unread: number; latest: News | null } | undefined) =>
        old ? { ...old, unread, latest: old.latest && { ...old.latest, read: true } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: newsKeys.latest });
    },
  });
}
