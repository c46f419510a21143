import { ACCOUNT_DELETION_GRACE_DAYS, type User } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../core/navigation';
import { PendingDeletionCard } from './PendingDeletionCard';
import './delete-account.css';

/** Where "Delete my account" explains what goes and asks for the confirmation. */
export const DELETE_ACCOUNT_PATH = '/me/setting/accountandsecurity/delete';

/**
 * The last section of Account and security (docs/product/accounts-and-sessions.md#deleting-an-account):
 * the way to delete the account, or, while a deletion is pending, its date and "Keep my account".
 * A visitor account has nothing to delete (it signs out), so it sees neither.
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (user.is_tourist) return null;
  const due = user.deletion_due_at ?? null;

  return (
    <div className="delete-account-section" data-testid="delete-account-section">
      <h2 className="section__title">{t('deletionUi.section.title')}</h2>
      {due === null ? (
        <div className="card notice-card">
          <p className="muted">{t('deletionUi.section.text', { days: ACCOUNT_DELETION_GRACE_DAYS })}</p>
          <Button
            block
            shape="rounded"
            fill="outline"
            color="danger"
            onClick={() => navigate(DELETE_ACCOUNT_PATH)}
            data-testid="delete-account-open"
          >
            {t('deletionUi.section.action')}
          </Button>
        </div>
      ) : (
        <PendingDeletionCard due={due} />
      )}
    </div>
  );
}
