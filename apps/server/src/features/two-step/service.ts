import { randomBytes } from 'node:crypto';
import type { SecondStepMethod } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { assertFullMember } from '../../shared/full-member';
import { type AttemptWindows, loginGuard, realSleep, type Sleep, verifyPassword } from '../accounts/public';
import { hashToken, type SessionOrigin, type SessionsService } from '../sessions/public';
import { toUser, type UsersRepo } from '../users/public';
import { newRecoveryCode, recoveryCodeHasher, secretBox } from './crypto';
import { freshProof as makeFreshProof } from './fresh-proof';
import type { SecondStepChallenge, TwoStepService } from './public';
import { twoStepRepo } from './repo';
import { enrolment, matchingStep, newTotpSecret } from './totp';

/*
 * Two-step sign-in (docs/internals/two-step.md). A member with an authenticator app on, or a
 * passkey, signs in in two steps: the password (or a provider's token) answers a ticket instead
 * of a session, and the ticket with a code, a recovery code or a passkey answers the session.
 *
 * Guessing the six digits is limited three ways: a ticket dies after `ticketFailures` wrong codes
 * (a new one needs the password again), the member's wrong codes in a window are capped whatever
 * the ticket (`failuresPerMember`), and the address and (member, address) pair are refused and
 * slowed like password guesses (accounts' login-guard.ts, under keys of their own).
 */
const MINUTE = 60_000;
export const TWO_STEP_LIMITS = {
  ticketMs: 10 * MINUTE,
  ticketFailures: 5,
  /** Wrong codes (verify and proofs) per member, whichever ticket or session: then refused. */
  failuresPerMember: { max: 10, windowMs: 15 * MINUTE },
  /** HTTP limits: `two/step/verify` per IP address; set-up, enable and proofs per member. */
  verifyPerIp: { max: 30, timeWindow: 15 * MINUTE },
  perMember: { max: 20, timeWindow: 15 * MINUTE },
} as const;

const RECOVERY_CODES = 10;

export interface TwoStepDeps {
  db: Kysely<DB>;
  users: UsersRepo;
  sessions: SessionsService;
  clock: () => number;
  /** Where wrong codes are counted (accounts' attempts.ts). */
  windows: AttemptWindows;
  /** The configured SECRETS_KEY: encrypts TOTP secrets, keys recovery codes' hashes. */
  secretsKey: Buffer;
  /** How a slowed guess waits; tests pass one that only records. */
  sleep?: Sleep;
}

type Answer2 = { code?: string; recovery_code?: string };

