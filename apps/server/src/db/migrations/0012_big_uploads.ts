import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Resumable uploads in progress (`upload/big`), one row each from creation until it is finished,
 * terminated or swept. Several servers share them: any server finds whose an upload is, counts it
 * against its owner's quota and sees when it was last written to, wherever its bytes are kept.
 * `declared_bytes` is null while the upload's length is deferred.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await db.schema
    .createTable('big_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key: a row goes only with the upload's bytes (finished, terminated or swept); a
    // cascade would drop the row and leave the bytes behind, out of the sweep's sight.
    .addColumn('owner_id', d.bigint, (c) => c.notNull())
    .addColumn('declared_bytes', d.bigint)
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addColumn('touched_at', d.bigint, (c) => c.notNull())
    .execute();
  // The quota sums a member's rows; the sweep looks for the oldest.
  await db.schema.createIndex('big_uploads_owner').on('big_uploads').column('owner_id').execute();
  await db.schema.createIndex('big_uploads_touched').on('big_uploads').column('touched_at').execute();
}
