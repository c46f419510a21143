import type { AccountDeletion, ErrorReason, User } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { request } from '../client';
import { queryClient } from '../query-client';
import { userKeys } from './keys';
import { sessionKeys } from './sessions';

/**
 * Refusals the deletion screen shows itself: a typed name that is not the member's (at the
 * field), and a missing fresh proof (the "Confirm it's you" sheet asks for one and tries again).
 */
const SHOWN_BY_THE_SCREEN: readonly ErrorReason[] = [
  'errors.deletion_confirm_mismatch',
  'errors.fresh_proof_needed',
];

/** The member as every screen reads them (['me'] and the session store), with the deletion's date. */
function rememberDeletion(state: AccountDeletion): void {
  const apply = (user: User | null | undefined) =>
    user ? { ...user, deletion_due_at: state.deletion_due_at } : user;
  queryClient.setQueryData<User>(userKeys.me, (user) => apply(user) ?? undefined);
  const session = useSession.getState();
  if (session.user) session.setUser(apply(session.user) ?? null);
}

/** "Delete my account" with the typed user name; the server's words are the success toast. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirm: string) =>
      request(routes.accountDeletion.deleteAccount, { confirm }, { fieldReasons: SHOWN_BY_THE_SCREEN }),
    onSuccess: (state) => {
      rememberDeletion(state);
      // Every other device was signed out.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.list });
    },
  });
}

/** Takes a pending deletion back, from a screen or from the offer at sign-in. */
export async function keepAccount(): Promise<void> {
  rememberDeletion(await request(routes.accountDeletion.cancelAccountDeletion, {}));
}

export function useKeepAccount() {
  return useMutation({ mutationFn: keepAccount });
}
