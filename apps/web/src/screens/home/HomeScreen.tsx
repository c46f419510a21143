import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { Wordmark } from '../../ui/PixelLogo';
import { Screen } from '../../ui/Screen';
import { SearchEntry } from '../../ui/SearchEntry';

const FEEDS = ['new', 'popular'] as const;

/** Home: the New and Popular feeds under a search entry (the feeds arrive with Community). */
export default function HomeScreen() {
  const { t } = useTranslation();
  const [feed, setFeed] = useState<(typeof FEEDS)[number]>('new');
  return (
    <Screen>
      <header className="screen-header">
        <div className="screen-header__row">
          <Wordmark />
        </div>
        <SearchEntry to="/home/search" placeholder={t('home.searchPlaceholder')} />
      </header>
      <Tabs activeKey={feed} onChange={(key) => setFeed(key as typeof feed)} className="feed-tabs">
        {FEEDS.map((key) => (
          <Tabs.Tab key={key} title={t(`home.feeds.${key}`)}>
            <EmptyState />
          </Tabs.Tab>
        ))}
      </Tabs>
    </Screen>
  );
}
