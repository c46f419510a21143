import type { User } from '@pixelhall/contract';
import { emitAppEvent } from '../core/events';
import { callHost } from '../core/host-call';
import { useSession } from '../state/session';
import { userKeys } from './queries/keys';
import { latestNewsQuery } from './queries/news';
import { isMemberQuery } from './queries/roots';
import { queryClient } from './query-client';

/**
 * Drops every answer that belongs to whoever was signed in: all but the roots declared shared in
 * queries/roots.ts (docs/product/accounts-and-sessions.md#session-transitions).
 */
function clearMemberCaches(): void {
  queryClient.removeQueries({ predicate: (query) => isMemberQuery(query.queryKey) });
}

export interface TransitionOptions {
  /**
   * Tell the host (default true). Not when the host itself brought the change (its `token`
   * push or `getToken`): it knows, and an echo could make a shell push again.
   */
  tellHost?: boolean;
}

/** Logged out → logged in, on register, log-in or third-party log-in (docs/product/accounts-and-sessions.md#session-transitions). */
export function signIn(token: string, user: User, { tellHost = true }: TransitionOptions = {}): void {
  clearMemberCaches();
  useSession.getState().setToken(token);
  useSession.getState().setUser(user);
  // The answer already carries the member: no need to ask get/user again.
  queryClient.setQueryData(userKeys.me, user);
  void queryClient.prefetchQuery(latestNewsQuery());
  if (!tellHost) return;
  void callHost('setToken', { token }, { silent: true }).catch(() => {});
  void callHost('loginStatusChanged', { loggedIn: true }, { silent: true }).catch(() => {});
}

/** Logged in → logged out, on sign-out or token expiry. */
export function signOut(reason: 'signed-out' | 'expired', { tellHost = true }: TransitionOptions = {}): void {
  useSession.getState().clear();
  clearMemberCaches();
  if (tellHost) {
    if (reason === 'expired') void callHost('tokenExpire', undefined, { silent: true }).catch(() => {});
    void callHost('setToken', { token: null }, { silent: true }).catch(() => {});
    void callHost('loginStatusChanged', { loggedIn: false }, { silent: true }).catch(() => {});
  }
  emitAppEvent('signOut', { reason });
}
