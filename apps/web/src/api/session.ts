import type { User } from '@pixelhall/contract';
import { emitAppEvent } from '../core/events';
import { callHost } from '../core/host-call';
import { useSession } from '../state/session';
import { userKeys } from './queries/keys';
import { latestNewsQuery } from './queries/news';
import { queryClient } from './query-client';

/** Caches that belong to whoever was signed in (docs/product/accounts-and-sessions.md#session-transitions). */
const PER_MEMBER_QUERIES = [
  ['me'],
  ['home'],
  ['posts'],
  ['news'],
  ['topics'],
  ['comments'],
  ['users'],
  ['search'],
  ['tasks'],
  ['levels'],
  ['achievements'],
  ['bets'],
  ['wallet'],
  ['props'],
  ['archives'],
  // Favourites, play history and is_collected are the member's; the catalogue refetches cheaply.
  ['games'],
] as const;

function clearMemberCaches(): void {
  for (const queryKey of PER_MEMBER_QUERIES) queryClient.removeQueries({ queryKey });
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
