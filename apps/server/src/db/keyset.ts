import type { PageQuery } from '@pixelhall/contract';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../http/cursor';

/** A position in a keyset order: the sort key (ending in a unique id) of the last row shown. */
export type Key = number[];

/**
 * Where a page starts: after a cursor's key, or, without a cursor, at the offset of `page`.
 * A cursor wins over `page`, so deep pages cost what the first one does.
 */
export type PageStart = { after: Key; offset: 0 } | { after: null; offset: number };

/** The cursor of a keyset list: its key, as integers of the arity the list sorts by. */
const keyShape = (arity: number) => z.array(z.number().int()).length(arity);

/**
 * One page of a list in a keyset order. `fetch` reads up to `limit` rows from `start`; asking for
 * one row more than the page holds tells whether a next page exists, so no count is needed for
 * the cursor. `keyOf` gives a row's sort key, ending in its unique id.
 */
export async function keysetPage<Row>(
  query: PageQuery,
  keyOf: (row: Row) => Key,
  arity: number,
  fetch: (start: PageStart, limit: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; cursor: string | null }> {
  const start: PageStart = query.cursor
    ? { after: decodeCursor(query.cursor, keyShape(arity)), offset: 0 }
    : { after: null, offset: (query.page - 1) * query.num };
  const rows = await fetch(start, query.num + 1);
  if (rows.length <= query.num) return { rows, cursor: null };
  const page = rows.slice(0, query.num);
  return { rows: page, cursor: encodeCursor(keyOf(page[page.length - 1]!)) };
}
