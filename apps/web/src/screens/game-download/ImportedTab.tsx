import type { ImportedGame } from '@pixelhall/contract/host';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../core/confirm';
import { ImportProgressSheet } from '../../games/ImportProgressSheet';
import { isRunning } from '../../games/import-format';
import { startImport } from '../../games/import-run';
import { forgetImported, useImportedGames, useImportProgress } from '../../games/imported';
import { playGame } from '../../games/play';
import { EmptyState } from '../../ui/EmptyState';
import { GameRows } from '../../ui/games/GameLists';
import { importedCard, useEmulatorName } from '../../ui/games/local-cards';
import { Pending } from '../../ui/QueryStates';
import { ListHead } from './ListHead';
import { PlayControls } from './PlayControls';
import '../../ui/games/download-line.css';

/**
 * ROMs imported from the member's directory, matched to the catalogue or not. Forgetting one
 * never deletes the member's file. "Import ROMs" opens the directory picker from the tap and
 * shows the import's live progress in a sheet.
 */
export function ImportedTab() {
  const { t } = useTranslation();
  const { list, directory, ready } = useImportedGames();
  const running = isRunning(useImportProgress());
  const emulator = useEmulatorName();
  const [sheet, setSheet] = useState(false);

  const importRoms = () => {
    // The picker opens only from a tap, so start before anything else happens.
    if (!running) void startImport('pick');
    setSheet(true);
  };

  const importLabel = running ? t('gameDownloadsUi.importing') : t('gameDownloadsUi.importRoms');

  return (
    <>
      {ready && list.length > 0 && (
        <ListHead
          text={
            directory
              ? t('gameDownloadsUi.importedFrom', { count: list.length, name: directory.name })
              : t('gameDownloadsUi.count', { count: list.length })
          }
        >
          <Button
            size="mini"
            shape="rounded"
            color="primary"
            fill="outline"
            onClick={importRoms}
            data-testid="imported-import"
          >
            {importLabel}
          </Button>
        </ListHead>
      )}
      {!ready ? (
        <Pending />
      ) : list.length ? (
        <GameRows
          games={list.map((rom) => ({ ...importedCard(rom, emulator), rom }))}
          itemKey={(g) => g.rom.romMd5}
          testId="imported-list"
          extra={(g) => (
            <span className="download-line">
              {g.rom.gameId !== null ? (
                <span className="match-tag match-tag--matched">{t('gameDownloadsUi.matched')}</span>
              ) : (
                <span className="match-tag">{t('gameDownloadsUi.unmatched')}</span>
              )}
              {/* The file's own name: the row has no room for its folder path. */}
              <span className="download-line__file" title={g.rom.path}>
                {g.rom.fileName}
              </span>
            </span>
          )}
          action={(g) => <ImportedControls rom={g.rom} />}
        />
      ) : (
        <EmptyState text={t('gameDownloadsUi.noImported')}>
          <Button shape="rounded" color="primary" onClick={importRoms} data-testid="imported-import">
            {importLabel}
          </Button>
        </EmptyState>
      )}
      <ImportProgressSheet visible={sheet} onClose={() => setSheet(false)} />
    </>
  );
}

function ImportedControls({ rom }: { rom: ImportedGame }) {
  const { t } = useTranslation();
  const forget = async () => {
    const sure = await confirmAction({
      content: t('gameDownloadsUi.forgetConfirm', { name: rom.gameName }),
      confirmText: t('gameDownloadsUi.forget'),
      danger: true,
    });
    if (sure) await forgetImported([rom.romMd5]).catch(() => undefined);
  };
  return (
    <PlayControls
      onPlay={() => void playGame({ imported: rom }).catch(() => undefined)}
      onRemove={() => void forget()}
      removeLabel={t('gameDownloadsUi.forget')}
      testId="imported"
      removeKey="forget"
    />
  );
}
