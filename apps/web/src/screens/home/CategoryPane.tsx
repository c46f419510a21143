import { YOURS_CATEGORY_ID } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { flattenPages } from '../../api/queries/list-pages';
import { useTopicList } from '../../api/queries/topics';
import { useNavigate } from '../../core/navigation';
import { EmptyState } from '../../ui/EmptyState';
import { PostFeed } from '../../ui/posts/PostFeed';
import { TopicIcon } from '../../ui/posts/TopicIcon';

/** A category tab: its topics as chips, then the posts of all of them (YOURS: the followed ones). */
export function CategoryPane({ categoryId }: { categoryId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const topics = flattenPages(useTopicList(categoryId).data);
  const yours = categoryId === YOURS_CATEGORY_ID;
  return (
    <>
      {topics.length > 0 && (
        <nav className="topic-strip" aria-label={t('searchUi.topics')} data-testid="topic-strip">
          {topics.map((topic) => (
            <button
              key={topic.id}
              type="button"
              className="topic-strip__chip"
              onClick={() => navigate(`/topic/${topic.id}`)}
            >
              <TopicIcon topic={topic} size={22} />
              <span>{topic.name}</span>
            </button>
          ))}
          <button
            type="button"
            className="topic-strip__chip topic-strip__all"
            onClick={() => navigate('/classify')}
          >
            <span>{t('feed.allTopics')}</span>
            <RightOutline />
          </button>
        </nav>
      )}
      <PostFeed
        endpoint={routes.posts.postsList}
        payload={{ category_id: categoryId, sort: 'new' }}
        empty={
          <EmptyState text={yours ? t('feed.yoursEmpty') : t('feed.categoryEmpty')}>
            <Button size="small" shape="rounded" color="primary" onClick={() => navigate('/classify')}>
              {t('feed.allTopics')}
            </Button>
          </EmptyState>
        }
      />
    </>
  );
}
