import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { PageStart } from '../../db/keyset';

/** Check-ins, online time and the rewards list. */
export function progressionRepo(db: Executor) {
  return {
    /**
     * The day's check-in, decided by one conditional update: of any number of concurrent
     * start-ups, only the first of the day matches `checkin_day < day`. Answers the new streak,
     * or null when the member had already checked in today.
     */
    async checkIn(userId: number, day: number): Promise<number | null> {
      const row = await db
        .updateTable('users')
        .set({
          checkin_streak: sql<number>`case when checkin_day = ${day - 1} then checkin_streak + 1 else 1 end`,
          checkin_days: sql<number>`checkin_days + 1`,
          checkin_day: day,
        })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('checkin_day', 'is', null), eb('checkin_day', '<', day)]))
        .returning('checkin_streak')
        .executeTakeFirst();
      return row ? Number(row.checkin_streak) : null;
    },

    async streak(userId: number): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select('checkin_streak')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.checkin_streak);
    },

    /** Makes today's online row if missing; answers whether this call made it. */
    async openDay(userId: number, day: number, now: number): Promise<boolean> {
      const row = await db
        .insertInto('online_days')
        .values({ user_id: userId, day, seconds: 0, last_beat_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
        .returning('day')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Today's row, locked until the caller commits (PostgreSQL; SQLite serialises writers). */
    async lockDay(userId: number, day: number) {
      const row = await db
        .updateTable('online_days')
        .set({ last_beat_at: sql<number>`last_beat_at` })
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .returning(['seconds', 'last_beat_at'])
        .executeTakeFirstOrThrow();
      return { seconds: Number(row.seconds), lastBeatAt: Number(row.last_beat_at) };
    },

    async credit(userId: number, day: number, seconds: number, beatAt: number): Promise<number> {
      const row = await db
        .updateTable('online_days')
        .set({ seconds: sql<number>`seconds + ${seconds}`, last_beat_at: beatAt })
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .returning('seconds')
        .executeTakeFirstOrThrow();
      return Number(row.seconds);
    },

    countRewards: async (userId: number) =>
      Number(
        (
          await db
            .selectFrom('rewards')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirst()
        )?.n ?? 0,
      ),

    /** Newest first; the task's and achievement's codes come along for the titles. */
    rewards: (userId: number, start: PageStart, limit: number) =>
      db
        .selectFrom('rewards')
        .leftJoin('tasks', (j) =>
          j.onRef('tasks.id', '=', 'rewards.source_id').on('rewards.source', '=', 'task'),
        )
        .leftJoin('achievements', (j) =>
          j.onRef('achievements.id', '=', 'rewards.source_id').on('rewards.source', '=', 'achievement'),
        )
        .select([
          'rewards.id',
          'rewards.source',
          'rewards.source_id',
          'rewards.gold',
          'rewards.diamonds',
          'rewards.experience',
          'rewards.operation_key',
          'rewards.created_at',
          'tasks.code as task_code',
          'achievements.code as achievement_code',
        ])
        .where('rewards.user_id', '=', userId)
        .$if(start.after !== null, (q) => q.where('rewards.id', '<', start.after![0]!))
        .orderBy('rewards.id', 'desc')
        .offset(start.offset)
        .limit(limit)
        .execute(),
  };
}
export type RewardListRow = Awaited<ReturnType<ReturnType<typeof progressionRepo>['rewards']>>[number];
