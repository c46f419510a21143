import type { Post } from '@pixelhall/contract';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../core/navigation';
import { EditedMark } from '../edits/EditedMark';
import { useRelativeTime } from '../format';
import { GradeBadge } from '../GradeBadge';
import { UserAvatar } from '../UserAvatar';
import { TopicPinBadge } from './TopicPinBadge';

/**
 * Who wrote a post and when (and "edited", which opens its versions), leading to their page: the card in feeds and the post screen style
 * it through their own block (`post-card`, `post-detail`). A tap never also opens the card.
 */
export function PostAuthor({
  post,
  block,
  className,
  avatarSize,
  withLevel = false,
  children,
}: {
  post: Post;
  block: 'post-card' | 'post-detail';
  className: string;
  avatarSize: number;
  withLevel?: boolean;
  /** Shown at the end of the row, e.g. a follow button. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ago = useRelativeTime();
  const toAuthor = (e: MouseEvent) => {
    e.stopPropagation();
    navigate(`/user/${post.user.id}`);
  };
  return (
    <header className={className}>
      <button type="button" className={`${block}__avatar`} onClick={toAuthor} aria-label={post.user.nickname}>
        <UserAvatar user={post.user} size={avatarSize} />
      </button>
      <div className={`${block}__who`}>
        <div className={`${block}__name-row`}>
          <button type="button" className={`${block}__name`} onClick={toAuthor}>
            {post.user.nickname}
          </button>
          <GradeBadge grade={post.user.grade} />
        </div>
        <div className={`${block}__meta`}>
          {withLevel && (
            <>
              <span>{t('me.level', { level: post.user.level })}</span>
              <span aria-hidden="true">·</span>
            </>
          )}
          <time dateTime={new Date(post.created_at).toISOString()}>{ago(post.created_at)}</time>
          {post.edited_at !== null && (
            <EditedMark target={{ kind: 'post', id: post.id }} editedAt={post.edited_at} />
          )}
          {post.pinned && (
            <span className="post-card__pinned" data-testid="post-pinned">
              {t('postUi.pinned')}
            </span>
          )}
          <TopicPinBadge until={post.topic_pinned_until} />
        </div>
      </div>
      {children}
    </header>
  );
}
