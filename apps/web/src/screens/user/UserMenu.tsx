import type { User } from '@pixelhall/contract';
import { ActionSheet, Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlock, useUnblock } from '../../api/queries/follows';
import { useUnmuteMember } from '../../api/queries/mutes';
import { confirmAction } from '../../core/confirm';
import { useOverlayStyle } from '../../core/overlay';
import { MuteMemberSheet } from '../../ui/mute/MuteMemberSheet';
import { ReportFlow } from '../../ui/report/ReportFlow';

type Named = Pick<User, 'id' | 'nickname'>;

/**
 * "…" on a member's page: mute or unmute them (get/user says whether the viewer does), add to or
 * remove from the blacklist, report the member.
 */
export function UserMenu({
  user,
  blocked,
  visible,
  onClose,
}: {
  user: Named & Pick<User, 'muted'>;
  blocked: boolean;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const style = useOverlayStyle(visible);
  const block = useBlock();
  const unblock = useUnblock();
  const unmute = useUnmuteMember();
  const [reporting, setReporting] = useState(false);
  const [muting, setMuting] = useState(false);

  const confirmBlock = async () => {
    const confirmed = await confirmAction({
      title: t('userPage.menu.blockTitle', { name: user.nickname }),
      content: t('userPage.menu.blockConfirm'),
      confirmText: t('userPage.menu.block'),
      danger: true,
    });
    if (confirmed) block.mutate(user.id);
  };

  return (
    <>
      <ActionSheet
        visible={visible}
        onClose={onClose}
        popupStyle={style}
        cancelText={t('common.cancel')}
        closeOnAction
        actions={[
          user.muted
            ? { key: 'unmute', text: t('muteUi.menu.unmute'), onClick: () => unmute.mutate(user.id) }
            : { key: 'mute', text: t('muteUi.menu.mute'), onClick: () => setMuting(true) },
          blocked
            ? { key: 'unblock', text: t('userPage.menu.unblock'), onClick: () => unblock.mutate(user.id) }
            : {
                key: 'block',
                text: t('userPage.menu.block'),
                danger: true,
                onClick: () => void confirmBlock(),
              },
          { key: 'report', text: t('userPage.menu.report'), onClick: () => setReporting(true) },
        ]}
      />
      <MuteMemberSheet user={user} visible={muting} onClose={() => setMuting(false)} />
      <ReportFlow
        target="user"
        id={user.id}
        open={reporting}
        onClose={() => setReporting(false)}
        why={t('userPage.report.title', { name: user.nickname })}
        title={t('userPage.report.title', { name: user.nickname })}
        placeholder={t('userPage.report.placeholder')}
      />
    </>
  );
}

/** In place of the follow button while the member is on the viewer's blacklist. */
export function UnblockButton({ user, block }: { user: Named; block?: boolean }) {
  const { t } = useTranslation();
  const unblock = useUnblock();
  return (
    <Button
      block={block}
      shape="rounded"
      fill="outline"
      loading={unblock.isPending}
      onClick={() => unblock.mutate(user.id)}
      data-testid="unblock-button"
    >
      {t('userPage.menu.unblock')}
    </Button>
  );
}
