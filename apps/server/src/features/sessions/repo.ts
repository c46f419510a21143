import type { Kysely } from 'kysely';
import { compiledOnce, type Params } from '../../db/compiled-once';
import type { DB } from '../../db/schema';

/** A session's origin as its columns hold it (the address already shortened). */
export interface StoredOrigin {
  device_type: string | null;
  app_version: string | null;
  address: string | null;
}

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
      'users.role',
      'users.suspended_until',
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
      origin: StoredOrigin;
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
          ...row.origin,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    /** The live session of a token hash with its member, or undefined. */
    findActive: async (tokenHash: string, now: number) => (await activeSession(db, { tokenHash, now }))[0],

    /** Slides the expiry and, when the request is known, records where it came from now. */
    async touch(
      sessionId: number,
      now: number,
      expiresAt: number,
      origin: StoredOrigin | null,
    ): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_used_at: now, expires_at: expiresAt, ...origin })
        .where('id', '=', sessionId)
        .execute();
    },

    /** A member's live sessions, newest first, at most `limit`. */
    liveOf: (userId: number, now: number, limit: number) =>
      db
        .selectFrom('sessions')
        .select(['id', 'device_type', 'app_version', 'address', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    async revoke(sessionId: number, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /**
     * Ends one live session of this member: false when there is none by that id (another
     * member's, ended or unknown alike). Its game tokens go with it.
     */
    async revokeOwn(userId: number, sessionId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await db.deleteFrom('game_tokens').where('session_id', '=', sessionId).execute();
      return true;
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

    /** The game tokens of every session of the member but one (whose tokens stay). */
    async dropGameTokensOfOthers(userId: number, keepSessionId: number): Promise<void> {
      await db
        .deleteFrom('game_tokens')
        .where('user_id', '=', userId)
        .where('session_id', '!=', keepSessionId)
        .execute();
    },
  };
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>;
