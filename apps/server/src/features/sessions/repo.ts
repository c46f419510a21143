import type { Kysely } from 'kysely';
import { compiledOnce, type Params } from '../../db/compiled-once';
import type { DB } from '../../db/schema';

/** Every signed-in request runs this, so it is built once (db/compiled-once.ts). */
const activeSession = compiledOnce((db, p: Params<{ tokenHash: string; now: number }>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_used_at',
      'sessions.max_expires_at',
      'users.id as user_id',
      'users.username',
      'users.nickname',
      'users.is_tourist',
    ])
    .where('sessions.token_hash', '=', p.tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', p.now)
    .where('users.status', '=', 'active'),
);

export function sessionsRepo(db: Kysely<DB>) {
  return {
    async insert(row: {
      user_id: number;
      token_hash: string;
      now: number;
      expires_at: number;
      max_expires_at: number;
    }): Promise<number> {
      const { id } = await db
        .insertInto('sessions')
        .values({
          user_id: row.user_id,
          token_hash: row.token_hash,
          created_at: row.now,
          last_used_at: row.now,
          expires_at: row.expires_at,
          max_expires_at: row.max_expires_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    /** The live session of a token hash with its member, or undefined. */
    findActive: async (tokenHash: string, now: number) => (await activeSession(db, { tokenHash, now }))[0],

    async touch(sessionId: number, now: number, expiresAt: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_used_at: now, expires_at: expiresAt })
        .where('id', '=', sessionId)
        .execute();
    },

    async revoke(sessionId: number, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllOf(userId: number, now: number, exceptSessionId?: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .$if(exceptSessionId !== undefined, (q) => q.where('id', '!=', exceptSessionId!))
        .execute();
    },

    /** Game tokens die with their session; this also ends those of sessions that stay. */
    async dropGameTokensOf(userId: number): Promise<void> {
      await db.deleteFrom('game_tokens').where('user_id', '=', userId).execute();
    },
  };
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>;
