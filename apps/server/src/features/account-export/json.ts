/**
 * JSON written a page of rows at a time, so a member with a hundred thousand rows costs one page
 * of memory: the export's files are documents of named parts, each a plain value or an array
 * whose rows come from a keyset scan of the database.
 */

/** Rows read in pages: each page in key order, after the last key of the one before. */
export type Pages<Row> = AsyncIterable<Row[]>;

/** A part of a document: a value written at once, or an array streamed from its pages. */
export type Part = { value: unknown } | { rows: Pages<unknown> };

const PAGE = 500;

/**
 * Reads a table in keyset order: `fetch(after, limit)` answers up to `limit` rows whose key is
 * past `after` (null: from the start), and the last row's key starts the next page.
 */
export async function* keysetPages<Row, Key>(
  fetch: (after: Key | null, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  limit = PAGE,
): Pages<Row> {
  let after: Key | null = null;
  for (;;) {
    const rows = await fetch(after, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** keysetPages on a numeric key (an id), from the start. */
export function idPages<Row>(
  fetch: (after: number, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => number,
): Pages<Row> {
  return keysetPages<Row, number>((after, limit) => fetch(after ?? 0, limit), keyOf);
}

/** Maps every row of a scan, a page at a time (a page's rows may need one more query). */
export async function* mapPages<Row, Out>(
  pages: Pages<Row>,
  map: (rows: Row[]) => Promise<Out[]> | Out[],
): Pages<Out> {
  for await (const rows of pages) {
    const mapped = await map(rows);
    if (mapped.length > 0) yield mapped;
  }
}

const indent = (json: string, by: string) => json.replace(/\n/g, `\n${by}`);

/** A streamed array of rows, each pretty-printed, at the given depth of indentation. */
async function* arrayText(pages: Pages<unknown>, depth: number): AsyncGenerator<string> {
  const inner = '  '.repeat(depth + 1);
  let first = true;
  for await (const rows of pages) {
    let chunk = '';
    for (const row of rows) {
      chunk += `${first ? '[\n' : ',\n'}${inner}${indent(JSON.stringify(row, null, 2), inner)}`;
      first = false;
    }
    yield chunk;
  }
  yield first ? '[]' : `\n${'  '.repeat(depth)}]`;
}

/** A whole file: one streamed array. */
export async function* jsonArray(pages: Pages<unknown>): AsyncGenerator<string> {
  yield* arrayText(pages, 0);
  yield '\n';
}

/** A whole file: an object of named parts, in the order given. */
export async function* jsonDocument(parts: Array<[name: string, part: Part]>): AsyncGenerator<string> {
  yield '{';
  let first = true;
  for (const [name, part] of parts) {
    yield `${first ? '\n' : ',\n'}  ${JSON.stringify(name)}: `;
    first = false;
    if ('value' in part) yield indent(JSON.stringify(part.value ?? null, null, 2), '  ');
    else yield* arrayText(part.rows, 1);
  }
  yield first ? '}\n' : '\n}\n';
}

/** Epoch milliseconds as the export writes times: ISO 8601 in UTC; null stays null. */
export const iso = (ms: number | string | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();
