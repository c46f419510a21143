import { DeleteOutline, HeartOutline, LockOutline, MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { type UserComment, useDeleteComment, useUserComments } from '../api/queries/user-comments';
import { confirmAction } from '../core/confirm';
import { Link } from '../core/hash-router';
import { EmptyState } from './EmptyState';
import { useFormat, useRelativeTime } from './format';
import { Folded } from './mute/Folded';
import { PagedList } from './PagedList';
import './user-comments.css';

/**
 * A member's comments (the caller's without an id), each under the post it answers; the
 * caller's own can be deleted here.
 */
export function UserCommentList({
  userId,
  deletable,
  emptyText,
}: {
  userId: number | null;
  deletable?: boolean;
  emptyText: string;
}) {
  const query = useUserComments(userId);
  return (
    <PagedList
      query={query}
      className="user-comments"
      testId="user-comments"
      empty={<EmptyState text={emptyText} />}
      renderItem={(comment) => <UserCommentItem comment={comment} deletable={deletable} />}
    />
  );
}

function UserCommentItem({ comment, deletable }: { comment: UserComment; deletable?: boolean }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const remove = useDeleteComment();
  const confirmDelete = async () => {
    const confirmed = await confirmAction({
      content: t('userPage.comments.deleteConfirm'),
      confirmText: t('userPage.comments.delete'),
      danger: true,
    });
    if (confirmed) remove.mutate(comment.id);
  };
  return (
    <article className="user-comment" data-testid="user-comment">
      <Folded folded={comment.folded} compact>
        <p className="user-comment__text">
          {comment.reply_to ? (
            <span className="user-comment__reply-to">
              {t('userPage.comments.replyTo', { name: comment.reply_to.nickname })}{' '}
            </span>
          ) : null}
          {comment.text}
        </p>
      </Folded>
      <Link className="user-comment__post" to={`/post/${comment.post.id}`}>
        {comment.post.locked ? <LockOutline /> : <MessageOutline />}
        <span>{comment.post.text || t('userPage.comments.untitledPost')}</span>
      </Link>
      <footer className="user-comment__meta">
        <time dateTime={new Date(comment.created_at).toISOString()}>{relative(comment.created_at)}</time>
        <span className="user-comment__likes">
          <HeartOutline /> {fmt.compact(comment.like_count)}
        </span>
        {deletable && comment.mine ? (
          <button
            type="button"
            className="user-comment__delete"
            aria-label={t('userPage.comments.delete')}
            disabled={remove.isPending}
            onClick={() => void confirmDelete()}
            data-testid="delete-comment"
          >
            <DeleteOutline />
          </button>
        ) : null}
      </footer>
    </article>
  );
}
