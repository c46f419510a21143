import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { uniqueViolation } from '../../db/unique-violation';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import type { Translate } from '../../i18n';
import { addNews, type NewsItem } from '../activity/public';
import type { SessionOrigin, SessionsService } from '../sessions/public';
import type { FreshProof, TwoStepService } from '../two-step/public';
import { toUser, type UserRow, type UsersRepo, usersRepo } from '../users/public';
import type { AttemptWindows } from './attempts';
import type { EmailProofService } from './email-proof';
import { loginGuard, realSleep, type Sleep } from './login-guard';
import { hashPassword, verifyPassword } from './passwords';
import { visitorNickname, visitorUsername } from './tourists';

/*
 * Visitors (`tourist`): an account with a random user name (`visitor-` + 8 base36 characters), a
 * neutral nickname ("Visitor 4821"), no e-mail and no password, with a session like any other.
 * - A visitor may read what members read and use its session: get/user, latest/news, sign/out.
 * - A visitor may not edit its profile (edit/user) or upload files (upload/file): others would
 *   see what it chose. Those call `assertFullMember` (shared/full-member.ts): `errors.tourist_forbidden`.
 * - Having no password, it cannot log in with one or change one (`errors.no_password`); its
 *   token is its only way in until it signs up.
 * - `reg/user` turns it into a member in place: same user id, same session, everything it did
 *   stays its own.
 *
 * Neither `register` nor `reg/user` tells whether an address has an account: the address waits
 * as pending and the mail sent to it says the rest (email-proof.ts). Only a taken user name is
 * refused, as names are public anyway.
 *
 * Limits: HTTP-level ones per IP address (`@fastify/rate-limit`, in routes.ts) and, here, failed
 * log-ins (login-guard.ts) per address, per account and address, and per account (slowed, never
 * refused), keyed by the account found (so its name and its e-mail share one count) or else by
 * what was typed. Refusals answer 429 `errors.too_many_requests`.
 */
const MINUTE = 60_000;
export const LIMITS = {
  /** Log-in attempts from one IP address, whichever accounts they try. */
  loginPerIp: { max: 30, timeWindow: 15 * MINUTE },
  /** New accounts and visitors from one IP address: each costs a row, sign-ups a hash too. */
  registerPerIp: { max: 20, timeWindow: 60 * MINUTE },
  touristPerIp: { max: 20, timeWindow: 60 * MINUTE },
  /** reg/user and reset/edit/pwd per member: each checks or makes a password hash. */
  passwordPerMember: { max: 10, timeWindow: 15 * MINUTE },
  /** verify/email per member: the code's 40 bits are beyond reach at this pace. */
  verifyPerMember: { max: 10, timeWindow: 15 * MINUTE },
  /** verify/email/send per member. */
  proofMailPerMember: { max: 3, timeWindow: 15 * MINUTE },
} as const;

/** The first news a member gets; the app words it by its kind. */
const WELCOME: NewsItem = { kind: 'welcome' };

interface Credentials {
  username: string;
  email: string;
  password: string;
}

export interface AccountsDeps {
  db: Kysely<DB>;
  users: UsersRepo;
  sessions: SessionsService;
  clock: () => number;
  /** Where failed log-ins are counted (attempts.ts). */
  windows: AttemptWindows;
  /** Mails the proof of a new member's address. */
  proofs: EmailProofService;
  /** Whether a log-in needs a second step (two-step/, injected: it checks passwords through this feature). */
  twoStep: Pick<TwoStepService, 'challengeFor'>;
  /** A right old password on a change counts as a fresh proof. */
  freshProof: Pick<FreshProof, 'mark'>;
  /** How a slowed log-in waits; tests pass one that only records. */
  sleep?: Sleep;
}

