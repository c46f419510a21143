import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Deleting an account (docs/internals/account-deletion.md):
 * - `users.deletion_requested_at` and `users.deletion_due_at`: when the member asked, and when
 *   the `account-erasure` job erases the account unless they take it back first (both null when
 *   nothing is pending).
 * - `users.erased_at`: when it was erased. The row itself stays, as a tombstone with status
 *   `erased` and no personal data, because the ledger and others' history (a buyer's payment,
 *   bets) keep pointing at its id.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('deletion_requested_at', d.bigint).execute();
  await db.schema.alterTable('users').addColumn('deletion_due_at', d.bigint).execute();
  await db.schema.alterTable('users').addColumn('erased_at', d.bigint).execute();
  // The job's question every period, the accounts now due: a short range of this index.
  await db.schema.createIndex('users_deletion_due').on('users').column('deletion_due_at').execute();
}
