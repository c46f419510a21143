import { describe, expect, it, vi } from 'vitest';
import { addToHistory, SEARCH_HISTORY_MAX } from './search-history';

describe('addToHistory', () => {
  it('puts the newest search first', () => {
    expect(addToHistory(['zelda', 'mario'], 'metroid')).toEqual(['metroid', 'zelda', 'mario']);
  });

  it('keeps each keyword once, moving a repeated one to the front with its latest spelling', () => {
    expect(addToHistory(['zelda', 'Mario', 'metroid'], '  mario ')).toEqual(['mario', 'zelda', 'metroid']);
  });

  it('ignores blank searches', () => {
    expect(addToHistory(['zelda'], '   ')).toEqual(['zelda']);
  });

  it('keeps at most the newest SEARCH_HISTORY_MAX', () => {
    const full = Array.from({ length: SEARCH_HISTORY_MAX }, (_, i) => `word ${i}`);
    const next = addToHistory(full, 'fresh');
    expect(next).toHaveLength(SEARCH_HISTORY_MAX);
    expect(next[0]).toBe('fresh');
    expect(next).not.toContain(`word ${SEARCH_HISTORY_MAX - 1}`);
  });
});

describe('the search histories', () => {
  it('keep the community and game searches apart, under the names saved data already uses', async () => {
    const items = new Map<string, string>();
    vi.resetModules();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
    const { useSearchHistory } = await import('./search-history');
    const { useGameSearchHistory } = await import('./game-search-history');
    useSearchHistory.getState().add('speedrun');
    useGameSearchHistory.getState().add('ninja');
    useGameSearchHistory.getState().add('tile garden');
    useGameSearchHistory.getState().remove('ninja');

    expect(useSearchHistory.getState().keywords).toEqual(['speedrun']);
    expect(useGameSearchHistory.getState().keywords).toEqual(['tile garden']);
    expect(JSON.parse(items.get('pixelhall.search-history')!).state.keywords).toEqual(['speedrun']);
    expect(JSON.parse(items.get('pixelhall.game-search-history')!).state.keywords).toEqual(['tile garden']);
    vi.unstubAllGlobals();
  });
});
