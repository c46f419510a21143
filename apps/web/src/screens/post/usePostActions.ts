import type { Post } from '@pixelhall/contract';
import { Dialog } from 'antd-mobile';
import { createElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeletePost, useSharePost } from '../../api/queries/post-detail';
import { showFailToast, showSuccessToast } from '../../core/feedback';
import { useNavigate } from '../../core/navigation';
import { nextOverlayZIndex, overlayStyle } from '../../core/overlay';
import { shareLink, shareTitle } from '../../core/share-link';
import { host } from '../../host';
import { adultAnswer } from '../../state/adult';
import { usePreferences } from '../../state/preferences';

export interface Translation {
  text: string;
  source: string;
}

/**
 * Share, translate and delete for a post; report has a sheet of its own. Deleting leaves the
 * post's page, unless the caller (a feed, which simply loses the card) says what follows.
 */
export function usePostActions(post: Post | undefined, options: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = usePreferences((s) => s.locale.value);
  const share = useSharePost();
  const remove = useDeletePost();
  const [translation, setTranslation] = useState<Translation | null>(null);
  const [translating, setTranslating] = useState(false);

  const leave = () => {
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate('/home', { replace: true });
  };

  return {
    translation,
    translating,
    sharing: share.isPending,

    share: () => {
      if (!post || share.isPending) return;
      share.mutate(post.id, {
        onSuccess: async ({ link }) => {
          const outcome = await shareLink({
            url: link,
            title: shareTitle(post.text) || t('postDetail.shareTitle'),
          });
          if (outcome === 'copied') showSuccessToast(t('postDetail.linkCopied'));
          else if (outcome === 'copy-failed') showFailToast(t('errors.copy_failed'));
        },
      });
    },

    /** Through the host (`machineTranslate`, docs/product/posts-and-feeds.md#reading-a-post): a native shell may translate on the device. */
    translate: async () => {
      if (!post || translating) return;
      if (translation) {
        setTranslation(null);
        return;
      }
      setTranslating(true);
      try {
        setTranslation(
          await host.call('machineTranslate', {
            kind: 'post',
            id: post.id,
            target: locale,
            ...adultAnswer(),
          }),
        );
      } catch {
        // The bridge showed why.
      } finally {
        setTranslating(false);
      }
    },

    remove: async () => {
      if (!post) return;
      const sure = await Dialog.confirm({
        content: t('postDetail.deleteConfirm'),
        confirmText: createElement('span', { className: 'danger-text' }, t('postDetail.delete')),
        cancelText: t('common.cancel'),
        style: overlayStyle(nextOverlayZIndex()),
      });
      if (sure) remove.mutate(post.id, { onSuccess: options.onDeleted ?? leave });
    },
  };
}
