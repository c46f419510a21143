import { Button, ProgressBar } from 'antd-mobile';
import { FolderOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportProgressSheet } from '../../games/ImportProgressSheet';
import { isRunning, progressPercent } from '../../games/import-format';
import { startImport, useLastImport } from '../../games/import-run';
import { useImportedGames, useImportProgress } from '../../games/imported';
import { useDevice } from '../../state/device';
import { useRelativeTime } from '../../ui/format';

/** The web host falls back to a directory file input where the browser has no picker. */
const hasDirectoryPicker = () =>
  typeof (window as { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function';

/** The ROM directory: which one, when it was scanned, what it gave, and scanning (again). */
export function RomDirectorySection() {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const { list, directory } = useImportedGames();
  const progress = useImportProgress();
  const running = isRunning(progress);
  const webHost = useDevice((s) => s.application?.platform ?? 'web') === 'web';
  const [sheetOpen, setSheetOpen] = useState(false);
  const result = useLastImport((s) => s.result);
  const shownResult = useRef(result);
  // A run that starts (from here or elsewhere) shows its sheet, and so does the answer of one
  // too quick to be seen running; hiding the sheet leaves the run going.
  useEffect(() => {
    if (running) setSheetOpen(true);
  }, [running]);
  useEffect(() => {
    if (result && result !== shownResult.current) setSheetOpen(true);
    shownResult.current = result;
  }, [result]);
  const matched = list.filter((game) => game.gameId !== null).length;

  return (
    <section data-testid="rom-directory">
      <h2 className="section__title">{t('gameSettingsUi.rom.section')}</h2>
      <div className="card rom-directory">
        <div className="rom-directory__head">
          <span className="rom-directory__icon" aria-hidden>
            <FolderOutline />
          </span>
          <div className="rom-directory__body">
            <p className="rom-directory__name" data-testid="rom-directory-name">
              {directory?.name ?? t('gameSettingsUi.rom.none')}
            </p>
            {directory ? (
              <p className="rom-directory__meta">
                {t('gameSettingsUi.rom.lastScan', { time: relative(directory.lastScanAt) })}
              </p>
            ) : (
              <p className="rom-directory__meta">{t('gameSettingsUi.rom.hint')}</p>
            )}
          </div>
        </div>
        {list.length > 0 && (
          <p className="rom-directory__counts" data-testid="rom-directory-counts">
            <span>{t('gameSettingsUi.rom.imported', { count: list.length })}</span>
            <span>{t('gameSettingsUi.rom.matched', { count: matched })}</span>
          </p>
        )}
        {running ? (
          <button type="button" className="rom-directory__running" onClick={() => setSheetOpen(true)}>
            <span>{t('gameSettingsUi.rom.importing', { percent: progressPercent(progress) })}</span>
            <ProgressBar percent={progressPercent(progress)} className="import-sheet__bar" />
            <span className="rom-directory__link">{t('gameSettingsUi.rom.showProgress')}</span>
          </button>
        ) : (
          <div className="rom-directory__actions">
            <Button
              color={directory?.canRescan ? 'default' : 'primary'}
              shape="rounded"
              // Straight from the tap: the picker needs the user's gesture.
              onClick={() => void startImport('pick')}
              data-testid="rom-choose"
            >
              {t('gameSettingsUi.rom.choose')}
            </Button>
            {directory?.canRescan && (
              <Button
                color="primary"
                shape="rounded"
                onClick={() => void startImport('rescan')}
                data-testid="rom-rescan"
                className="rom-directory__rescan"
              >
                {t('gameSettingsUi.rom.scanAgain')}
              </Button>
            )}
          </div>
        )}
        {webHost && !hasDirectoryPicker() && (
          <p className="rom-directory__note" data-testid="rom-no-picker">
            {t('gameSettingsUi.rom.noPicker')}
          </p>
        )}
      </div>
      <ImportProgressSheet visible={sheetOpen} onClose={() => setSheetOpen(false)} />
    </section>
  );
}
