import { useTranslation } from 'react-i18next';
import { useStanding } from '../../api/queries/standing';
import { navigateTo } from '../../core/navigation';
import { useFormat } from '../format';
import { APPEALS_PATH } from './RemovedNotice';
import './moderation-notice.css';

/**
 * A line on Me while moderators warned the member in the last 90 days: how many times, and the
 * latest reason with its date; a tap opens everything moderators did about them.
 */
export function WarningsNote() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const warnings = useStanding().data?.warnings ?? [];
  const latest = warnings[0];
  if (!latest) return null;
  return (
    <button
      type="button"
      className="mod-notice mod-notice--warned mod-notice--button"
      onClick={() => navigateTo(APPEALS_PATH)}
      data-testid="warnings-note"
    >
      <strong className="mod-notice__text">
        {t('modNotices.warnings.count', { count: warnings.length })}
      </strong>
      <span className="mod-notice__hint">
        {t('modNotices.warnings.latest', { date: fmt.date(latest.created_at), reason: latest.reason })}
      </span>
    </button>
  );
}
