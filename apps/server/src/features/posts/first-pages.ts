import type { PostFile } from '@pixelhall/contract';
import type { PostRow } from './gate';
import type { PagedRow } from './pager';

/**
 * Page 1 of a general feed (New, Popular) as every viewer's page 1 starts from it. Nothing in it
 * belongs to a viewer: the rows are read as a visitor reads them (no likes, no blacklist), and the
 * files of paid posts are there only for the gate to show to whoever may see them.
 */
export interface SharedPage {
  /** The feed's first rows in order, twice a page, so a viewer's blacklist can leave holes. */
  rows: (PagedRow & { post: PostRow })[];
  /** Whether `rows` are all the feed has. */
  complete: boolean;
  files: Map<number, PostFile[]>;
  total: number;
}

/**
 * How long (clock ms) a shared page 1 is answered from memory. Changes made through this
 * process's services clear it at once; a change made elsewhere (another process, the ops CLI)
 * shows within this long.
 */
export const FIRST_PAGE_MS = 1_000;
/** One entry per feed and page size; apps ask for one or two sizes. */
const FIRST_PAGES_KEPT = 16;

/** The shared first pages, each read once however many requests ask for it at the same time. */
export function firstPagesCache(clock: () => number) {
  const kept = new Map<string, { page: Promise<SharedPage>; until: number }>();
  let total: { count: Promise<number>; until: number } | null = null;
  return {
    get(key: string, load: () => Promise<SharedPage>): Promise<SharedPage> {
      const now = clock();
      const hit = kept.get(key);
      if (hit && hit.until > now) return hit.page;
      const page = load();
      kept.delete(key);
      kept.set(key, { page, until: now + FIRST_PAGE_MS });
      if (kept.size > FIRST_PAGES_KEPT) kept.delete(kept.keys().next().value!);
      page.catch(() => {
        if (kept.get(key)?.page === page) kept.delete(key);
      });
      return page;
    },
    /**
     * The general feeds' `total` (the same for every viewer) for their pages past the first, kept
     * as long as a shared page and dropped with them.
     */
    total(load: () => Promise<number>): Promise<number> {
      const now = clock();
      if (total && total.until > now) return total.count;
      const count = load();
      const entry = { count, until: now + FIRST_PAGE_MS };
      total = entry;
      count.catch(() => {
        if (total === entry) total = null;
      });
      return count;
    },
    /** After any change to what a general feed's page 1 shows. */
    clear(): void {
      kept.clear();
      total = null;
    },
  };
}
export type FirstPages = ReturnType<typeof firstPagesCache>;
