import { MUTE_DURATIONS } from '@pixelhall/contract';
import { ActionSheet } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useMuteMember } from '../../api/queries/mutes';
import { useOverlayStyle } from '../../core/overlay';
import './mute-sheet.css';

/**
 * "Mute {name}": how long, a day, a week or until unmuted (docs/product/follows-and-blacklist.md#mute).
 * Offered by a member's page and a post's menu; the member is never told.
 */
export function MuteMemberSheet({
  user,
  visible,
  onClose,
}: {
  user: { id: number; nickname: string };
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const style = useOverlayStyle(visible);
  const mute = useMuteMember();
  return (
    <ActionSheet
      visible={visible}
      onClose={onClose}
      popupStyle={style}
      closeOnAction
      cancelText={t('common.cancel')}
      extra={
        <div className="mute-sheet__head" data-testid="mute-sheet">
          <strong className="mute-sheet__title">{t('muteUi.sheet.title', { name: user.nickname })}</strong>
          <span className="mute-sheet__hint">{t('muteUi.sheet.hint')}</span>
        </div>
      }
      actions={MUTE_DURATIONS.map((duration) => ({
        key: duration,
        text: t(`muteUi.sheet.${duration}`),
        disabled: mute.isPending,
        onClick: () => mute.mutate({ userId: user.id, duration }),
      }))}
    />
  );
}
