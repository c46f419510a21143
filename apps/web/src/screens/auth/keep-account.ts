import type { User } from '@pixelhall/contract';
import { keepAccount } from '../../api/queries/account-deletion';
import { confirmAction } from '../../core/confirm';
import { dropToast } from '../../core/feedback';
import { localeFormat } from '../../core/intl-format';
import i18n from '../../i18n';

/**
 * Signing in while the account's deletion is pending (docs/product/accounts-and-sessions.md#deleting-an-account):
 * one dialog names the date and offers to keep the account; "Continue" leaves the deletion as it
 * is. The sign-in's welcome toast gives way to it, so the member reads one thing at a time.
 */
export async function offerToKeepAccount(user: User | null | undefined): Promise<void> {
  const due = user?.deletion_due_at;
  if (due === null || due === undefined) return;
  dropToast();
  const keep = await confirmAction({
    title: i18n.t('deletionUi.offer.title'),
    content: i18n.t('deletionUi.offer.text', { date: localeFormat(i18n.language).date(due) }),
    confirmText: i18n.t('deletionUi.keep'),
    cancelText: i18n.t('deletionUi.offer.continue'),
  });
  // A refusal (the network) has its toast from the client; the offer stays in Account and security.
  if (keep) await keepAccount().catch(() => {});
}
