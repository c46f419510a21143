import { onAppEvent } from '../core/events';
import { refreshAfterReward, taskKeys } from './queries/tasks';
import { queryClient } from './query-client';

/**
 * Posting, commenting, liking, sharing and following earn on the server by themselves
 * (experience, task progress, achievement tiers and their gold): the balances, tasks, level and
 * achievements on kept-alive screens such as /me are then out of date. One refresh a little
 * after a burst of actions (a run of likes) brings them back, instead of one per action.
 */
const SETTLE_MS = 800;
let timer: ReturnType<typeof setTimeout> | null = null;

export function refreshProgress(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    refreshAfterReward();
    void queryClient.invalidateQueries({ queryKey: taskKeys.all });
  }, SETTLE_MS);
}

/** Listens for the app events that earn; returns the unsubscribe. Started once by the app frame. */
export function listenForProgress(): () => void {
  const stops = [
    onAppEvent('like', (e) => e.liked && refreshProgress()),
    onAppEvent('comment', refreshProgress),
    onAppEvent('share', refreshProgress),
    onAppEvent('follow', (e) => e.followed && refreshProgress()),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
