import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../core/hash-router';
import { type LongPressHandlers, useLongPress } from '../../core/long-press';
import { LazyImage } from '../LazyImage';
import { cardData, type GameCardInput, romPath } from './card-data';
import { useGameCardMenu } from './game-card-menu';
import { genreLabel } from './labels';
import './games.css';

export type GameCardVariant = 'tile' | 'row';

export interface GameCardProps {
  game: GameCardInput;
  /** `tile`: a compact cover-first card for grids and strips; `row`: a wide list row. */
  variant?: GameCardVariant;
  /** Shown on the cover's corner: "Downloaded", "Imported" … (see GameBadge). */
  badge?: ReactNode;
  /** 0…1: a progress bar along the cover's bottom edge (a download under way). */
  progress?: number | null;
  /** Row only: a line under the chips (a time, a size, a status). */
  extra?: ReactNode;
  /** Outside the link, so it may hold buttons: the row's right side, or under a tile. */
  action?: ReactNode;
  /** Where the card leads; defaults to /rom/<id>. Null: nowhere (an imported ROM). */
  to?: string | null;
  /** Tapping calls this instead of following the default /rom/<id> link (an explicit `to` still wins). */
  onOpen?: () => void;
  className?: string;
  testId?: string;
}

/**
 * A game: cover, name, platform chip and genre. Presentational: lists and screens decide what
 * the badge, progress and action are. Holding a catalogue game opens its menu; the card stays a
 * link, so a keyboard still reaches the game's page and everything on it.
 */
export function GameCard({
  game,
  variant = 'tile',
  badge,
  progress,
  extra,
  action,
  to,
  onOpen,
  className,
  testId = 'game-card',
}: GameCardProps) {
  const { t } = useTranslation();
  const data = cardData(game);
  // An explicit address first, then the tap handler, then the game's own page.
  const target = to ?? (onOpen || to === null ? null : romPath(data.id));
  const shown = progress == null ? null : Math.min(1, Math.max(0, progress));
  const openMenu = useGameCardMenu();
  const menuId = romPath(data.id) ? data.id : null;
  const longPress = useLongPress(() => {
    if (menuId != null) openMenu?.({ id: menuId, name: data.name });
  });
  const pressHandlers: Partial<LongPressHandlers> = openMenu && menuId != null ? longPress : {};

  const body = (
    <>
      <span className="game-card__cover">
        <LazyImage src={data.cover} alt="" />
        {badge && <span className="game-card__badge">{badge}</span>}
        {shown !== null && (
          <span
            className="game-card__progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(shown * 100)}
          >
            <span style={{ width: `${shown * 100}%` }} />
          </span>
        )}
      </span>
      <span className="game-card__text">
        <span className="game-card__name">{data.name}</span>
        <span className="game-card__meta">
          {data.emulator && <span className="game-chip">{data.emulator}</span>}
          {data.genre && <span className="game-card__genre">{genreLabel(t, data.genre)}</span>}
        </span>
        {variant === 'row' && extra && <span className="game-card__extra">{extra}</span>}
      </span>
    </>
  );

  // The link is named by what it shows (name, platform, genre), so a spoken name matches the visible one.
  return (
    <div
      className={`game-card game-card--${variant}${className ? ` ${className}` : ''}`}
      data-testid={testId}
      data-game-id={data.id ?? undefined}
      {...pressHandlers}
    >
      {target ? (
        <Link className="game-card__link" to={target}>
          {body}
        </Link>
      ) : onOpen ? (
        <button type="button" className="game-card__link" onClick={onOpen}>
          {body}
        </button>
      ) : (
        <div className="game-card__link">{body}</div>
      )}
      {action && <div className="game-card__action">{action}</div>}
    </div>
  );
}

/** A small label for GameCard's badge slot. */
export function GameBadge({
  children,
  tone = 'primary',
}: {
  children: ReactNode;
  tone?: 'primary' | 'success' | 'accent' | 'muted';
}) {
  return <span className={`game-badge game-badge--${tone}`}>{children}</span>;
}
