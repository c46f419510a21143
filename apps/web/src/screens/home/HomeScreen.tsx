import { TOPIC_TYPE, YOURS_CATEGORY_ID } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { AppstoreOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories, useFollowsAnyTopic } from '../../api/queries/topics';
import { useNavigate } from '../../core/navigation';
import { FeedTabs } from '../../ui/FeedTabs';
import { Wordmark } from '../../ui/PixelLogo';
import { PostFeed } from '../../ui/posts/PostFeed';
import { Screen } from '../../ui/Screen';
import { SearchEntry } from '../../ui/SearchEntry';
import { Banners } from './Banners';
import { CategoryPane } from './CategoryPane';
import { HomePopup } from './HomePopup';
import './home.css';

interface HomeTab {
  key: string;
  title: string;
  categoryId?: number;
}

/**
 * Home: search, banners, then the New and Popular feeds and one tab per topic category, led by
 * YOURS when the member follows topics (docs/product/posts-and-feeds.md#home-tabs). Only the open tab is rendered: hidden feeds
 * would keep paging themselves (a hidden list always looks scrolled to its end); their pages
 * stay cached, so coming back is instant.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useCategories().data ?? [];
  const followsTopics = useFollowsAnyTopic();
  const [active, setActive] = useState('new');

  const tabs: HomeTab[] = [
    { key: 'new', title: t('home.feeds.new') },
    { key: 'popular', title: t('home.feeds.popular') },
    ...(followsTopics
      ? [{ key: `c${YOURS_CATEGORY_ID}`, title: t('feed.yours'), categoryId: YOURS_CATEGORY_ID }]
      : []),
    ...categories
      .filter((c) => c.topic_type === TOPIC_TYPE.topics && c.id !== YOURS_CATEGORY_ID)
      .map((c) => ({ key: `c${c.id}`, title: c.name, categoryId: c.id })),
  ];
  // YOURS goes away when the last topic is unfollowed (or on signing out): fall back to New.
  const current = tabs.find((tab) => tab.key === active) ?? tabs[0]!;

  return (
    <Screen className="home-screen">
      <header className="screen-header home-header">
        <div className="screen-header__row">
          <Wordmark />
          <button
            type="button"
            className="icon-button"
            aria-label={t('topicUi.classifyTitle')}
            onClick={() => navigate('/classify')}
            data-testid="home-classify"
          >
            <AppstoreOutline />
          </button>
        </div>
        <SearchEntry to="/home/search" placeholder={t('home.searchPlaceholder')} />
      </header>
      <Banners />
      <FeedTabs
        tabs={tabs}
        activeKey={current.key}
        onChange={setActive}
        className="home-tabs"
        panelClassName="home-pane"
        testId="home-tabs"
      >
        {current.key === 'new' ? (
          <PostFeed endpoint={routes.posts.homePosts} payload={{}} />
        ) : current.key === 'popular' ? (
          <PostFeed endpoint={routes.posts.homeFeeds} payload={{}} />
        ) : (
          <CategoryPane key={current.key} categoryId={current.categoryId!} />
        )}
      </FeedTabs>
      <HomePopup />
    </Screen>
  );
}
