import { routes } from '@pixelhall/contract/routes';
import { useEffect } from 'react';
import { request } from '../api/client';
import { beatSeconds, ONLINE_BEAT_MS, VisibleClock } from '../core/visible-clock';
import { useSession } from '../state/session';

/**
 * Online time for the daily "stay" task and experience: while the page is visible and a member
 * is signed in, online/duration every minute with the seconds actually seen. Silent: a lost
 * beat is only a minute.
 */
export function useOnlineHeartbeat(): void {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    const clock = new VisibleClock(Date.now(), document.visibilityState === 'visible');
    const onVisibility = () => {
      if (document.visibilityState === 'visible') clock.show(Date.now());
      else clock.hide(Date.now());
    };
    document.addEventListener('visibilitychange', onVisibility);
    const timer = setInterval(() => {
      const seconds = beatSeconds(clock.take(Date.now()));
      // Visitor accounts have no tasks or levels to feed.
      if (seconds < 1 || useSession.getState().user?.is_tourist) return;
      void request(routes.tasks.onlineDuration, { seconds }, { successToast: false, failToast: false }).catch(
        () => {},
      );
    }, ONLINE_BEAT_MS);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [token]);
}
