import type { Removal } from '@pixelhall/contract';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../core/navigation';
import './moderation-notice.css';

/** Where a member appeals a removal or a suspension, and reads every action about them. */
export const APPEALS_PATH = '/me/moderation';
/** The public moderation log, where anyone reads why content went. */
export const MODLOG_PATH = '/modlog';

/** Inside a card that opens its post on a tap: this tap only does its own thing. */
const only = (go: () => void) => (e: MouseEvent) => {
  e.stopPropagation();
  go();
};

function Notice({
  tone,
  compact,
  testId,
  children,
}: {
  tone: 'removed' | 'held' | 'locked';
  compact?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`mod-notice mod-notice--${tone}${compact ? ' mod-notice--compact' : ''}`}
      role="note"
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/**
 * A post or comment a moderator removed (docs/product/moderation.md#what-members-see). Its author
 * (and a moderator) reads why, and the author may appeal; everyone else reads only that it was
 * removed, with the way to the public log. The server decides who gets the reason: it is null for
 * everyone else, so nothing here can show more than the answer holds.
 */
export function RemovedNotice({
  removed,
  mine,
  kind,
  compact = false,
}: {
  removed: NonNullable<Removal>;
  /** The reader wrote it: they may appeal. */
  mine: boolean;
  kind: 'post' | 'comment';
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const appealable = mine && removed.action_id !== null;
  return (
    <Notice tone="removed" compact={compact} testId="removed-notice">
      <p className="mod-notice__text">
        {removed.reason !== null ? (
          t('modNotices.removed.withReason', { reason: removed.reason })
        ) : (
          <>
            {kind === 'post' ? t('modNotices.removed.post') : t('modNotices.removed.comment')}{' '}
            <a
              className="mod-notice__link"
              href={`#${MODLOG_PATH}`}
              onClick={(e) => {
                e.preventDefault();
                e.stopPropagation();
                navigateTo(MODLOG_PATH);
              }}
              data-testid="removed-log-link"
            >
              {t('modNotices.removed.log')}
            </a>
          </>
        )}
      </p>
      {mine && !compact && <p className="mod-notice__hint">{t('modNotices.removed.onlyYou')}</p>}
      {appealable && (
        <button
          type="button"
          className="mod-notice__action"
          onClick={only(() => navigateTo(APPEALS_PATH))}
          data-testid="removed-appeal"
        >
          {t('modNotices.appeal')}
        </button>
      )}
    </Notice>
  );
}

/** The author's own post waiting for a moderator (held by a filter or a new member's link). */
export function HeldNotice({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Notice tone="held" compact={compact} testId="held-notice">
      <p className="mod-notice__text">
        <strong>{t('modNotices.held.title')}</strong>
      </p>
      {!compact && <p className="mod-notice__hint">{t('modNotices.held.text')}</p>}
    </Notice>
  );
}

/** In place of the comment box of a post whose comments a moderator closed. */
export function LockedNotice() {
  const { t } = useTranslation();
  return (
    <Notice tone="locked" compact testId="locked-notice">
      <p className="mod-notice__text">{t('modNotices.locked')}</p>
    </Notice>
  );
}
