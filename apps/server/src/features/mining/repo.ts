import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Mining tokens: `access_grants` rows with purpose 'mining', stored as hashes. */
export function miningRepo(db: Kysely<DB>) {
  return {
    /** Stores a new grant and drops the member's expired ones, which nothing can use any more. */
    async issue(grant: { tokenHash: string; userId: number; expiresAt: number }, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('access_grants')
          .where('user_id', '=', grant.userId)
          .where('purpose', '=', 'mining')
          .where('expires_at', '<=', now)
          .execute();
        await trx
          .insertInto('access_grants')
          .values({
            token_hash: grant.tokenHash,
            user_id: grant.userId,
            purpose: 'mining',
            expires_at: grant.expiresAt,
            created_at: now,
          })
          .execute();
      });
    },

    /** The active member a live mining grant belongs to, or undefined. */
    memberOf: (tokenHash: string, now: number) =>
      db
        .selectFrom('access_grants')
        .innerJoin('users', 'users.id', 'access_grants.user_id')
        .select(['users.id', 'users.nickname', 'users.avatar', 'users.level', 'access_grants.expires_at'])
        .where('access_grants.token_hash', '=', tokenHash)
        .where('access_grants.purpose', '=', 'mining')
        .where('access_grants.expires_at', '>', now)
        .where('users.status', '=', 'active')
        .executeTakeFirst(),
  };
}
export type MiningRepo = ReturnType<typeof miningRepo>;
