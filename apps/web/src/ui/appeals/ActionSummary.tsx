import type { ModAction, ModActionKind } from '@pixelhall/contract';
import { useTranslation } from 'react-i18next';
import { Link } from '../../core/hash-router';
import { useFormat } from '../format';
import './appeals.css';

/** The kinds a member or the appeals queue can meet, each with its own title. */
const TITLES = {
  remove_post: 'appeals.kinds.remove_post',
  restore_post: 'appeals.kinds.restore_post',
  remove_comment: 'appeals.kinds.remove_comment',
  restore_comment: 'appeals.kinds.restore_comment',
  lock_comments: 'appeals.kinds.lock_comments',
  unlock_comments: 'appeals.kinds.unlock_comments',
  release_post: 'appeals.kinds.release_post',
  warn: 'appeals.kinds.warn',
  suspend: 'appeals.kinds.suspend',
  ban: 'appeals.kinds.ban',
  lift: 'appeals.kinds.lift',
} as const satisfies Partial<Record<ModActionKind, string>>;

/** Kinds that take something away: their title reads in the danger colour. */
const HARSH: ReadonlySet<ModActionKind> = new Set([
  'remove_post',
  'remove_comment',
  'suspend',
  'ban',
  'warn',
]);

/** What a moderator did, as a title: "Post removed", "Suspended" … */
export function useActionTitle(): (kind: ModActionKind) => string {
  const { t } = useTranslation();
  return (kind) => {
    const key = (TITLES as Partial<Record<ModActionKind, (typeof TITLES)[keyof typeof TITLES]>>)[kind];
    return key ? t(key) : t('appeals.kinds.other');
  };
}

/**
 * One moderation-log entry as its member or the appeals queue reads it: what happened and when,
 * where, until when, and why (plain text: a reason is never markup). `withPostLink` adds the way
 * to the post it concerns.
 */
export function ActionSummary({
  action,
  withPostLink = false,
}: {
  action: ModAction;
  withPostLink?: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const title = useActionTitle();
  const harsh = HARSH.has(action.action);
  return (
    <div className="action-summary">
      <div className="action-summary__head">
        <span className={harsh ? 'action-summary__kind action-summary__kind--harsh' : 'action-summary__kind'}>
          {title(action.action)}
        </span>
        <time className="action-summary__when muted" dateTime={new Date(action.created_at).toISOString()}>
          {fmt.dateTime(action.created_at)}
        </time>
      </div>
      {action.topic && (
        <p className="action-summary__line muted">{t('appeals.inTopic', { topic: action.topic.name })}</p>
      )}
      {action.until !== null && action.action === 'suspend' && (
        <p className="action-summary__line" data-testid="action-until">
          {t('appeals.until', { date: fmt.dateTime(action.until) })}
        </p>
      )}
      {action.reason && (
        <p className="action-summary__reason">
          <span className="action-summary__label">{t('appeals.reason')}</span>
          {action.reason}
        </p>
      )}
      {withPostLink && action.post_id !== null && (
        <Link className="action-summary__link" to={`/post/${action.post_id}`}>
          {t(action.target_type === 'comment' ? 'appeals.openThread' : 'appeals.openPost')}
        </Link>
      )}
    </div>
  );
}
