import type { TaskAction } from '@pixelhall/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { dayOf } from '../../shared/days';

/** A daily task counts within its UTC day; a newbie task once in a member's life (period 0). */
export function taskPeriod(kind: string, now: number): number {
  return kind === 'daily' ? dayOf(now) : 0;
}

/**
 * Adds `n` to every active task of this action in its current period, never past its target
 * (so a claimed task cannot be counted up again). Tasks above the member's level stay locked
 * and do not count. One upsert per task: concurrent actions add up exactly.
 */
export async function advanceTasks(
  trx: Executor,
  userId: number,
  action: TaskAction,
  n: number,
  now: number,
): Promise<void> {
  if (n <= 0) return;
  const user = await trx.selectFrom('users').select('level').where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const tasks = await trx
    .selectFrom('tasks')
    .select(['id', 'kind', 'target'])
    .where('action', '=', action)
    .where('active', '=', 1)
    .where('min_level', '<=', Number(user.level))
    .execute();
  for (const t of tasks) {
    const target = Number(t.target);
    await trx
      .insertInto('task_progress')
      .values({
        user_id: userId,
        task_id: Number(t.id),
        period: taskPeriod(t.kind, now),
        progress: Math.min(target, n),
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'task_id', 'period']).doUpdateSet({
          progress: sql<number>`case when task_progress.progress + ${n} > ${target} then ${target} else task_progress.progress + ${n} end`,
          updated_at: now,
        }),
      )
      .execute();
  }
}
