import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import type { Translate } from '../../i18n';
import { dayOf, nextMidnight } from '../../shared/days';
import { assertFullMember } from '../../shared/full-member';
import { grantExperience } from '../levels/public';
import { balancesOf, paidReward, payReward, runOnce } from '../wallet/public';
import { presentTask, type TaskContext } from './present';
import { taskPeriod } from './progress';
import { type TaskRow, tasksRepo } from './repo';

export const taskOperationKey = (userId: number, taskId: number, period: number) =>
  `task:${userId}:${taskId}:${period}`;

/** Daily tasks (one period per UTC day) and newbie tasks (period 0), and claiming them. */
export function tasksService({ db, clock }: { db: Kysely<DB>; clock: () => number }) {
  const repo = tasksRepo(db);

  async function contextFor(userId: number, now: number, t: Translate): Promise<TaskContext> {
    const [level, lastBeatAt] = await Promise.all([repo.levelOf(userId), repo.lastBeat(userId, dayOf(now))]);
    return { level, lastBeatAt, now, t };
  }

  async function presented(userId: number, tasks: TaskRow[], now: number, t: Translate) {
    const day = dayOf(now);
    const [ctx, rows] = await Promise.all([contextFor(userId, now, t), repo.progress(userId, [day, 0])]);
    const byTask = new Map(rows.map((r) => [`${Number(r.task_id)}:${r.period}`, r]));
    return tasks.map((task) =>
      presentTask(task, byTask.get(`${Number(task.id)}:${taskPeriod(task.kind, now)}`), ctx),
    );
  }

  return {
    async list(member: Member, t: Translate) {
      const now = clock();
      const tasks = await presented(member.id, await repo.active(), now, t);
      return {
        daily: tasks.filter((task) => task.kind === 'daily'),
        newbie: tasks.filter((task) => task.kind === 'newbie'),
        resets_at: nextMidnight(now),
      };
    },

    /**
     * Pays a done task once per period. The operation key and the conditional update of its
     * progress row both decide "once"; a repeat answers what the first claim paid.
     */
    async claim(member: Member, taskId: number, t: Translate) {
      assertFullMember(member);
      const task = await repo.find(taskId);
      if (!task) throw fail('errors.task_not_found');
      const minLevel = Number(task.min_level);
      if ((await repo.levelOf(member.id)) < minLevel)
        throw fail('errors.level_required', { level: minLevel });
      const now = clock();
      const period = taskPeriod(task.kind, now);
      const key = taskOperationKey(member.id, taskId, period);
      const reward = {
        gold: Number(task.reward_gold),
        diamonds: Number(task.reward_diamonds),
        experience: Number(task.reward_experience),
      };
      const { result } = await runOnce(
        db,
        { key, userId: member.id, kind: 'task_reward', refType: 'task', refId: taskId },
        now,
        async (trx) => {
          const done = await tasksRepo(trx).markClaimed(member.id, taskId, period, Number(task.target), now);
          // Throwing rolls back the operation's key too, so the member can claim once done.
          if (!done) throw fail('errors.task_not_done');
          await payReward(trx, {
            key,
            userId: member.id,
            source: 'task',
            sourceId: taskId,
            reason: 'task_reward',
            ...reward,
            now,
          });
          if (reward.experience > 0) {
            await grantExperience(trx, member.id, {
              key: `task:${taskId}:${period}`,
              source: 'task',
              amount: reward.experience,
              now,
            });
          }
          return reward;
        },
        async () => (await paidReward(db, key)) ?? reward,
      );
      const [presentedTask] = await presented(member.id, [task], now, t);
      const data = { task: presentedTask!, added: result, balances: await balancesOf(db, member.id) };
      return answer(data, 'economy.reward_claimed');
    },
  };
}
export type TasksService = ReturnType<typeof tasksService>;
