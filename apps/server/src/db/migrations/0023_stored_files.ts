import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The file lifetime (docs/internals/file-lifetime.md):
 * - `stored_files`, one row per file in the content-addressed store. Every put claims its row
 *   first (`puts` counted up, `last_put_at` now); the sweep marks a row `deleting` only while its
 *   count is still the one it read, deletes the bytes, then the row. `marked_at` is the
 *   database's clock, so servers whose clocks disagree still agree on when a mark has lapsed.
 * - `stored_file_census`, where the listing of the store that gives rows to files without one
 *   (everything stored before this migration) has got to. Its one row starts unfinished, so the
 *   first sweep begins the first census.
 * - Indexes on the columns that hold a file's SHA-256, so asking whether anything refers to a file
 *   is a lookup in each, not a scan.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('size', d.bigint, (c) => c.notNull())
    .addColumn('puts', d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('first_put_at', d.bigint, (c) => c.notNull())
    .addColumn('last_put_at', d.bigint, (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('live'))
    .addColumn('marked_by', 'text')
    .addColumn('marked_at', d.bigint)
    .execute();
  // The sweep's first question: live files whose last put is older than the grace period.
  await db.schema
    .createIndex('stored_files_sweep')
    .on('stored_files')
    .columns(['state', 'last_put_at'])
    .execute();

  await db.schema
    .createTable('stored_file_census')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('cursor', 'text')
    .addColumn('started_at', d.bigint)
    .addColumn('finished_at', d.bigint)
    .execute();
  await db.insertInto('stored_file_census').values({ name: 'store' }).execute();

  for (const [table, column] of [
    ['upload_owners', 'sha256'],
    ['post_files', 'sha256'],
    ['archive_versions', 'state_sha256'],
    ['archive_versions', 'image_sha256'],
    ['games', 'rom_sha256'],
    ['account_exports', 'file_sha256'],
  ] as const) {
    await db.schema.createIndex(`${table}_${column}_file`).on(table).column(column).execute();
  }
}
