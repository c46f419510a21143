import { fail } from '../../http/app-error';
import type { Member } from '../../http/request-context';
import type { FreshProof } from './public';
import type { TwoStepRepo } from './repo';

/** How long a sign-in or a given proof lets a session change what needs one. */
export const FRESH_PROOF_MS = 10 * 60_000;

/**
 * A session is fresh when it began, or last proved itself, within `FRESH_PROOF_MS`: someone who
 * picks up an unlocked phone, or holds a stolen token, cannot turn off the second step, read new
 * recovery codes or add a passkey without the password or a second step.
 */
export function freshProof({ repo, clock }: { repo: TwoStepRepo; clock: () => number }): FreshProof {
  return {
    async assert(member: Member): Promise<void> {
      // A game-service token (session 0) has no session that could prove anything.
      const session = member.sessionId ? await repo.sessionProof(member.sessionId) : undefined;
      const since = Math.max(session?.created_at ?? 0, session?.proven_at ?? 0);
      if (!session || clock() - Number(since) >= FRESH_PROOF_MS) throw fail('errors.fresh_proof_needed');
    },

    async mark(sessionId: number): Promise<void> {
      await repo.markProven(sessionId, clock());
    },
  };
}
