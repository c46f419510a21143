import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persisted } from './persisted';

/** How many past searches are kept. */
export const SEARCH_HISTORY_MAX = 20;

/**
 * The history after searching `keyword` (docs/product/search.md#search-history): newest first, each keyword once — compared
 * trimmed and case-insensitively, keeping the latest spelling — at most SEARCH_HISTORY_MAX.
 */
export function addToHistory(history: readonly string[], keyword: string): string[] {
  const word = keyword.trim();
  if (!word) return [...history];
  const key = word.toLocaleLowerCase();
  return [word, ...history.filter((w) => w.trim().toLocaleLowerCase() !== key)].slice(0, SEARCH_HISTORY_MAX);
}

export interface SearchHistoryState {
  keywords: string[];
  add(keyword: string): void;
  remove(keyword: string): void;
  clear(): void;
}

/**
 * A persisted search history under `pixelhall.<name>` with the rules of addToHistory. Each kind of
 * search keeps its own (the name is the stored key, so it must not change once released).
 */
export function createSearchHistory(name: string) {
  return create<SearchHistoryState>()(
    persist(
      (set) => ({
        keywords: [],
        add: (keyword) => set((s) => ({ keywords: addToHistory(s.keywords, keyword) })),
        remove: (keyword) => set((s) => ({ keywords: s.keywords.filter((w) => w !== keyword) })),
        clear: () => set({ keywords: [] }),
      }),
      persisted<SearchHistoryState>(name),
    ),
  );
}

/** Past searches on this device (docs/product/search.md#search-history). */
export const useSearchHistory = createSearchHistory('search-history');
