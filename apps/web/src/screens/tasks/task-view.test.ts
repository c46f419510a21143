import { type Task, TaskProgress } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { resetsIn, taskTarget, taskView } from './task-view';

const task = (over: Partial<Task> = {}): Task => ({
  id: 1,
  code: 'daily_comment',
  kind: 'daily',
  title: 'Write 3 comments',
  action: 'comment',
  target: 3,
  count: 2,
  progress: TaskProgress.progress,
  state: 'bonus',
  min_level: 1,
  reward: { gold: 20, diamonds: 0, experience: 10 },
  ...over,
});

describe('taskView', () => {
  it('shows a task in progress as count over target with its gold as the bonus', () => {
    expect(taskView(task())).toEqual({
      state: 'bonus',
      ratio: 2 / 3,
      count: 2,
      target: 3,
      note: null,
      bonus: { kind: 'gold', amount: 20 },
    });
  });

  it('fills the bar of a claimable or claimed task, whatever the count says', () => {
    expect(taskView(task({ state: 'claimable', count: 3, progress: TaskProgress.done })).ratio).toBe(1);
    const claimed = taskView(task({ state: 'complete', count: 0, progress: TaskProgress.done }));
    expect([claimed.ratio, claimed.count, claimed.note]).toEqual([1, 3, null]);
  });

  it('tells a paused timer, a task not started and a locked one apart', () => {
    expect(taskView(task({ action: 'online_minutes', progress: TaskProgress.paused })).note).toEqual({
      key: 'tasksUi.paused',
    });
    expect(taskView(task({ count: 0, progress: TaskProgress.noStart })).note).toEqual({
      key: 'tasksUi.notStarted',
    });
    expect(taskView(task({ state: 'locked', min_level: 30, count: 0 })).note).toEqual({
      key: 'tasksUi.lockedNote',
      params: { level: 30 },
    });
  });

  it('never overfills and falls back to diamonds or experience for the bonus', () => {
    expect(taskView(task({ count: 9 })).ratio).toBe(1);
    expect(taskView(task({ reward: { gold: 0, diamonds: 2, experience: 5 } })).bonus).toEqual({
      kind: 'diamonds',
      amount: 2,
    });
    expect(taskView(task({ reward: { gold: 0, diamonds: 0, experience: 0 } })).bonus).toBeNull();
  });

  it('leads to where a task is done, and nowhere for those that count themselves', () => {
    expect(taskTarget(task({ action: 'post' }))).toBe('/note');
    expect(taskTarget(task({ action: 'bet' }))).toBe('/me/bets');
    expect(taskTarget(task({ action: 'online_minutes' }))).toBeNull();
  });
});

describe('resetsIn', () => {
  const now = Date.UTC(2026, 10, 21, 18, 47, 30);
  const midnight = Date.UTC(2026, 10, 22);

  it('counts hours and whole minutes to the reset', () => {
    expect(resetsIn(midnight, now)).toEqual({
      key: 'tasksUi.resetsInHours',
      params: { hours: 5, minutes: 12 },
    });
    expect(resetsIn(midnight, midnight - 3 * 3_600_000)).toEqual({
      key: 'tasksUi.resetsInHours',
      params: { hours: 3, minutes: 0 },
    });
  });

  it('drops the hours in the last hour and says "soon" in the last minute', () => {
    expect(resetsIn(midnight, midnight - 59 * 60_000 - 59_000)).toEqual({
      key: 'tasksUi.resetsInMinutes',
      params: { minutes: 59 },
    });
    expect(resetsIn(midnight, midnight - 59_000)).toEqual({ key: 'tasksUi.resetsSoon' });
    expect(resetsIn(midnight, midnight)).toEqual({ key: 'tasksUi.resetting' });
  });
});
