import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Edits with history (docs/internals/edits.md): `posts.edited_at` and `comments.edited_at`, when
 * the author last edited (null: never), and one row per earlier version in `post_versions` and
 * `comment_versions`, with `created_at` the time that version was written. The current version
 * stays in the post or comment itself; its versions go with it when it is deleted.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await db.schema.alterTable('posts').addColumn('edited_at', d.bigint).execute();
  await db.schema.alterTable('comments').addColumn('edited_at', d.bigint).execute();

  await d
    .withId(db.schema.createTable('post_versions'))
    .addColumn('post_id', d.bigint, (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  // posts/history reads a post's versions in the order they were written; the cascade finds them.
  await db.schema.createIndex('post_versions_post').on('post_versions').columns(['post_id', 'id']).execute();

  await d
    .withId(db.schema.createTable('comment_versions'))
    .addColumn('comment_id', d.bigint, (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comment_versions_comment')
    .on('comment_versions')
    .columns(['comment_id', 'id'])
    .execute();
}
