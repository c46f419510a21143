import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../core/navigation';
import { useImportedGames } from '../../games/imported';
import { playGame } from '../../games/play';
import { type RecentGame, useRecentGames } from '../../state/recent-games';
import { GameStrip } from '../../ui/games/GameLists';
import { useEmulatorName } from '../../ui/games/local-cards';
import { PlayHistory } from '../../ui/games/PlayHistory';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import './my-games.css';

/**
 * /me/recent: what this device played last (imported ROMs too, which the server never hears
 * of) above the account's play history from every device, with when and how often.
 */
export default function RecentGamesScreen() {
  const { t } = useTranslation();
  return (
    <Screen>
      <NavBar title={t('myGamesUi.recent')} />
      <DeviceRecent />
      <h2 className="section__title my-games__title">{t('myGamesUi.history')}</h2>
      <PlayHistory testId="recent-history" />
    </Screen>
  );
}

function DeviceRecent() {
  const { t } = useTranslation();
  const recent = useRecentGames((s) => s.games);
  const imported = useImportedGames().list;
  const emulator = useEmulatorName();
  const navigate = useNavigate();
  if (!recent.length) return null;
  // An imported ROM has no catalogue page: tapping it plays it, when the file is still imported.
  const importedOf = (game: RecentGame) =>
    game.gameId === null ? imported.find((rom) => rom.romMd5 === game.romMd5) : undefined;
  return (
    <GameStrip
      title={t('myGamesUi.onThisDevice')}
      testId="recent-device"
      games={recent.map((g) => ({
        id: g.gameId,
        name: g.gameName,
        cover: g.coverImage,
        emulator: emulator(g.emuName),
        recent: g,
      }))}
      itemKey={(g) => `${g.recent.gameId ?? 'x'}-${g.recent.romMd5}`}
      onOpen={(g) => {
        if (g.recent.gameId !== null) return navigate(`/rom/${g.recent.gameId}`);
        const rom = importedOf(g.recent);
        if (rom) void playGame({ imported: rom }).catch(() => undefined);
      }}
    />
  );
}
