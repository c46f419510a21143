import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FeedPayload,
  feedPosts,
  type PostListEndpoint,
  type PostPage,
  postKeys,
  usePostFeed,
} from '../../api/queries/posts';
import { firstScreenShown } from '../../core/first-screen-settled';
import { EmptyState } from '../EmptyState';
import { FeedFooter } from '../FeedFooter';
import { PullToRefresh } from '../PullToRefresh';
import { LoadFailed, Pending } from '../QueryStates';
import { PostCard } from './PostCard';

/**
 * A whole post feed over any post list endpoint: pull to refresh, the cards, more pages as the
 * end comes into view, an empty state and a retry on failure.
 */
export function PostFeed<E extends PostListEndpoint>({
  endpoint,
  payload,
  empty,
  showTopic = true,
}: {
  endpoint: E;
  payload: FeedPayload<E>;
  empty?: ReactNode;
  showTopic?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feed = usePostFeed(endpoint, payload);
  const posts = feedPosts(feed.data);
  // Whatever this first render shows (posts, empty, an error), the screen is there.
  const shown = !feed.isPending;
  useEffect(() => {
    if (shown) firstScreenShown();
  }, [shown]);

  // Refreshing starts over from page 1 rather than re-asking for every page loaded so far.
  const refresh = async () => {
    queryClient.setQueryData<InfiniteData<PostPage, string | null>>(
      postKeys.feed(endpoint, payload),
      (data) => (data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data),
    );
    await feed.refetch();
  };

  let content: ReactNode;
  if (feed.isPending) {
    content = <Pending place="feed" />;
  } else if (feed.isError && posts.length === 0) {
    content = <LoadFailed place="feed" onRetry={() => feed.refetch()} />;
  } else if (posts.length === 0) {
    content = empty ?? <EmptyState />;
  } else {
    content = (
      <>
        <div className="post-list" data-testid="post-list">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} showTopic={showTopic} />
          ))}
        </div>
        <FeedFooter pages={feed} />
      </>
    );
  }

  return (
    <PullToRefresh
      onRefresh={refresh}
      pullingText={t('feed.pull')}
      canReleaseText={t('feed.release')}
      refreshingText={<DotLoading color="primary" />}
      completeText={t('feed.refreshed')}
    >
      <div className="post-feed">{content}</div>
    </PullToRefresh>
  );
}
