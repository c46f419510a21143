import { describe, expect, it } from 'vitest';
import { flattenPages, mapItems, nextPageParam, withoutItems } from './list-pages';

const page = (ids: number[], total: number, cursor: string | null = null) => ({
  list: ids.map((id) => ({ id })),
  total,
  cursor,
});

describe('nextPageParam', () => {
  it('follows the cursor when there is one', () => {
    expect(nextPageParam(page([1, 2], 10, 'abc'), [page([1, 2], 10, 'abc')])).toEqual({ cursor: 'abc' });
  });

  it('pages by number while fewer than total have arrived, and stops at the end', () => {
    const first = page([1, 2], 3);
    expect(nextPageParam(first, [first])).toEqual({ page: 2 });
    const second = page([3], 3);
    expect(nextPageParam(second, [first, second])).toBeUndefined();
    // An empty page ends the list even if total says more (rows removed meanwhile).
    const empty = page([], 9);
    expect(nextPageParam(empty, [first, empty])).toBeUndefined();
  });
});

describe('page helpers', () => {
  const data = { pages: [page([1, 2], 4, 'c'), page([2, 3], 4)], pageParams: [{ page: 1 }, { cursor: 'c' }] };

  it('flattens pages and drops repeats', () => {
    expect(flattenPages(data).map((i) => i.id)).toEqual([1, 2, 3]);
    expect(flattenPages(undefined)).toEqual([]);
  });

  it('removes items and lowers total', () => {
    const next = withoutItems(data, (i) => i.id === 2)!;
    expect(next.pages.map((p) => p.list.map((i) => i.id))).toEqual([[1], [3]]);
    expect(next.pages[0]!.total).toBe(2);
    expect(withoutItems(data, () => false)).toBe(data);
  });

  it('maps items, keeping unchanged pages', () => {
    const next = mapItems(data, (i) => (i.id === 3 ? { id: 30 } : i))!;
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(next.pages[1]!.list.map((i) => i.id)).toEqual([2, 30]);
    expect(mapItems(data, (i) => i)).toBe(data);
  });
});
