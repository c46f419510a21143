import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { DotLoading, InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenPages, type ListPage } from '../api/queries/list-pages';
import { EmptyState } from './EmptyState';
import { PullToRefresh } from './PullToRefresh';
import { LoadFailed, Pending } from './QueryStates';
import './paged-list.css';

/**
 * A community list: pull to refresh, the next page when the end comes into view, and the
 * first-load, failure and empty states. Rows are keyed by id. `arrange` turns the items of every
 * page loaded so far into the rows shown (the inbox groups them), so rows stay whole across a
 * page's seam.
 */
export function PagedList<T extends { id: number }, Row extends { id: number } = T>({
  query,
  renderItem,
  arrange,
  empty,
  className,
  testId,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ListPage<T>>>;
  renderItem: (row: Row) => ReactNode;
  arrange?: (items: T[]) => Row[];
  empty?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const loaded = flattenPages(query.data);
  const items = arrange ? arrange(loaded) : (loaded as unknown as Row[]);

  if (query.isPending) return <Pending />;
  if (query.isError && !items.length) return <LoadFailed onRetry={() => query.refetch()} />;

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    // InfiniteScroll offers a retry when loadMore throws.
    if (result.isError) throw result.error;
  };

  return (
    <PullToRefresh
      onRefresh={async () => {
        await query.refetch();
      }}
      pullingText={t('follows.paging.pull')}
      canReleaseText={t('follows.paging.release')}
      refreshingText={<DotLoading color="primary" />}
      completeText={t('follows.paging.refreshed')}
    >
      {items.length ? (
        <ul className={`paged-list${className ? ` ${className}` : ''}`} data-testid={testId}>
          {items.map((item) => (
            <li key={item.id}>{renderItem(item)}</li>
          ))}
        </ul>
      ) : (
        (empty ?? <EmptyState />)
      )}
      {items.length > 0 && (
        <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage}>
          {(hasMore, failed, retry) =>
            failed ? (
              <button
                type="button"
                className="paged-list__end paged-list__retry"
                onClick={() => void retry()}
              >
                {t('errors.load_failed')} · {t('follows.paging.retry')}
              </button>
            ) : hasMore ? (
              <DotLoading color="primary" />
            ) : // A list that fits in one page needs no "that's everything" under it.
            (query.data?.pages.length ?? 0) > 1 ? (
              <span className="paged-list__end">{t('follows.paging.end')}</span>
            ) : null
          }
        </InfiniteScroll>
      )}
    </PullToRefresh>
  );
}
