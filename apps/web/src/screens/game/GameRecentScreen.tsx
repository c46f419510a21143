import { Button } from 'antd-mobile';
import { CloseOutline, PlayOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../core/confirm';
import { type RecentGame, useRecentGames } from '../../state/recent-games';
import { EmptyState } from '../../ui/EmptyState';
import { useRelativeTime } from '../../ui/format';
import { GameRows } from '../../ui/games/GameLists';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import { recentCard, recentKey } from './recent-cards';
import { usePlatformNames } from './use-platforms';
import { usePlayRecent } from './use-play-recent';
import './game.css';

/** The games this device played lately (docs/product/games-library-and-player.md#recent-games): play one, drop one, or clear them all. */
export default function GameRecentScreen() {
  const { t } = useTranslation();
  const games = useRecentGames((s) => s.games);
  const clear = useRecentGames((s) => s.clear);

  const clearAll = async () => {
    const sure = await confirmAction({
      content: t('gamesUi.clearRecentConfirm'),
      confirmText: t('gamesUi.clearAll'),
      danger: true,
    });
    if (sure) clear();
  };

  return (
    <Screen className="game-recent-screen">
      <NavBar
        title={t('gamesUi.recentTitle')}
        right={
          games.length > 0 && (
            <Button size="small" fill="none" onClick={() => void clearAll()} data-testid="game-recent-clear">
              {t('gamesUi.clearAll')}
            </Button>
          )
        }
      />
      {games.length ? <RecentList games={games} /> : <EmptyState />}
    </Screen>
  );
}

function RecentList({ games }: { games: RecentGame[] }) {
  const { t } = useTranslation();
  const ago = useRelativeTime();
  const platforms = usePlatformNames();
  const play = usePlayRecent();
  const remove = useRecentGames((s) => s.remove);
  // One game starts at a time: a second tap while the first loads would start it twice.
  const [starting, setStarting] = useState<string | null>(null);

  const start = async (recent: RecentGame) => {
    setStarting(recentKey(recent));
    try {
      await play(recent);
    } finally {
      setStarting(null);
    }
  };

  const cards = games.map((recent) => ({ recent, ...recentCard(recent, platforms) }));
  return (
    <GameRows
      games={cards}
      testId="game-recent-list"
      itemKey={(card) => recentKey(card.recent)}
      to={(card) => (card.id == null ? null : `/rom/${card.id}`)}
      onOpen={(card) => void start(card.recent)}
      // A row's cover is too small for a badge: an imported ROM says so beside its play time.
      extra={(card) =>
        [
          card.id == null ? t('gamesUi.importedRom') : null,
          t('gamesUi.playedAt', { time: ago(card.recent.playedAt) }),
        ]
          .filter(Boolean)
          .join(' · ')
      }
      action={(card) => (
        <div className="game-recent-actions">
          <Button
            size="small"
            color="primary"
            shape="rounded"
            loading={starting === recentKey(card.recent)}
            disabled={starting !== null}
            onClick={() => void start(card.recent)}
            data-testid="game-recent-play"
          >
            <PlayOutline /> {t('gamesUi.play')}
          </Button>
          <button
            type="button"
            className="icon-button game-recent-remove"
            aria-label={t('gamesUi.removeRecent', { name: card.name })}
            onClick={() => remove(card.recent)}
            data-testid="game-recent-remove"
          >
            <CloseOutline />
          </button>
        </div>
      )}
    />
  );
}
