import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { usersRepo } from '../users/public';

export function passwordResetRepo(db: Kysely<DB>) {
  return {
    /** A new code replaces every unused one of the member: only the latest mail works. */
    async replace(row: { userId: number; codeHash: string; now: number; expiresAt: number }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('password_resets')
          .where('user_id', '=', row.userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('password_resets')
          .values({
            user_id: row.userId,
            code_hash: row.codeHash,
            created_at: row.now,
            expires_at: row.expiresAt,
          })
          .execute();
      });
    },

    /** The member's live code, if any: unused, unexpired, with tries left. */
    findOpen: (userId: number, now: number, maxAttempts: number) =>
      db
        .selectFrom('password_resets')
        .select(['id', 'code_hash'])
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('attempts', '<', maxAttempts)
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    /**
     * Spends one try before the code is compared, as one conditional update, so concurrent
     * guesses can't together get more than `maxAttempts` comparisons. False: no tries left.
     */
    async takeAttempt(id: number, maxAttempts: number): Promise<boolean> {
      const result = await db
        .updateTable('password_resets')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('attempts', '<', maxAttempts)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Marks the code used and sets the password in one transaction. The conditional update lets
     * only one of two concurrent uses of a code through; the other gets false. With `proves`, the
     * code reached that pending address, which becomes the member's unless someone proved it
     * meanwhile (`proved` says whether it did).
     */
    async consume(
      id: number,
      userId: number,
      passwordHash: string,
      now: number,
      proves: string | null,
    ): Promise<{ proved: boolean } | null> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return null;
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: now })
          .where('id', '=', userId)
          .execute();
        return { proved: proves !== null && (await usersRepo(trx).proveEmail(userId, proves, now)) };
      });
    },
  };
}
export type PasswordResetRepo = ReturnType<typeof passwordResetRepo>;
