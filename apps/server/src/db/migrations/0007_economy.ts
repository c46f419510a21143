import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Economy and progression: the ledger, props, levels and experience, tasks, achievements, bets
 * and mining tokens. Every "once" in these rules is a primary key or unique constraint here, so
 * that concurrent requests are decided by the database, not by a check before the write.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  const userRef = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

  await db.schema
    .alterTable('users')
    .addColumn('experience', d.bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  // The last UTC day (days since the epoch) the member started the app, and the run of days.
  await db.schema.alterTable('users').addColumn('checkin_day', 'integer').execute();
  await db.schema
    .alterTable('users')
    .addColumn('checkin_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('checkin_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // A pin bought with a prop: the post leads its topic's feed until then.
  await db.schema.alterTable('posts').addColumn('topic_pinned_until', d.bigint).execute();
  await db.schema
    .createIndex('posts_topic_pinned')
    .on('posts')
    .columns(['topic_id', 'topic_pinned_until'])
    .where(sql.ref('topic_pinned_until'), 'is not', null)
    .execute();

  // One row per economic operation (a claim, a purchase, an unlock, a bet, a settlement …).
  // Its key is what makes a retried or concurrent request a no-op: the first insert wins.
  await db.schema
    .createTable('ledger_operations')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', d.bigint, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text')
    .addColumn('ref_id', d.bigint)
    // Why an operator made it (grants); never shown to members.
    .addColumn('note', 'text')
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();

  // Immutable: rows are only ever inserted. user_id null is the house (platform shares, charges).
  await d
    .withId(db.schema.createTable('ledger'))
    .addColumn('operation_key', 'text', (c) => c.notNull().references('ledger_operations.key'))
    .addColumn('leg', 'integer', (c) => c.notNull())
    .addColumn('user_id', d.bigint, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', d.bigint, (c) => c.notNull())
    .addColumn('balance_after', d.bigint)
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text')
    .addColumn('ref_id', d.bigint)
    .addColumn('reverses_id', d.bigint, (c) => c.references('ledger.id'))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addUniqueConstraint('ledger_operation_leg', ['operation_key', 'leg'])
    .addUniqueConstraint('ledger_reversed_once', ['reverses_id'])
    .execute();
  await db.schema.createIndex('ledger_user').on('ledger').columns(['user_id', 'id']).execute();

  // What a member earned (tasks, level rewards, achievements, daily check-ins), for user/reward.
  await d
    .withId(db.schema.createTable('rewards'))
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', d.bigint)
    .addColumn('gold', d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('diamonds', d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('experience', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('operation_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rewards_user').on('rewards').columns(['user_id', 'id']).execute();

  // Experience: one row per earning event; the key makes "once" exact (a like received from the
  // same member on the same post counts once however often it is toggled).
  await db.schema
    .createTable('experience_events')
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('experience_events_pk', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('experience_events_day')
    .on('experience_events')
    .columns(['user_id', 'day', 'source'])
    .execute();

  await db.schema
    .createTable('online_days')
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_beat_at', d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('online_days_pk', ['user_id', 'day'])
    .execute();

  await d
    .withId(db.schema.createTable('props'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('effect', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('price', d.bigint, (c) => c.notNull())
    .addColumn('shelf_days', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();

  // Inventory in lots: each purchase is a lot with its own expiry; use takes the soonest first.
  await d
    .withId(db.schema.createTable('user_props'))
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('prop_id', d.bigint, (c) => c.notNull().references('props.id').onDelete('cascade'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', d.bigint)
    .addColumn('operation_key', 'text', (c) => c.notNull().unique())
    .addColumn('acquired_at', d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_props_owner').on('user_props').columns(['user_id', 'prop_id']).execute();

  await d
    .withId(db.schema.createTable('prop_uses'))
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('prop_id', d.bigint, (c) => c.notNull().references('props.id').onDelete('cascade'))
    .addColumn('post_id', d.bigint, (c) => c.references('posts.id').onDelete('set null'))
    .addColumn('operation_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('prop_uses_user').on('prop_uses').columns(['user_id', 'id']).execute();

  await d
    .withId(db.schema.createTable('tasks'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'integer', (c) => c.notNull())
    .addColumn('reward_gold', d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('reward_diamonds', d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('reward_experience', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();

  // period: the UTC day for daily tasks, 0 for newbie tasks (once in a member's life).
  await db.schema
    .createTable('task_progress')
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('task_id', d.bigint, (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', d.bigint, (c) => c.notNull())
    .addColumn('claimed_at', d.bigint)
    .addPrimaryKeyConstraint('task_progress_pk', ['user_id', 'task_id', 'period'])
    .execute();

  await d
    .withId(db.schema.createTable('achievements'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    // JSON: [{ "threshold": 1, "gold": 10, "diamonds": 0 }, …], ascending thresholds.
    .addColumn('tiers', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_achievements')
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('achievement_id', d.bigint, (c) =>
      c.notNull().references('achievements.id').onDelete('cascade'),
    )
    .addColumn('tier', 'integer', (c) => c.notNull())
    .addColumn('earned_at', d.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_achievements_pk', ['user_id', 'achievement_id', 'tier'])
    .execute();

  await db.schema
    .createTable('achievement_display')
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('achievement_id', d.bigint, (c) =>
      c.notNull().references('achievements.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('achievement_display_pk', ['user_id', 'achievement_id'])
    .execute();

  await d
    .withId(db.schema.createTable('bet_events'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('close_at', d.bigint, (c) => c.notNull())
    .addColumn('start_at', d.bigint, (c) => c.notNull())
    // open → settled (or cancelled); a reversed settlement goes back to open.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('winner_option_id', d.bigint)
    .addColumn('settled_at', d.bigint)
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bet_events_close').on('bet_events').columns(['status', 'close_at']).execute();

  await d
    .withId(db.schema.createTable('bet_options'))
    .addColumn('event_id', d.bigint, (c) => c.notNull().references('bet_events.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    // Decimal odds in hundredths (1.85 → 185), so that prizes are exact integer arithmetic.
    .addColumn('odds_x100', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bet_options_event')
    .on('bet_options')
    .columns(['event_id', 'position'])
    .execute();

  await d
    .withId(db.schema.createTable('bets'))
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('event_id', d.bigint, (c) => c.notNull().references('bet_events.id').onDelete('cascade'))
    .addColumn('option_id', d.bigint, (c) => c.notNull().references('bet_options.id').onDelete('cascade'))
    .addColumn('amount', d.bigint, (c) => c.notNull())
    .addColumn('odds_x100', 'integer', (c) => c.notNull())
    // placed → won / lost / refunded; a reversed settlement puts it back to placed.
    .addColumn('result', 'text', (c) => c.notNull().defaultTo('placed'))
    .addColumn('prize', d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('charge', d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('operation_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addColumn('settled_at', d.bigint)
    .execute();
  await db.schema.createIndex('bets_user').on('bets').columns(['user_id', 'id']).execute();
  // The won and lost filters of bet/list: a range of one member's results, newest first.
  await db.schema.createIndex('bets_user_result').on('bets').columns(['user_id', 'result', 'id']).execute();
  await db.schema.createIndex('bets_event').on('bets').columns(['event_id', 'id']).execute();

  // Short-lived, single-purpose tokens (the mining page's), stored hashed like sessions.
  await db.schema
    .createTable('access_grants')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', d.bigint, userRef)
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('expires_at', d.bigint, (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('access_grants_user')
    .on('access_grants')
    .columns(['user_id', 'expires_at'])
    .execute();
}
