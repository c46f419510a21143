import { createHash, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { uniqueViolation } from '../../db/unique-violation';
import { AppError, fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import type { Translate } from '../../i18n';
import type { Mailer } from '../mail/public';
import { toUser, type UsersRepo, usersRepo } from '../users/public';
import type { AttemptWindows } from './attempts';
import { emailProofRepo } from './email-proof-repo';

/*
 * An address becomes a member's only once proven (docs/product/accounts-and-sessions.md, "E-mail
 * addresses"). Sign-up stores it as pending and mails it: a code, or, when another member has
 * proven the address, a note to that member that someone tried to sign up with it. The code works
 * only for the account that asked for it, signed in, so a person who follows a link sent by
 * someone else's sign-up proves nothing for that someone.
 */

/** A code proves its address for an hour, once; "Send again" makes a new one. */
export const EMAIL_PROOF_TTL_MS = 60 * 60 * 1000;
/** 32 symbols without look-alikes; 8 of them are 40 bits, beyond guessing within the limits. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const WINDOW_MS = 15 * 60 * 1000;
export const PROOF_LIMITS = {
  /** Proof mails one address receives, whoever asks: sign-ups cannot flood someone's mailbox. */
  mailsPerAddress: { max: 5, windowMs: WINDOW_MS },
  /** verify/email/send from one client (IP); the route limits each member too. */
  resendsPerIp: { max: 10, windowMs: WINDOW_MS },
} as const;

export function hashEmailCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export interface EmailProofDeps {
  db: Kysely<DB>;
  users: UsersRepo;
  mailer: Mailer;
  clock: () => number;
  windows: AttemptWindows;
  /** Where the proof link points. */
  publicUrl: string;
}

interface Claimant {
  id: number | string;
  username: string;
  nickname: string;
}

export function emailProofService({ db, users, mailer, clock, windows, publicUrl }: EmailProofDeps) {
  const repo = emailProofRepo(db);
  const perAddress = windows('proof-mail-address', PROOF_LIMITS.mailsPerAddress);
  const perIp = windows('proof-mail-ip', PROOF_LIMITS.resendsPerIp);

  /** Delivery isn't waited for (the mailer logs a failure), so the answer's timing tells nothing. */
  function send(to: string, subject: string, text: string): void {
    mailer.send({ to, subject, text }).catch(() => {});
  }

  /**
   * Mails `email` for the member who claims it: the proof code, or, when another member has
   * proven the address, the "you already have an account" note to them, and no code at all.
   * Past the address's limit nothing is sent, silently: the caller's answer stays the same.
   */
  async function mailProof(claimant: Claimant, typed: string, t: Translate): Promise<void> {
    const email = typed.trim().toLowerCase();
    if ((await perAddress.retryAfter(email)) > 0) return;
    await perAddress.hit(email);
    const userId = Number(claimant.id);
    if (await users.emailTaken(email, userId)) {
      const owner = await users.findByEmail(email);
      // A disabled owner gets nothing; the address stays theirs all the same.
      if (owner) {
        const name = { name: owner.nickname, username: owner.username };
        send(email, t('mail.taken_subject'), t('mail.taken_text', name));
      }
      return;
    }
    const code = newCode();
    const now = clock();
    await repo.replace({
      userId,
      email,
      codeHash: hashEmailCode(code),
      now,
      expiresAt: now + EMAIL_PROOF_TTL_MS,
    });
    const link = `${publicUrl}/#/auth/activedetail?code=${code}`;
    const words = { name: claimant.nickname, username: claimant.username, link, code };
    send(email, t('mail.proof_subject'), t('mail.proof_text', words));
  }

  return {
    mailProof,

    /** "Send again": answers alike whether a code or the note to the owner went out. */
    async resend(member: Member, ip: string, t: Translate) {
      const seconds = await perIp.retryAfter(ip);
      if (seconds > 0) throw new AppError('errors.too_many_requests', { seconds }, 0, 429);
      await perIp.hit(ip);
      const row = await users.findActive(member.id);
      if (!row?.pending_email || row.is_tourist === 1) throw fail('errors.no_pending_email');
      await mailProof(row, row.pending_email, t);
      return answer(null, 'auth.proof_sent', { email: row.pending_email });
    },

    /**
     * The code proves its address for the signed-in member it was mailed to; everyone else's
     * pending claim on the address is dropped. Each refusal says what is wrong and changes nothing.
     */
    async verify(member: Member, code: string) {
      const proof = await repo.findByHash(hashEmailCode(code));
      if (!proof) throw fail('errors.email_code_wrong');
      if (Number(proof.user_id) !== member.id) throw fail('errors.email_code_other_account');
      if (proof.used_at !== null) throw fail('errors.email_code_used');
      const now = clock();
      if (proof.expires_at <= now) throw fail('errors.email_code_expired');
      await db
        .transaction()
        .execute(async (trx) => {
          if (!(await emailProofRepo(trx).use(Number(proof.id), now))) throw fail('errors.email_code_used');
          // The member's claim is gone only when another member proved the address first.
          if (!(await usersRepo(trx).proveEmail(member.id, proof.email, now))) {
            throw fail('errors.email_proven_elsewhere');
          }
        })
        .catch((err: unknown) => {
          throw uniqueViolation(err) === null ? err : fail('errors.email_proven_elsewhere');
        });
      await users.dropPendingClaims(proof.email, now);
      const own = await users.findOwn(member.id);
      if (!own) throw fail('errors.not_found');
      return answer({ user: toUser(own.row, { providers: own.providers }) }, 'auth.email_proven');
    },
  };
}
export type EmailProofService = ReturnType<typeof emailProofService>;
