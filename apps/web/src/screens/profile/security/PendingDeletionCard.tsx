import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useKeepAccount } from '../../../api/queries/account-deletion';
import { useFormat } from '../../../ui/format';
import './delete-account.css';

/**
 * A pending deletion: its date and "Keep my account", shown by the section and by the deletion
 * screen alike.
 */
export function PendingDeletionCard({ due }: { due: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const keep = useKeepAccount();
  return (
    <div
      className="card notice-card delete-account-pending"
      role="status"
      data-testid="delete-account-pending"
    >
      <p className="delete-account-pending__date">
        {t('deletionUi.pending.title', { date: format.date(due) })}
      </p>
      <p className="muted">{t('deletionUi.pending.text')}</p>
      <Button
        block
        shape="rounded"
        color="primary"
        loading={keep.isPending}
        onClick={() => keep.mutate()}
        data-testid="delete-account-keep"
      >
        {t('deletionUi.keep')}
      </Button>
    </div>
  );
}
