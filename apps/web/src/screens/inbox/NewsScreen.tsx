import { CheckOutline, MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useClearNews, useLatestNews, useNewsList } from '../../api/queries/news';
import { useNavigate } from '../../core/navigation';
import { EmptyState } from '../../ui/EmptyState';
import { useRelativeTime } from '../../ui/format';
import { NavBar } from '../../ui/NavBar';
import { PagedList } from '../../ui/PagedList';
import { PixelLogo } from '../../ui/PixelLogo';
import { Screen } from '../../ui/Screen';
import { UserAvatar } from '../../ui/UserAvatar';
import { groupNews, type NewsGroup } from './news-groups';
import { groupWording, newsTarget } from './news-wording';
import './inbox.css';

/** /me/news: likes, comments, replies, follows and notes from Pixelhall, newest first. */
export default function NewsScreen() {
  const { t } = useTranslation();
  const query = useNewsList();
  const latest = useLatestNews();
  const clear = useClearNews();
  const unread = latest.data?.unread ?? 0;
  return (
    <Screen>
      <NavBar
        title={t('inbox.title')}
        right={
          <button
            type="button"
            className="inbox-clear"
            disabled={unread === 0 || clear.isPending}
            onClick={() => clear.mutate()}
            data-testid="news-clear"
          >
            <CheckOutline /> {t('inbox.markAllRead')}
          </button>
        }
      />
      <PagedList
        query={query}
        testId="news-list"
        empty={<EmptyState text={t('inbox.empty')} />}
        arrange={groupNews}
        renderItem={(group) => <NewsItem group={group} />}
      />
    </Screen>
  );
}

/** One row: an item, or a group of items about one thing, worded and dated by the newest. */
function NewsItem({ group }: { group: NewsGroup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const relative = useRelativeTime();
  const item = group.items[0]!;
  const { title, quote } = groupWording(group, t);
  const target = newsTarget(item);
  const content = (
    <>
      <span className="news-item__avatar">
        {group.actors.length > 1 ? (
          <span className="news-item__stack">
            <span className="news-item__stack-back">
              <UserAvatar user={group.actors[1]!} size={30} />
            </span>
            <span className="news-item__stack-front">
              <UserAvatar user={group.actors[0]!} size={30} />
            </span>
          </span>
        ) : item.actor ? (
          <UserAvatar user={item.actor} size={42} />
        ) : (
          <PixelLogo size={42} />
        )}
        {!group.read && <span className="news-item__dot" role="img" aria-label={t('inbox.unread')} />}
      </span>
      <span className="news-item__body">
        <span className="news-item__title">{title}</span>
        {quote ? <span className="news-item__quote">{quote}</span> : null}
        {item.post_text ? (
          <span className="news-item__post">
            <MessageOutline />
            <span>{item.post_text}</span>
          </span>
        ) : null}
        <time className="news-item__time" dateTime={new Date(item.created_at).toISOString()}>
          {relative(item.created_at)}
        </time>
      </span>
    </>
  );
  const className = `news-item${group.read ? '' : ' news-item--unread'}`;
  return target ? (
    <button type="button" className={className} onClick={() => navigate(target)} data-testid="news-item">
      {content}
    </button>
  ) : (
    <div className={className} data-testid="news-item">
      {content}
    </div>
  );
}
