import type { Kysely } from 'kysely';
import type { PageStart } from '../../db/keyset';
import type { DB } from '../../db/schema';

/** A member in a list, with when they entered it: the list's keyset is (at, id), newest first. */
export interface Listed {
  id: number;
  at: number;
}

const listed = (rows: { id: number; at: number }[]): Listed[] =>
  rows.map((r) => ({ id: Number(r.id), at: Number(r.at) }));

/**
 * Follows and the blacklist. Takes a transaction too: every counter changes in the transaction
 * of the row that justifies it, and only when that row really was inserted or deleted.
 */
export function followsRepo(db: Kysely<DB>) {
  /**
   * Both members' counters for one follow. Rows are updated in id order, so two members who
   * follow each other at the same moment lock their rows in the same order and never deadlock.
   */
  async function count(followerId: number, followeeId: number, delta: 1 | -1) {
    const rows = [
      { id: followerId, column: 'following_count' as const },
      { id: followeeId, column: 'follower_count' as const },
    ].sort((a, b) => a.id - b.id);
    for (const { id, column } of rows) {
      await db
        .updateTable('users')
        .set((eb) => ({ [column]: eb(column, '+', delta) }))
        .where('id', '=', id)
        .execute();
    }
  }

  return {
    activeUser: (id: number) =>
      db
        .selectFrom('users')
        .select(['id', 'follower_count', 'following_count'])
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst(),

    /**
     * Locks both members' rows until the transaction ends (db/dialect.ts `locksRows`), in id
     * order as `count` updates them, so a member's toggles of one follow take turns and two
     * members following each other at once still never deadlock.
     */
    async lockPair(followerId: number, followeeId: number): Promise<void> {
      await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [followerId, followeeId])
        .orderBy('id')
        .forNoKeyUpdate()
        .execute();
    },

    async follows(followerId: number, followeeId: number): Promise<boolean> {
      const row = await db
        .selectFrom('follows')
        .select('follower_id')
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Answers whether a follow was added (false: it was there already). */
    async follow(followerId: number, followeeId: number, now: number): Promise<boolean> {
      const row = await db
        .insertInto('follows')
        .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
        .returning('follower_id')
        .executeTakeFirst();
      if (!row) return false;
      await count(followerId, followeeId, 1);
      return true;
    },

    /** Answers whether a follow was removed (false: there was none). */
    async unfollow(followerId: number, followeeId: number): Promise<boolean> {
      const row = await db
        .deleteFrom('follows')
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .returning('follower_id')
        .executeTakeFirst();
      if (!row) return false;
      await count(followerId, followeeId, -1);
      return true;
    },

    async followerCount(id: number): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select('follower_count')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.follower_count ?? 0;
    },

    /** Whom `userId` follows, newest follow first. */
    following: async (userId: number, start: PageStart, limit: number) =>
      listed(
        await db
          .selectFrom('follows')
          .select(['followee_id as id', 'created_at as at'])
          .where('follower_id', '=', userId)
          .$if(start.after !== null, (q) =>
            q.where(({ eb, refTuple, tuple }) =>
              eb(refTuple('created_at', 'followee_id'), '<', tuple(start.after![0]!, start.after![1]!)),
            ),
          )
          .orderBy('created_at', 'desc')
          .orderBy('followee_id', 'desc')
          .offset(start.offset)
          .limit(limit)
          .execute(),
      ),

    /** Who follows `userId`, newest follower first. */
    followers: async (userId: number, start: PageStart, limit: number) =>
      listed(
        await db
          .selectFrom('follows')
          .select(['follower_id as id', 'created_at as at'])
          .where('followee_id', '=', userId)
          .$if(start.after !== null, (q) =>
            q.where(({ eb, refTuple, tuple }) =>
              eb(refTuple('created_at', 'follower_id'), '<', tuple(start.after![0]!, start.after![1]!)),
            ),
          )
          .orderBy('created_at', 'desc')
          .orderBy('follower_id', 'desc')
          .offset(start.offset)
          .limit(limit)
          .execute(),
      ),

    /** Members `userId` follows who follow back, by when `userId` followed them, newest first. */
    friends: async (userId: number, start: PageStart, limit: number) =>
      listed(
        await db
          .selectFrom('follows as mine')
          .innerJoin('follows as back', (j) =>
            j
              .onRef('back.follower_id', '=', 'mine.followee_id')
              .onRef('back.followee_id', '=', 'mine.follower_id'),
          )
          .select(['mine.followee_id as id', 'mine.created_at as at'])
          .where('mine.follower_id', '=', userId)
          .$if(start.after !== null, (q) =>
            q.where(({ eb, refTuple, tuple }) =>
              eb(
                refTuple('mine.created_at', 'mine.followee_id'),
                '<',
                tuple(start.after![0]!, start.after![1]!),
              ),
            ),
          )
          .orderBy('mine.created_at', 'desc')
          .orderBy('mine.followee_id', 'desc')
          .offset(start.offset)
          .limit(limit)
          .execute(),
      ),

    async friendCount(userId: number): Promise<number> {
      const { count } = await db
        .selectFrom('follows as mine')
        .innerJoin('follows as back', (j) =>
          j
            .onRef('back.follower_id', '=', 'mine.followee_id')
            .onRef('back.followee_id', '=', 'mine.follower_id'),
        )
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('mine.follower_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** Answers whether the member was newly put on the blacklist. */
    async block(userId: number, blockedId: number, now: number): Promise<boolean> {
      const row = await db
        .insertInto('blacklist')
        .values({ user_id: userId, blocked_id: blockedId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'blocked_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async unblock(userId: number, blockedId: number): Promise<void> {
      await db
        .deleteFrom('blacklist')
        .where('user_id', '=', userId)
        .where('blocked_id', '=', blockedId)
        .execute();
    },

    /** `userId`'s blacklist, most recently blocked first. */
    blacklist: async (userId: number, start: PageStart, limit: number) =>
      listed(
        await db
          .selectFrom('blacklist')
          .select(['blocked_id as id', 'created_at as at'])
          .where('user_id', '=', userId)
          .$if(start.after !== null, (q) =>
            q.where(({ eb, refTuple, tuple }) =>
              eb(refTuple('created_at', 'blocked_id'), '<', tuple(start.after![0]!, start.after![1]!)),
            ),
          )
          .orderBy('created_at', 'desc')
          .orderBy('blocked_id', 'desc')
          .offset(start.offset)
          .limit(limit)
          .execute(),
      ),

    async blacklistCount(userId: number): Promise<number> {
      const { count } = await db
        .selectFrom('blacklist')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}
export type FollowsRepo = ReturnType<typeof followsRepo>;
