import { useTranslation } from 'react-i18next';
import { type RecentGame, useRecentGames } from '../../state/recent-games';
import { GameBadge } from '../../ui/games/GameCard';
import { GameStrip } from '../../ui/games/GameLists';
import { recentCard, recentKey } from './recent-cards';
import { usePlatformNames } from './use-platforms';
import { usePlayRecent } from './use-play-recent';

/** Games this device played lately; nothing at all until one was played. */
export function RecentGamesStrip() {
  const games = useRecentGames((s) => s.games);
  if (!games.length) return null;
  return <RecentStrip games={games} />;
}

function RecentStrip({ games }: { games: RecentGame[] }) {
  const { t } = useTranslation();
  const platforms = usePlatformNames();
  const play = usePlayRecent();
  const cards = games.map((recent) => ({ recent, ...recentCard(recent, platforms) }));
  return (
    <GameStrip
      title={t('gamesUi.recent')}
      games={cards}
      moreTo="/game/recent"
      moreLabel={t('gamesUi.seeAll')}
      itemKey={(card) => recentKey(card.recent)}
      testId="game-recent-strip"
      // A catalogue game opens its page; an imported ROM has none, so it plays.
      onOpen={(card) => void play(card.recent)}
      to={(card) => (card.id == null ? null : `/rom/${card.id}`)}
      badge={(card) =>
        card.id == null ? <GameBadge tone="muted">{t('gamesUi.importedRom')}</GameBadge> : null
      }
    />
  );
}
