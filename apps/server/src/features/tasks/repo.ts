import type { Executor } from '../../db/executor';

const TASK_COLUMNS = [
  'id',
  'code',
  'kind',
  'action',
  'target',
  'reward_gold',
  'reward_diamonds',
  'reward_experience',
  'min_level',
] as const;

/** Tasks and members' progress on them; progress is advanced only by progress.ts. */
export function tasksRepo(db: Executor) {
  return {
    active: () =>
      db
        .selectFrom('tasks')
        .select(TASK_COLUMNS)
        .where('active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute(),

    find: (id: number) =>
      db
        .selectFrom('tasks')
        .select(TASK_COLUMNS)
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst(),

    /** The member's rows for the given periods (today's day and 0 for newbie tasks). */
    progress: (userId: number, periods: number[]) =>
      db
        .selectFrom('task_progress')
        .select(['task_id', 'period', 'progress', 'claimed_at'])
        .where('user_id', '=', userId)
        .where('period', 'in', periods)
        .execute(),

    /**
     * Marks the task claimed if it is done and not claimed yet; answers whether it did. The
     * condition is in the update itself, so of concurrent claims exactly one can win.
     */
    async markClaimed(userId: number, taskId: number, period: number, target: number, now: number) {
      const row = await db
        .updateTable('task_progress')
        .set({ claimed_at: now })
        .where('user_id', '=', userId)
        .where('task_id', '=', taskId)
        .where('period', '=', period)
        .where('claimed_at', 'is', null)
        .where('progress', '>=', target)
        .returning('task_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** When the app last reported the member online today (null: not today). */
    async lastBeat(userId: number, day: number): Promise<number | null> {
      const row = await db
        .selectFrom('online_days')
        .select('last_beat_at')
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst();
      return row ? Number(row.last_beat_at) : null;
    },

    levelOf: async (userId: number) =>
      Number(
        (await db.selectFrom('users').select('level').where('id', '=', userId).executeTakeFirst())?.level ??
          1,
      ),
  };
}
export type TaskRow = Awaited<ReturnType<ReturnType<typeof tasksRepo>['active']>>[number];
