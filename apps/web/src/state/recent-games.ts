import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persisted } from './persisted';

/** Recent games kept (docs/product/games-library-and-player.md#recent-games). */
export const RECENT_GAMES_MAX = 20;

/** A game this device played: a catalogue game (gameId) or an imported ROM (gameId null). */
export interface RecentGame {
  gameId: number | null;
  romMd5: string;
  gameName: string;
  coverImage: string;
  emuName: string;
  coreName: string;
  playedAt: number;
}

const sameGame = (a: RecentGame, b: RecentGame) => a.gameId === b.gameId && a.romMd5 === b.romMd5;

/**
 * docs/product/games-library-and-player.md#recent-games: starting a game moves it to the front, removes duplicates by gameId
 * plus romMd5 and keeps RECENT_GAMES_MAX.
 */
export function addRecentGame(list: readonly RecentGame[], game: RecentGame): RecentGame[] {
  return [game, ...list.filter((g) => !sameGame(g, game))].slice(0, RECENT_GAMES_MAX);
}

interface RecentGamesState {
  games: RecentGame[];
  add(game: RecentGame): void;
  remove(game: Pick<RecentGame, 'gameId' | 'romMd5'>): void;
  clear(): void;
}

/** Recent games on this device (docs/product/app-shell-and-settings.md#what-the-device-remembers). */
export const useRecentGames = create<RecentGamesState>()(
  persist(
    (set) => ({
      games: [],
      add: (game) => set((s) => ({ games: addRecentGame(s.games, game) })),
      remove: (game) =>
        set((s) => ({
          games: s.games.filter((g) => !(g.gameId === game.gameId && g.romMd5 === game.romMd5)),
        })),
      clear: () => set({ games: [] }),
    }),
    persisted<RecentGamesState>('recent-games'),
  ),
);
