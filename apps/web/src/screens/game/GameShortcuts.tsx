import { DownlandOutline, FolderOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from '../../core/hash-router';
import '../../ui/games/games.css';

/** The way to this device's games: downloads, and importing ROM files the member owns. */
export function GameShortcuts() {
  const { t } = useTranslation();
  return (
    <nav className="game-shortcuts">
      <Link className="shortcut-tile" to="/game/download" data-testid="game-downloads-entry">
        <span className="shortcut-tile__icon" aria-hidden="true">
          <DownlandOutline />
        </span>
        <span className="game-shortcut__text">
          <strong>{t('gamesUi.downloads')}</strong>
          <span>{t('gamesUi.downloadsHint')}</span>
        </span>
      </Link>
      <Link className="shortcut-tile" to="/me/setting/game" data-testid="game-import-entry">
        <span className="shortcut-tile__icon" aria-hidden="true">
          <FolderOutline />
        </span>
        <span className="game-shortcut__text">
          <strong>{t('gamesUi.import')}</strong>
          <span>{t('gamesUi.importHint')}</span>
        </span>
      </Link>
    </nav>
  );
}
