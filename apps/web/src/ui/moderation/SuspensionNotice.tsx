import type { Standing } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshStanding, useStanding } from '../../api/queries/standing';
import { navigateTo } from '../../core/navigation';
import { useFormat } from '../format';
import { APPEALS_PATH } from './RemovedNotice';
import './moderation-notice.css';

type Suspension = NonNullable<Standing['suspension']>;

/** setTimeout holds at most 2^31-1 ms; a later end is looked at again after a day. */
const LONGEST_WAIT_MS = 86_400_000;

/**
 * The signed-in member's suspension while it runs, else null. At its end the standing is asked
 * again, so the composers come back without a reload; the server's clock has the last word (a
 * write refused as suspended refreshes it too).
 */
export function useSuspension(): Suspension | null {
  const suspension = useStanding().data?.suspension ?? null;
  const [now, setNow] = useState(() => Date.now());
  const until = suspension?.until ?? null;
  useEffect(() => {
    if (until === null) return;
    const wait = until - Date.now();
    if (wait <= 0) return;
    const timer = window.setTimeout(
      () => {
        setNow(Date.now());
        if (wait <= LONGEST_WAIT_MS) void refreshStanding();
      },
      Math.min(wait + 250, LONGEST_WAIT_MS),
    );
    return () => window.clearTimeout(timer);
  }, [until]);
  if (!suspension || suspension.until <= Math.max(now, Date.now())) return null;
  return suspension;
}

/**
 * Told, not surprised (docs/product/moderation.md#what-members-see): a suspended member reads
 * until when they may not post or comment, and why, where a composer would stand; with the way to
 * appeal. `compact` is the comment bar's one-line form.
 */
export function SuspensionNotice({ compact = false }: { compact?: boolean }) {
  const suspension = useSuspension();
  if (!suspension) return null;
  return <SuspensionCard suspension={suspension} compact={compact} />;
}

function SuspensionCard({ suspension, compact }: { suspension: Suspension; compact: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const titleId = useId();
  return (
    <section
      className={`mod-notice mod-notice--suspended${compact ? ' mod-notice--compact' : ''}`}
      aria-labelledby={compact ? undefined : titleId}
      aria-label={compact ? t('modNotices.suspension.title') : undefined}
      data-testid="suspension-notice"
    >
      {!compact && (
        <h2 className="mod-notice__title" id={titleId}>
          {t('modNotices.suspension.title')}
        </h2>
      )}
      <p className="mod-notice__text" data-testid="suspension-until">
        {t('modNotices.suspension.text', { date: fmt.dateTime(suspension.until) })}
      </p>
      <p className="mod-notice__hint" data-testid="suspension-reason">
        {t('modNotices.reason', { reason: suspension.reason })}
      </p>
      {/* An operator's suspension has no log entry to appeal. */}
      {suspension.action_id !== null && (
        <Button
          size="small"
          shape="rounded"
          color="primary"
          fill="outline"
          onClick={() => navigateTo(APPEALS_PATH)}
          data-testid="suspension-appeal"
        >
          {t('modNotices.appeal')}
        </Button>
      )}
    </section>
  );
}
