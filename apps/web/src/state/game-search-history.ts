import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persisted } from './persisted';
import { addToHistory } from './search-history';

interface GameSearchHistoryState {
  keywords: string[];
  add(keyword: string): void;
  remove(keyword: string): void;
  clear(): void;
}

/**
 * Past game searches on this device: kept apart from the community search history, with the
 * same rules (newest first, each keyword once, at most SEARCH_HISTORY_MAX).
 */
export const useGameSearchHistory = create<GameSearchHistoryState>()(
  persist(
    (set) => ({
      keywords: [],
      add: (keyword) => set((s) => ({ keywords: addToHistory(s.keywords, keyword) })),
      remove: (keyword) => set((s) => ({ keywords: s.keywords.filter((w) => w !== keyword) })),
      clear: () => set({ keywords: [] }),
    }),
    persisted<GameSearchHistoryState>('game-search-history'),
  ),
);