export function twoStepService({
  db,
  users,
  sessions,
  clock,
  windows,
  secretsKey,
  sleep = realSleep,
}: TwoStepDeps) {
  const repo = twoStepRepo(db);
  const box = secretBox(secretsKey);
  const hashCode = recoveryCodeHasher(secretsKey);
  const freshProof = makeFreshProof({ repo, clock });
  const guard = loginGuard({ sleep, windows });
  const perMember = windows('second-step-member', TWO_STEP_LIMITS.failuresPerMember);
  const guardKey = (userId: number) => `second-step:${userId}`;

  async function admit(userId: number, address: string): Promise<void> {
    const wait = await perMember.retryAfter(String(userId));
    if (wait > 0) throw new AppError('errors.too_many_requests', { seconds: wait }, 0, 429);
    await guard.admit(guardKey(userId), address);
  }

  async function wrongGuess(userId: number, address: string): Promise<void> {
    await Promise.all([perMember.hit(String(userId)), guard.failed(guardKey(userId), address)]);
  }

  /** The member's authenticator secret when the app is on, else null. */
  async function totpOn(userId: number): Promise<string | null> {
    const row = await repo.totpOf(userId);
    return row?.enabled_at == null ? null : box.open(userId, row.secret_enc);
  }

  async function hasSecondStep(userId: number): Promise<boolean> {
    const [totp, passkeys] = await Promise.all([repo.totpOf(userId), repo.passkeyCount(userId)]);
    return totp?.enabled_at != null || passkeys > 0;
  }

  async function newRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      userId,
      codes.map((code) => hashCode(code.replace('-', ''))),
      clock(),
    );
    return codes;
  }

  async function ensureRecoveryCodes(userId: number): Promise<string[] | null> {
    if ((await repo.unusedRecoveryCount(userId)) > 0) return null;
    return newRecoveryCodes(userId);
  }

  /**
   * Checks a code or a recovery code of the member, counting a wrong one. Answers how to take it
   * (mark the time step, spend the code), which the caller runs once everything else holds, so a
   * failure after the check spends nothing.
   */
  async function check(
    userId: number,
    given: Answer2,
    address: string,
    onWrong: () => Promise<void> = async () => {},
  ): Promise<(on?: Parameters<typeof repo.takeStep>[2]) => Promise<void>> {
    await admit(userId, address);
    const now = clock();
    if (given.code !== undefined) {
      const secret = await totpOn(userId);
      if (secret === null) throw fail('errors.totp_off');
      const step = matchingStep(secret, given.code, now);
      if (step === null) {
        await wrongGuess(userId, address);
        await onWrong();
        throw fail('errors.totp_wrong');
      }
      return async (on) => {
        if (!(await repo.takeStep(userId, step, on))) throw fail('errors.totp_replayed');
        await guard.succeeded(guardKey(userId), address);
      };
    }
    const found = await repo.findRecoveryCode(userId, hashCode(given.recovery_code ?? ''));
    // A used code is a real code (only its owner had it), so it is not counted as a guess.
    if (found?.used_at != null) throw fail('errors.recovery_code_used');
    if (!found) {
      await wrongGuess(userId, address);
      await onWrong();
      throw fail('errors.recovery_code_wrong');
    }
    return async (on) => {
      if (!(await repo.useRecoveryCode(Number(found.id), now, on))) throw fail('errors.recovery_code_used');
      await guard.succeeded(guardKey(userId), address);
    };
  }

  const core: TwoStepService = {
    async challengeFor(userId: number): Promise<SecondStepChallenge | null> {
      const [totp, passkeys, recovery] = await Promise.all([
        repo.totpOf(userId),
        repo.passkeyCount(userId),
        repo.unusedRecoveryCount(userId),
      ]);
      const methods: SecondStepMethod[] = [];
      if (totp?.enabled_at != null) methods.push('totp');
      if (passkeys > 0) methods.push('passkey');
      if (methods.length === 0) return null;
      if (recovery > 0) methods.push('recovery');
      const ticket = randomBytes(32).toString('base64url');
      const now = clock();
      await repo.insertTicket(userId, hashToken(ticket), now, now + TWO_STEP_LIMITS.ticketMs);
      return { ticket, methods };
    },

    async redeemTicket(ticket: string): Promise<number> {
      const userId = await repo.redeemTicket(hashToken(ticket), clock(), TWO_STEP_LIMITS.ticketFailures);
      if (userId === undefined) throw fail('errors.second_step_expired');
      return userId;
    },

    ensureRecoveryCodes,
    hasSecondStep,
  };

  return {
    ...core,
    freshProof,

    async status(member: Member) {
      const [totp, recovery, passkeys] = await Promise.all([
        repo.totpOf(member.id),
        repo.unusedRecoveryCount(member.id),
        repo.passkeyCount(member.id),
      ]);
      return { totp: totp?.enabled_at != null, recovery_codes_left: recovery, passkeys };
    },

    /** A new secret waits for its first code; one waiting before is replaced. */
    async setup(member: Member) {
      assertFullMember(member);
      await freshProof.assert(member);
      const row = await repo.totpOf(member.id);
      if (row?.enabled_at != null) throw fail('errors.totp_already_on');
      const secret = newTotpSecret();
      await repo.putPendingTotp(member.id, box.seal(member.id, secret), clock());
      return { secret, ...(await enrolment(secret, member.username)) };
    },

    async enable(member: Member, code: string, address: string) {
      assertFullMember(member);
      const row = await repo.totpOf(member.id);
      if (row?.enabled_at != null) throw fail('errors.totp_already_on');
      if (!row) throw fail('errors.totp_not_set_up');
      await admit(member.id, address);
      const step = matchingStep(box.open(member.id, row.secret_enc), code, clock());
      if (step === null) {
        await wrongGuess(member.id, address);
        throw fail('errors.totp_wrong');
      }
      // Another set-up replaced this secret meanwhile: the code was for the old one.
      if (!(await repo.enableTotp(member.id, row.secret_enc, step, clock()))) {
        throw fail('errors.totp_not_set_up');
      }
      return answer({ recovery_codes: await ensureRecoveryCodes(member.id) }, 'auth.totp_enabled');
    },

    /** Recovery codes stay while a passkey remains a second step; with none, they mean nothing. */
    async disable(member: Member) {
      await freshProof.assert(member);
      if ((await totpOn(member.id)) === null) throw fail('errors.totp_off');
      await repo.dropTotp(member.id);
      if ((await repo.passkeyCount(member.id)) === 0) await repo.dropRecoveryCodes(member.id);
      return answer(null, 'auth.totp_disabled');
    },

    async regenerate(member: Member) {
      await freshProof.assert(member);
      if (!(await hasSecondStep(member.id))) throw fail('errors.second_step_off');
      return answer({ recovery_codes: await newRecoveryCodes(member.id) }, 'auth.recovery_codes_renewed');
    },

    /** The second step of a log-in: its ticket and a code or a recovery code answer the session. */
    async verify(payload: Answer2 & { ticket: string }, origin: SessionOrigin) {
      const ticketHash = hashToken(payload.ticket);
      const { ticketFailures } = TWO_STEP_LIMITS;
      const ticket = await repo.liveTicket(ticketHash, clock(), ticketFailures);
      if (!ticket) throw fail('errors.second_step_expired');
      const userId = Number(ticket.user_id);
      const take = await check(userId, payload, origin.address, async () => {
        // The last wrong code a ticket may take says so, rather than leaving the next try to.
        if ((await repo.ticketFailed(Number(ticket.id))) >= ticketFailures) {
          throw fail('errors.second_step_expired');
        }
      });
      // The ticket and the code are spent together: a code refused as replayed leaves the
      // ticket for the next one, and a ticket another request spent leaves the code unspent.
      await db.transaction().execute(async (trx) => {
        if ((await repo.redeemTicket(ticketHash, clock(), ticketFailures, trx)) === undefined) {
          throw fail('errors.second_step_expired');
        }
        await take(trx);
      });
      const row = await users.findActive(userId);
      if (!row) throw fail('errors.second_step_expired');
      const { token } = await sessions.create(userId, origin);
      const session = { token, user: toUser(row, { providers: await users.providersOf(userId) }) };
      if (payload.recovery_code === undefined) {
        return answer(session, 'auth.welcome_back', { name: row.nickname });
      }
      const left = await repo.unusedRecoveryCount(userId);
      return answer(session, 'auth.recovery_code_spent', { name: row.nickname, count: left });
    },

    /** A fresh proof for this session: the password, a code or a recovery code. */
    async prove(member: Member, given: Answer2 & { password?: string }, address: string) {
      if (given.password !== undefined) {
        const wait = await perMember.retryAfter(String(member.id));
        if (wait > 0) throw new AppError('errors.too_many_requests', { seconds: wait }, 0, 429);
        const row = await users.findActive(member.id);
        if (!row?.password_hash) throw fail('errors.no_password');
        if (!(await verifyPassword(row.password_hash, given.password))) {
          await perMember.hit(String(member.id));
          throw fail('errors.wrong_password');
        }
      } else {
        const take = await check(member.id, given, address);
        await take();
      }
      await freshProof.mark(member.sessionId);
      return answer(null, 'auth.proof_given');
    },
  };
}
export type TwoStepFullService = ReturnType<typeof twoStepService>;
