import type { ModAction, PUBLIC_MOD_ACTIONS } from '@pixelhall/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePublicModLog } from '../../api/queries/modlog';
import { Link } from '../../core/hash-router';
import type { LocaleFormat } from '../../core/intl-format';
import { EmptyState } from '../../ui/EmptyState';
import { useFormat } from '../../ui/format';
import { NavBar } from '../../ui/NavBar';
import { PagedList } from '../../ui/PagedList';
import { TopicIcon } from '../../ui/posts/TopicIcon';
import { Screen } from '../../ui/Screen';
import { UserAvatar } from '../../ui/UserAvatar';
import './modlog.css';

type PublicKind = (typeof PUBLIC_MOD_ACTIONS)[number];
const PUBLIC_KINDS: readonly string[] = [
  'remove_post',
  'restore_post',
  'remove_comment',
  'restore_comment',
  'lock_comments',
  'unlock_comments',
  'suspend',
  'ban',
  'lift',
] satisfies PublicKind[];
const isPublic = (kind: string): kind is PublicKind => PUBLIC_KINDS.includes(kind);

/**
 * `#/modlog`, for anyone (docs/product/moderation.md#what-members-see): what moderators did to
 * content and to members, newest first, with the reason; never who acted, never the content.
 */
export default function ModLogScreen() {
  const { t } = useTranslation();
  const query = usePublicModLog();
  return (
    <Screen>
      <NavBar title={t('modNotices.log.title')} />
      <p className="modlog-intro">{t('modNotices.log.intro')}</p>
      <PagedList
        query={query}
        testId="modlog-list"
        className="modlog-list"
        empty={<EmptyState text={t('modNotices.log.empty')} />}
        renderItem={(entry) => <Entry entry={entry} />}
      />
    </Screen>
  );
}

function actionTitle(kind: PublicKind, until: number | null, t: TFunction, fmt: LocaleFormat): string {
  if (kind === 'suspend')
    return t('modNotices.log.actions.suspend', { date: until ? fmt.dateTime(until) : '' });
  return t(`modNotices.log.actions.${kind}`);
}

function Entry({ entry }: { entry: ModAction }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  // The server answers public kinds only; one this app does not know yet is left out, not shown raw.
  if (!isPublic(entry.action)) return null;
  const strong = entry.action.startsWith('remove') || entry.action === 'ban' || entry.action === 'suspend';
  return (
    <article
      className={`modlog-entry${strong ? ' modlog-entry--strong' : ''}`}
      data-testid="modlog-entry"
      data-action={entry.action}
    >
      <header className="modlog-entry__head">
        <h2 className="modlog-entry__action">{actionTitle(entry.action, entry.until, t, fmt)}</h2>
        <time className="modlog-entry__time" dateTime={new Date(entry.created_at).toISOString()}>
          {fmt.dateTime(entry.created_at)}
        </time>
      </header>
      <div className="modlog-entry__about">
        {entry.subject ? (
          <Link className="modlog-entry__member" to={`/user/${entry.subject.id}`} data-testid="modlog-member">
            <UserAvatar user={{ id: entry.subject.id, avatar: entry.subject.avatar }} size={24} />
            <span>{entry.subject.nickname}</span>
          </Link>
        ) : (
          <span className="modlog-entry__member muted">{t('modNotices.log.formerMember')}</span>
        )}
        {entry.topic && (
          <Link className="modlog-entry__topic" to={`/topic/${entry.topic.id}`}>
            <TopicIcon topic={entry.topic} size={16} />
            <span>{entry.topic.name}</span>
          </Link>
        )}
      </div>
      {entry.reason && (
        <p className="modlog-entry__reason" data-testid="modlog-reason">
          {t('modNotices.reason', { reason: entry.reason })}
        </p>
      )}
    </article>
  );
}
