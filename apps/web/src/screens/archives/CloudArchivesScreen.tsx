import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCloudArchives } from '../../api/queries/archives';
import { useNavigate } from '../../core/navigation';
import { EmptyState } from '../../ui/EmptyState';
import { useRelativeTime } from '../../ui/format';
import { NavBar } from '../../ui/NavBar';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { GameArchiveRow } from './GameArchiveRow';
import './archives.css';

/** /me/archives/cloud: the member's cloud archives by game, most recently saved first. */
export default function CloudArchivesScreen() {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const cloud = useCloudArchives();
  const list = cloud.data?.list;
  return (
    <Screen>
      <NavBar title={t('archivesUi.cloudTitle')} />
      {list ? (
        list.length === 0 ? (
          <NoCloudSaves />
        ) : (
          <div className="archive-games" data-testid="cloud-archives">
            {list.map((game) => {
              const updated = Math.max(...game.slots.map((s) => s.last_update_time));
              return (
                <GameArchiveRow
                  key={game.rom_md5}
                  to={`/me/archives/cloud/slot?romMd5=${game.rom_md5}`}
                  cover={game.icon_image}
                  name={game.game_name}
                  meta={`${t('archivesUi.slots', { count: game.slots.length })} · ${t('archivesUi.updated', {
                    time: relative(updated),
                  })}`}
                  testId="cloud-archive-game"
                />
              );
            })}
          </div>
        )
      ) : cloud.isError ? (
        <LoadFailed onRetry={() => cloud.refetch()} />
      ) : (
        <Pending />
      )}
    </Screen>
  );
}

/** An empty cloud says how saves get there: uploaded from this device's slots, or automatically. */
function NoCloudSaves() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState text={t('archivesUi.cloudEmpty')}>
      <div className="archive-cloud-empty__actions">
        <Button color="primary" shape="rounded" onClick={() => navigate('/me/archives')}>
          {t('archivesUi.title')}
        </Button>
        <Button shape="rounded" onClick={() => navigate('/me/setting/game')}>
          {t('gameSettingsUi.title')}
        </Button>
      </div>
    </EmptyState>
  );
}
