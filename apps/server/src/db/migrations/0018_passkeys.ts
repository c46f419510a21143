import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Passkeys (docs/internals/passkeys.md):
 * - `passkeys`: a member's WebAuthn credentials. `credential_id` and `public_key` (the COSE key)
 *   are base64url, and so is `user_handle`, the opaque random id the authenticator keeps for the
 *   member (one per member, shared by their passkeys; never their user id or name); `counter` is the authenticator's signature counter (0 for those that keep
 *   none); `transports` a comma-separated list the browser reported; `device_type` and
 *   `backed_up` say whether it may be synced between the member's devices.
 * - `passkey_challenges`: every ceremony's challenge, stored as its SHA-256 (the answer carries the
 *   challenge back), for one purpose (`register`, `sign_in`, `second_step`, `proof`), one member
 *   where known, and for a second step the log-in's ticket it serves, hashed; a registration's
 *   keeps the user handle its options gave the authenticator. Five minutes, used
 *   once: `used_at` is set by a conditional update, so of two answers only one counts.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await d
    .withId(db.schema.createTable('passkeys'))
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('user_handle', 'text', (c) => c.notNull())
    .addColumn('counter', d.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addColumn('last_used_at', d.bigint)
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  await d
    .withId(db.schema.createTable('passkey_challenges'))
    .addColumn('challenge_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', d.bigint, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('ticket_hash', 'text')
    .addColumn('user_handle', 'text')
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addColumn('expires_at', d.bigint, (c) => c.notNull())
    .addColumn('used_at', d.bigint)
    .execute();
  await db.schema
    .createIndex('passkey_challenges_expires')
    .on('passkey_challenges')
    .column('expires_at')
    .execute();
}
