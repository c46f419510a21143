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
import { HOME_OPENS_ON, homeTabs } from './home-tabs';
import './home.css';

/**
 * Home: search, banners, then the tabs: YOURS first when the member follows topics, the New and
 * Popular feeds, and one tab per topic category (docs/product/posts-and-feeds.md#home-tabs).
 * Home opens on New even when YOURS leads: YOURS appears only once the follow check answers,
 * and the open feed must not change under the reader when it does. Only the open tab is
 * rendered: hidden feeds would keep paging themselves (a hidden list always looks scrolled to
 * its end); their pages stay cached, so coming back is instant.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useCategories().data ?? [];
  const followsTopics = useFollowsAnyTopic();
  const [active, setActive] = useState(HOME_OPENS_ON);

  const tabs = homeTabs({
    followsTopics,
    categories,
    titles: { yours: t('feed.yours'), new: t('home.feeds.new'), popular: t('home.feeds.popular') },
  });
  // YOURS goes away when the last topic is unfollowed (or on signing out): fall back to New.
  const current = tabs.find((tab) => tab.key === active) ?? tabs.find((tab) => tab.key === HOME_OPENS_ON)!;

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
