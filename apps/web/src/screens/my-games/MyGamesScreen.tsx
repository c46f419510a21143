import { Button } from 'antd-mobile';
import { HeartFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useCollectList } from '../../api/queries/games';
import { useNavigate } from '../../core/navigation';
import { useDownloads } from '../../games/downloads';
import { useImportedGames } from '../../games/imported';
import { playGame } from '../../games/play';
import { EmptyState } from '../../ui/EmptyState';
import { GameRows } from '../../ui/games/GameLists';
import { importedCard, localCard, useEmulatorName } from '../../ui/games/local-cards';
import { NavBar } from '../../ui/NavBar';
import { Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { type DeviceGame, deviceGames, favouriteMatcher } from './device-games';
import { GameShortcuts } from './GameShortcuts';
import '../../ui/games/download-line.css';
import './my-games.css';
import { useFormat } from '../../ui/format';

/**
 * /me/game: the games this device can play — finished downloads and imported ROMs in one
 * list — and the way to the other game pages. Needs no account: it is about the device.
 */
export default function MyGamesScreen() {
  const { t } = useTranslation();
  const downloads = useDownloads();
  const imported = useImportedGames();
  const downloading = downloads.list.filter((g) => g.status !== 'downloaded').length;
  const games = deviceGames(downloads.list, imported.list);
  return (
    <Screen>
      <NavBar title={t('myGamesUi.title')} />
      <GameShortcuts downloading={downloading} />
      <h2 className="section__title my-games__title">{t('myGamesUi.onDevice')}</h2>
      {!downloads.ready || !imported.ready ? (
        <Pending />
      ) : games.length ? (
        <DeviceGameList games={games} />
      ) : (
        <NoGames />
      )}
    </Screen>
  );
}

function DeviceGameList({ games }: { games: DeviceGame[] }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const emulator = useEmulatorName();
  const isFavourite = favouriteMatcher(useCollectList().data?.list ?? []);
  return (
    <GameRows
      games={games.map((g) => ({
        ...(g.source === 'downloaded' ? localCard(g.local, emulator) : importedCard(g.imported, emulator)),
        device: g,
      }))}
      itemKey={(g) => g.device.key}
      testId="my-games-list"
      extra={(g) => (
        <span className="download-line">
          {g.device.source === 'downloaded' ? (
            <span className="match-tag match-tag--matched">{t('myGamesUi.downloaded')}</span>
          ) : (
            <span className="match-tag">{t('myGamesUi.imported')}</span>
          )}
          <span>
            {fmt.fileSize(g.device.source === 'downloaded' ? g.device.local.size : g.device.imported.size)}
          </span>
          {isFavourite(g.device) && (
            <HeartFill
              className="my-games__favourite"
              role="img"
              aria-label={t('myGamesUi.favourite')}
              data-testid="my-games-favourite"
            />
          )}
        </span>
      )}
      action={(g) => (
        <span className="download-controls">
          <Button
            size="mini"
            shape="rounded"
            color="primary"
            data-testid="my-games-play"
            onClick={() =>
              void playGame(
                g.device.source === 'downloaded'
                  ? { local: g.device.local }
                  : { imported: g.device.imported },
              ).catch(() => undefined)
            }
          >
            {t('romUi.play')}
          </Button>
        </span>
      )}
    />
  );
}

function NoGames() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState text={t('myGamesUi.empty')}>
      <div className="row my-games__empty-actions">
        <Button size="small" shape="rounded" color="primary" onClick={() => navigate('/game')}>
          {t('myGamesUi.browse')}
        </Button>
        <Button size="small" shape="rounded" onClick={() => navigate('/game/download?tab=imported')}>
          {t('myGamesUi.import')}
        </Button>
      </div>
    </EmptyState>
  );
}
