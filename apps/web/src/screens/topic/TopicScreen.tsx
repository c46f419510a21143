import { ADULT_AGE, type Topic } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { Button, Dialog, Tabs } from 'antd-mobile';
import { EditSOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useTopic } from '../../api/queries/topics';
import { useGuard } from '../../core/guard';
import { useNavigate } from '../../core/navigation';
import { nextOverlayZIndex, overlayStyle } from '../../core/overlay';
import { useRouteParams } from '../../core/route-context';
import i18n from '../../i18n';
import { useAdultConfirmation } from '../../state/adult';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { PostFeed } from '../../ui/posts/PostFeed';
import { TopicIcon } from '../../ui/posts/TopicIcon';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { TopicFollowButton } from '../../ui/topics/TopicFollowButton';
import { AdultBadge } from '../../ui/topics/TopicRow';
import './topic.css';
import { useFormat } from '../../ui/format';

type Sort = 'new' | 'hot';
const SORTS: Sort[] = ['new', 'hot'];

/**
 * A topic: its card, follow, "post here", and its posts New or Hot. The route is kept alive
 * under one key for every id, so the page is keyed by the id and starts afresh for another.
 */
export default function TopicScreen() {
  const id = Number(useRouteParams().id);
  // Another topic is another page: its own scroll position, sort and questions.
  return <TopicPage key={id} id={id} />;
}

function TopicPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const topic = useTopic(id);
  const title = topic.data?.name ?? t('topicUi.title');
  return (
    <Screen className="topic-screen">
      <NavBar title={title} />
      {topic.data ? (
        <TopicView topic={topic.data} />
      ) : topic.isPending && Number.isInteger(id) && id > 0 ? (
        <Pending place="feed" />
      ) : topic.error instanceof ApiError && topic.error.kind === 'network' ? (
        <LoadFailed place="feed" onRetry={() => topic.refetch()} />
      ) : (
        <EmptyState text={t('errors.topic_not_found')} />
      )}
    </Screen>
  );
}

function TopicView({ topic }: { topic: Topic }) {
  const adult = topic.min_age >= ADULT_AGE;
  const confirmed = useAdultConfirmation((s) => s.confirmed);
  useAdultQuestion(adult && !confirmed);
  // Nothing of an adult topic shows until the reader has said they are 18+.
  if (adult && !confirmed) return null;
  return (
    <>
      <TopicHeader topic={topic} />
      <TopicFeed topic={topic} adult={adult} />
    </>
  );
}

/**
 * "Are you 18+ years old?" (docs/product/posts-and-feeds.md#adult-topics): yes is remembered on this device, no goes back. Asked
 * from an effect, so the dialog closes when the kept-alive screen is hidden and comes back
 * with it.
 */
function useAdultQuestion(ask: boolean): void {
  const navigate = useNavigate();
  const confirm = useAdultConfirmation((s) => s.confirm);
  useEffect(() => {
    if (!ask) return;
    const handler = Dialog.show({
      style: overlayStyle(nextOverlayZIndex()),
      title: i18n.t('topicUi.adultTitle'),
      content: i18n.t('errors.adult_confirm'),
      closeOnAction: true,
      actions: [
        [
          {
            key: 'cancel',
            text: i18n.t('common.cancel'),
            onClick: () => {
              if (window.history.state?.idx > 0) navigate(-1);
              else navigate('/home', { replace: true });
            },
          },
          { key: 'confirm', text: i18n.t('common.confirm'), bold: true, onClick: confirm },
        ],
      ],
    });
    return handler.close;
  }, [ask, confirm, navigate]);
}

function TopicHeader({ topic }: { topic: Topic }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const guard = useGuard();
  return (
    <section className="topic-hero" data-testid="topic-hero">
      <div className="topic-hero__top">
        <TopicIcon topic={topic} size={64} />
        <div className="topic-hero__who">
          <h1 className="topic-hero__name">
            <span>{topic.name}</span>
            {topic.min_age >= ADULT_AGE && <AdultBadge />}
          </h1>
          <p className="topic-hero__counts">
            <span>
              {t('topicUi.followers', {
                count: topic.follower_count,
                formatted: fmt.compact(topic.follower_count),
              })}
            </span>
            <span>
              {t('topicUi.posts', { count: topic.post_count, formatted: fmt.compact(topic.post_count) })}
            </span>
          </p>
        </div>
      </div>
      <p className={`topic-hero__description${topic.description ? '' : ' muted'}`}>
        {topic.description || t('topicUi.noDescription')}
      </p>
      <div className="topic-hero__actions">
        <TopicFollowButton topic={topic} size="middle" />
        <Button
          size="middle"
          shape="rounded"
          className="topic-hero__post"
          onClick={() => {
            guard({ to: `/note?topic_id=${topic.id}` });
          }}
          data-testid="topic-post-here"
        >
          <EditSOutline /> {t('topicUi.postHere')}
        </Button>
      </div>
      {topic.min_level > 1 && (
        <p className="topic-hero__level">{t('topicUi.minLevel', { level: topic.min_level })}</p>
      )}
    </section>
  );
}

function TopicFeed({ topic, adult }: { topic: Topic; adult: boolean }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<Sort>('new');
  return (
    <>
      <Tabs activeKey={sort} onChange={(key) => setSort(key as Sort)} className="feed-tabs topic-tabs">
        {SORTS.map((key) => (
          <Tabs.Tab key={key} title={t(`topicUi.${key}`)} />
        ))}
      </Tabs>
      <PostFeed
        key={sort}
        endpoint={routes.posts.postsList}
        payload={adult ? { topic_id: topic.id, sort, adult_confirmed: true } : { topic_id: topic.id, sort }}
        showTopic={false}
        empty={<EmptyState text={t('topicUi.empty')} />}
      />
    </>
  );
}
