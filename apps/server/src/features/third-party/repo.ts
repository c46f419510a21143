import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Third-party identities linked to members. Takes a transaction too. */
export function identitiesRepo(db: Kysely<DB>) {
  return {
    async ownerOf(provider: string, subject: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('identities')
        .select('user_id')
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row ? Number(row.user_id) : undefined;
    },

    async insert(row: {
      userId: number;
      provider: string;
      subject: string;
      email: string | null;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('identities')
        .values({
          user_id: row.userId,
          provider: row.provider,
          subject: row.subject,
          email: row.email,
          created_at: row.now,
        })
        .execute();
    },
  };
}
export type IdentitiesRepo = ReturnType<typeof identitiesRepo>;
