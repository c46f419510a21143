import type { LocalGame } from '@pixelhall/contract/host';
import { Button } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../core/confirm';
import {
  cancelDownload,
  clearDownloads,
  pauseDownload,
  resumeDownload,
  useDownloads,
} from '../../games/downloads';
import { EmptyState } from '../../ui/EmptyState';
import { useFormat } from '../../ui/format';
import { formatReceived, formatSpeed, percent } from '../../ui/games/download-format';
import { GameRows } from '../../ui/games/GameLists';
import { localCard, useEmulatorName } from '../../ui/games/local-cards';
import { Pending } from '../../ui/QueryStates';
import { ListHead } from './ListHead';
import '../../ui/games/download-line.css';

/** Downloads under way, queued, paused or failed: progress, speed, pause/resume, cancel, clear all. */
export function DownloadingTab() {
  const { t } = useTranslation();
  const { list, ready } = useDownloads();
  const emulator = useEmulatorName();
  const pending = list.filter((g) => g.status !== 'downloaded');
  if (!ready) return <Pending />;
  if (!pending.length) return <EmptyState />;

  const clearAll = async () => {
    const sure = await confirmAction({
      content: t('gameDownloadsUi.clearDownloadingConfirm'),
      confirmText: t('gameDownloadsUi.clearAll'),
      danger: true,
    });
    if (sure) await clearDownloads('downloading').catch(() => undefined);
  };

  return (
    <>
      <ListHead
        text={t('gameDownloadsUi.count', { count: pending.length })}
        action={t('gameDownloadsUi.clearAll')}
        onAction={() => void clearAll()}
        testId="downloading-clear"
      />
      <GameRows
        games={pending.map((g) => ({ ...localCard(g, emulator), local: g }))}
        itemKey={(g) => `d${g.local.gameId}`}
        testId="downloading-list"
        progress={(g) => percent(g.local.progress) / 100}
        extra={(g) => <ProgressLine local={g.local} />}
        action={(g) => <DownloadControls local={g.local} />}
      />
    </>
  );
}

function ProgressLine({ local }: { local: LocalGame }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  // The row is narrow: while downloading, only the speed (the cover's bar shows the rest).
  const status =
    local.status === 'downloading'
      ? formatSpeed(local.speedBytes, fmt)
      : local.status === 'failed'
        ? (local.error ?? t('romUi.failed'))
        : t(`romUi.status.${local.status === 'paused' ? 'paused' : 'queued'}`);
  return (
    <span className="download-line" data-testid="download-line" data-status={local.status}>
      <strong>{percent(local.progress)}%</strong>
      <span>{formatReceived(local.receivedBytes, local.size, fmt)}</span>
      {status && <span className={local.status === 'failed' ? 'danger-text' : ''}>{status}</span>}
    </span>
  );
}

function DownloadControls({ local }: { local: LocalGame }) {
  const { t } = useTranslation();
  const running = local.status === 'downloading' || local.status === 'not-started';
  const ignore = () => undefined;
  const cancel = async () => {
    const sure = await confirmAction({
      content: t('gameDownloadsUi.cancelConfirm', { name: local.gameName }),
      confirmText: t('gameDownloadsUi.cancel'),
      danger: true,
    });
    if (sure) await cancelDownload(local.gameId).catch(ignore);
  };
  return (
    <span className="download-controls">
      <Button
        size="mini"
        shape="rounded"
        color={running ? 'default' : 'primary'}
        data-testid={running ? 'download-pause' : 'download-resume'}
        onClick={() =>
          void (running ? pauseDownload(local.gameId) : resumeDownload(local.gameId)).catch(ignore)
        }
      >
        {running ? t('romUi.pause') : local.status === 'failed' ? t('romUi.retry') : t('romUi.resume')}
      </Button>
      <button
        type="button"
        className="icon-button download-controls__cancel"
        aria-label={t('gameDownloadsUi.cancel')}
        data-testid="download-cancel"
        onClick={() => void cancel()}
      >
        <CloseOutline />
      </button>
    </span>
  );
}
