import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The game catalogue: emulators, games with their ROM in the upload store, curated topics,
 * banners and home picks, and what members do with games (favourites, plays, downloads,
 * searches, feedback). Every "once" is a primary key or unique constraint, so concurrent
 * requests are decided by the database.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  const userRef = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');
  const gameRef = (c: ColumnDefinitionBuilder) => c.notNull().references('games.id').onDelete('cascade');

  await db.schema
    .createTable('emulators')
    .addColumn('emulator_uid', 'text', (c) => c.primaryKey())
    .addColumn('emulator_name', 'text', (c) => c.notNull())
    .addColumn('icon_url_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('core_name', 'text', (c) => c.notNull())
    // Comma-separated, lower case, no dots: "nes,fds".
    .addColumn('extensions', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await d
    .withId(db.schema.createTable('games'))
    .addColumn('game_uid', 'text', (c) => c.notNull().unique())
    .addColumn('game_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon_image', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of image addresses; videos likewise.
    .addColumn('screenshots', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('videos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('emulator_type', 'text', (c) => c.notNull().references('emulators.emulator_uid'))
    .addColumn('genre', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull().defaultTo('1.0'))
    .addColumn('rom_sha256', 'text', (c) => c.notNull().references('uploads.sha256'))
    .addColumn('rom_name', 'text', (c) => c.notNull())
    .addColumn('size', d.bigint, (c) => c.notNull())
    // One catalogue entry per ROM image: an import is matched by either hash.
    .addColumn('rom_md5', 'text', (c) => c.notNull().unique())
    .addColumn('rom_md5_headerless', 'text')
    .addColumn('upload_time', d.bigint, (c) => c.notNull())
    .addColumn('update_time', d.bigint, (c) => c.notNull())
    .addColumn('download_count', d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('favourite_count', d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('play_count', d.bigint, (c) => c.notNull().defaultTo(0))
    // Curated rank in the recommend section; null is not recommended.
    .addColumn('recommend_rank', 'integer')
    .execute();
  await db.schema.createIndex('games_upload').on('games').columns(['upload_time', 'id']).execute();
  await db.schema.createIndex('games_plays').on('games').columns(['play_count', 'id']).execute();
  await db.schema
    .createIndex('games_emulator')
    .on('games')
    .columns(['emulator_type', 'upload_time'])
    .execute();
  await db.schema.createIndex('games_headerless').on('games').column('rom_md5_headerless').execute();

  await d
    .withId(db.schema.createTable('game_topics'))
    .addColumn('title', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('game_topic_games')
    .addColumn('topic_id', d.bigint, (c) => c.notNull().references('game_topics.id').onDelete('cascade'))
    .addColumn('game_id', d.bigint, gameRef)
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('game_topic_games_pk', ['topic_id', 'game_id'])
    .execute();

  await d
    .withId(db.schema.createTable('game_banners'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('game_id', d.bigint, (c) => c.references('games.id').onDelete('cascade'))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('game_favourites')
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('game_id', d.bigint, gameRef)
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('game_favourites_pk', ['user_id', 'game_id'])
    .execute();
  await db.schema
    .createIndex('game_favourites_newest')
    .on('game_favourites')
    .columns(['user_id', 'created_at'])
    .execute();

  // The member's history: one row per game with the last time and how often.
  await db.schema
    .createTable('game_plays')
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('game_id', d.bigint, gameRef)
    .addColumn('times', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('first_played_at', d.bigint, (c) => c.notNull())
    .addColumn('last_played_at', d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('game_plays_pk', ['user_id', 'game_id'])
    .execute();
  await db.schema
    .createIndex('game_plays_recent')
    .on('game_plays')
    .columns(['user_id', 'last_played_at'])
    .execute();
  // Plays per game and UTC day, for the week-hot section.
  await db.schema
    .createTable('game_play_days')
    .addColumn('game_id', d.bigint, gameRef)
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('game_play_days_pk', ['game_id', 'day'])
    .execute();
  await db.schema
    .createIndex('game_play_days_day')
    .on('game_play_days')
    .columns(['day', 'game_id'])
    .execute();

  // A download counts once per member, game and UTC day.
  await db.schema
    .createTable('game_downloads')
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('game_id', d.bigint, gameRef)
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('game_downloads_pk', ['user_id', 'game_id', 'day'])
    .execute();

  // Hot words: searches per normalised word and UTC day.
  await db.schema
    .createTable('game_searches')
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('game_searches_pk', ['word', 'day'])
    .execute();
  await db.schema.createIndex('game_searches_day').on('game_searches').columns(['day']).execute();

  await d
    .withId(db.schema.createTable('feedback'))
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('device_name', 'text', (c) => c.notNull())
    .addColumn('device_version', 'text', (c) => c.notNull())
    .addColumn('problem', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();

  // requestToken/token: short-lived tokens for the native host, stored hashed.
  await db.schema
    .createTable('game_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('expires_at', d.bigint, (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
}
