import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { FIRST_PAGE, type ListPage, nextPageParam, type PageParam } from './list-pages';

/** Items per page of the community lists (follows, blacklist, inbox, a member's comments). */
export const PAGE_SIZE = 20;

/**
 * A contract list loaded page by page: `fetchPage` gets the cursor or page number to send and
 * answers one `{ list, total, cursor }`.
 */
export function usePagedQuery<T>(options: {
  queryKey: QueryKey;
  fetchPage: (param: PageParam, signal: AbortSignal) => Promise<ListPage<T>>;
  enabled?: boolean;
}) {
  return useInfiniteQuery({
    queryKey: options.queryKey,
    queryFn: ({ pageParam, signal }) => options.fetchPage(pageParam, signal),
    initialPageParam: FIRST_PAGE as PageParam,
    getNextPageParam: nextPageParam,
    enabled: options.enabled ?? true,
  });
}

/** The fields of a page request: the cursor or the page number, and the page size. */
export function pageFields(param: PageParam): { page?: number; cursor?: string; num: number } {
  return { ...param, num: PAGE_SIZE };
}
