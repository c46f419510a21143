import { ADULT_AGE, type Topic } from '@pixelhall/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../core/navigation';
import { TopicIcon } from '../posts/TopicIcon';
import { TopicFollowButton } from './TopicFollowButton';
import './topics.css';
import { useFormat } from '../format';

/** A topic in a list: icon, name, description, follower and post counts, follow button. */
export function TopicRow({ topic, iconSize = 48 }: { topic: Topic; iconSize?: number }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    // biome-ignore lint/a11y/useSemanticElements: the row holds a button of its own
    <div
      className="topic-row"
      role="link"
      tabIndex={0}
      onClick={() => navigate(`/topic/${topic.id}`)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') navigate(`/topic/${topic.id}`);
      }}
      data-testid="topic-row"
    >
      <TopicIcon topic={topic} size={iconSize} />
      <div className="topic-row__body">
        <div className="topic-row__name">
          <span>{topic.name}</span>
          {topic.min_age >= ADULT_AGE && <AdultBadge />}
        </div>
        {topic.description && <p className="topic-row__description">{topic.description}</p>}
        <p className="topic-row__counts">
          {t('topicUi.followers', {
            count: topic.follower_count,
            formatted: fmt.compact(topic.follower_count),
          })}
          {' · '}
          {t('topicUi.posts', { count: topic.post_count, formatted: fmt.compact(topic.post_count) })}
        </p>
      </div>
      <TopicFollowButton topic={topic} size="mini" />
    </div>
  );
}

export function AdultBadge() {
  const { t } = useTranslation();
  return <span className="adult-badge">{t('topicUi.adult')}</span>;
}
