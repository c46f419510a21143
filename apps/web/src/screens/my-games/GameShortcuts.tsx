import {
  ClockCircleOutline,
  DownlandOutline,
  FileOutline,
  FolderOutline,
  HeartOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../core/hash-router';
import type { Strings } from '../../i18n/keys';
import '../../ui/games/games.css';

type LinkLabels = Strings['myGamesUi']['links'];

const SHORTCUTS: Array<[key: keyof LinkLabels, to: string, icon: ReactNode]> = [
  ['downloads', '/game/download', <DownlandOutline key="d" />],
  ['favourites', '/me/favorite', <HeartOutline key="f" />],
  ['recent', '/me/recent', <ClockCircleOutline key="r" />],
  ['archives', '/me/archives', <FileOutline key="a" />],
  ['romDirectory', '/me/setting/game', <FolderOutline key="s" />],
];

/** The game corners one tap away: downloads, favourites, recent, archives, the ROM directory. */
export function GameShortcuts({ downloading }: { downloading: number }) {
  const { t } = useTranslation();
  return (
    <nav className="my-games-shortcuts" aria-label={t('myGamesUi.shortcuts')}>
      {SHORTCUTS.map(([key, to, icon]) => (
        <Link key={key} to={to} className="shortcut-tile" data-testid={`my-games-${key}`}>
          <span className="shortcut-tile__icon">
            {icon}
            {key === 'downloads' && downloading > 0 && (
              <span className="my-games-shortcuts__count" data-testid="my-games-downloading">
                {downloading}
              </span>
            )}
          </span>
          <span className="my-games-shortcuts__label">{t(`myGamesUi.links.${key}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
