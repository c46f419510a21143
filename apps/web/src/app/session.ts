import type { User } from '@pixelhall/contract';
import { queryClient } from '../api/query-client';
import { host } from '../host';
import { useSession } from '../state/session';

/** Caches that belong to whoever was signed in (spec §4: home and post caches are cleared). */
const PER_MEMBER_QUERIES = [['me'], ['home'], ['posts'], ['news']] as const;

function clearMemberCaches(): void {
  for (const queryKey of PER_MEMBER_QUERIES) queryClient.removeQueries({ queryKey });
}

/** Logged out → logged in (register, log-in, third-party log-in). */
export function signIn(token: string, user: User | null): void {
  useSession.getState().setToken(token);
  useSession.getState().setUser(user);
  clearMemberCaches();
  void queryClient.invalidateQueries({ queryKey: ['news'] });
  void host.call('setToken', { token }, { silent: true }).catch(() => {});
  void host.call('loginStatusChanged', { loggedIn: true }, { silent: true }).catch(() => {});
}

/** Logged in → logged out, on sign-out or token expiry. */
export function signOut(reason: 'signed-out' | 'expired'): void {
  useSession.getState().clear();
  clearMemberCaches();
  if (reason === 'expired') void host.call('tokenExpire', undefined, { silent: true }).catch(() => {});
  void host.call('setToken', { token: null }, { silent: true }).catch(() => {});
  void host.call('loginStatusChanged', { loggedIn: false }, { silent: true }).catch(() => {});
}
