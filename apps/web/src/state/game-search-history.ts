import { createSearchHistory } from './search-history';

/**
 * Past game searches on this device: kept apart from the community search history, with the
 * same rules (newest first, each keyword once, at most SEARCH_HISTORY_MAX).
 */
export const useGameSearchHistory = createSearchHistory('game-search-history');
