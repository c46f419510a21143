import type { Game } from '@pixelhall/contract';
import { useTranslation } from 'react-i18next';
import { useGameDetail } from '../../api/queries/games';
import { useRouteParams } from '../../core/route-context';
import { NavBar } from '../../ui/NavBar';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { RomActions } from './RomActions';
import { RomArchives } from './RomArchives';
import { RomHero } from './RomHero';
import { RomInfo } from './RomInfo';
import { RomMedia } from './RomMedia';
import { RomRelated } from './RomRelated';
import { RomShareButton } from './RomShareButton';
import './rom.css';

/**
 * /rom/{id}: one catalogue game — what it is, whether it is on this device (downloaded or
 * imported), the download with its progress, play, favourite, media, its local archives and
 * games like it.
 */
export default function RomScreen() {
  const { t } = useTranslation();
  const id = Number(useRouteParams().id);
  const query = useGameDetail(id);
  const game = query.data;
  return (
    <Screen className="rom-screen">
      <NavBar title={t('romUi.title')} right={game ? <RomShareButton game={game} /> : null} />
      {game ? (
        <RomLoaded game={game} />
      ) : query.isError || !(id > 0) ? (
        <LoadFailed onRetry={() => query.refetch()} />
      ) : (
        <Pending />
      )}
    </Screen>
  );
}

function RomLoaded({ game }: { game: Game & { is_collected: boolean } }) {
  return (
    <div className="rom" data-testid="rom-detail" data-game-id={game.id}>
      <RomHero game={game} />
      <RomActions game={game} />
      <RomArchives game={game} />
      <RomInfo game={game} />
      <RomMedia gameId={game.id} />
      <RomRelated gameId={game.id} />
    </div>
  );
}
