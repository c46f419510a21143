import { DotLoading, PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { gameKeys, useHomeSections, useRecommendGames } from '../../api/queries/games';
import { queryClient } from '../../api/query-client';
import { GameGrid, GameSectionHead, GameStrip } from '../../ui/games/GameLists';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { SearchEntry } from '../../ui/SearchEntry';
import { GameBanners } from './GameBanners';
import { GameShortcuts } from './GameShortcuts';
import { PlatformChips } from './PlatformChips';
import { RecentGamesStrip } from './RecentGamesStrip';
import { sectionMorePath, sectionTitle } from './sections';
import { TopicsStrip } from './TopicsStrip';
import './game.css';

/** How many recommended games the hub shows (two rows of three). */
const RECOMMEND_SHOWN = 6;

/** What pull to refresh asks for again: everything the hub shows from the server. */
const HUB_QUERIES = [
  gameKeys.banners,
  gameKeys.conditions,
  gameKeys.homeSections,
  gameKeys.recommend({}),
  gameKeys.topics,
];

/**
 * The game hub: search, banners, platforms, this device's games, the recommended games, the
 * catalogue's sections and the curated topics. Pull to refresh asks for all of it again.
 */
export default function GameScreen() {
  const { t } = useTranslation();
  const sections = useHomeSections();
  const recommend = useRecommendGames({}, RECOMMEND_SHOWN);

  const refresh = async () => {
    await Promise.all(
      HUB_QUERIES.map((queryKey) => queryClient.refetchQueries({ queryKey, type: 'active' })),
    );
  };

  // The recommended games have their own grid above; the other sections scroll sideways.
  const strips = (sections.data ?? []).filter((section) => section.key !== 'recommend');
  const recommended = recommend.data?.list ?? [];

  return (
    <Screen className="game-screen">
      <header className="screen-header">
        <div className="screen-header__row">
          <h1 className="screen-header__title">{t('gameHub.title')}</h1>
        </div>
        <SearchEntry to="/game/search" placeholder={t('gameHub.searchPlaceholder')} />
      </header>
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('follows.paging.pull')}
        canReleaseText={t('follows.paging.release')}
        refreshingText={<DotLoading color="primary" />}
        completeText={t('follows.paging.refreshed')}
      >
        <GameBanners />
        <PlatformChips />
        <GameShortcuts />
        <RecentGamesStrip />
        {recommended.length > 0 && (
          <section className="game-section" data-testid="game-recommend">
            <GameSectionHead title={t('gameHub.recommended')} moreTo="/game/components/recommend" />
            <GameGrid games={recommended} />
          </section>
        )}
        {sections.isPending ? (
          <Pending />
        ) : sections.isError && !sections.data ? (
          <LoadFailed onRetry={() => sections.refetch()} />
        ) : (
          strips.map((section) =>
            section.games.length ? (
              <GameStrip
                key={section.key}
                title={sectionTitle(t, section.key)}
                games={section.games}
                moreTo={sectionMorePath(section.key)}
                testId={`game-section-${section.key}`}
              />
            ) : null,
          )
        )}
        <TopicsStrip />
      </PullToRefresh>
    </Screen>
  );
}
