/**
 * The state of a browser sign-in with an OpenID Connect provider while the browser is away at
 * the provider. Kept in sessionStorage: it belongs to this tab and dies with it.
 */
export interface PendingSignIn {
  provider: { id: string; issuer: string; client_id: string };
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Where the app goes once signed in. */
  returnTo: string | null;
}

const KEY = 'pixelhall.oidc';

export function savePending(pending: PendingSignIn, storage: Storage = sessionStorage): void {
  storage.setItem(KEY, JSON.stringify(pending));
}

export function peekPending(storage: Storage = sessionStorage): PendingSignIn | null {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? 'null') as PendingSignIn | null;
    return value?.state && value.codeVerifier && value.provider?.issuer ? value : null;
  } catch {
    return null;
  }
}

/** Reads and forgets the pending sign-in: a code is exchanged once. */
export function takePending(storage: Storage = sessionStorage): PendingSignIn | null {
  const pending = peekPending(storage);
  storage.removeItem(KEY);
  return pending;
}

/**
 * The provider sends the browser back to `/?code=…&state=…` (or `?error=…`), outside the hash
 * the router reads. Run before the router starts: when this tab is waiting for such an answer,
 * the URL becomes `/#/auth/third?code=…&state=…`, which finishes the sign-in.
 */
export function adoptProviderCallback(
  win: Pick<Window, 'location' | 'history' | 'sessionStorage'> = window,
): boolean {
  const query = new URLSearchParams(win.location.search);
  const answered = query.has('state') && (query.has('code') || query.has('error'));
  if (!answered || !peekPending(win.sessionStorage)) return false;
  win.history.replaceState(null, '', `${win.location.pathname}#/auth/third${win.location.search}`);
  return true;
}
