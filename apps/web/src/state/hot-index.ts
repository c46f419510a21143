import { HOT_INDEX_MODULUS } from '@pixelhall/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persisted } from './persisted';

/** The next hot index: 0 → 1 → … → 9 → 0 (HOT_INDEX_MODULUS, docs/product/search.md#hot-index). */
export function nextHotIndex(index: number): number {
  const whole = Number.isInteger(index) ? index : 0;
  return (((whole + 1) % HOT_INDEX_MODULUS) + HOT_INDEX_MODULUS) % HOT_INDEX_MODULUS;
}

/**
 * The batch of hot words to show for a hot index: one run of `size` neighbouring places of the
 * server's ranking (best first), so the places it shows follow each other (5 to 10, never 1, 2,
 * 7 … 10). The list is cut into runs from the top; the last run ends at the last word and takes
 * from the run before it to stay full. Each step of the index shows the next run, so over the
 * cycle every trending word gets its turn; a list that fits in one batch is shown whole.
 */
export function hotBatch<T>(words: readonly T[], index: number, size: number): T[] {
  if (words.length <= size) return [...words];
  const step = ((index % HOT_INDEX_MODULUS) + HOT_INDEX_MODULUS) % HOT_INDEX_MODULUS;
  const runs = Math.ceil(words.length / size);
  const start = Math.min((step % runs) * size, words.length - size);
  return words.slice(start, start + size);
}

interface HotIndexState {
  index: number;
  advance(): void;
}

/**
 * The hot index, kept on the device (docs/product/search.md#hot-index): advanced each time the search screen opens and by
 * "another batch", so each visit shows the next batch of trending searches.
 */
export const useHotIndex = create<HotIndexState>()(
  persist(
    (set) => ({
      index: 0,
      advance: () => set((s) => ({ index: nextHotIndex(s.index) })),
    }),
    persisted<HotIndexState>('hot-index'),
  ),
);
