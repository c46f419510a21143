import {
  ACCOUNT_DELETION_GRACE_MS,
  type AccountDeletion,
  deletionConfirmationMatches,
} from '@pixelhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { assertFullMember } from '../../shared/full-member';
import type { FirstPages } from '../posts/public';
import type { SessionsService } from '../sessions/public';
import type { FreshProof } from '../two-step/public';
import { eraseAccount } from './erasure';
import { accountDeletionRepo } from './repo';

/** Accounts one run of the job takes at a time, and at most in all; the rest wait for the next period. */
const BATCH = 50;
const MAX_PER_RUN = 1_000;

const NOTHING_PENDING: AccountDeletion = { deletion_requested_at: null, deletion_due_at: null };

export interface AccountDeletionDeps {
  db: Kysely<DB>;
  sessions: SessionsService;
  freshProof: Pick<FreshProof, 'assert'>;
  /** Home's shared first pages: an erasure removes posts from them. */
  firstPages: Pick<FirstPages, 'clear'>;
  clock: () => number;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * "Delete my account" and its grace period, and the erasure the `account-erasure` job runs when
 * the period is over (docs/internals/account-deletion.md; the rules as members see them:
 * docs/product/accounts-and-sessions.md#deleting-an-account).
 */
export function accountDeletionService({
  db,
  sessions,
  freshProof,
  firstPages,
  clock,
  log,
}: AccountDeletionDeps) {
  const repo = accountDeletionRepo(db);

  /** One account, in one transaction: all of it is erased, or (a crash, a deadlock) none of it. */
  const eraseOne = (userId: number, now: number) =>
    db.transaction().execute((trx) => eraseAccount(trx, userId, now));

  return {
    /**
     * Asks for erasure in ACCOUNT_DELETION_GRACE_MS. The typed user name comes first, so a typo
     * costs no proof; then the fresh proof, as the request is the most destructive one there is.
     * Every other session ends: whoever else holds one must not be able to take it back.
     */
    async request(member: Member, confirm: string) {
      // A visitor account holds nothing of a person's; it has no name of its own to type either.
      assertFullMember(member);
      const account = await repo.find(member.id);
      if (!account) throw fail('errors.not_found');
      if (!deletionConfirmationMatches(confirm, account.username)) {
        throw fail('errors.deletion_confirm_mismatch');
      }
      await freshProof.assert(member);
      const now = clock();
      const state = await repo.schedule(member.id, now, now + ACCOUNT_DELETION_GRACE_MS);
      if (!state) throw fail('errors.not_found');
      await sessions.revokeOthersOf(member.id, member.sessionId);
      return answer(state, 'accountDeletion.scheduled');
    },

    /** Keeps the account; answers the same whether or not a deletion was pending. */
    async cancel(member: Member) {
      if (!(await repo.cancel(member.id, clock()))) throw fail('errors.not_found');
      return answer(NOTHING_PENDING, 'accountDeletion.cancelled');
    },

    /**
     * The job's run: erases every account due now, one transaction each. Another runner at the
     * same time (a run outlasting its period) claims each account with a conditional update, so
     * an account is erased once; one that fails (a deadlock) is logged and taken again next period.
     * Answers what the log shows.
     */
    async eraseDue(): Promise<{ erased: number; failed: number }> {
      const now = clock();
      const passed = new Set<number>();
      let erased = 0;
      let failed = 0;
      while (passed.size < MAX_PER_RUN) {
        const due = (await repo.due(now, BATCH + passed.size)).filter((id) => !passed.has(id));
        if (due.length === 0) break;
        for (const userId of due) {
          passed.add(userId);
          try {
            if (await eraseOne(userId, now)) erased += 1;
          } catch (err) {
            failed += 1;
            log.error({ err, userId }, 'account erasure failed; it is taken again next period');
          }
        }
      }
      if (erased > 0) await firstPages.clear();
      return { erased, failed };
    },
  };
}
export type AccountDeletionService = ReturnType<typeof accountDeletionService>;
