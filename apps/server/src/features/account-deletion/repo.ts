import type { AccountDeletion } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const stateOf = (row: {
  deletion_requested_at: number | null;
  deletion_due_at: number | null;
}): AccountDeletion => ({
  deletion_requested_at: row.deletion_requested_at === null ? null : Number(row.deletion_requested_at),
  deletion_due_at: row.deletion_due_at === null ? null : Number(row.deletion_due_at),
});

/** A member's pending deletion, and the accounts that are due. */
export function accountDeletionRepo(db: Kysely<DB>) {
  return {
    /** The active member's user name and pending deletion; undefined for any other account. */
    find: (userId: number) =>
      db
        .selectFrom('users')
        .select(['username', 'deletion_requested_at', 'deletion_due_at'])
        .where('id', '=', userId)
        .where('status', '=', 'active')
        .executeTakeFirst()
        .then((row) => (row ? { username: row.username, ...stateOf(row) } : undefined)),

    /**
     * Asks for erasure at `dueAt` unless one is pending already (its first date stands: asking
     * twice never postpones it). Answers what is pending afterwards; undefined when the account
     * is no longer active.
     */
    async schedule(userId: number, now: number, dueAt: number): Promise<AccountDeletion | undefined> {
      await db
        .updateTable('users')
        .set({ deletion_requested_at: now, deletion_due_at: dueAt, updated_at: now })
        .where('id', '=', userId)
        .where('status', '=', 'active')
        .where('deletion_due_at', 'is', null)
        .execute();
      const row = await this.find(userId);
      return row && stateOf(row);
    },

    /**
     * Takes a pending deletion back; nothing is written when none is pending. False when the
     * account is no longer active (erased meanwhile).
     */
    async cancel(userId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ deletion_requested_at: null, deletion_due_at: null, updated_at: now })
        .where('id', '=', userId)
        .where('status', '=', 'active')
        .where('deletion_due_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 || (await this.find(userId)) !== undefined;
    },

    /** Accounts due at `now`, soonest first: a range of `users_deletion_due`. */
    async due(now: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('deletion_due_at', '<=', now)
        .where('status', 'in', ['active', 'banned'])
        .orderBy('deletion_due_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },
  };
}
export type AccountDeletionRepo = ReturnType<typeof accountDeletionRepo>;
