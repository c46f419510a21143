import type { DataOf, Passkey, PayloadOf } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { showFailToast } from '../../core/feedback';
import i18n from '../../i18n';
import { ApiError, request } from '../client';
import { queryClient } from '../query-client';
import { refreshTwoStep } from './two-step';

type Routes = typeof routes.passkeys;

/** Under 'me', which the session transitions clear: the list is the signed-in member's. */
export const passkeyKeys = { list: ['me', 'passkeys'] as const };

const quiet = { successToast: false } as const;

/** Whether this browser (or the native shell's web view) can run a WebAuthn ceremony at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * The WebAuthn ceremonies. @simplewebauthn/browser is imported when one starts, never with the
 * screen that offers it, so the log-in page and the first screen do not carry it
 * (docs/internals/passkeys.md).
 */
const ceremonies = () => import('@simplewebauthn/browser');

/** The member cancelled the browser's passkey sheet, or it timed out: nothing to report as a failure. */
export function isCeremonyCancelled(err: unknown): boolean {
  return err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError');
}

/**
 * The API client has toasted its own refusals; a failure of the browser's ceremony has not. A
 * cancelled sheet is said gently: the member chose it, or it timed out.
 */
export function reportCeremonyFailure(err: unknown): void {
  if (err instanceof ApiError) return;
  showFailToast(i18n.t(isCeremonyCancelled(err) ? 'passkeysUi.cancelled' : 'passkeysUi.failed'));
}

async function createAnswer(options: DataOf<Routes['passkeyRegisterOptions']>['options']) {
  const { startRegistration } = await ceremonies();
  return startRegistration({ optionsJSON: options });
}

async function getAnswer(options: DataOf<Routes['passkeySignInOptions']>['options']) {
  const { startAuthentication } = await ceremonies();
  return startAuthentication({ optionsJSON: options });
}

/** A passwordless sign-in (no ticket) or a log-in's second step (its ticket); answers the session. */
export async function signInWithPasskey(ticket?: string): Promise<DataOf<Routes['passkeySignIn']>> {
  const withTicket = ticket ? { ticket } : {};
  const { options } = await request(routes.passkeys.passkeySignInOptions, withTicket, quiet);
  const response = await getAnswer(options);
  // A banned member's refusal is said in a dialog (ui/moderation/banned.ts), not a toast.
  return request(
    routes.passkeys.passkeySignIn,
    { response, ...withTicket },
    { fieldReasons: ['errors.account_banned'] },
  );
}

/** Proves the member with a passkey: their session counts as freshly proven. */
export async function proveWithPasskey(): Promise<void> {
  const { options } = await request(routes.passkeys.passkeyProofOptions, {}, quiet);
  const response = await getAnswer(options);
  await request(routes.passkeys.passkeyProof, { response });
  void refreshList();
}

/**
 * A refusal the fresh-proof step answers (its "Confirm it's you" sheet), so the client does not
 * toast it too.
 */
const proofFirst = { fieldReasons: ['errors.fresh_proof_needed'] } as const;

/**
 * Adds a passkey: the options (which need a fresh proof), the browser's sheet, then the answer.
 * Run it inside the fresh-proof step (profile/security/fresh-proof.tsx).
 */
export async function registerPasskey(name: string): Promise<DataOf<Routes['passkeyRegister']>> {
  const { options } = await request(routes.passkeys.passkeyRegisterOptions, {}, { ...quiet, ...proofFirst });
  const response = await createAnswer(options);
  const added = await request(routes.passkeys.passkeyRegister, { response, name }, proofFirst);
  // The two-step status counts passkeys too.
  void refreshTwoStep();
  return added;
}

/** Removes one of the member's passkeys; run it inside the fresh-proof step too. */
export async function removePasskey(id: number): Promise<void> {
  await request(routes.passkeys.passkeyRemove, { id }, proofFirst);
  void refreshTwoStep();
}

export function usePasskeys(enabled = true) {
  return useQuery({
    queryKey: passkeyKeys.list,
    queryFn: ({ signal }) => request(routes.passkeys.passkeyList, {}, { ...quiet, signal, method: 'GET' }),
    enabled,
  });
}

const refreshList = () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list });

function replaceInList(passkey: Passkey): void {
  queryClient.setQueryData<DataOf<Routes['passkeyList']>>(passkeyKeys.list, (old) =>
    old ? { list: old.list.map((p) => (p.id === passkey.id ? passkey : p)) } : old,
  );
}

export function useRenamePasskey() {
  return useMutation({
    mutationFn: (payload: PayloadOf<Routes['passkeyRename']>) =>
      request(routes.passkeys.passkeyRename, payload, { fieldReasons: ['validation.passkey_name_too_long'] }),
    onSuccess: ({ passkey }) => replaceInList(passkey),
  });
}

export { refreshList as refreshPasskeys };
