import { queryClient } from '../api/query-client';
import { host } from '../host';
import { useSession } from '../state/session';

/** Caches that belong to whoever was signed in (spec §4 clears home and post caches on a change). */
const PER_MEMBER_QUERIES = [['me'], ['home'], ['posts'], ['news']] as const;

function clearMemberCaches(): void {
  for (const queryKey of PER_MEMBER_QUERIES) queryClient.removeQueries({ queryKey });
}

/** Logged in → logged out, on sign-out or token expiry. */
export function signOut(reason: 'signed-out' | 'expired'): void {
  useSession.getState().clear();
  clearMemberCaches();
  if (reason === 'expired') void host.call('tokenExpire', undefined, { silent: true }).catch(() => {});
  void host.call('setToken', { token: null }, { silent: true }).catch(() => {});
  void host.call('loginStatusChanged', { loggedIn: false }, { silent: true }).catch(() => {});
}
