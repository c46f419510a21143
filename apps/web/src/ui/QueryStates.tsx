import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';

/**
 * Where a state shows: in place of a screen's or sheet's content, or in a feed (a post list,
 * search results), spaced like the feed's own lines and under its pull-to-refresh.
 */
export type StatePlace = 'screen' | 'feed';

/** What a screen, sheet or feed shows while its first answer is on the way. */
export function Pending({ place = 'screen' }: { place?: StatePlace }) {
  return (
    <div className={place === 'feed' ? 'feed-state' : 'screen-pending'} aria-busy="true">
      <DotLoading color="primary" />
    </div>
  );
}

/**
 * "Load failed" with a way to ask again, for a screen, sheet or feed whose data did not come.
 * `text` says why instead when the answer knows; without `onRetry` there is no button, for an
 * answer that asking again would not change.
 */
export function LoadFailed({
  onRetry,
  place = 'screen',
  text,
  retryText,
}: {
  onRetry?: () => unknown;
  place?: StatePlace;
  text?: string;
  retryText?: string;
}) {
  const { t } = useTranslation();
  const retry = onRetry && (
    <Button size="small" shape="rounded" onClick={() => void onRetry()}>
      {retryText ?? t('shell.retry')}
    </Button>
  );
  if (place === 'feed')
    return (
      <div className="feed-state feed-state--error" role="alert">
        <span>{text ?? t('errors.load_failed')}</span>
        {retry}
      </div>
    );
  return <EmptyState text={text ?? t('errors.load_failed')}>{retry}</EmptyState>;
}
