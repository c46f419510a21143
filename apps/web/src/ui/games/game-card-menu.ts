import { createContext, useContext } from 'react';

/** The game a card's menu is for: a catalogue game, so its page, favourite and link exist. */
export interface GameMenuTarget {
  id: number;
  name: string;
}

/**
 * Opens a game's menu from its card (a long press, docs/product/games-library-and-player.md). The shell provides it above the
 * screens; without it, or for a game with no catalogue page (an imported ROM), a card has none.
 */
export const GameCardMenuContext = createContext<((game: GameMenuTarget) => void) | null>(null);

export function useGameCardMenu(): ((game: GameMenuTarget) => void) | null {
  return useContext(GameCardMenuContext);
}
