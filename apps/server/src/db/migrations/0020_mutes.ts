import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Mutes (docs/internals/mutes.md): `member_mutes`, whom a member muted and until when (null: until
 * taken back), and `muted_words`, the words and phrases whose posts and comments come folded.
 * The export and the deletion of an account read both tables by `user_id`.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  const userRef = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

  await db.schema
    .createTable('member_mutes')
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('muted_user_id', d.bigint, userRef)
    .addColumn('until_at', d.bigint)
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('member_mutes_pk', ['user_id', 'muted_user_id'])
    .execute();
  // What every feed, comment list and inbox of a member asks: whom they mute now. Covering, so the
  // filter never reads the table.
  await db.schema
    .createIndex('member_mutes_filter')
    .on('member_mutes')
    .columns(['user_id', 'until_at', 'muted_user_id'])
    .execute();
  // mute/list, newest first by keyset.
  await db.schema
    .createIndex('member_mutes_user_new')
    .on('member_mutes')
    .columns(['user_id', 'created_at', 'muted_user_id'])
    .execute();
  // A deleted member's mutes by others go with them (the foreign key's cascade looks them up).
  await db.schema.createIndex('member_mutes_muted').on('member_mutes').column('muted_user_id').execute();

  await d
    .withId(db.schema.createTable('muted_words'))
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('phrase', 'text', (c) => c.notNull())
    .addColumn('normalized', 'text', (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addUniqueConstraint('muted_words_once', ['user_id', 'normalized'])
    .execute();
}
