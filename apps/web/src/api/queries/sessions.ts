import { routes } from '@pixelhall/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../client';
import { queryClient } from '../query-client';

/** Under 'me', which the session transitions clear: the list is the signed-in member's. */
export const sessionKeys = { list: ['me', 'sessions'] as const };

/** The member's signed-in devices, newest first; the one this app runs on is `current`. */
export function useSessions(enabled = true) {
  return useQuery({
    queryKey: sessionKeys.list,
    queryFn: ({ signal }) =>
      request(routes.sessions.sessionsList, {}, { successToast: false, signal, method: 'GET' }),
    enabled,
    // Read afresh each time the list is shown: a device signed in elsewhere a moment ago belongs in it.
    staleTime: 0,
  });
}

const refreshList = () => queryClient.invalidateQueries({ queryKey: sessionKeys.list });

/** Signs one other device out; the server's "That device has been signed out" is the toast. */
export function useRevokeSession() {
  return useMutation({
    mutationFn: (id: number) => request(routes.sessions.sessionsRevoke, { id }),
    onSettled: refreshList,
  });
}

/** Signs out every device but this one. */
export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: () => request(routes.sessions.sessionsRevokeOthers, {}),
    onSettled: refreshList,
  });
}
