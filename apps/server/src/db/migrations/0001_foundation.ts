import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await d
    .withId(db.schema.createTable('users'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('signature', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('gold', d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('diamonds', d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addColumn('updated_at', d.bigint, (c) => c.notNull())
    .execute();

  await d
    .withId(db.schema.createTable('sessions'))
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addColumn('last_used_at', d.bigint, (c) => c.notNull())
    .addColumn('expires_at', d.bigint, (c) => c.notNull())
    .addColumn('max_expires_at', d.bigint, (c) => c.notNull())
    .addColumn('revoked_at', d.bigint)
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('options')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', d.bigint, (c) => c.notNull())
    .execute();

  await d
    .withId(db.schema.createTable('app_versions'))
    .addColumn('version', 'text', (c) => c.notNull().unique())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('force_update', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('download_url', 'text')
    .addColumn('released_at', d.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('seeds')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', d.bigint, (c) => c.notNull())
    .execute();
}
