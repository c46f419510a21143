import type { Post } from '@pixelhall/contract';
import { HeartFill, HeartOutline, MessageOutline, UploadOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLikePost } from '../../api/queries/posts';
import { useFormat } from '../format';

/** A post's like, comment and share counts; liking works in place wherever the post is shown. */
export function PostActions({
  post,
  onComments,
  onShare,
  className,
}: {
  post: Post;
  onComments: () => void;
  onShare: () => void;
  className?: string;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const like = useLikePost();
  return (
    <footer className={`post-actions${className ? ` ${className}` : ''}`}>
      <CountButton
        label={post.liked ? t('postUi.unlike') : t('postUi.like')}
        active={post.liked}
        onClick={() => like(post)}
        testId="post-like"
      >
        {post.liked ? <HeartFill aria-hidden /> : <HeartOutline aria-hidden />}
        <span>{fmt.compact(post.like_count)}</span>
      </CountButton>
      <CountButton label={t('postUi.comments')} onClick={onComments} testId="post-comments">
        <MessageOutline aria-hidden />
        <span>{fmt.compact(post.comment_count)}</span>
      </CountButton>
      <CountButton label={t('postUi.shares')} onClick={onShare} testId="post-share">
        <UploadOutline aria-hidden />
        <span>{fmt.compact(post.share_count)}</span>
      </CountButton>
    </footer>
  );
}

function CountButton({
  label,
  active,
  onClick,
  testId,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    // Named by its content, so the name holds the count people see: "Like 12".
    <button
      type="button"
      className={`post-actions__button${active ? ' post-actions__button--active' : ''}`}
      aria-pressed={active}
      onClick={onClick}
      data-testid={testId}
    >
      <span className="visually-hidden">{label}</span>
      {children}
    </button>
  );
}
