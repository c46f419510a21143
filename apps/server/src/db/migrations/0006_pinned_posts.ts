import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, _d: Dialect): Promise<void> {
  // Only pinned posts in the index: it stays tiny, and no planner can mistake it for a way to
  // find the millions of unpinned posts (SQLite without statistics walked it, then sorted).
  await db.schema.dropIndex('posts_pinned').execute();
  await db.schema
    .createIndex('posts_pinned')
    .on('posts')
    .column('pinned_at')
    .where(sql.ref('pinned_at'), 'is not', null)
    .execute();
}
