import { type ExpressionBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';

const PROP_COLUMNS = [
  'id',
  'code',
  'name',
  'description',
  'kind',
  'effect',
  'currency',
  'price',
  'shelf_days',
  'position',
  'active',
] as const;

/** Lots not expired at `now` (lots without an expiry never expire). */
const unexpired = (now: number) => (eb: ExpressionBuilder<DB, 'user_props'>) =>
  eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]);

export function propsRepo(db: Executor) {
  return {
    /** The shop, in the operator's order. */
    active: () =>
      db
        .selectFrom('props')
        .select(PROP_COLUMNS)
        .where('active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute(),

    /** Any prop, on sale or not: a member keeps using what they bought after it leaves the shop. */
    find: (id: number) => db.selectFrom('props').select(PROP_COLUMNS).where('id', '=', id).executeTakeFirst(),

    byIds: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('props').select(PROP_COLUMNS).where('id', 'in', ids).execute(),

    async addLot(lot: {
      userId: number;
      propId: number;
      count: number;
      expiresAt: number | null;
      operationKey: string;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('user_props')
        .values({
          user_id: lot.userId,
          prop_id: lot.propId,
          count: lot.count,
          expires_at: lot.expiresAt,
          operation_key: lot.operationKey,
          acquired_at: lot.now,
        })
        .execute();
    },

    lotOf: (operationKey: string) =>
      db
        .selectFrom('user_props')
        .select(['prop_id'])
        .where('operation_key', '=', operationKey)
        .executeTakeFirst(),

    /**
     * Per prop: how many usable units the member has and when the soonest of them expires
     * (MIN skips lots that never expire; null when none of them do).
     */
    inventory: (userId: number, now: number, propId?: number) =>
      db
        .selectFrom('user_props')
        .select([
          'prop_id',
          (eb) => eb.fn.sum<number>('count').as('count'),
          (eb) => eb.fn.min<number | null>('expires_at').as('expires_at'),
        ])
        .where('user_id', '=', userId)
        .where('count', '>', 0)
        .where(unexpired(now))
        .$if(propId !== undefined, (q) => q.where('prop_id', '=', propId!))
        .groupBy('prop_id')
        .execute(),

    /**
     * Takes one unit of a prop, from the lot that expires soonest (lots that never expire last).
     * The decrement is conditional, so two uses racing for the last unit cannot both have it:
     * the loser moves on to the next lot, and finds none when there is none. False: none left.
     */
    async takeOne(userId: number, propId: number, now: number): Promise<boolean> {
      const lots = await db
        .selectFrom('user_props')
        .select('id')
        .where('user_id', '=', userId)
        .where('prop_id', '=', propId)
        .where('count', '>', 0)
        .where(unexpired(now))
        .orderBy(sql`case when expires_at is null then 1 else 0 end`)
        .orderBy('expires_at')
        .orderBy('id')
        .execute();
      for (const lot of lots) {
        const taken = await db
          .updateTable('user_props')
          .set({ count: sql`count - 1` })
          .where('id', '=', lot.id)
          .where('count', '>', 0)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) return true;
      }
      return false;
    },

    async recordUse(use: {
      userId: number;
      propId: number;
      postId: number | null;
      operationKey: string;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('prop_uses')
        .values({
          user_id: use.userId,
          prop_id: use.propId,
          post_id: use.postId,
          operation_key: use.operationKey,
          created_at: use.now,
        })
        .execute();
    },

    useOf: (operationKey: string) =>
      db
        .selectFrom('prop_uses')
        .select(['prop_id', 'post_id'])
        .where('operation_key', '=', operationKey)
        .executeTakeFirst(),

    /** What an experience card brought, from the event its use wrote (0 after a daily cap). */
    experienceOf: async (userId: number, key: string) =>
      Number(
        (
          await db
            .selectFrom('experience_events')
            .select('amount')
            .where('user_id', '=', userId)
            .where('key', '=', key)
            .executeTakeFirst()
        )?.amount ?? 0,
      ),

    /** The author's post as posts/prop needs it; null when it no longer exists. */
    post: (id: number) =>
      db.selectFrom('posts').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst(),

    /** A colour or upgrade style from a prop; answers false for a post deleted meanwhile. */
    async setLook(
      postId: number,
      look: { color: string } | { style: string },
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('posts')
        .set({ ...look, updated_at: now })
        .where('id', '=', postId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Pins a post in its topic for `ms` more: from now, or from the end of a pin still running,
     * so a second pin extends the first. One statement, so two pins at once both count.
     */
    async extendTopicPin(postId: number, ms: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('posts')
        .set({
          topic_pinned_until: sql`(case when topic_pinned_until > ${now} then topic_pinned_until else ${now} end) + ${ms}`,
          updated_at: now,
        })
        .where('id', '=', postId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type PropsRepo = ReturnType<typeof propsRepo>;
