import { EXPIRY_DEBOUNCE_MS } from '@pixelhall/contract';
import { Dialog } from 'antd-mobile';
import { signOut } from '../api/session';
import { navigateTo } from '../core/navigation';
import { nextOverlayZIndex, overlayStyle } from '../core/overlay';
import i18n from '../i18n';
import { useSession } from '../state/session';

let expiryTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Several calls usually fail together when a token expires; after a 300 ms debounce the member
 * sees one "The user is not logged in" dialog, and the token is cleared either way (docs/product/limits-and-errors.md#how-the-app-treats-answers).
 */
export function onSessionExpired(): void {
  if (expiryTimer) clearTimeout(expiryTimer);
  expiryTimer = setTimeout(() => {
    expiryTimer = null;
    if (!useSession.getState().token) return;
    signOut('expired');
    Dialog.show({
      style: overlayStyle(nextOverlayZIndex()),
      content: i18n.t('errors.not_logged_in'),
      closeOnMaskClick: true,
      closeOnAction: true,
      actions: [
        { key: 'login', text: i18n.t('common.log_in'), bold: true, onClick: () => navigateTo('/login') },
      ],
    });
  }, EXPIRY_DEBOUNCE_MS);
}

/** Code 1003: "Not enough coins" with the server's message and "Get coins" to /me/task. */
export function onNotEnoughGold(message: string): void {
  Dialog.show({
    style: overlayStyle(nextOverlayZIndex()),
    title: i18n.t('errors.not_enough_coins'),
    content: message,
    closeOnMaskClick: true,
    closeOnAction: true,
    actions: [
      { key: 'coins', text: i18n.t('common.get_coins'), bold: true, onClick: () => navigateTo('/me/task') },
    ],
  });
}
