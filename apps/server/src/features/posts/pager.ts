import type { PageQuery } from '@pixelhall/contract';
import { z } from 'zod';
import { fail } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import type { PostRow } from './gate';

/** A row's position in its segment's order: (primary sort value, tie-breaker), both descending. */
export type Key = [number, number];

export interface FeedRow {
  id: number;
  key: Key;
  /** The post itself, when the segment read it along with the key. */
  post?: PostRow;
}

/**
 * One ordered run of a feed (the pinned posts, then the rest; or the same topic, then others).
 * Segments are disjoint, so a post appears once however the feed is paged.
 */
export interface Segment {
  /** Up to `limit` rows strictly after `after` in the segment's order, else from `offset`. */
  fetch(after: Key | null, offset: number, limit: number): Promise<FeedRow[]>;
  /** Rows in the segment; asked only when an offset page lies wholly past it. */
  count(): Promise<number>;
}

/** A row of a page, with the segment it came from: what a cursor after it is made of. */
export interface PagedRow extends FeedRow {
  s: number;
}

/** The cursor of the page that follows `last`. */
export const cursorAfter = (last: PagedRow): string => encodeCursor({ s: last.s, k: last.key });

const cursorShape = z.object({
  s: z.number().int().min(0),
  k: z.tuple([z.number(), z.number()]),
});

/**
 * One page of a feed made of segments. With a cursor the page is a keyset range (a deep page
 * costs what the first costs, and rows inserted meanwhile neither repeat nor hide rows); without
 * one, `page` is an offset. Either way the answer carries the cursor of the next page, or null.
 */
export async function pageOf(
  segments: Segment[],
  query: PageQuery,
): Promise<{ rows: PagedRow[]; cursor: string | null }> {
  // One row more than the page tells whether another page follows, without a count.
  const want = query.num + 1;
  let start = 0;
  let after: Key | null = null;
  let skip = 0;
  if (query.cursor) {
    const c = decodeCursor(query.cursor, cursorShape);
    if (c.s >= segments.length) throw fail('errors.invalid_payload');
    start = c.s;
    after = c.k;
  } else {
    skip = (query.page - 1) * query.num;
  }

  const rows: PagedRow[] = [];
  for (let s = start; s < segments.length && rows.length < want; s += 1) {
    const segment = segments[s]!;
    const got = await segment.fetch(s === start ? after : null, skip, want - rows.length);
    if (skip > 0) {
      if (got.length === 0) {
        if (s === segments.length - 1) break;
        skip = Math.max(0, skip - (await segment.count()));
        continue;
      }
      skip = 0;
    }
    for (const row of got) rows.push({ ...row, s });
  }

  const page = rows.slice(0, query.num);
  const last = page.at(-1);
  return { rows: page, cursor: rows.length > query.num && last ? cursorAfter(last) : null };
}
