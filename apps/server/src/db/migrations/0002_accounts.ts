import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('password_hash', 'text').execute();
  for (const column of ['is_tourist', 'post_count', 'follower_count', 'following_count']) {
    await db.schema
      .alterTable('users')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // "Pixel" and "pixel" are the same member: uniqueness ignores case on both engines.
  await sql`create unique index users_username_lower on users (lower(username))`.execute(db);

  await d
    .withId(db.schema.createTable('password_resets'))
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addColumn('expires_at', d.bigint, (c) => c.notNull())
    .addColumn('used_at', d.bigint)
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

  await d
    .withId(db.schema.createTable('identities'))
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addUniqueConstraint('identities_provider_subject', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('identities_user').on('identities').column('user_id').execute();

  await d
    .withId(db.schema.createTable('news'))
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', d.bigint)
    .addColumn('ref_type', 'text')
    .addColumn('ref_id', d.bigint)
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('read_at', d.bigint)
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_user_unread').on('news').columns(['user_id', 'read_at']).execute();

  await db.schema
    .createTable('uploads')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', d.bigint, (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('owner_id', d.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
}
