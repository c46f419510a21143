/**
 * What other features use of two-step sign-in (docs/internals/two-step.md): the challenge a
 * sign-in answers instead of a session, redeeming it after a passkey's second step, the recovery
 * codes a first passkey hands out, and the fresh proof that guards account changes.
 */
import type { SecondStepMethod } from '@pixelhall/contract';
import type { Member } from '../../http/request-context';

export type { SecondStepMethod } from '@pixelhall/contract';

export interface SecondStepChallenge {
  ticket: string;
  methods: SecondStepMethod[];
}

export interface TwoStepService {
  /**
   * Null when the member has no second step (no authenticator app on, no passkey); otherwise a
   * fresh single-use ticket (stored hashed, bound to the member, 10 minutes, at most 5 wrong
   * codes) and the ways the member can finish.
   */
  challengeFor(userId: number): Promise<SecondStepChallenge | null>;
  /** Consumes a live ticket and answers its member, or throws `errors.second_step_expired`. */
  redeemTicket(ticket: string): Promise<number>;
  /** Ten new recovery codes (shown once, stored hashed) when the member has none unused; else null. */
  ensureRecoveryCodes(userId: number): Promise<string[] | null>;
  /** An authenticator app on, or at least one passkey. */
  hasSecondStep(userId: number): Promise<boolean>;
}

export interface FreshProof {
  /**
   * Throws `errors.fresh_proof_needed` unless the member's session began or proved itself
   * (password, second step) in the last 10 minutes.
   */
  assert(member: Member): Promise<void>;
  /** Records a proof for the session now. */
  mark(sessionId: number): Promise<void>;
}
