import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { uniqueViolation } from '../../db/unique-violation';
import { AppError, fail } from '../../http/app-error';
import type { Translate } from '../../i18n';
import { type AttemptWindows, hashPassword } from '../accounts/public';
import type { Mailer } from '../mail/public';
import type { SessionsService } from '../sessions/public';
import type { UsersRepo } from '../users/public';
import type { PasswordResetRepo } from './repo';

/** A mailed code works for 30 minutes (the rule), once. */
const RESET_CODE_TTL_MS = 30 * 60 * 1000;
/** Wrong tries a code survives: 5 guesses out of a million can't find it. */
const RESET_CODE_MAX_ATTEMPTS = 5;
/** Reset mails one client (IP) may ask for per window, whatever the addresses. */
const RESET_MAILS_PER_IP = 10;
export const RESET_MAIL_WINDOW_MS = 15 * 60 * 1000;

function hashResetCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export interface PasswordResetDeps {
  repo: PasswordResetRepo;
  users: UsersRepo;
  sessions: SessionsService;
  mailer: Mailer;
  clock: () => number;
  /** Where reset mails per client are counted (accounts/attempts.ts). */
  windows: AttemptWindows;
}

/**
 * Password reset by a mailed 6-digit code. Only the code's hash is stored; a new code voids the
 * older ones; each code allows a few tries and works once, and using it signs out every session.
 */
export function passwordResetService({ repo, users, sessions, mailer, clock, windows }: PasswordResetDeps) {
  const perIp = windows('reset-mail-ip', { max: RESET_MAILS_PER_IP, windowMs: RESET_MAIL_WINDOW_MS });
  const invalid = () => fail('errors.reset_code_invalid');

  /**
   * Whom a reset for `email` reaches: the member who proved it; else, when nobody has, the one
   * member whose sign-up claims it (`proves`: a code that comes back proves it for them). Two
   * claimants, or an owner that is a visitor or disabled, get nothing.
   */
  async function holderOf(email: string) {
    const address = email.trim().toLowerCase();
    const owner = await users.findByEmail(address);
    if (owner) return owner.is_tourist === 1 ? undefined : { user: owner, address, proves: false };
    if (await users.emailTaken(address)) return undefined;
    const claimants = await users.pendingHolders(address);
    return claimants.length === 1 ? { user: claimants[0]!, address, proves: true } : undefined;
  }

  return {
    /**
     * Answers alike for known and unknown addresses, and doesn't wait for the mail: neither an
     * error nor the time taken tells whether an account uses the address. A failed delivery is
     * logged by the mailer.
     */
    async requestCode({ email, ip, t }: { email: string; ip: string; t: Translate }): Promise<void> {
      const seconds = await perIp.retryAfter(ip);
      if (seconds > 0) throw new AppError('errors.too_many_requests', { seconds }, 0, 429);
      await perIp.hit(ip);

      const holder = await holderOf(email);
      if (!holder) return;
      const { user, address } = holder;
      const code = newCode();
      const now = clock();
      await repo.replace({
        userId: Number(user.id),
        codeHash: hashResetCode(code),
        now,
        expiresAt: now + RESET_CODE_TTL_MS,
      });
      mailer
        .send({
          to: address,
          subject: t('mail.reset_subject', { code }),
          text: t('mail.reset_text', { name: user.nickname, code }),
        })
        .catch(() => {});
    },

    /** Every failure reads the same, so the answer never says which part was wrong. */
    async reset({ email, code, password }: { email: string; code: string; password: string }): Promise<void> {
      const holder = await holderOf(email);
      if (!holder) throw invalid();
      const userId = Number(holder.user.id);
      const open = await repo.findOpen(userId, clock(), RESET_CODE_MAX_ATTEMPTS);
      if (!open || !(await repo.takeAttempt(open.id, RESET_CODE_MAX_ATTEMPTS))) throw invalid();
      const given = Buffer.from(hashResetCode(code));
      if (!timingSafeEqual(given, Buffer.from(open.code_hash))) throw invalid();

      const passwordHash = await hashPassword(password);
      const proves = holder.proves ? holder.address : null;
      const now = clock();
      // Someone proving the address at that very moment: the reset is undone, and can be retried.
      const consumed = await repo
        .consume(open.id, userId, passwordHash, now, proves)
        .catch((err: unknown) => {
          throw uniqueViolation(err) === null ? err : invalid();
        });
      if (!consumed) throw invalid();
      if (consumed.proved) await users.dropPendingClaims(holder.address, now);
      await sessions.revokeAllOf(userId);
    },
  };
}
export type PasswordResetService = ReturnType<typeof passwordResetService>;
