import type { ModAction } from '@pixelhall/contract';
import { useTranslation } from 'react-i18next';
import { Link } from '../../core/hash-router';
import { useFormat } from '../../ui/format';

/**
 * One entry of the moderation log: what was done, by whom (an operator's command has no one),
 * to whom, when and why, and the content as it was, folded. `onMember` opens a member's desk
 * sheet; without it names are plain text (inside that very sheet).
 */
export function ActionEntry({
  action,
  onMember,
  showSubject = true,
}: {
  action: ModAction;
  onMember?: (userId: number) => void;
  showSubject?: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const who = action.moderator?.nickname ?? t('modDesk.log.operator');
  const subject = action.subject;
  return (
    <article className="mod-entry" data-testid="mod-log-entry" data-action={action.action}>
      <p className="mod-entry__line">
        <span className={`mod-kind mod-kind--${kindTone(action.action)}`}>
          {t(`modDesk.log.kinds.${action.action}`)}
        </span>
        <time className="muted" dateTime={new Date(action.created_at).toISOString()}>
          {fmt.dateTime(action.created_at)}
        </time>
      </p>
      <p className="mod-entry__who">
        {t('modDesk.log.by', { name: who })}
        {showSubject && subject && (
          <>
            {' · '}
            {onMember ? (
              <button
                type="button"
                className="mod-link-button"
                onClick={() => onMember(subject.id)}
                data-testid="mod-log-subject"
              >
                {t('modDesk.log.about', { name: subject.nickname })}
              </button>
            ) : (
              t('modDesk.log.about', { name: subject.nickname })
            )}
          </>
        )}
      </p>
      {action.topic && <p className="mod-meta">{t('modDesk.log.inTopic', { topic: action.topic.name })}</p>}
      {action.reason && (
        <p className="mod-entry__reason">
          {/* A role's entry keeps the moderator's topics where others keep their reason. */}
          <span className="mod-entry__label muted">
            {action.action === 'grant_role' ? t('modDesk.log.topics') : t('modDesk.log.why')}
          </span>
          {action.reason}
        </p>
      )}
      {action.until !== null && (
        <p className="mod-meta">{t('modDesk.log.until', { date: fmt.dateTime(action.until) })}</p>
      )}
      {action.post_id !== null && (action.target_type === 'post' || action.target_type === 'comment') && (
        <Link className="mod-open" to={`/post/${action.post_id}`}>
          {action.target_type === 'post' ? t('modDesk.reports.openPost') : t('modDesk.reports.openThread')}
        </Link>
      )}
      {action.snapshot && (
        <details className="mod-snapshot">
          <summary>{t('modDesk.log.snapshot')}</summary>
          <p className="mod-text">{action.snapshot}</p>
        </details>
      )}
    </article>
  );
}

/** The colour of an action's name: what takes away, what gives back, the rest. */
function kindTone(action: ModAction['action']): 'stop' | 'undo' | 'plain' {
  if (['remove_post', 'remove_comment', 'suspend', 'ban', 'warn', 'lock_comments'].includes(action))
    return 'stop';
  if (['restore_post', 'restore_comment', 'lift', 'unlock_comments', 'release_post'].includes(action))
    return 'undo';
  return 'plain';
}
