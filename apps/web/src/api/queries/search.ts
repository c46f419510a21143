import type { DataOf, Post, Topic, UserCard } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../client';
import { FIRST_PAGE, type PageParam } from './list-pages';
import { pageFields } from './paged-query';

export type SearchType = 'all' | 'posts' | 'topics' | 'users';
export type SearchPage = DataOf<typeof routes.search.searchLists>;

export const searchKeys = {
  hot: ['search', 'hot'] as const,
  results: (keyword: string, type: SearchType) => ['search', 'results', keyword, type] as const,
};

const quiet = { successToast: false } as const;

export function useHotSearches() {
  return useQuery({
    queryKey: searchKeys.hot,
    queryFn: ({ signal }) => request(routes.search.searchHot, {}, { ...quiet, failToast: false, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The items of the kind `type` pages (posts for `all`). */
function pagedItems(page: SearchPage, type: SearchType): unknown[] {
  if (type === 'topics') return page.topics;
  if (type === 'users') return page.users;
  return page.posts;
}

/** Where the next page of results starts, or undefined when the paged kind is all loaded. */
export function nextSearchPage(type: SearchType) {
  return (last: SearchPage, pages: SearchPage[]): PageParam | undefined => {
    if (pagedItems(last, type).length === 0) return undefined;
    if (last.cursor) return { cursor: last.cursor };
    const loaded = pages.reduce((n, p) => n + pagedItems(p, type).length, 0);
    return loaded < last.total ? { page: pages.length + 1 } : undefined;
  };
}

/** Search results for a keyword; `all` brings a few topics and members and pages the posts. */
export function useSearchResults(keyword: string, type: SearchType) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(keyword, type),
    queryFn: ({ pageParam, signal }) =>
      request(routes.search.searchLists, { keyword, type, ...pageFields(pageParam) }, { ...quiet, signal }),
    initialPageParam: FIRST_PAGE as PageParam,
    getNextPageParam: nextSearchPage(type),
    enabled: keyword.trim().length > 0,
  });
}

/** Every result of each kind across the loaded pages, each once. */
export function searchResults(data: InfiniteData<SearchPage> | undefined): {
  posts: Post[];
  topics: Topic[];
  users: UserCard[];
  total: number;
} {
  const unique = <T extends { id: number }>(items: T[]) => {
    const seen = new Set<number>();
    return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
  };
  const pages = data?.pages ?? [];
  return {
    posts: unique(pages.flatMap((p) => p.posts)),
    topics: unique(pages.flatMap((p) => p.topics)),
    users: unique(pages.flatMap((p) => p.users)),
    total: pages[0]?.total ?? 0,
  };
}
