import type { Reward, Task } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { celebrate } from '../../state/reward-celebration';
import { useSession } from '../../state/session';
import { request } from '../client';
import { queryClient } from '../query-client';
import { pageFields, usePagedQuery } from './paged-query';
import { refreshBalances } from './wallet';

export const taskKeys = {
  all: ['tasks'] as const,
  lists: ['tasks', 'lists'] as const,
  rewards: ['tasks', 'rewards'] as const,
};

type TaskLists = { daily: Task[]; newbie: Task[]; resets_at: number };

/**
 * The caller's daily and newbie tasks, and when the daily ones start over. Always asked again
 * when a screen showing them opens: posting, commenting, liking, sharing or following anywhere
 * in the app moves them on, and none of those actions know about tasks.
 */
export const taskListsQuery = () =>
  queryOptions({
    queryKey: taskKeys.lists,
    queryFn: ({ signal }) =>
      request(routes.tasks.taskLists, {}, { successToast: false, failToast: false, signal }),
    staleTime: 0,
  });

export function useTaskLists() {
  const token = useSession((s) => s.token);
  return useQuery({ ...taskListsQuery(), enabled: Boolean(token) });
}

/** How many rewards wait to be claimed (the dot on Me's Tasks entry). */
export function claimableCount(lists: TaskLists | undefined): number {
  if (!lists) return 0;
  return [...lists.daily, ...lists.newbie].filter((task) => task.state === 'claimable').length;
}

/**
 * Whatever a reward changed: the balances (the wallet and the member's own card), the level
 * (experience), and the achievements that count it.
 */
export function refreshAfterReward(): void {
  refreshBalances();
  void queryClient.invalidateQueries({ queryKey: taskKeys.rewards });
  void queryClient.invalidateQueries({ queryKey: ['levels'] });
  void queryClient.invalidateQueries({ queryKey: ['achievements'] });
}

function replaceTask(lists: TaskLists | undefined, task: Task): TaskLists | undefined {
  if (!lists) return lists;
  const swap = (list: Task[]) => list.map((t) => (t.id === task.id ? task : t));
  return { ...lists, daily: swap(lists.daily), newbie: swap(lists.newbie) };
}

/** Claims a task's reward: the row turns "Claimed" and the reward is celebrated. */
export function useClaimTask() {
  return useMutation({
    // The overlay is the success message; the server's "Reward claimed" toast would repeat it.
    mutationFn: (task: Task) =>
      request(routes.tasks.taskReward, { task_id: task.id }, { successToast: false }),
    onSuccess: ({ task, added }) => {
      queryClient.setQueryData<TaskLists>(taskKeys.lists, (old) => replaceTask(old, task));
      celebrate({ title: task.title, added });
      refreshAfterReward();
    },
  });
}

/** What the member earned (tasks, levels, achievements, check-ins), newest first (`user/reward`). */
export function useRewardHistory() {
  return usePagedQuery<Reward>({
    queryKey: taskKeys.rewards,
    fetchPage: (param, signal) =>
      request(routes.tasks.userReward, pageFields(param), { successToast: false, signal }),
  });
}
