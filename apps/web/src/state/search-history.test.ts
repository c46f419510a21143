import { describe, expect, it } from 'vitest';
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
