import { HOT_INDEX_MODULUS } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { hotBatch, nextHotIndex } from './hot-index';

describe('nextHotIndex', () => {
  it('cycles 0 to 9 and back to 0', () => {
    const seen: number[] = [];
    let index = 0;
    for (let i = 0; i < HOT_INDEX_MODULUS + 2; i += 1) {
      seen.push(index);
      index = nextHotIndex(index);
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1]);
  });

  it('recovers from a stored value out of range', () => {
    expect(nextHotIndex(42)).toBe(3);
    expect(nextHotIndex(Number.NaN)).toBe(1);
    expect(nextHotIndex(-1)).toBe(0);
  });
});

describe('hotBatch', () => {
  const words = Array.from({ length: 10 }, (_, i) => `w${i}`);

  it('shows neighbouring places of the ranking, the last batch filled from the one before it', () => {
    expect(hotBatch(words, 0, 6)).toEqual(['w0', 'w1', 'w2', 'w3', 'w4', 'w5']);
    expect(hotBatch(words, 1, 6)).toEqual(['w4', 'w5', 'w6', 'w7', 'w8', 'w9']);
    expect(hotBatch(words, 2, 6)).toEqual(['w0', 'w1', 'w2', 'w3', 'w4', 'w5']);
    const many = Array.from({ length: 20 }, (_, i) => i);
    expect(hotBatch(many, 2, 6)).toEqual([12, 13, 14, 15, 16, 17]);
    expect(hotBatch(many, 3, 6)).toEqual([14, 15, 16, 17, 18, 19]);
  });

  it('never skips a place inside a batch ("another batch" once showed 1, 2, 7, 8, 9, 10)', () => {
    const ranks = Array.from({ length: 13 }, (_, i) => i);
    for (let index = 0; index < HOT_INDEX_MODULUS; index += 1) {
      const batch = hotBatch(ranks, index, 6);
      expect(batch).toHaveLength(6);
      expect(batch.every((rank, i) => i === 0 || rank === (batch[i - 1] ?? -2) + 1)).toBe(true);
    }
  });

  it('gives every word its turn over the cycle', () => {
    const shown = new Set(Array.from({ length: HOT_INDEX_MODULUS }, (_, i) => hotBatch(words, i, 6)).flat());
    expect(shown.size).toBe(words.length);
  });

  it('shows a list that fits in one batch whole, whatever the index', () => {
    expect(hotBatch(['a', 'b', 'c'], 7, 6)).toEqual(['a', 'b', 'c']);
    expect(hotBatch([], 3, 6)).toEqual([]);
  });
});
