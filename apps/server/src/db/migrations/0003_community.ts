import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  const userRef = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

  await d
    .withId(db.schema.createTable('categories'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('topic_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();

  await d
    .withId(db.schema.createTable('topics'))
    .addColumn('category_id', d.bigint, (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('min_level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('min_age', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', d.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('post_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  await sql`create unique index topics_name_lower on topics (lower(name))`.execute(db);
  await db.schema.createIndex('topics_category').on('topics').columns(['category_id', 'id']).execute();

  await db.schema
    .createTable('topic_follows')
    .addColumn('topic_id', d.bigint, (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_follows_pk', ['user_id', 'topic_id'])
    .execute();
  await db.schema.createIndex('topic_follows_topic').on('topic_follows').column('topic_id').execute();

  await d
    .withId(db.schema.createTable('posts'))
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('topic_id', d.bigint, (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('color', 'text')
    .addColumn('style', 'text')
    .addColumn('link', 'text')
    .addColumn('price', d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('pinned_at', d.bigint)
    .addColumn('comments_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('share_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hot_score', d.double, (c) => c.notNull().defaultTo(0))
    .addColumn('hot_dirty', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addColumn('updated_at', d.bigint, (c) => c.notNull())
    .execute();
  // Keyset feeds: each order a feed uses has an index that ends in id, so a page is a range scan.
  await db.schema.createIndex('posts_new').on('posts').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('posts_hot').on('posts').columns(['hot_score', 'id']).execute();
  await db.schema
    .createIndex('posts_topic_new')
    .on('posts')
    .columns(['topic_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_topic_hot')
    .on('posts')
    .columns(['topic_id', 'hot_score', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_user_new')
    .on('posts')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('posts_pinned').on('posts').column('pinned_at').execute();
  await db.schema.createIndex('posts_hot_dirty').on('posts').columns(['hot_dirty', 'id']).execute();

  await d
    .withId(db.schema.createTable('post_files'))
    .addColumn('post_id', d.bigint, (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull().references('uploads.sha256'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', d.bigint, (c) => c.notNull())
    .addColumn('is_image', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('access_key', 'text', (c) => c.notNull())
    .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('post_files_post').on('post_files').columns(['post_id', 'position']).execute();

  for (const table of ['post_likes', 'post_unlocks']) {
    await db.schema
      .createTable(table)
      .addColumn('post_id', d.bigint, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('user_id', d.bigint, userRef)
      .addColumn('created_at', d.bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['post_id', 'user_id'])
      .execute();
    await db.schema.createIndex(`${table}_user`).on(table).columns(['user_id', 'created_at']).execute();
  }

  await d
    .withId(db.schema.createTable('comments'))
    .addColumn('post_id', d.bigint, (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('root_id', d.bigint, (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('parent_id', d.bigint, (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_to_user_id', d.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_post_new')
    .on('comments')
    .columns(['post_id', 'root_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('comments_post_best')
    .on('comments')
    .columns(['post_id', 'root_id', 'like_count', 'id'])
    .execute();
  await db.schema
    .createIndex('comments_root')
    .on('comments')
    .columns(['root_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('comments_user')
    .on('comments')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('comment_likes')
    .addColumn('comment_id', d.bigint, (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_likes_pk', ['comment_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', d.bigint, userRef)
    .addColumn('followee_id', d.bigint, userRef)
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute();
  await db.schema
    .createIndex('follows_followee')
    .on('follows')
    .columns(['followee_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('blacklist')
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('blocked_id', d.bigint, userRef)
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('blacklist_pk', ['user_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blacklist_blocked').on('blacklist').column('blocked_id').execute();

  await d
    .withId(db.schema.createTable('reports'))
    .addColumn('reporter_id', d.bigint, userRef)
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('target_id', d.bigint, (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addUniqueConstraint('reports_once', ['reporter_id', 'target', 'target_id'])
    .execute();

  await d
    .withId(db.schema.createTable('banners'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();

  await d
    .withId(db.schema.createTable('popups'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', d.bigint, (c) => c.notNull())
    .addColumn('ends_at', d.bigint)
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();

  // Hot searches: how often each normalised term was searched per UTC day.
  await db.schema
    .createTable('search_terms')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('search_terms_pk', ['term', 'day'])
    .execute();
}