export function accountsService({
  db,
  users,
  sessions,
  clock,
  windows,
  proofs,
  twoStep,
  freshProof,
  sleep = realSleep,
}: AccountsDeps) {
  const guard = loginGuard({ sleep, windows });
  // Unknown names and password-less accounts are checked against this, so a log-in takes as
  // long whether or not the account exists.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('base64url')));

  async function profileOf(row: UserRow) {
    return toUser(row, { providers: await users.providersOf(Number(row.id)) });
  }

  async function signIn(row: UserRow, origin: SessionOrigin) {
    const { token } = await sessions.create(Number(row.id), origin);
    return { token, user: await profileOf(row) };
  }

  async function assertAvailable(username: string, exceptId?: number) {
    if (await users.usernameTaken(username, exceptId)) throw fail('errors.username_taken');
  }

  /** The loser of two concurrent sign-ups with one name hears what the check would have said. */
  function takenError(err: unknown): unknown {
    const violated = uniqueViolation(err);
    return violated !== null && /username/i.test(violated) ? fail('errors.username_taken') : err;
  }

  async function reload(id: number): Promise<UserRow> {
    const row = await users.findActive(id);
    if (!row) throw fail('errors.not_found');
    return row;
  }

  return {
    async register({ username, email, password }: Credentials, origin: SessionOrigin, t: Translate) {
      await assertAvailable(username);
      const passwordHash = await hashPassword(password);
      const now = clock();
      const id = await db
        .transaction()
        .execute(async (trx) => {
          const id = await usersRepo(trx).insert({
            username,
            email: null,
            pending_email: email,
            nickname: username,
            password_hash: passwordHash,
            now,
          });
          await addNews(trx, id, WELCOME, now);
          return id;
        })
        .catch((err: unknown) => {
          throw takenError(err);
        });
      const row = await reload(id);
      await proofs.mailProof(row, email, t);
      return answer(await signIn(row, origin), 'auth.welcome', { name: row.nickname });
    },

    /**
     * `login` is a user name (any case) or a proven e-mail address, tried from `origin.address`;
     * every failure reads the same, a pending address's too. A member with a second step on gets
     * a ticket for it instead of a session (two-step/).
     */
    async login(
      { username: login, password }: { username: string; password: string },
      origin: SessionOrigin,
    ) {
      const { address } = origin;
      const row = await users.findByLogin(login);
      // Only the right password learns that, and why, the account was banned.
      const banned = row ? undefined : await users.bannedByLogin(login);
      const owner = row ?? banned;
      const key = owner ? `user:${owner.id}` : `name:${login.trim().toLowerCase()}`;
      await guard.admit(key, address);
      const matches = await verifyPassword(owner?.password_hash ?? (await dummy()), password);
      if (!owner?.password_hash || !matches) {
        await guard.failed(key, address);
        throw fail('errors.wrong_credentials');
      }
      await guard.succeeded(key, address);
      if (!row) throw fail('errors.account_banned', { reason: banned?.ban_reason ?? '' });
      const challenge = await twoStep.challengeFor(Number(row.id));
      if (challenge) return answer({ second_step: challenge }, 'auth.second_step_needed');
      return answer(await signIn(row, origin), 'auth.welcome_back', { name: row.nickname });
    },

    async signOut(member: Member) {
      await sessions.revoke(member.sessionId);
      return answer(null, 'auth.signed_out');
    },

    async tourist(origin: SessionOrigin) {
      // 36^8 names make a clash practically impossible; one would fail like any database error.
      const id = await users.insert({
        username: visitorUsername(),
        email: null,
        nickname: visitorNickname(),
        password_hash: null,
        is_tourist: true,
        now: clock(),
      });
      return signIn(await reload(id), origin);
    },

    async regUser(member: Member, { username, email, password }: Credentials, t: Translate) {
      if (!member.isTourist) throw fail('errors.already_member');
      await assertAvailable(username, member.id);
      const passwordHash = await hashPassword(password);
      const now = clock();
      const converted = await db
        .transaction()
        .execute(async (trx) => {
          const account = { username, pending_email: email, nickname: username, password_hash: passwordHash };
          if (!(await usersRepo(trx).convertTourist(member.id, account, now))) return false;
          await addNews(trx, member.id, WELCOME, now);
          return true;
        })
        .catch((err: unknown) => {
          throw takenError(err);
        });
      // Another reg/user with the same token got there first.
      if (!converted) throw fail('errors.already_member');
      const row = await reload(member.id);
      await proofs.mailProof(row, email, t);
      return answer({ user: await profileOf(row) }, 'auth.account_ready');
    },

    /** Whoever changes the password stays signed in here; every other session ends. */
    async changePassword(
      member: Member,
      { old_password, password }: { old_password: string; password: string },
    ) {
      const row = await reload(member.id);
      if (!row.password_hash) throw fail('errors.no_password');
      if (!(await verifyPassword(row.password_hash, old_password))) throw fail('errors.wrong_password');
      await freshProof.mark(member.sessionId);
      await users.setPasswordHash(member.id, await hashPassword(password), clock());
      await sessions.revokeOthersOf(member.id, member.sessionId);
      return answer(null, 'auth.password_changed');
    },
  };
}
export type AccountsService = ReturnType<typeof accountsService>;
