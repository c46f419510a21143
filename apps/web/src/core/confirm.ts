import { Dialog } from 'antd-mobile';
import i18n from '../i18n';
import { onAppEvent } from './events';
import { nextOverlayZIndex, overlayStyle } from './overlay';

/**
 * Asks before something that is hard to undo (unfollowing, blacklisting, deleting: docs/product/limits-and-errors.md#confirmations).
 * Resolves true to go ahead. Leaving the screen (back) closes the question unanswered, so it
 * never lingers over the next screen.
 */
export function confirmAction(options: {
  title?: string;
  content: string;
  confirmText: string;
  cancelText?: string;
  danger?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) => {
    let stopListening = () => {};
    const settle = (confirmed: boolean) => {
      stopListening();
      resolve(confirmed);
    };
    const dialog = Dialog.show({
      style: overlayStyle(nextOverlayZIndex()),
      title: options.title,
      content: options.content,
      closeOnAction: true,
      actions: [
        [
          {
            key: 'cancel',
            text: options.cancelText ?? i18n.t('common.cancel'),
            onClick: () => settle(false),
          },
          {
            key: 'confirm',
            text: options.confirmText,
            bold: true,
            danger: options.danger,
            onClick: () => settle(true),
          },
        ],
      ],
      onClose: () => settle(false),
    });
    stopListening = onAppEvent('popstate', () => dialog.close());
  });
}
