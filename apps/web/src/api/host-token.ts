import type { User } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { callHost, onHostPush } from '../core/host-call';
import { useSession } from '../state/session';
import { request } from './client';
import { userKeys } from './queries/keys';
import { queryClient } from './query-client';
import { signIn, signOut } from './session';

/**
 * The session token a native shell keeps (docs/native-shell.md, "The session token"). The shell
 * may sign in or out by itself, or refresh the token, and says so with its `token` push; at
 * start-up the app asks it with `getToken`. A token the server accepts is taken up: the same
 * member's keeps every cache, another member's is a sign-in. A null token signs the app out.
 * In a browser the web host answers the app's own token, so nothing changes.
 */
export async function adoptHostToken(token: string | null): Promise<void> {
  const { token: current, user } = useSession.getState();
  if (token === current) return;
  if (token === null) {
    if (current) signOut('signed-out', { tellHost: false });
    return;
  }
  let member: User;
  try {
    // Sent with the host's token, so a refusal says nothing about the app's own session.
    member = await request(
      routes.users.getUser,
      {},
      { bearer: token, successToast: false, failToast: false },
    );
  } catch {
    // A token the server refuses (expired, revoked) is not taken up: the app keeps its own.
    return;
  }
  // Another token arrived while this one was checked: the later one decides.
  if (useSession.getState().token !== current) return;
  if (current && user?.id === member.id) {
    useSession.getState().setToken(token);
    useSession.getState().setUser(member);
    queryClient.setQueryData(userKeys.me, member);
    return;
  }
  signIn(token, member, { tellHost: false });
}

let followingPushes = false;

/**
 * Start-up: takes up the token the host holds, or, when it holds none, hands it the app's own
 * (a shell installed or reset after the member signed in here); then follows the host's pushes.
 */
export async function syncTokenWithHost(): Promise<void> {
  if (!followingPushes) {
    followingPushes = true;
    onHostPush('token', ({ token }) => void adoptHostToken(token));
  }
  let held: string | null;
  try {
    held = await callHost('getToken', undefined, { silent: true });
  } catch {
    // A host without the call keeps no token of its own.
    return;
  }
  const own = useSession.getState().token;
  if (held === null) {
    if (own) await callHost('setToken', { token: own }, { silent: true }).catch(() => {});
    return;
  }
  await adoptHostToken(held);
}
