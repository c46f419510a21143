import { DotLoading, InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './QueryStates';

/** The part of an infinite query the footer drives (TanStack's `useInfiniteQuery` result). */
export interface NextPages {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
}

/**
 * Under a feed: the next page as the end comes into view, a retry when it did not come, and a
 * last line once there is no more.
 */
export function FeedFooter({ pages }: { pages: NextPages }) {
  const { t } = useTranslation();
  const loadMore = async () => {
    const result = await pages.fetchNextPage();
    // InfiniteScroll offers a retry when loadMore throws.
    if (result.isError) throw result.error;
  };
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={pages.hasNextPage}>
      {(hasMore, failed, retry) =>
        failed ? (
          <LoadFailed place="feed" onRetry={retry} />
        ) : hasMore ? (
          <DotLoading color="primary" />
        ) : (
          <span className="feed-end">{t('feed.end')}</span>
        )
      }
    </InfiniteScroll>
  );
}
