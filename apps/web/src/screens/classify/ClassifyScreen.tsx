import { TOPIC_TYPE, YOURS_CATEGORY_ID } from '@pixelhall/contract';
import { SideBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories, useFollowsAnyTopic, useTopicList } from '../../api/queries/topics';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { PagedList } from '../../ui/PagedList';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { TopicRow } from '../../ui/topics/TopicRow';
import './classify.css';

/** Every topic category on the left, the chosen category's topics on the right. */
export default function ClassifyScreen() {
  const { t } = useTranslation();
  const categories = useCategories();
  const followsTopics = useFollowsAnyTopic();
  const sections = [
    ...(followsTopics ? [{ id: YOURS_CATEGORY_ID, name: t('feed.yours') }] : []),
    ...(categories.data ?? []).filter(
      (c) => c.topic_type === TOPIC_TYPE.topics && c.id !== YOURS_CATEGORY_ID,
    ),
  ];
  const [picked, setPicked] = useState<number | null>(null);
  const current = sections.find((s) => s.id === picked) ?? sections[0];

  return (
    <Screen className="classify-screen">
      <NavBar title={t('topicUi.classifyTitle')} />
      {categories.isPending ? (
        <Pending place="feed" />
      ) : categories.isError ? (
        <LoadFailed place="feed" onRetry={() => categories.refetch()} />
      ) : !current ? (
        <EmptyState text={t('topicUi.noTopics')} />
      ) : (
        <div className="classify">
          <SideBar
            className="classify__categories"
            activeKey={String(current.id)}
            onChange={(key) => setPicked(Number(key))}
          >
            {sections.map((section) => (
              <SideBar.Item key={String(section.id)} title={section.name} />
            ))}
          </SideBar>
          <div className="classify__topics">
            <CategoryTopics key={current.id} categoryId={current.id} />
          </div>
        </div>
      )}
    </Screen>
  );
}

function CategoryTopics({ categoryId }: { categoryId: number }) {
  const { t } = useTranslation();
  const query = useTopicList(categoryId);
  return (
    <PagedList
      query={query}
      className="classify__list"
      testId="classify-topics"
      renderItem={(topic) => <TopicRow topic={topic} iconSize={40} />}
      empty={<EmptyState text={t('topicUi.noTopics')} />}
    />
  );
}
