import type { DataOf, PayloadOf } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { type FormCallOptions, request } from '../client';
import { queryClient } from '../query-client';

type Routes = typeof routes.twoStep;

/** Under 'me', which the session transitions clear: the status is the signed-in member's. */
export const twoStepKeys = { status: ['me', 'two-step'] as const };

/** The member's second steps: authenticator app on, recovery codes left, passkeys. */
export function useTwoStepStatus() {
  return useQuery({
    queryKey: twoStepKeys.status,
    queryFn: ({ signal }) =>
      request(routes.twoStep.twoStepStatus, {}, { successToast: false, signal, method: 'GET' }),
  });
}

export const refreshTwoStep = () => queryClient.invalidateQueries({ queryKey: twoStepKeys.status });

/**
 * The refusal the fresh-proof step answers with its "Confirm it's you" sheet
 * (profile/security/fresh-proof.tsx), so the client does not toast it as well.
 */
const proofFirst = ['errors.fresh_proof_needed'] as const;

/** A new secret and its QR code; needs a fresh proof. */
export function startTotpSetup(): Promise<DataOf<Routes['totpSetup']>> {
  return request(routes.twoStep.totpSetup, {}, { successToast: false, fieldReasons: proofFirst });
}

export async function enableTotp(code: string, options: FormCallOptions = {}) {
  const answer = await request(routes.twoStep.totpEnable, { code }, options);
  void refreshTwoStep();
  return answer;
}

export async function disableTotp(): Promise<void> {
  await request(routes.twoStep.totpDisable, {}, { fieldReasons: proofFirst });
  void refreshTwoStep();
}

export async function regenerateRecoveryCodes(): Promise<string[]> {
  const { recovery_codes } = await request(
    routes.twoStep.recoveryRegenerate,
    {},
    { fieldReasons: proofFirst },
  );
  void refreshTwoStep();
  return recovery_codes;
}

/** The second step of a log-in; answers the session. */
export function verifySecondStep(
  payload: PayloadOf<Routes['secondStepVerify']>,
  options: FormCallOptions = {},
) {
  return request(routes.twoStep.secondStepVerify, payload, options);
}

/** Proves it is the member (password, app code or recovery code): this session is fresh for 10 minutes. */
export async function giveFreshProof(
  payload: PayloadOf<Routes['freshProofGive']>,
  options: FormCallOptions = {},
): Promise<void> {
  await request(routes.twoStep.freshProofGive, payload, options);
  // A recovery code spent on the proof shows in the count.
  void refreshTwoStep();
}
