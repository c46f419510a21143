import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPage } from '../../api/queries/list-pages';
import { Link } from '../../core/hash-router';
import { PagedList } from '../PagedList';
import { cardData, type GameCardInput } from './card-data';
import { GameCard, type GameCardProps } from './GameCard';
import './games.css';

/** Per-game extras a list passes to each card. */
export interface GameItemSlots<T> {
  badge?: (game: T) => ReactNode;
  progress?: (game: T) => number | null | undefined;
  extra?: (game: T) => ReactNode;
  action?: (game: T) => ReactNode;
  to?: (game: T) => string | null;
  onOpen?: (game: T) => void;
}

function slotProps<T extends GameCardInput>(game: T, slots: GameItemSlots<T>): Partial<GameCardProps> {
  return {
    badge: slots.badge?.(game),
    progress: slots.progress?.(game),
    extra: slots.extra?.(game),
    action: slots.action?.(game),
    ...(slots.to ? { to: slots.to(game) } : {}),
    ...(slots.onOpen ? { onOpen: () => slots.onOpen!(game) } : {}),
  };
}

function keyOf(game: GameCardInput, index: number): string {
  const id = cardData(game).id;
  return id != null ? `g${id}` : `i${index}`;
}

/** What a list of games takes: the games, their keys, its test id and the per-game slots. */
type GameListProps<T> = {
  games: readonly T[];
  itemKey?: (game: T, index: number) => string;
  testId?: string;
} & GameItemSlots<T>;

/** The games as cards in a list; the class decides the layout (grid, rows, strip). */
function GameItems<T extends GameCardInput>({
  className,
  variant,
  games,
  itemKey = keyOf,
  testId,
  ...slots
}: GameListProps<T> & { className: string; variant: 'tile' | 'row' }) {
  return (
    <ul className={className} data-testid={testId}>
      {games.map((game, index) => (
        <li key={itemKey(game, index)}>
          <GameCard game={game} variant={variant} {...slotProps(game, slots)} />
        </li>
      ))}
    </ul>
  );
}

/** Games as a grid of tiles (three across on a phone). */
export function GameGrid<T extends GameCardInput>({ testId = 'game-grid', ...props }: GameListProps<T>) {
  return <GameItems className="game-grid" variant="tile" testId={testId} {...props} />;
}

/** Games as wide rows, one under another. */
export function GameRows<T extends GameCardInput>({ testId = 'game-rows', ...props }: GameListProps<T>) {
  return <GameItems className="game-rows" variant="row" testId={testId} {...props} />;
}

/** A paged catalogue list (pull to refresh, next page at the end), as tiles or rows. */
export function PagedGames<T extends GameCardInput & { id: number }>({
  query,
  variant = 'tile',
  empty,
  testId = 'game-list',
  ...slots
}: {
  query: UseInfiniteQueryResult<InfiniteData<ListPage<T>>>;
  variant?: 'tile' | 'row';
  empty?: ReactNode;
  testId?: string;
} & GameItemSlots<T>) {
  return (
    <PagedList
      query={query}
      className={variant === 'tile' ? 'game-grid' : 'game-rows'}
      testId={testId}
      empty={empty}
      renderItem={(game) => <GameCard game={game} variant={variant} {...slotProps(game, slots)} />}
    />
  );
}

/** A titled section whose games scroll sideways, with an optional "More" link. */
export function GameStrip<T extends GameCardInput>({
  title,
  moreTo,
  moreLabel,
  testId = 'game-strip',
  children,
  ...props
}: GameListProps<T> & {
  title: ReactNode;
  moreTo?: string;
  moreLabel?: string;
  /** Shown instead of the strip when there are no games (an empty state); nothing by default. */
  children?: ReactNode;
}) {
  return (
    <section className="game-section" data-testid={testId}>
      <GameSectionHead title={title} moreTo={moreTo} moreLabel={moreLabel} />
      {props.games.length ? <GameItems className="game-strip" variant="tile" {...props} /> : children}
    </section>
  );
}

/** A game section's title row with its "More" link. */
export function GameSectionHead({
  title,
  moreTo,
  moreLabel,
}: {
  title: ReactNode;
  moreTo?: string;
  moreLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="game-section__head">
      <h2 className="game-section__title">{title}</h2>
      {moreTo && (
        <Link className="game-section__more" to={moreTo} data-testid="game-section-more">
          <span>{moreLabel ?? t('gamesUi.more')}</span>
          <RightOutline aria-hidden="true" />
        </Link>
      )}
    </div>
  );
}
