import { routes } from '@pixelhall/contract/routes';
import { request } from '../../api/client';
import { useSession } from '../../state/session';

/** A token with less than this left is replaced before a transfer starts with it. */
const RENEW_BEFORE_MS = 5 * 60_000;

let cached: { token: string; expiresAt: number; session: string } | null = null;

/**
 * The bearer for archive transfers: a short-lived `requestToken/token`, as a native host's
 * uploader uses, so the transfer code never holds the long-lived session token. One token
 * serves every transfer until it nears its end or the member changes.
 */
export async function transferToken(now = Date.now()): Promise<string> {
  const session = useSession.getState().token ?? '';
  if (cached && cached.session === session && cached.expiresAt - now > RENEW_BEFORE_MS) return cached.token;
  const issued = await request(routes.games.requestToken, {}, { successToast: false, failToast: false });
  cached = { token: issued.token, expiresAt: issued.expires_at, session };
  return issued.token;
}

/** A transfer refused as expired: the next one asks for a new token. */
export function forgetTransferToken(): void {
  cached = null;
}
