import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';

/** What a screen or sheet shows while its first answer is on the way. */
export function Pending() {
  return (
    <div className="screen-pending" aria-busy="true">
      <DotLoading color="primary" />
    </div>
  );
}

/** "Load failed" with a way to ask again, for a screen or sheet whose data did not come. */
export function LoadFailed({ onRetry }: { onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <EmptyState text={t('errors.load_failed')}>
      <Button size="small" shape="rounded" onClick={() => void onRetry()}>
        {t('shell.retry')}
      </Button>
    </EmptyState>
  );
}
