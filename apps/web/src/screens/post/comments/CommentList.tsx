import type { Post } from '@pixelhall/contract';
import { Button, DotLoading, InfiniteScroll, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type CommentSort, usePostComments } from '../../../api/queries/comments';
import { flattenPages } from '../../../api/queries/list-pages';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadFailed } from '../../../ui/QueryStates';
import { CommentItem, type ReplyTarget } from './CommentItem';
import './comments.css';
import { useFormat } from '../../../ui/format';

const SORTS: CommentSort[] = ['new', 'best'];

/** The comments of a post, New (newest first) or Best (most liked), loaded as the member scrolls. */
export function CommentList({
  post,
  sort,
  onSortChange,
  onReply,
}: {
  post: Post;
  sort: CommentSort;
  onSortChange: (sort: CommentSort) => void;
  onReply: (target: ReplyTarget) => void;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const comments = usePostComments(post.id, sort);
  const list = flattenPages(comments.data);
  return (
    <section className="comments" id="comments" data-testid="comments">
      <header className="comments__header">
        <h2>
          {t('comments.title')} <span className="comments__count">{fmt.compact(post.comment_count)}</span>
        </h2>
        <Tabs
          activeKey={sort}
          onChange={(key) => onSortChange(key as CommentSort)}
          className="comments__tabs"
          activeLineMode="fixed"
        >
          {SORTS.map((key) => (
            <Tabs.Tab key={key} title={t(`comments.sort.${key}`)} />
          ))}
        </Tabs>
      </header>
      {comments.isPending ? (
        <div className="comments__state">
          <DotLoading color="primary" />
        </div>
      ) : comments.isError && list.length === 0 ? (
        <LoadFailed onRetry={() => comments.refetch()} retryText={t('comments.retry')} />
      ) : list.length === 0 ? (
        <EmptyState
          text={
            post.comments_open && !post.comments_locked && !post.removed
              ? t('comments.empty')
              : t('errors.comments_closed')
          }
        />
      ) : (
        <>
          <ul className="comments__list">
            {list.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                postAuthorId={post.user.id}
                postIsMine={post.mine}
                closed={post.comments_locked || post.removed !== null}
                onReply={onReply}
              />
            ))}
          </ul>
          <InfiniteScroll
            hasMore={comments.hasNextPage}
            loadMore={async () => {
              const next = await comments.fetchNextPage();
              if (next.isError) throw next.error;
            }}
          >
            {(hasMore, failed, retry) =>
              failed ? (
                <Button size="small" fill="none" onClick={() => void retry()}>
                  {t('comments.retry')}
                </Button>
              ) : hasMore ? (
                <DotLoading color="primary" />
              ) : (
                <span className="comments__end">{t('comments.end')}</span>
              )
            }
          </InfiniteScroll>
        </>
      )}
    </section>
  );
}
