import type { User } from '@pixelhall/contract';
import { ActionSheet, Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlock, useUnblock } from '../../api/queries/follows';
import { confirmAction } from '../../core/confirm';
import { useOverlayStyle } from '../../core/overlay';
import { ReportPopup } from './ReportPopup';

type Named = Pick<User, 'id' | 'nickname'>;

/** "…" on a member's page: add to or remove from the blacklist, report the member. */
export function UserMenu({
  user,
  blocked,
  visible,
  onClose,
}: {
  user: Named;
  blocked: boolean;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const style = useOverlayStyle(visible);
  const block = useBlock();
  const unblock = useUnblock();
  const [reporting, setReporting] = useState(false);

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
      <ReportPopup
        visible={reporting}
        onClose={() => setReporting(false)}
        userId={user.id}
        name={user.nickname}
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
