import type { PayloadOf } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../client';
import { userKeys } from './keys';

/** Another member's public profile (the caller's own is ['me']). */
export function useMemberProfile(userId: number) {
  return useQuery({
    queryKey: userKeys.one(userId),
    queryFn: ({ signal }) =>
      request(routes.users.getUser, { user_id: userId }, { successToast: false, failToast: false, signal }),
    enabled: userId > 0,
  });
}

/** A report to the moderators; the server's thanks is the success toast. */
export function useReport() {
  return useMutation({
    mutationFn: (payload: PayloadOf<typeof routes.posts.report>) => request(routes.posts.report, payload),
  });
}
