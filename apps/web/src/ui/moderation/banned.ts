import type { ErrorReason } from '@pixelhall/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client';
import { showAlert } from '../../core/feedback';

/**
 * A banned member's log-in is refused with this reason (its message names why). The log-in
 * screens pass it as a field reason, so it gets no passing toast: it is said in a dialog instead.
 */
export const BANNED_REASON = 'errors.account_banned' satisfies ErrorReason;

/**
 * Shows the server's "This account was banned: …" in a dialog that stays until the member closes
 * it; answers whether `error` was that refusal.
 */
export function showBannedDialog(error: unknown, t: TFunction): boolean {
  if (!(error instanceof ApiError) || error.reason !== BANNED_REASON) return false;
  void showAlert({
    title: t('modNotices.banned.title'),
    content: error.message,
    confirmText: t('common.ok'),
  });
  return true;
}
