import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Appeals (docs/internals/appeals.md): a member asks for another look at a removal or a
 * suspension, once per moderation-log entry (`appeals_once`: the unique index is what keeps two
 * submits at the same instant to one row). `kind`, `topic_id` and `actor_id` are copied from the
 * log entry, so the desk's queue is scoped and counted from this table alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await d
    .withId(db.schema.createTable('appeals'))
    .addColumn('action_id', d.bigint, (c) => c.notNull().references('mod_actions.id').onDelete('cascade'))
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('topic_id', d.bigint)
    .addColumn('actor_id', d.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('answer', 'text')
    .addColumn('answered_by', d.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('answered_at', d.bigint)
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addUniqueConstraint('appeals_once', ['action_id'])
    .execute();

  // The open queue, oldest first, and its count: every appeal for global moderators, one topic's
  // for a scoped one. Answered appeals pile up for good, so they stay out of these.
  await db.schema
    .createIndex('appeals_open')
    .on('appeals')
    .columns(['created_at', 'id'])
    .where(sql.ref('state'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('appeals_open_topic')
    .on('appeals')
    .columns(['topic_id', 'created_at', 'id'])
    .where(sql.ref('state'), '=', 'open')
    .execute();
  // The answered ones, newest answer first.
  await db.schema.createIndex('appeals_answered').on('appeals').columns(['answered_at', 'id']).execute();
  // A member's appeals go with their account; the foreign keys' actions look them up by these.
  await db.schema.createIndex('appeals_user').on('appeals').column('user_id').execute();
  await db.schema.createIndex('appeals_actor').on('appeals').column('actor_id').execute();
  await db.schema.createIndex('appeals_answered_by').on('appeals').column('answered_by').execute();
}
