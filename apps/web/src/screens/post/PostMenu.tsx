import type { Post } from '@pixelhall/contract';
import { ActionSheet, type ActionSheetProps } from 'antd-mobile';
import { MoreOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberProfile } from '../../api/queries/members';
import { useUnmuteMember } from '../../api/queries/mutes';
import { useSetPost } from '../../api/queries/post-detail';
import { useGuard } from '../../core/guard';
import { useOverlayStyle } from '../../core/overlay';
import { useSession } from '../../state/session';
import { MuteMemberSheet } from '../../ui/mute/MuteMemberSheet';
import { ReportFlow } from '../../ui/report/ReportFlow';
import { EditPostSheet } from './edit/EditPostSheet';
import { PostLookSheet } from './PostLookSheet';
import { UsePropSheet } from './UsePropSheet';

type Sheet = 'reasons' | 'props' | 'look' | 'mute' | 'edit' | null;

/**
 * The "…" of a post: share, report, mute its author (or unmute them), translate (when the server
 * can), and for its author an edit of its text and link (not once a moderator removed it), the
 * post's colour and style, opening or closing its comments (`set/posts`), a prop to use on it
 * and delete. Reporting picks a reason, then asks what is wrong (ui/report/ReportFlow.tsx). The
 * screen holds whether the menu is open, so a long press on the post opens it too.
 */
export function PostMenu({
  post,
  open,
  onOpenChange,
  canTranslate,
  translated,
  onShare,
  onTranslate,
  onDelete,
  trigger = true,
}: {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canTranslate: boolean;
  translated: boolean;
  onShare: () => void;
  /** Absent where a translation has nowhere to show (a feed's card). */
  onTranslate?: () => void;
  onDelete: () => void;
  /** False where only a long press opens it (a feed's card, which has no "…" of its own). */
  trigger?: boolean;
}) {
  const { t } = useTranslation();
  const guard = useGuard();
  const [sheet, setSheet] = useState<Sheet>(null);
  const setPost = useSetPost();
  const menuStyle = useOverlayStyle(open);
  const { id: postId, mine } = post;
  const signedIn = Boolean(useSession((s) => s.token));
  // Whether the reader mutes the author, read only once the menu of someone else's post opens.
  const author = useMemberProfile(open && !mine && signedIn ? post.user.id : 0);
  const unmute = useUnmuteMember();
  const name = post.user.nickname;

  const actions: ActionSheetProps['actions'] = [
    { key: 'share', text: t('postDetail.share'), onClick: onShare },
    ...(canTranslate && onTranslate
      ? [
          {
            key: 'translate',
            text: translated ? t('postDetail.showOriginal') : t('postDetail.translate'),
            onClick: onTranslate,
          },
        ]
      : []),
    ...(mine
      ? [
          ...(post.removed
            ? []
            : [
                {
                  key: 'edit',
                  text: <span data-testid="post-menu-edit">{t('edits.edit')}</span>,
                  onClick: () => setSheet('edit'),
                },
              ]),
          { key: 'look', text: t('postDetail.look'), onClick: () => setSheet('look') },
          {
            key: 'comments',
            text: post.comments_open ? t('postDetail.closeComments') : t('postDetail.openComments'),
            disabled: setPost.isPending,
            onClick: () => setPost.mutate({ id: postId, comments_open: !post.comments_open }),
          },
          { key: 'prop', text: t('propsUi.onPost.action'), onClick: () => setSheet('props') },
          { key: 'delete', text: t('postDetail.delete'), danger: true, onClick: onDelete },
        ]
      : [
          author.data?.muted
            ? {
                key: 'unmute',
                text: t('muteUi.menu.unmuteName', { name }),
                disabled: unmute.isPending,
                onClick: () => unmute.mutate(post.user.id),
              }
            : {
                key: 'mute',
                text: t('muteUi.menu.muteName', { name }),
                onClick: () => guard({ action: () => setSheet('mute') }),
              },
          {
            key: 'report',
            text: t('postDetail.report'),
            onClick: () => guard({ action: () => setSheet('reasons') }),
          },
        ]),
  ];

  return (
    <>
      {trigger && (
        <button
          type="button"
          className="icon-button post-menu__button"
          aria-label={t('postDetail.more')}
          onClick={() => onOpenChange(true)}
          data-testid="post-menu"
        >
          <MoreOutline />
        </button>
      )}
      <ActionSheet
        visible={open}
        actions={actions}
        cancelText={t('common.cancel')}
        onAction={() => onOpenChange(false)}
        closeOnAction={false}
        onClose={() => onOpenChange(false)}
        popupStyle={menuStyle}
      />
      {!mine && (
        <ReportFlow
          target="post"
          id={postId}
          open={sheet === 'reasons'}
          onClose={() => setSheet(null)}
          why={t('postDetail.reportWhy')}
          title={t('postDetail.reportTitle')}
        />
      )}
      {!mine && (
        <MuteMemberSheet user={post.user} visible={sheet === 'mute'} onClose={() => setSheet(null)} />
      )}
      {mine && <UsePropSheet postId={postId} visible={sheet === 'props'} onClose={() => setSheet(null)} />}
      {mine && <PostLookSheet post={post} visible={sheet === 'look'} onClose={() => setSheet(null)} />}
      {mine && <EditPostSheet post={post} visible={sheet === 'edit'} onClose={() => setSheet(null)} />}
    </>
  );
}
