import type { Appeal, DeskAppeal, ErrorReason, MemberModeration } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { type InfiniteData, useMutation } from '@tanstack/react-query';
import { request } from '../client';
import { queryClient } from '../query-client';
import { type ListPage, mapItems, withoutItems } from './list-pages';
import { modKeys } from './moderation';
import { pageFields, usePagedQuery } from './paged-query';

export type DeskAppealState = 'open' | 'answered';

/**
 * Appeals (docs/product/moderation.md#appeals). Under 'me', which the session transitions clear:
 * the notices are the signed-in member's own, and the desk's queue is the signed-in moderator's
 * view of their topics (beside the rest of the desk, under modKeys.all).
 */
export const appealKeys = {
  mine: ['me', 'moderation'] as const,
  desk: (state: DeskAppealState) => ['me', 'mod', 'appeals', state] as const,
  deskAll: ['me', 'mod', 'appeals'] as const,
};

/** A notice in a list, keyed by its log entry (every entry is one notice). */
export type NoticeRow = MemberModeration & { id: number };

const quiet = { successToast: false } as const;

/** What moderators did about the signed-in member, newest first, with any appeal. */
export function useMyModeration(enabled = true) {
  return usePagedQuery<NoticeRow>({
    queryKey: appealKeys.mine,
    enabled,
    fetchPage: async (param, signal) => {
      const page = await request(routes.appeals.myModeration, pageFields(param), {
        ...quiet,
        signal,
        method: 'GET',
      });
      return { ...page, list: page.list.map((item) => ({ ...item, id: item.action.id })) };
    },
  });
}

/**
 * Sends an appeal; `fieldReasons` are the refusals its form shows at the message field. The
 * notice shows the appeal at once; a refusal that means the notice is out of date (appealed from
 * elsewhere, or already undone) reads the notices again.
 */
export function useCreateAppeal(fieldReasons: readonly ErrorReason[] = []) {
  return useMutation({
    mutationFn: ({ actionId, message }: { actionId: number; message: string }) =>
      request(routes.appeals.appealCreate, { action_id: actionId, message }, { fieldReasons }),
    onSuccess: (appeal: Appeal, { actionId }) => {
      queryClient.setQueryData<InfiniteData<ListPage<NoticeRow>>>(appealKeys.mine, (old) =>
        mapItems(old, (row) => (row.id === actionId ? { ...row, appeal, appealable: false } : row)),
      );
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: appealKeys.mine }),
  });
}

/** The desk's appeals: the open queue oldest first, or the answered ones newest first. */
export function useDeskAppeals(state: DeskAppealState) {
  return usePagedQuery<DeskAppeal>({
    queryKey: appealKeys.desk(state),
    fetchPage: (param, signal) =>
      request(
        routes.appeals.modAppeals,
        { ...pageFields(param), state },
        { ...quiet, signal, method: 'GET' },
      ),
  });
}

/**
 * Answers an appeal. The open queue drops it, the answered list and the desk's counts are read
 * again, and so are the posts and the standing a grant may have given back.
 */
export function useAnswerAppeal() {
  return useMutation({
    mutationFn: ({ id, grant, answer }: { id: number; grant: boolean; answer: string }) =>
      request(routes.appeals.modAppealsAnswer, { id, grant, answer }),
    onSuccess: (_appeal, { id, grant }) => {
      queryClient.setQueryData<InfiniteData<ListPage<DeskAppeal>>>(appealKeys.desk('open'), (old) =>
        withoutItems(old, (a) => a.id === id),
      );
      void queryClient.invalidateQueries({ queryKey: appealKeys.desk('answered') });
      void queryClient.invalidateQueries({ queryKey: modKeys.overview });
      if (grant) {
        void queryClient.invalidateQueries({ queryKey: ['posts'] });
        void queryClient.invalidateQueries({ queryKey: ['comments'] });
      }
    },
    // Answered elsewhere meanwhile, or the content is gone: the queue is read again.
    onError: () => void queryClient.invalidateQueries({ queryKey: appealKeys.deskAll }),
  });
}
