import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../core/route-context';
import { PlayHistory } from '../../ui/games/PlayHistory';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import { DownloadedTab } from './DownloadedTab';
import { DownloadingTab } from './DownloadingTab';
import { ImportedTab } from './ImportedTab';
import './game-download.css';

const TABS = ['downloading', 'downloaded', 'historical', 'imported'] as const;
type Tab = (typeof TABS)[number];

/**
 * /game/download: the games on their way to this device, those on it, the member's play history
 * and the ROMs imported from a directory (docs/product/games-library-and-player.md#downloads). `?tab=` opens one of them.
 */
export default function GameDownloadScreen() {
  const { t } = useTranslation();
  const asked = useRouteQuery().get('tab');
  const [tab, setTab] = useState<Tab>(TABS.find((k) => k === asked) ?? 'downloading');
  return (
    <Screen>
      <NavBar title={t('gameDownloadsUi.title')} />
      <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="screen-tabs game-download-tabs">
        {TABS.map((key) => (
          <Tabs.Tab key={key} title={t(`gameDownloadsUi.tabs.${key}`)} />
        ))}
      </Tabs>
      <div className="game-downloads" data-testid={`game-downloads-${tab}`}>
        {tab === 'downloading' ? (
          <DownloadingTab />
        ) : tab === 'downloaded' ? (
          <DownloadedTab />
        ) : tab === 'historical' ? (
          <PlayHistory testId="history-list" />
        ) : (
          <ImportedTab />
        )}
      </div>
    </Screen>
  );
}
