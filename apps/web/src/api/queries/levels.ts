import type { LevelRow } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import i18n from '../../i18n';
import { celebrate } from '../../state/reward-celebration';
import { useSession } from '../../state/session';
import { request } from '../client';
import { queryClient } from '../query-client';
import { refreshAfterReward } from './tasks';

export const levelKeys = {
  all: ['levels'] as const,
  info: ['levels', 'info'] as const,
  table: ['levels', 'table'] as const,
};

type LevelTable = { list: LevelRow[]; grades: Array<{ name: LevelRow['grade']; min_level: number }> };

export const levelInfoQuery = () =>
  queryOptions({
    queryKey: levelKeys.info,
    queryFn: ({ signal }) =>
      request(routes.levels.levelInfo, {}, { successToast: false, failToast: false, signal }),
  });

/** The caller's level, grade and experience. */
export function useLevelInfo() {
  const token = useSession((s) => s.token);
  return useQuery({ ...levelInfoQuery(), enabled: Boolean(token) });
}

/** The level table; with a token each reward carries its state for the caller. */
export function useLevelTable() {
  return useQuery({
    queryKey: levelKeys.table,
    queryFn: ({ signal }) =>
      request(routes.levels.getLevels, {}, { successToast: false, failToast: false, signal }),
    staleTime: 60_000,
  });
}

/** Claims a reached level's reward, once; the row turns "Claimed" and the reward is celebrated. */
export function useClaimLevelReward() {
  return useMutation({
    mutationFn: (level: number) => request(routes.levels.levelReward, { level }, { successToast: false }),
    onSuccess: ({ level, added }) => {
      queryClient.setQueryData<LevelTable>(levelKeys.table, (old) =>
        old ? { ...old, list: old.list.map((row) => (row.level === level.level ? level : row)) } : old,
      );
      celebrate({ title: i18n.t('rewards.level', { level: level.level }), added });
      refreshAfterReward();
    },
  });
}
