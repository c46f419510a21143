import { endpoints, type PayloadOf } from '@pixelhall/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../client';
import { userKeys } from './keys';

/** Another member's public profile (the caller's own is ['me']). */
export function useMemberProfile(userId: number) {
  return useQuery({
    queryKey: userKeys.one(userId),
    queryFn: ({ signal }) =>
      request(
        endpoints.users.getUser,
        { user_id: userId },
        { successToast: false, failToast: false, signal },
      ),
    enabled: userId > 0,
  });
}

/** A report to the moderators; the server's thanks is the success toast. */
export function useReport() {
  return useMutation({
    mutationFn: (payload: PayloadOf<typeof endpoints.posts.report>) =>
      request(endpoints.posts.report, payload),
  });
}
