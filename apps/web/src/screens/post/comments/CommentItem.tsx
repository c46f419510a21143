import type { Comment, Reply } from '@pixelhall/contract';
import { ActionSheet, type ActionSheetProps, Dialog } from 'antd-mobile';
import { HeartFill, HeartOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { replySubtree } from '../../../api/queries/comment-cache';
import { useDeleteComment, useLikeComment, useThreadReplies } from '../../../api/queries/comments';
import { flattenPages } from '../../../api/queries/list-pages';
import { emitAppEvent } from '../../../core/events';
import { useGuard } from '../../../core/guard';
import { useLongPress } from '../../../core/long-press';
import { useNavigate } from '../../../core/navigation';
import { nextOverlayZIndex, overlayStyle, useOverlayStyle } from '../../../core/overlay';
import { EditedMark } from '../../../ui/edits/EditedMark';
import { EventFence } from '../../../ui/edits/EventFence';
import { useFormat, useRelativeTime } from '../../../ui/format';
import { GradeBadge } from '../../../ui/GradeBadge';
import { RemovedNotice } from '../../../ui/moderation/RemovedNotice';
import { Folded } from '../../../ui/mute/Folded';
import { ReportFlow } from '../../../ui/report/ReportFlow';
import { UserAvatar } from '../../../ui/UserAvatar';
import { EditCommentSheet } from '../edit/EditCommentSheet';
import { canDelete, hiddenReplies, replyTarget, threadReplies } from './threading';

export interface ReplyTarget {
  commentId: number;
  nickname: string;
}

interface ItemContext {
  postAuthorId: number;
  postIsMine: boolean;
  /** A moderator locked the post's comments or removed it: no replies (docs/product/moderation.md#locked-comments). */
  closed: boolean;
  onReply: (target: ReplyTarget) => void;
}

/** A top-level comment with its thread: the first replies, and more on request. */
export function CommentItem({ comment, ...context }: { comment: Comment } & ItemContext) {
  const { t } = useTranslation();
  const [wantMore, setWantMore] = useState(false);
  const more = useThreadReplies(comment.id, wantMore);
  const replies = threadReplies(comment, flattenPages(more.data));
  const hidden = hiddenReplies(comment, replies.length);
  const loadMore = () => {
    if (!wantMore) setWantMore(true);
    else if (more.hasNextPage && !more.isFetchingNextPage) void more.fetchNextPage();
  };
  // Pages of `comment/replies` start at the oldest reply, which the preview already shows.
  const exhausted = wantMore && !more.isFetching && !more.hasNextPage;
  return (
    <li className="comment" data-testid="comment" data-comment-id={comment.id}>
      <CommentBody item={comment} root={comment} thread={replies} {...context} />
      {(replies.length > 0 || hidden > 0) && (
        <ul className="comment__replies">
          {replies.map((reply) => (
            <li
              key={reply.id}
              className="comment comment--reply"
              data-testid="reply"
              data-comment-id={reply.id}
            >
              <CommentBody item={reply} root={comment} thread={replies} {...context} />
            </li>
          ))}
          {hidden > 0 && !exhausted && (
            <li>
              <button
                type="button"
                className="comment__more"
                onClick={loadMore}
                disabled={more.isFetching}
                data-testid="comment-more-replies"
              >
                {more.isFetching ? t('comments.loading') : t('comments.moreReplies', { count: hidden })}
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

function CommentBody({
  item,
  root,
  thread,
  postAuthorId,
  postIsMine,
  closed,
  onReply,
}: { item: Reply; root: Comment; thread: readonly Reply[] } & ItemContext) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ago = useRelativeTime();
  const like = useLikeComment();
  const remove = useDeleteComment(item.post_id);
  const isReply = item.id !== root.id;
  const target = isReply ? replyTarget(item, root) : null;
  const size = isReply ? 28 : 36;
  // A long press opens the comment's actions in one sheet; the buttons below stay for keyboards.
  const [menuOpen, setMenuOpen] = useState(false);
  const longPress = useLongPress(() => setMenuOpen(true));
  const menuStyle = useOverlayStyle(menuOpen);
  // Its author edits it until a moderator removes it (docs/product/moderation.md#edits-with-history).
  const editable = item.mine && !item.removed;
  const [editing, setEditing] = useState(false);
  // Another member's comment goes to the moderators; a removed one has been dealt with already.
  const reportable = !item.mine && !item.removed;
  const [reporting, setReporting] = useState(false);
  const guard = useGuard();
  const report = () => guard({ action: () => setReporting(true) });

  const confirmDelete = async () => {
    const sure = await Dialog.confirm({
      content: isReply ? t('comments.deleteReplyConfirm') : t('comments.deleteConfirm'),
      confirmText: t('comments.delete'),
      cancelText: t('common.cancel'),
      style: overlayStyle(nextOverlayZIndex()),
    });
    if (!sure) return;
    const ids = isReply ? replySubtree(item.id, thread) : [item.id];
    remove.mutate(
      { id: item.id, rootId: isReply ? root.id : null, ids },
      {
        onSuccess: ({ post_id, comment_count }) =>
          emitAppEvent('comment', { postId: post_id, commentCount: comment_count }),
      },
    );
  };

  // A removed comment takes no reply or like; a locked post takes no reply at all.
  const canReply = !closed && !item.removed;
  const canLike = !item.removed;
  const menu: ActionSheetProps['actions'] = [
    ...(canReply
      ? [
          {
            key: 'reply',
            text: t('comments.reply'),
            onClick: () => onReply({ commentId: item.id, nickname: item.user.nickname }),
          },
        ]
      : []),
    ...(canLike
      ? [
          {
            key: 'like',
            text: item.liked ? t('comments.unlike') : t('comments.like'),
            onClick: () => like(item),
          },
        ]
      : []),
    ...(editable ? [{ key: 'edit', text: t('edits.edit'), onClick: () => setEditing(true) }] : []),
    ...(reportable ? [{ key: 'report', text: t('postDetail.report'), onClick: report }] : []),
    ...(canDelete(item, postIsMine)
      ? [{ key: 'delete', text: t('comments.delete'), danger: true, onClick: () => void confirmDelete() }]
      : []),
  ];

  return (
    <div className="comment__row long-press" {...longPress} data-testid="comment-press">
      <ActionSheet
        visible={menuOpen}
        actions={menu}
        cancelText={t('common.cancel')}
        closeOnAction
        onClose={() => setMenuOpen(false)}
        popupStyle={menuStyle}
      />
      <button
        type="button"
        className="comment__avatar"
        aria-label={item.user.nickname}
        onClick={() => navigate(`/user/${item.user.id}`)}
      >
        <UserAvatar user={item.user} size={size} />
      </button>
      <div className="comment__main">
        <div className="comment__head">
          <button type="button" className="comment__name" onClick={() => navigate(`/user/${item.user.id}`)}>
            {item.user.nickname}
          </button>
          <GradeBadge grade={item.user.grade} />
          {item.user.id === postAuthorId && <span className="comment__author">{t('comments.author')}</span>}
        </div>
        {/* Removed: a placeholder where the text was, for all but its author (who still reads it). */}
        {item.removed && <RemovedNotice removed={item.removed} mine={item.mine} kind="comment" compact />}
        {(!item.removed || item.text) && (
          <Folded folded={item.folded} compact>
            <p className="comment__text">
              {target && (
                <span className="comment__reply-to">{t('comments.replyTo', { name: target.nickname })} </span>
              )}
              {item.text}
            </p>
          </Folded>
        )}
        <div className="comment__foot">
          <time dateTime={new Date(item.created_at).toISOString()}>{ago(item.created_at)}</time>
          {item.edited_at !== null && (
            <EditedMark target={{ kind: 'comment', id: item.id }} editedAt={item.edited_at} />
          )}
          {canReply && (
            <button
              type="button"
              className="comment__action"
              onClick={() => onReply({ commentId: item.id, nickname: item.user.nickname })}
              data-testid="comment-reply"
            >
              {t('comments.reply')}
            </button>
          )}
          {editable && (
            <button
              type="button"
              className="comment__action"
              onClick={() => setEditing(true)}
              data-testid="comment-edit"
            >
              {t('edits.edit')}
            </button>
          )}
          {reportable && (
            <button type="button" className="comment__action" onClick={report} data-testid="comment-report">
              {t('postDetail.report')}
            </button>
          )}
          {canDelete(item, postIsMine) && (
            <button
              type="button"
              className="comment__action comment__action--danger"
              onClick={() => void confirmDelete()}
              disabled={remove.isPending}
              data-testid="comment-delete"
            >
              {t('comments.delete')}
            </button>
          )}
          {canLike && (
            <button
              type="button"
              className={`comment__like${item.liked ? ' comment__like--on' : ''}`}
              aria-label={item.liked ? t('comments.unlike') : t('comments.like')}
              aria-pressed={item.liked}
              onClick={() => like(item)}
              data-testid="comment-like"
            >
              {item.liked ? <HeartFill /> : <HeartOutline />}
              {item.like_count > 0 && <span>{fmt.compact(item.like_count)}</span>}
            </button>
          )}
        </div>
      </div>
      {editable && (
        <EventFence>
          <EditCommentSheet comment={item} visible={editing} onClose={() => setEditing(false)} />
        </EventFence>
      )}
      {reportable && (
        <EventFence>
          <ReportFlow
            target="comment"
            id={item.id}
            open={reporting}
            onClose={() => setReporting(false)}
            why={t('commentReport.why')}
            title={t('commentReport.title')}
          />
        </EventFence>
      )}
    </div>
  );
}
