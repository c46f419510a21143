import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Staff and sanctions (docs/internals/staff-and-sanctions.md):
 * - `users.role` (member, moderator, admin) and `role_granted_at`; `moderator_topics`, the topics a
 *   scoped moderator moderates (none: every topic).
 * - `users.suspended_until`, `suspension_reason`, `suspension_action_id`: a suspension is these
 *   columns, read with every request; `users.ban_reason` beside the new status value `banned`
 *   (status is plain text, so the value needs no change of type).
 * - `mod_actions`, the moderation log. Sanctions need no table of their own: a warning is a log
 *   entry, and what runs now is on the member's row.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .execute();
  await db.schema.alterTable('users').addColumn('role_granted_at', d.bigint).execute();
  await db.schema.alterTable('users').addColumn('suspended_until', d.bigint).execute();
  await db.schema.alterTable('users').addColumn('suspension_reason', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspension_action_id', d.bigint).execute();
  await db.schema.alterTable('users').addColumn('ban_reason', 'text').execute();
  // mod/staff/list: the few staff among every member.
  await db.schema
    .createIndex('users_staff')
    .on('users')
    .columns(['role', 'id'])
    .where('role', '!=', 'member')
    .execute();

  await db.schema
    .createTable('moderator_topics')
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic_id', d.bigint, (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('moderator_topics_pk', ['user_id', 'topic_id'])
    .execute();
  // A topic's deletion cascades through this.
  await db.schema.createIndex('moderator_topics_topic').on('moderator_topics').column('topic_id').execute();

  await d
    .withId(db.schema.createTable('mod_actions'))
    .addColumn('moderator_id', d.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', d.bigint)
    .addColumn('subject_user_id', d.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('topic_id', d.bigint)
    .addColumn('post_id', d.bigint)
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('until_at', d.bigint)
    .addColumn('snapshot', 'text')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  // The log is read newest first (by id) in four ways: about one member (the desk's member page,
  // my/standing, my/moderation), the public log, by one moderator, and all of it.
  await db.schema
    .createIndex('mod_actions_subject')
    .on('mod_actions')
    .columns(['subject_user_id', 'id'])
    .execute();
  await db.schema.createIndex('mod_actions_public').on('mod_actions').columns(['is_public', 'id']).execute();
  await db.schema
    .createIndex('mod_actions_moderator')
    .on('mod_actions')
    .columns(['moderator_id', 'id'])
    .execute();
  // Actions on one post or comment (what a restore or an appeal looks up).
  await db.schema
    .createIndex('mod_actions_target')
    .on('mod_actions')
    .columns(['target_type', 'target_id'])
    .execute();
}
