import { confirmAction } from '../../core/confirm';
import i18n from '../../i18n';

/** Asks before a downloaded game is deleted from the device (docs/product/limits-and-errors.md#confirmations). */
export function confirmDeleteGame(name: string): Promise<boolean> {
  return confirmAction({
    title: i18n.t('romUi.deleteTitle'),
    content: i18n.t('romUi.deleteConfirm', { name }),
    confirmText: i18n.t('romUi.delete'),
    danger: true,
  });
}
