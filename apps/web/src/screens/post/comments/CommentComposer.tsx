import { COMMENT_TEXT_MAX, type Post } from '@pixelhall/contract';
import { Button, TextArea, type TextAreaRef } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePostComment, useReplyComment } from '../../../api/queries/comments';
import { refreshIfSuspended } from '../../../api/queries/standing';
import { emitAppEvent } from '../../../core/events';
import { showFailToast } from '../../../core/feedback';
import { useGuard } from '../../../core/guard';
import { useSession } from '../../../state/session';
import { LockedNotice } from '../../../ui/moderation/RemovedNotice';
import { SuspensionNotice, useSuspension } from '../../../ui/moderation/SuspensionNotice';
import type { ReplyTarget } from './CommentItem';

const length = (text: string) => [...text.trim()].length;

/**
 * The bar at the bottom of a post: a comment on the post, or a reply to the comment the member
 * chose ("Reply to @nick", which they can cancel). The post's comment count changes at once.
 */
export function CommentComposer({
  post,
  replyTo,
  onCancelReply,
  onPosted,
  inputRef,
}: {
  post: Post;
  replyTo: ReplyTarget | null;
  onCancelReply: () => void;
  /** After a comment (not a reply): the list shows the newest first so the member sees it. */
  onPosted: () => void;
  inputRef: RefObject<TextAreaRef | null>;
}) {
  const { t } = useTranslation();
  const guard = useGuard();
  const signedIn = Boolean(useSession((s) => s.token));
  const suspended = useSuspension() !== null;
  const [text, setText] = useState('');
  const comment = usePostComment(post.id);
  const reply = useReplyComment(post.id);
  const pending = comment.isPending || reply.isPending;
  const count = length(text);
  const tooLong = count > COMMENT_TEXT_MAX;

  // What a moderator decided takes the box's place, rather than a box whose sending would fail.
  if (post.removed) {
    return (
      <div className="composer composer--closed" data-testid="composer">
        {t('modNotices.removed.noComments')}
      </div>
    );
  }
  if (post.comments_locked) {
    return (
      <div className="composer" data-testid="composer">
        <LockedNotice />
      </div>
    );
  }
  if (!post.comments_open) {
    return (
      <div className="composer composer--closed" data-testid="composer">
        {t('errors.comments_closed')}
      </div>
    );
  }
  if (signedIn && suspended) {
    return (
      <div className="composer" data-testid="composer">
        <SuspensionNotice compact />
      </div>
    );
  }
  if (!signedIn) {
    return (
      <div className="composer" data-testid="composer">
        <button type="button" className="composer__visitor" onClick={() => guard({})}>
          {t('comments.loginToComment')}
        </button>
      </div>
    );
  }

  const sent = () => {
    setText('');
    emitAppEvent('comment', { postId: post.id, commentCount: post.comment_count + 1 });
  };
  const send = () => {
    if (!count || pending) return;
    if (tooLong) {
      showFailToast(t('validation.comment_too_long'));
      return;
    }
    if (replyTo) {
      reply.mutate(
        { commentId: replyTo.commentId, text },
        {
          onSuccess: () => {
            sent();
            onCancelReply();
          },
          onError: refreshIfSuspended,
        },
      );
    } else {
      comment.mutate(text, {
        onSuccess: () => {
          sent();
          onPosted();
        },
        onError: refreshIfSuspended,
      });
    }
  };

  return (
    <div className="composer" data-testid="composer">
      {replyTo && (
        <div className="composer__target">
          <span>{t('comments.replyingTo', { name: replyTo.nickname })}</span>
          <button
            type="button"
            className="composer__cancel"
            aria-label={t('comments.cancelReply')}
            onClick={onCancelReply}
            data-testid="composer-cancel-reply"
          >
            <CloseOutline />
          </button>
        </div>
      )}
      <div className="composer__row">
        <TextArea
          ref={inputRef}
          className="composer__input"
          value={text}
          onChange={setText}
          placeholder={
            replyTo ? t('comments.replyPlaceholder', { name: replyTo.nickname }) : t('comments.placeholder')
          }
          autoSize={{ minRows: 1, maxRows: 4 }}
          rows={1}
          data-testid="composer-input"
          onEnterPress={(e) => {
            // Enter sends on a keyboard; Shift+Enter starts a new line.
            if (!e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        <Button
          color="primary"
          shape="rounded"
          size="small"
          disabled={!count || tooLong}
          loading={pending}
          onClick={send}
          data-testid="composer-send"
        >
          {t('comments.send')}
        </Button>
      </div>
      {count > COMMENT_TEXT_MAX * 0.9 && (
        <span className={`field-count${tooLong ? ' field-count--over' : ''}`}>
          {count}/{COMMENT_TEXT_MAX}
        </span>
      )}
    </div>
  );
}
