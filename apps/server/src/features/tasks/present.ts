import { isMessageKey, TASK_ACTIONS, type Task, type TaskAction, TaskProgress } from '@pixelhall/contract';
import type { Translate } from '../../i18n';
import type { TaskRow } from './repo';

/** A time task counts as paused when the app has not reported the member online for this long. */
export const ONLINE_PAUSE_AFTER_MS = 2 * 60_000;

export interface TaskContext {
  level: number;
  /** The member's last online beat today, or null. */
  lastBeatAt: number | null;
  now: number;
  t: Translate;
}

export interface ProgressRow {
  progress: number;
  claimed_at: number | null;
}

function action(value: string): TaskAction {
  return (TASK_ACTIONS as readonly string[]).includes(value) ? (value as TaskAction) : 'login';
}

/** The progress enum (docs/product/tasks-achievements-mining.md#task-states) for a count. */
export function progressOf(task: TaskRow, count: number, ctx: TaskContext): TaskProgress {
  const target = Number(task.target);
  if (count >= target) return TaskProgress.done;
  if (count === 0) return TaskProgress.noStart;
  if (task.action === 'online_minutes') {
    const running = ctx.lastBeatAt !== null && ctx.now - ctx.lastBeatAt <= ONLINE_PAUSE_AFTER_MS;
    if (!running) return TaskProgress.paused;
  }
  return TaskProgress.progress;
}

export function presentTask(task: TaskRow, row: ProgressRow | undefined, ctx: TaskContext): Task {
  const count = Math.min(Number(task.target), Number(row?.progress ?? 0));
  const minLevel = Number(task.min_level);
  const key = `tasks.${task.code}`;
  const state =
    row?.claimed_at != null
      ? 'complete'
      : ctx.level < minLevel
        ? 'locked'
        : count >= Number(task.target)
          ? 'claimable'
          : 'bonus';
  return {
    id: Number(task.id),
    code: task.code,
    kind: task.kind,
    title: isMessageKey(key) ? ctx.t(key) : task.code,
    action: action(task.action),
    target: Number(task.target),
    count,
    progress: progressOf(task, count, ctx),
    state,
    min_level: minLevel,
    reward: {
      gold: Number(task.reward_gold),
      diamonds: Number(task.reward_diamonds),
      experience: Number(task.reward_experience),
    },
  };
}
