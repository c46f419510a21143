import { type Task, TaskProgress, type TaskState } from '@pixelhall/contract';
import type { TKey } from '../../i18n/keys';
import type { RewardKind } from '../../ui/CurrencyIcon';

/** A message key with its values, translated by the component. */
export interface Wording {
  key: TKey;
  params?: Record<string, number>;
}

export interface TaskView {
  state: TaskState;
  /** How far along, 0 to 1 (a claimed task is full). */
  ratio: number;
  count: number;
  target: number;
  /** The line under the bar: paused, locked, not started … or none. */
  note: Wording | null;
  /** The reward's headline, shown as the "+20" bonus of a task still to do. */
  bonus: { kind: RewardKind; amount: number } | null;
}

/** Reads a task by its states and progress enum (docs/product/tasks-achievements-mining.md#task-states). */
export function taskView(task: Task): TaskView {
  const target = Math.max(1, task.target);
  const finished =
    task.state === 'complete' || task.state === 'claimable' || task.progress === TaskProgress.done;
  const count = finished ? target : Math.min(task.count, target);
  const { gold, diamonds, experience } = task.reward;
  const bonus =
    gold > 0
      ? { kind: 'gold' as const, amount: gold }
      : diamonds > 0
        ? { kind: 'diamonds' as const, amount: diamonds }
        : experience > 0
          ? { kind: 'experience' as const, amount: experience }
          : null;
  return { state: task.state, ratio: count / target, count, target, note: taskNote(task), bonus };
}

function taskNote(task: Task): Wording | null {
  if (task.state === 'locked') return { key: 'tasksUi.lockedNote', params: { level: task.min_level } };
  if (task.state !== 'bonus') return null;
  if (task.progress === TaskProgress.paused) return { key: 'tasksUi.paused' };
  if (task.progress === TaskProgress.noStart) return { key: 'tasksUi.notStarted' };
  return null;
}

/** Where a task still to do can be done; none for those that count by themselves. */
export function taskTarget(task: Task): string | null {
  switch (task.action) {
    case 'post':
      return '/note';
    case 'comment':
    case 'like':
    case 'share':
    case 'follow':
      return '/home';
    case 'avatar':
      return '/user/edit';
    case 'bet':
      return '/me/bets';
    case 'play':
      return '/game';
    default:
      return null;
  }
}

/** "Resets in 5 h 12 min" until `resetsAt`; whole minutes, rounded down. */
export function resetsIn(resetsAt: number, now: number): Wording {
  const minutes = Math.floor((resetsAt - now) / 60_000);
  if (resetsAt <= now) return { key: 'tasksUi.resetting' };
  if (minutes < 1) return { key: 'tasksUi.resetsSoon' };
  const hours = Math.floor(minutes / 60);
  return hours > 0
    ? { key: 'tasksUi.resetsInHours', params: { hours, minutes: minutes % 60 } }
    : { key: 'tasksUi.resetsInMinutes', params: { minutes } };
}
