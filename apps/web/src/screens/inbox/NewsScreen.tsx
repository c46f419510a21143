import type { News } from '@pixelhall/contract';
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
import { newsTarget, newsWording } from './news-wording';
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
        renderItem={(item) => <NewsItem item={item} />}
      />
    </Screen>
  );
}

function NewsItem({ item }: { item: News }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const relative = useRelativeTime();
  const { title, quote } = newsWording(item, t);
  const target = newsTarget(item);
  const content = (
    <>
      <span className="news-item__avatar">
        {item.actor ? <UserAvatar user={item.actor} size={42} /> : <PixelLogo size={42} />}
        {!item.read && <span className="news-item__dot" role="img" aria-label={t('inbox.unread')} />}
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
  const className = `news-item${item.read ? '' : ' news-item--unread'}`;
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
