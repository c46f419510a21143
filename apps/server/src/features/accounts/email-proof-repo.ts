import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Codes mailed to prove an address. Takes a transaction too. */
export function emailProofRepo(db: Kysely<DB>) {
  return {
    /** A new code replaces every unused one of the member: only the latest mail works. */
    async replace(row: {
      userId: number;
      email: string;
      codeHash: string;
      now: number;
      expiresAt: number;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('email_proofs')
          .where('user_id', '=', row.userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('email_proofs')
          .values({
            user_id: row.userId,
            email: row.email,
            code_hash: row.codeHash,
            created_at: row.now,
            expires_at: row.expiresAt,
          })
          .execute();
      });
    },

    /** Whoever's code this is, used or not, so the answer can say what is wrong with it. */
    findByHash: (codeHash: string) =>
      db
        .selectFrom('email_proofs')
        .select(['id', 'user_id', 'email', 'expires_at', 'used_at'])
        .where('code_hash', '=', codeHash)
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    /** Marks the code used; of two concurrent uses only one gets true. */
    async use(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('email_proofs')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type EmailProofRepo = ReturnType<typeof emailProofRepo>;
