import { useSyncExternalStore } from 'react';

/** The game a card's menu is for: a catalogue game, so its page, favourite and link exist. */
export interface GameMenuTarget {
  id: number;
  name: string;
}

/**
 * Opens a game's menu from its card (a long press, docs/product/games-library-and-player.md). The
 * shell offers it once its card menus have loaded; until then, or for a game with no catalogue
 * page (an imported ROM), a card has none.
 */
let opener: ((game: GameMenuTarget) => void) | null = null;
const listeners = new Set<() => void>();

export function offerGameCardMenu(open: ((game: GameMenuTarget) => void) | null): void {
  opener = open;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGameCardMenu(): ((game: GameMenuTarget) => void) | null {
  return useSyncExternalStore(subscribe, () => opener);
}
