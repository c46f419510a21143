import type { Achievement } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { celebrate } from '../../state/reward-celebration';
import { useSession } from '../../state/session';
import { caughtUpCelebration } from '../achievement-catch-up';
import { request } from '../client';
import { queryClient } from '../query-client';
import { refreshBalances } from './wallet';

export const achievementKeys = {
  all: ['achievements'] as const,
  mine: ['achievements', 'mine'] as const,
  /** userId 0: the caller's progress (or, without a token, the tiers alone). */
  detail: (id: number, userId: number) => ['achievements', 'detail', id, userId] as const,
  shown: (userId: number) => ['achievements', 'shown', userId] as const,
};

/**
 * The caller's achievements, earned and not. The listing credits tiers reached before they were
 * counted; what that paid is shown at once (the reward overlay) and the balances follow.
 */
export function useMyAchievements() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: achievementKeys.mine,
    queryFn: async ({ signal }) => {
      const data = await request(
        routes.achievements.myAchieves,
        {},
        { successToast: false, failToast: false, signal },
      );
      const caughtUp = caughtUpCelebration(data.granted);
      if (caughtUp) {
        celebrate(caughtUp);
        refreshBalances();
      }
      return data;
    },
    enabled: Boolean(token),
  });
}

/** One achievement with its tiers: a member's progress with userId, else the caller's (if any). */
export function useAchievementDetail(id: number, userId: number) {
  return useQuery({
    queryKey: achievementKeys.detail(id, userId),
    queryFn: ({ signal }) =>
      request(routes.achievements.achieveDetail, userId > 0 ? { id, user_id: userId } : { id }, {
        successToast: false,
        failToast: false,
        signal,
      }),
    enabled: id > 0,
  });
}

/** A member's achievements on show (their choice, else their highest). */
export function useShownAchievements(userId: number) {
  return useQuery({
    queryKey: achievementKeys.shown(userId),
    queryFn: ({ signal }) =>
      request(
        routes.achievements.showAchieve,
        { user_id: userId },
        { successToast: false, failToast: false, signal },
      ),
    enabled: userId > 0,
  });
}

/** Saves which earned achievements the profile shows, in order. */
export function useSaveDisplay() {
  return useMutation({
    mutationFn: (ids: number[]) => request(routes.achievements.achieveDisplay, { ids }),
    onSuccess: ({ list }) => {
      const shown = new Set(list.filter((a) => a.displayed).map((a) => a.id));
      queryClient.setQueryData<{ list: Achievement[] }>(achievementKeys.mine, (old) =>
        old ? { list: old.list.map((a) => ({ ...a, displayed: shown.has(a.id) })) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: achievementKeys.mine });
      const me = useSession.getState().user?.id;
      if (me) void queryClient.invalidateQueries({ queryKey: achievementKeys.shown(me) });
    },
  });
}
