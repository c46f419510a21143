import type { Game } from '@pixelhall/contract';
import { Button, ProgressBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  downloadGame,
  pauseDownload,
  removeDownload,
  resumeDownload,
  useDownload,
} from '../../games/downloads';
import { useImportedGames } from '../../games/imported';
import { playGame } from '../../games/play';
import { useFormat } from '../../ui/format';
import { confirmDeleteGame } from '../../ui/games/confirm-delete';
import { formatReceived, formatSpeed, percent } from '../../ui/games/download-format';
import { type DownloadButtonState, downloadButtonState, findImported, romPlayTarget } from './rom-state';

/**
 * Play, the download button with its live progress, and delete (asked first: docs/product/limits-and-errors.md#confirmations). Play is
 * always offered: on a game that is neither downloaded nor imported it says to download first.
 */
export function RomActions({ game }: { game: Game }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const local = useDownload(game.id);
  const imported = findImported(game, useImportedGames().list);
  const state = downloadButtonState(local);
  const [busy, setBusy] = useState(false);

  // The bridge and the download module show their own failure toasts.
  const run = async (action: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } catch {
      // Shown already.
    } finally {
      setBusy(false);
    }
  };

  const play = () => {
    const target = romPlayTarget(local, imported);
    return run(() => playGame(target.kind === 'imported' ? { imported: target.imported } : { game }));
  };

  const remove = async () => {
    if (await confirmDeleteGame(game.game_name)) await run(() => removeDownload(game.id));
  };

  return (
    <section className="rom-actions" data-testid="rom-actions" data-download-state={state.kind}>
      {imported && (
        <p className="rom-actions__imported" data-testid="rom-imported">
          <span className="game-badge game-badge--success">{t('romUi.imported')}</span>
          <span className="rom-actions__file">{imported.path || imported.fileName}</span>
        </p>
      )}
      <div className="rom-actions__buttons">
        <Button
          color="primary"
          shape="rounded"
          className="rom-actions__play"
          data-testid="rom-play"
          onClick={() => void play()}
        >
          {t('romUi.play')}
        </Button>
        <DownloadButton
          state={state}
          disabled={busy}
          onDownload={() => void run(() => downloadGame(game))}
          onPause={() => void run(() => pauseDownload(game.id))}
          onResume={() => void run(() => resumeDownload(game.id))}
          onDelete={() => void remove()}
        />
      </div>
      {state.kind === 'downloaded' && local && (
        <p className="rom-actions__done" data-testid="rom-downloaded">
          <span className="game-badge game-badge--success">{t('romUi.status.downloaded')}</span>
          <span>{fmt.fileSize(local.size)}</span>
        </p>
      )}
      {local && state.kind !== 'downloaded' && state.kind !== 'download' && (
        <div className="rom-progress" data-testid="rom-progress">
          <ProgressBar percent={percent(local.progress)} />
          <p className="rom-progress__line">
            <span data-testid="rom-progress-percent">{percent(local.progress)}%</span>
            <span>{formatReceived(local.receivedBytes, local.size, fmt)}</span>
            <span className="rom-progress__status">
              {state.kind === 'downloading'
                ? formatSpeed(state.speedBytes, fmt) || t('romUi.status.downloading')
                : state.kind === 'failed'
                  ? (state.error ?? t('romUi.failed'))
                  : t(`romUi.status.${state.kind}`)}
            </span>
          </p>
        </div>
      )}
    </section>
  );
}

function DownloadButton({
  state,
  disabled,
  onDownload,
  onPause,
  onResume,
  onDelete,
}: {
  state: DownloadButtonState;
  disabled: boolean;
  onDownload: () => void;
  onPause: () => void;
  onResume: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const common = { shape: 'rounded', className: 'rom-actions__download', disabled } as const;
  switch (state.kind) {
    case 'download':
      return (
        <Button {...common} color="primary" fill="outline" data-testid="rom-download" onClick={onDownload}>
          {t('romUi.download')}
        </Button>
      );
    case 'queued':
    case 'downloading':
      return (
        <Button {...common} fill="outline" data-testid="rom-pause" onClick={onPause}>
          {t('romUi.pause')}
        </Button>
      );
    case 'paused':
      return (
        <Button {...common} color="primary" fill="outline" data-testid="rom-resume" onClick={onResume}>
          {t('romUi.resume')}
        </Button>
      );
    case 'failed':
      return (
        <Button {...common} color="warning" fill="outline" data-testid="rom-retry" onClick={onResume}>
          {t('romUi.retry')}
        </Button>
      );
    case 'downloaded':
      return (
        <Button {...common} color="danger" fill="outline" data-testid="rom-delete" onClick={onDelete}>
          {t('romUi.delete')}
        </Button>
      );
  }
}
