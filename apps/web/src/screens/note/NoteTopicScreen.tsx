import { ADULT_AGE, type Topic, YOURS_CATEGORY_ID } from '@pixelhall/contract';
import { Button, List, SearchBar } from 'antd-mobile';
import { AddOutline, CheckOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTopicGroups } from '../../api/queries/note';
import { useCategories } from '../../api/queries/topics';
import { useMe } from '../../api/queries/users';
import { showInfoToast } from '../../core/feedback';
import { useNavigate } from '../../core/navigation';
import { useNote } from '../../state/note';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { TopicIcon } from '../../ui/posts/TopicIcon';
import { Screen } from '../../ui/Screen';
import { CreateTopicPopup } from './CreateTopicPopup';
import { filterTopics } from './topic-filter';
import '../../ui/posts/posts.css';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import './note.css';
import { useFormat } from '../../ui/format';

/**
 * Choosing the topic of the post being written (followed topics first, every category's after,
 * filtered as the member types), or creating a new one. Either way the choice becomes the
 * note topic and the member goes back to their post.
 */
export default function NoteTopicScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useNote((s) => s.topic);
  const setTopic = useNote((s) => s.setTopic);
  const level = useMe().data?.level ?? 1;
  const categories = useCategories();
  const categoryIds = useMemo(() => (categories.data ?? []).map((c) => c.id), [categories.data]);
  const groups = useTopicGroups(categoryIds);
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const sections = filterTopics(groups.groups, keyword);

  const back = () => {
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate('/note', { replace: true });
  };
  const choose = (topic: Topic) => {
    if (topic.min_level > level) {
      showInfoToast(t('errors.topic_level', { level: topic.min_level }));
      return;
    }
    setTopic(topic);
    back();
  };
  const titleOf = (categoryId: number | null) =>
    categoryId === null
      ? t('noteTopic.results')
      : categoryId === YOURS_CATEGORY_ID
        ? t('noteTopic.followed')
        : (categories.data?.find((c) => c.id === categoryId)?.name ?? '');

  const loading = categories.isPending || (groups.pending && sections.length === 0);
  const failed = categories.isError || (groups.failed && sections.length === 0);
  return (
    <Screen>
      <NavBar
        title={t('noteTopic.title')}
        right={
          <Button size="small" fill="none" onClick={() => setCreating(true)} data-testid="topic-create-open">
            <AddOutline /> {t('noteTopic.createShort')}
          </Button>
        }
      />
      <div className="topic-search">
        <SearchBar
          placeholder={t('noteTopic.searchPlaceholder')}
          value={keyword}
          onChange={setKeyword}
          data-testid="topic-search"
        />
      </div>
      {loading ? (
        <Pending />
      ) : failed ? (
        <LoadFailed
          onRetry={() => {
            void categories.refetch();
            groups.retry();
          }}
          retryText={t('noteTopic.retry')}
        />
      ) : sections.length === 0 ? (
        <EmptyState text={keyword.trim() ? t('noteTopic.noMatch') : undefined}>
          <Button size="small" shape="rounded" color="primary" onClick={() => setCreating(true)}>
            {t('noteTopic.createTitle')}
          </Button>
        </EmptyState>
      ) : (
        sections.map((section) => (
          <section key={section.categoryId ?? 'results'} className="section" data-testid="topic-section">
            <h2 className="section__title">{titleOf(section.categoryId)}</h2>
            <List className="list-card topic-list">
              {section.topics.map((topic) => (
                <TopicRow
                  key={topic.id}
                  topic={topic}
                  chosen={topic.id === current?.id}
                  locked={topic.min_level > level}
                  onChoose={() => choose(topic)}
                />
              ))}
            </List>
          </section>
        ))
      )}
      <CreateTopicPopup
        visible={creating}
        categories={categories.data ?? []}
        level={level}
        onClose={() => setCreating(false)}
        onCreated={(topic) => {
          setCreating(false);
          setTopic(topic);
          back();
        }}
      />
    </Screen>
  );
}

function TopicRow({
  topic,
  chosen,
  locked,
  onChoose,
}: {
  topic: Topic;
  chosen: boolean;
  locked: boolean;
  onChoose: () => void;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  return (
    <List.Item
      prefix={<TopicIcon topic={topic} size={40} />}
      description={
        <span className="topic-choice__meta">
          {topic.description && <span className="topic-choice__description">{topic.description}</span>}
          <span>
            {t('noteTopic.stats', {
              posts: fmt.compact(topic.post_count),
              followers: fmt.compact(topic.follower_count),
            })}
          </span>
        </span>
      }
      extra={
        <span className="topic-choice__badges">
          {topic.min_age >= ADULT_AGE && (
            <span className="badge badge--adult">{t('noteTopic.adultBadge')}</span>
          )}
          {topic.min_level > 1 && (
            <span className={`badge${locked ? ' badge--locked' : ''}`}>
              {t('me.level', { level: topic.min_level })}
            </span>
          )}
          {chosen && <CheckOutline className="topic-choice__check" />}
        </span>
      }
      onClick={onChoose}
      arrowIcon={false}
      className={locked ? 'topic-choice topic-choice--locked' : 'topic-choice'}
      data-testid="topic-choice"
    >
      {topic.name}
    </List.Item>
  );
}
