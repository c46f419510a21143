import type { Kysely } from 'kysely';
import type { PageStart } from '../../db/keyset';
import type { DB } from '../../db/schema';

/**
 * A member's mutes of members and of words. Takes a transaction too. A member mute that ran out
 * stays as a row until it is set again or taken back; every read here and every filter elsewhere
 * asks whether it still runs by the app's clock, so no job has to clear it.
 */
export function mutesRepo(db: Kysely<DB>) {
  const runningOf = (userId: number, now: number) =>
    db
      .selectFrom('member_mutes')
      .innerJoin('users', 'users.id', 'member_mutes.muted_user_id')
      .where('member_mutes.user_id', '=', userId)
      .where((eb) => eb.or([eb('member_mutes.until_at', 'is', null), eb('member_mutes.until_at', '>', now)]))
      .where('users.status', '=', 'active');

  return {
    activeUser: (id: number) =>
      db
        .selectFrom('users')
        .select('id')
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst(),

    /** Sets the mute, or its new end when there was one (running or run out). */
    async mute(userId: number, mutedUserId: number, untilAt: number | null, now: number): Promise<void> {
      await db
        .insertInto('member_mutes')
        .values({ user_id: userId, muted_user_id: mutedUserId, until_at: untilAt, created_at: now })
        .onConflict((oc) =>
          oc.columns(['user_id', 'muted_user_id']).doUpdateSet({ until_at: untilAt, created_at: now }),
        )
        .execute();
    },

    async unmute(userId: number, mutedUserId: number): Promise<void> {
      await db
        .deleteFrom('member_mutes')
        .where('user_id', '=', userId)
        .where('muted_user_id', '=', mutedUserId)
        .execute();
    },

    /** The running mute of `mutedUserId` by `userId`: when it ends (null: never), or undefined. */
    async runningMute(userId: number, mutedUserId: number, now: number) {
      const row = await runningOf(userId, now)
        .select('member_mutes.until_at')
        .where('member_mutes.muted_user_id', '=', mutedUserId)
        .executeTakeFirst();
      return row && { untilAt: row.until_at === null ? null : Number(row.until_at) };
    },

    /** Running mutes of active members, newest first, keyset over (created_at, muted_user_id). */
    running: (userId: number, now: number, start: PageStart, limit: number) =>
      runningOf(userId, now)
        .select([
          'member_mutes.muted_user_id',
          'member_mutes.until_at',
          'member_mutes.created_at',
          'users.nickname',
          'users.avatar',
          'users.level',
        ])
        .$if(start.after !== null, (q) =>
          q.where(({ eb, refTuple, tuple }) =>
            eb(
              refTuple('member_mutes.created_at', 'member_mutes.muted_user_id'),
              '<',
              tuple(start.after![0]!, start.after![1]!),
            ),
          ),
        )
        .orderBy('member_mutes.created_at', 'desc')
        .orderBy('member_mutes.muted_user_id', 'desc')
        .offset(start.offset)
        .limit(limit)
        .execute(),

    async runningCount(userId: number, now: number): Promise<number> {
      const { n } = await runningOf(userId, now)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /**
     * Locks the member's row until the transaction ends (db/dialect.ts `locksRows`), so two words
     * added at once take turns and the limit holds.
     */
    async lockMember(userId: number): Promise<void> {
      await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    },

    async wordCount(userId: number): Promise<number> {
      const { n } = await db
        .selectFrom('muted_words')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** The new word, or undefined when the member muted the same (normalized) one already. */
    addWord: (row: { user_id: number; phrase: string; normalized: string; created_at: number }) =>
      db
        .insertInto('muted_words')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'normalized']).doNothing())
        .returning(['id', 'phrase', 'created_at'])
        .executeTakeFirst(),

    /** Answers whether the member had such a word. */
    async removeWord(userId: number, id: number): Promise<boolean> {
      const row = await db
        .deleteFrom('muted_words')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    words: (userId: number) =>
      db
        .selectFrom('muted_words')
        .select(['id', 'phrase', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
  };
}
export type MutesRepo = ReturnType<typeof mutesRepo>;
