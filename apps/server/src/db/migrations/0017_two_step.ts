import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Two-step sign-in (docs/internals/two-step.md):
 * - `totp_secrets`: one authenticator app per member, its secret encrypted (AES-256-GCM with the
 *   configured SECRETS_KEY). `enabled_at` is null while a set-up waits for its first code;
 *   `last_step` is the last accepted time step, so no code is taken twice.
 * - `recovery_codes`: single-use codes, stored as keyed hashes; `used_at` once spent.
 * - `second_step_tickets`: what a log-in with a second step on answers instead of a session,
 *   hashed, with its wrong guesses counted.
 * - `sessions.proven_at`: when the session last proved it is still its member (a fresh proof).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('proven_at', d.bigint).execute();

  await db.schema
    .createTable('totp_secrets')
    .addColumn('user_id', d.bigint, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addColumn('enabled_at', d.bigint)
    .addColumn('last_step', d.bigint)
    .execute();

  await d
    .withId(db.schema.createTable('recovery_codes'))
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addColumn('used_at', d.bigint)
    .execute();
  await db.schema
    .createIndex('recovery_codes_user_hash')
    .on('recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();

  await d
    .withId(db.schema.createTable('second_step_tickets'))
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addColumn('expires_at', d.bigint, (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', d.bigint)
    .execute();
  await db.schema
    .createIndex('second_step_tickets_user')
    .on('second_step_tickets')
    .column('user_id')
    .execute();
}
