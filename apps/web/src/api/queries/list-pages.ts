import type { InfiniteData } from '@tanstack/react-query';

/** One answer of a contract list (`listOf`): `{ list, total, cursor }`. */
export interface ListPage<T> {
  list: T[];
  total: number;
  cursor: string | null;
}

/** Where the next page starts: the keyset cursor when the server gave one, else the next page number. */
export type PageParam = { cursor: string } | { page: number };

export const FIRST_PAGE: PageParam = { page: 1 };

/**
 * The next page of a list, or undefined at its end. A cursor is preferred (deep pages stay
 * fast); a list answered without one is paged by number while fewer than `total` have arrived.
 */
export function nextPageParam<T>(last: ListPage<T>, pages: ListPage<T>[]): PageParam | undefined {
  if (last.cursor) return { cursor: last.cursor };
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  if (last.list.length === 0 || loaded >= last.total) return undefined;
  return { page: pages.length + 1 };
}

/** Every item loaded so far, in order; an item repeated by a shifting offset page shows once. */
export function flattenPages<T extends { id: number }>(data: InfiniteData<ListPage<T>> | undefined): T[] {
  if (!data) return [];
  const seen = new Set<number>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of page.list) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** The loaded pages without the items `drop` picks, with `total` lowered to match. */
export function withoutItems<T>(
  data: InfiniteData<ListPage<T>> | undefined,
  drop: (item: T) => boolean,
): InfiniteData<ListPage<T>> | undefined {
  if (!data) return data;
  let removed = 0;
  const pages = data.pages.map((page) => {
    const list = page.list.filter((item) => !drop(item));
    removed += page.list.length - list.length;
    return list.length === page.list.length ? page : { ...page, list };
  });
  if (!removed) return data;
  return { ...data, pages: pages.map((p) => ({ ...p, total: Math.max(0, p.total - removed) })) };
}

/** The loaded pages with `change` applied to each item (unchanged pages keep their identity). */
export function mapItems<T>(
  data: InfiniteData<ListPage<T>> | undefined,
  change: (item: T) => T,
): InfiniteData<ListPage<T>> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const list = page.list.map(change);
    if (list.every((item, i) => item === page.list[i])) return page;
    changed = true;
    return { ...page, list };
  });
  return changed ? { ...data, pages } : data;
}
