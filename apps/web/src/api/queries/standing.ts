import { routes } from '@pixelhall/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { ApiError, request } from '../client';
import { queryClient } from '../query-client';

/** Under 'me', which the session transitions clear: the standing is the signed-in member's. */
export const standingKeys = { mine: ['me', 'standing'] as const };

/**
 * The signed-in member's standing (`my/standing`): their role and topics, a suspension in force
 * and the warnings of the last 90 days. Off for visitors without a session, who have none; the Me
 * entry of the desk, the suspension notices and the composers all read this one cached answer.
 */
export function useStanding() {
  const signedIn = useSession((s) => Boolean(s.token));
  return useQuery({
    queryKey: standingKeys.mine,
    queryFn: ({ signal }) =>
      request(routes.sanctions.myStanding, {}, { successToast: false, signal, method: 'GET' }),
    enabled: signedIn,
    // A suspension starts or ends while the app is open: read it again when a screen wants it.
    staleTime: 30_000,
  });
}

/** After a write was refused as suspended, or a news item about a sanction arrived. */
export const refreshStanding = () => queryClient.invalidateQueries({ queryKey: standingKeys.mine });

/**
 * A write refused because the member is suspended (the server's clock decided, or a suspension
 * began since the standing was read): read the standing again, so the notice takes the composer's place.
 */
export function refreshIfSuspended(error: unknown): void {
  if (error instanceof ApiError && error.reason === 'errors.suspended') void refreshStanding();
}
