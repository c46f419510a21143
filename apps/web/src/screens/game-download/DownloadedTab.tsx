import type { LocalGame } from '@pixelhall/contract/host';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../core/confirm';
import { clearDownloads, removeDownload, useDownloads } from '../../games/downloads';
import { playGame } from '../../games/play';
import { EmptyState } from '../../ui/EmptyState';
import { useFormat, useRelativeTime } from '../../ui/format';
import { confirmDeleteGame } from '../../ui/games/confirm-delete';
import { GameRows } from '../../ui/games/GameLists';
import { localCard, useEmulatorName } from '../../ui/games/local-cards';
import { Pending } from '../../ui/QueryStates';
import { ListHead } from './ListHead';
import { PlayControls } from './PlayControls';
import '../../ui/games/download-line.css';

/** The ROMs on this device: play, delete one, or clear them all (each asks first). */
export function DownloadedTab() {
  const fmt = useFormat();
  const { t } = useTranslation();
  const { list, ready } = useDownloads();
  const emulator = useEmulatorName();
  const relative = useRelativeTime();
  const done = list.filter((g) => g.status === 'downloaded');
  if (!ready) return <Pending />;
  if (!done.length) return <EmptyState />;

  const clear = async () => {
    const sure = await confirmAction({
      content: t('gameDownloadsUi.clearDownloadedConfirm', { count: done.length }),
      confirmText: t('gameDownloadsUi.clear'),
      danger: true,
    });
    if (sure) await clearDownloads('downloaded').catch(() => undefined);
  };

  return (
    <>
      <ListHead
        text={t('gameDownloadsUi.count', { count: done.length })}
        action={t('gameDownloadsUi.clear')}
        onAction={() => void clear()}
        testId="downloaded-clear"
      />
      <GameRows
        games={done.map((g) => ({ ...localCard(g, emulator), local: g }))}
        itemKey={(g) => `d${g.local.gameId}`}
        testId="downloaded-list"
        extra={(g) => (
          <span className="download-line">
            <span>{fmt.fileSize(g.local.size)}</span>
            <span>{relative(g.local.updatedAt)}</span>
          </span>
        )}
        action={(g) => <DownloadedControls local={g.local} />}
      />
    </>
  );
}

function DownloadedControls({ local }: { local: LocalGame }) {
  const { t } = useTranslation();
  const remove = async () => {
    if (await confirmDeleteGame(local.gameName)) await removeDownload(local.gameId).catch(() => undefined);
  };
  return (
    <PlayControls
      onPlay={() => void playGame({ local }).catch(() => undefined)}
      onRemove={() => void remove()}
      removeLabel={t('romUi.delete')}
      testId="downloaded"
      removeKey="delete"
    />
  );
}
