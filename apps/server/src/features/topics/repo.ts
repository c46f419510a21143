import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

const TOPIC = [
  'id',
  'category_id',
  'name',
  'icon',
  'description',
  'min_level',
  'min_age',
  'follower_count',
  'post_count',
  'created_at',
] as const;

export type TopicRow = NonNullable<Awaited<ReturnType<ReturnType<typeof topicsRepo>['find']>>>;

/** Takes a transaction too, so a follow and its count change commit together. */
export function topicsRepo(db: Kysely<DB>) {
  return {
    categories: () =>
      db
        .selectFrom('categories')
        .select(['id', 'name', 'topic_type', 'icon'])
        .orderBy('position')
        .orderBy('id')
        .execute(),

    categoryExists: async (id: number) =>
      Boolean(await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()),

    /**
     * With `lock` (db/dialect.ts `locksRows`), the topic row stays locked until the transaction
     * ends, as the update of its follower count would lock it: one member's toggles take turns.
     */
    find: (id: number, lock = false) =>
      db
        .selectFrom('topics')
        .select(TOPIC)
        .where('id', '=', id)
        .$if(lock, (q) => q.forNoKeyUpdate())
        .executeTakeFirst(),

    /** Oldest first, so a category's topics keep their places as new ones are added. */
    inCategory: (categoryId: number, offset: number, limit: number) =>
      db
        .selectFrom('topics')
        .select(TOPIC)
        .where('category_id', '=', categoryId)
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute(),

    countInCategory: async (categoryId: number) =>
      Number(
        (
          await db
            .selectFrom('topics')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('category_id', '=', categoryId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** The topics a member follows, most recently followed first. */
    followedBy: (userId: number, offset: number, limit: number) =>
      db
        .selectFrom('topic_follows')
        .innerJoin('topics', 'topics.id', 'topic_follows.topic_id')
        .select(TOPIC.map((c) => `topics.${c}` as const))
        .where('topic_follows.user_id', '=', userId)
        .orderBy('topic_follows.created_at', 'desc')
        .orderBy('topics.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),

    countFollowedBy: async (userId: number) =>
      Number(
        (
          await db
            .selectFrom('topic_follows')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** Which of `topicIds` the member follows (one query per page). */
    async followedAmong(userId: number, topicIds: number[]): Promise<Set<number>> {
      if (topicIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('topic_follows')
        .select('topic_id')
        .where('user_id', '=', userId)
        .where('topic_id', 'in', topicIds)
        .execute();
      return new Set(rows.map((r) => Number(r.topic_id)));
    },

    /** True when the row was new: only then does the follower count grow. */
    async follow(topicId: number, userId: number, now: number): Promise<boolean> {
      const result = await db
        .insertInto('topic_follows')
        .values({ topic_id: topicId, user_id: userId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'topic_id']).doNothing())
        .executeTakeFirst();
      const added = Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
      if (added) await bumpFollowers(db, topicId, 1);
      return added;
    },

    async unfollow(topicId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('topic_follows')
        .where('topic_id', '=', topicId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const removed = Number(result.numDeletedRows) === 1;
      if (removed) await bumpFollowers(db, topicId, -1);
      return removed;
    },

    followerCount: async (topicId: number) =>
      (
        await db
          .selectFrom('topics')
          .select('follower_count')
          .where('id', '=', topicId)
          .executeTakeFirstOrThrow()
      ).follower_count,

    nameTaken: async (name: string) =>
      Boolean(
        await db
          .selectFrom('topics')
          .select('id')
          .where(sql`lower(name)`, '=', name.toLowerCase())
          .executeTakeFirst(),
      ),

    async insert(row: {
      categoryId: number;
      name: string;
      description: string;
      icon: string;
      minAge: number;
      createdBy: number;
      now: number;
    }): Promise<number> {
      const { id } = await db
        .insertInto('topics')
        .values({
          category_id: row.categoryId,
          name: row.name,
          description: row.description,
          icon: row.icon,
          min_age: row.minAge,
          created_by: row.createdBy,
          created_at: row.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    levelOf: async (userId: number) =>
      (await db.selectFrom('users').select('level').where('id', '=', userId).executeTakeFirst())?.level ?? 1,
  };
}
export type TopicsRepo = ReturnType<typeof topicsRepo>;

async function bumpFollowers(db: Kysely<DB>, topicId: number, by: 1 | -1): Promise<void> {
  await db
    .updateTable('topics')
    .set((eb) => ({ follower_count: eb('follower_count', '+', by) }))
    .where('id', '=', topicId)
    .execute();
}
