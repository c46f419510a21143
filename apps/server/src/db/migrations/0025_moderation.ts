import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The moderators' desk (docs/internals/moderation-desk.md):
 * - posts `removed_at, removed_reason, removed_action_id`: a moderator removed it (the text stays,
 *   for the log and a restore); `held_at, held_reason`: held for review, seen only by its author and
 *   moderators until released; `comments_locked` (0/1): a moderator closed its comments.
 * - comments `removed_at, removed_reason, removed_action_id`, the same for a comment.
 * - reports `snapshot`: the content as it was when reported, JSON `{ text, link }`;
 *   `resolved_at, resolved_by, resolution` ('dismissed' | 'removed'): open while resolved_at
 *   is null.
 *
 * Feeds need no new index: removed and held posts are rare, so a feed walking posts_new or
 * posts_hot skips the odd one without reading further. The queues get small partial indexes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await db.schema.alterTable('posts').addColumn('removed_at', d.bigint).execute();
  await db.schema.alterTable('posts').addColumn('removed_reason', 'text').execute();
  await db.schema.alterTable('posts').addColumn('removed_action_id', d.bigint).execute();
  await db.schema.alterTable('posts').addColumn('held_at', d.bigint).execute();
  await db.schema.alterTable('posts').addColumn('held_reason', 'text').execute();
  await db.schema
    .alterTable('posts')
    .addColumn('comments_locked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable('comments').addColumn('removed_at', d.bigint).execute();
  await db.schema.alterTable('comments').addColumn('removed_reason', 'text').execute();
  await db.schema.alterTable('comments').addColumn('removed_action_id', d.bigint).execute();

  await db.schema.alterTable('reports').addColumn('snapshot', 'text').execute();
  await db.schema.alterTable('reports').addColumn('resolved_at', d.bigint).execute();
  await db.schema
    .alterTable('reports')
    .addColumn('resolved_by', d.bigint, (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('reports').addColumn('resolution', 'text').execute();

  // The report queue and its counts read only open reports, by what was reported, oldest first;
  // resolved ones pile up for good, so they stay out of the index.
  await db.schema
    .createIndex('reports_open')
    .on('reports')
    .columns(['target', 'target_id', 'created_at'])
    .where(sql.ref('resolved_at'), 'is', null)
    .execute();
  // The held queue, oldest first, and its count: the few held posts alone.
  await db.schema
    .createIndex('posts_held')
    .on('posts')
    .columns(['held_at', 'id'])
    .where(sql.ref('held_at'), 'is not', null)
    .execute();
}
