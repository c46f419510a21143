import type { ImportGamesResult, ImportProgress } from '@pixelhall/contract/host';
import { Button, ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../core/hash-router';
import { useNavigate } from '../core/navigation';
import { BottomSheet } from '../ui/BottomSheet';
import { formatClock, formatSpeed, isRunning, progressPercent } from './import-format';
import { startImport, useLastImport } from './import-run';
import { cancelImport, useImportedGames, useImportProgress } from './imported';
import './import-sheet.css';
import { useFormat } from '../ui/format';

/** Where the imported games are listed (the Imported tab of /game/download). */
export const IMPORTED_GAMES_PATH = '/game/download?tab=imported';

/**
 * The ROM directory import in a bottom sheet: start it, watch it, stop it, and read what it
 * found. Scanning a large directory takes minutes (docs/product/games-library-and-player.md#rom-import), so closing the sheet leaves the
 * import running; opening it again shows where it is. A screen with its own import button
 * starts the run with `startImport` (./import-run) from the tap, so the summary lands here.
 */
export function ImportProgressSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const progress = useImportProgress();
  const result = useLastImport((s) => s.result);
  return (
    <BottomSheet visible={visible} onClose={onClose} className="import-sheet">
      <div data-testid="import-sheet">
        {isRunning(progress) ? (
          <Running progress={progress} onClose={onClose} />
        ) : result ? (
          <Summary result={result} onClose={onClose} />
        ) : (
          <Start />
        )}
      </div>
    </BottomSheet>
  );
}

function Start() {
  const { t } = useTranslation();
  const directory = useImportedGames().directory;
  return (
    <>
      <h2 className="import-sheet__title">{t('gameSettingsUi.import.title')}</h2>
      <p className="import-sheet__text">{t('gameSettingsUi.import.intro')}</p>
      <div className="stack">
        <Button
          block
          color="primary"
          shape="rounded"
          onClick={() => void startImport('pick')}
          data-testid="import-pick"
        >
          {t('gameSettingsUi.rom.choose')}
        </Button>
        {directory?.canRescan && (
          <Button
            block
            shape="rounded"
            onClick={() => void startImport('rescan')}
            data-testid="import-rescan"
          >
            {t('gameSettingsUi.rom.rescan', { name: directory.name })}
          </Button>
        )}
      </div>
    </>
  );
}

const PHASES = {
  scanning: 'gameSettingsUi.import.scanning',
  hashing: 'gameSettingsUi.import.hashing',
  matching: 'gameSettingsUi.import.matching',
} as const;

function Running({ progress, onClose }: { progress: ImportProgress; onClose: () => void }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const phase = progress.phase as keyof typeof PHASES;
  const percent = progressPercent(progress);
  return (
    <>
      <h2 className="import-sheet__title" data-testid="import-phase">
        {t(PHASES[phase])}
      </h2>
      <ProgressBar
        percent={percent}
        text={`${percent}%`}
        className="import-sheet__bar"
        aria-label={t('gameSettingsUi.import.title')}
      />
      <dl className="import-sheet__stats">
        <Stat
          label={t('gameSettingsUi.import.files')}
          value={
            progress.totalFiles > 0 ? `${progress.files} / ${progress.totalFiles}` : String(progress.files)
          }
          testId="import-files"
        />
        <Stat
          label={t('gameSettingsUi.import.speed')}
          value={progress.phase === 'hashing' ? formatSpeed(progress.bytesPerSecond, fmt) : '—'}
        />
        <Stat
          label={t('gameSettingsUi.import.timeLeft')}
          value={progress.secondsLeft === null ? '—' : formatClock(progress.secondsLeft)}
        />
      </dl>
      {progress.current && (
        <p className="import-sheet__current" title={progress.current}>
          {progress.current}
        </p>
      )}
      <p className="import-sheet__text">{t('gameSettingsUi.import.background')}</p>
      <div className="import-sheet__actions">
        {/* Once matching, what was hashed is kept anyway: there is nothing left to stop. */}
        {progress.phase !== 'matching' && (
          <Button
            shape="rounded"
            onClick={() => void cancelImport().catch(() => undefined)}
            data-testid="import-cancel"
          >
            {t('gameSettingsUi.import.cancel')}
          </Button>
        )}
        <Button color="primary" shape="rounded" onClick={onClose} className="import-sheet__hide">
          {t('gameSettingsUi.import.hide')}
        </Button>
      </div>
    </>
  );
}

function Summary({ result, onClose }: { result: ImportGamesResult; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <h2 className="import-sheet__title" data-testid="import-summary-title">
        {result.cancelled ? t('gameSettingsUi.import.cancelled') : t('gameSettingsUi.import.done')}
      </h2>
      <p className="import-sheet__text">{result.directoryName}</p>
      <dl className="import-sheet__stats import-sheet__stats--summary" data-testid="import-summary">
        <Stat label={t('gameSettingsUi.import.found')} value={String(result.found)} testId="import-found" />
        <Stat
          label={t('gameSettingsUi.import.imported')}
          value={String(result.imported)}
          testId="import-imported"
        />
        <Stat
          label={t('gameSettingsUi.import.matched')}
          value={String(result.matched)}
          testId="import-matched"
        />
        <Stat
          label={t('gameSettingsUi.import.duplicates')}
          value={String(result.duplicates)}
          testId="import-duplicates"
        />
      </dl>
      <div className="import-sheet__actions import-sheet__actions--stack">
        <Button
          color="primary"
          shape="rounded"
          onClick={() => {
            onClose();
            // Opened from the Imported tab itself, the list is right behind the sheet.
            if (`${location.pathname}${location.search}` !== IMPORTED_GAMES_PATH)
              navigate(IMPORTED_GAMES_PATH);
          }}
          data-testid="import-view"
        >
          {t('gameSettingsUi.import.view')}
        </Button>
        <Button shape="rounded" onClick={onClose}>
          {t('gameSettingsUi.import.close')}
        </Button>
      </div>
    </>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="import-sheet__stat">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
