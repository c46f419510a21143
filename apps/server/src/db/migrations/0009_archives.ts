import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Cloud save archives. A slot is one member's (rom_md5, slot); it keeps the game's name and
 * cover itself, so saves of imported ROMs that are not in the catalogue have a home too. Each
 * save is a version; the slot points at its newest, and saving is a conditional update of that
 * pointer, so two devices saving over the same version can't both win.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await d
    .withId(db.schema.createTable('archive_slots'))
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rom_md5', 'text', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('game_uid', 'text')
    .addColumn('game_name', 'text', (c) => c.notNull())
    .addColumn('icon_image', 'text', (c) => c.notNull().defaultTo(''))
    // No foreign key: the version row is inserted before the pointer moves to it, in one
    // transaction, and deleting versions never leaves it dangling (the service moves it first).
    .addColumn('latest_version_id', d.bigint)
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addColumn('updated_at', d.bigint, (c) => c.notNull())
    // Also the index of archive/archiveList (by member, and by member and ROM).
    .addUniqueConstraint('archive_slots_member_rom_slot', ['user_id', 'rom_md5', 'slot'])
    .execute();

  await d
    .withId(db.schema.createTable('archive_versions'))
    .addColumn('slot_id', d.bigint, (c) => c.notNull().references('archive_slots.id').onDelete('cascade'))
    // Files stay content-addressed in the upload store; a version only names them.
    .addColumn('state_sha256', 'text', (c) => c.notNull())
    .addColumn('image_sha256', 'text')
    .addColumn('archive_md5', 'text', (c) => c.notNull())
    .addColumn('bytes', d.bigint, (c) => c.notNull())
    .addColumn('core_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('device_id', 'text', (c) => c.notNull())
    // The version the saving device had seen; it may since have been pruned, so no foreign key.
    .addColumn('base_version_id', d.bigint)
    // The random key the download address carries: the files are private to the owner.
    .addColumn('access_key', 'text', (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('archive_versions_slot')
    .on('archive_versions')
    .columns(['slot_id', 'id'])
    .execute();
}
