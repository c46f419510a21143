import { confirmAction } from '../../core/confirm';
import i18n from '../../i18n';

/** Spec §8: asks before a downloaded game is deleted from the device. */
export function confirmDeleteGame(name: string): Promise<boolean> {
  return confirmAction({
    title: i18n.t('romUi.deleteTitle'),
    content: i18n.t('romUi.deleteConfirm', { name }),
    confirmText: i18n.t('romUi.delete'),
    danger: true,
  });
}
