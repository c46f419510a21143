import {
  MOD_ACTIONS_SHOWN,
  type SanctionKind,
  type Standing,
  WARNINGS_SHOWN_DAYS,
} from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { addNews } from '../activity/public';
import { entriesAbout, recordModAction } from '../mod-log/public';
import { endEverySessionOf } from '../sessions/public';
import { assertGlobalModerator, assertOutranks, moderatedTopics } from '../staff/public';
import { liftSanction } from './lift';
import { sanctionsRepo } from './repo';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const DONE = {
  warn: 'moderation.warned',
  suspend: 'moderation.suspended',
  ban: 'moderation.banned',
} as const;

/**
 * Warnings, suspensions and bans (docs/product/moderation.md#sanctions). They reach beyond one
 * topic, so only moderators of every topic and administrators give them, and only to members of
 * a lower role. Each is a log entry and news for the member, in one transaction with its change.
 */
export function sanctionsService({ db, clock = Date.now }: { db: Kysely<DB>; clock?: () => number }) {
  const repo = sanctionsRepo(db);

  /** Who may act on `userId` at all: a global moderator above them, and the member must exist. */
  async function assertMayAct(member: Member, userId: number): Promise<void> {
    await assertGlobalModerator(db, member);
    if (!(await repo.target(userId))) throw fail('errors.user_not_found');
    await assertOutranks(db, member, userId);
  }

  return {
    async sanction(
      member: Member,
      p: { user_id: number; kind: SanctionKind; reason: string; hours?: number },
    ) {
      await assertMayAct(member, p.user_id);
      const now = clock();
      const actionId = await db.transaction().execute(async (trx) => {
        const tx = sanctionsRepo(trx);
        const target = await tx.target(p.user_id);
        if (!target) throw fail('errors.user_not_found');
        if (target.banned) throw fail('errors.mod_already_banned');
        const until = p.kind === 'suspend' ? now + p.hours! * HOUR_MS : null;
        const id = await recordModAction(
          trx,
          {
            moderatorId: member.id,
            action: p.kind,
            targetType: 'user',
            targetId: target.id,
            subjectUserId: target.id,
            reason: p.reason,
            until,
          },
          now,
        );
        // The updates are conditional on the member being active now: of two bans at once, one
        // wins and the other changes nothing (its entry goes with its transaction).
        if (p.kind === 'suspend' && !(await tx.suspend(target.id, until!, p.reason, id, now))) {
          throw fail('errors.mod_already_banned');
        }
        if (p.kind === 'ban') {
          if (!(await tx.ban(target.id, p.reason, now))) throw fail('errors.mod_already_banned');
          await endEverySessionOf(trx, target.id, now);
        }
        const kind = p.kind === 'warn' ? 'mod_warned' : p.kind === 'suspend' ? 'mod_suspended' : 'mod_banned';
        await addNews(trx, target.id, { kind, refType: 'mod_action', refId: id, text: p.reason }, now);
        return id;
      });
      return answer({ action_id: actionId }, DONE[p.kind]);
    },

    async lift(member: Member, p: { user_id: number; reason: string }) {
      await assertMayAct(member, p.user_id);
      const actionId = await db
        .transaction()
        .execute((trx) => liftSanction(trx, member, p.user_id, p.reason, clock()));
      return answer({ action_id: actionId }, 'moderation.lifted');
    },

    async standing(member: Member): Promise<Standing> {
      const now = clock();
      const [topics, row, warnings] = await Promise.all([
        moderatedTopics(db, member),
        repo.target(member.id),
        entriesAbout(db, member.id, {
          action: 'warn',
          since: now - WARNINGS_SHOWN_DAYS * DAY_MS,
          limit: MOD_ACTIONS_SHOWN,
        }),
      ]);
      const running = row?.suspendedUntil != null && row.suspendedUntil > now;
      return {
        role: member.role,
        topic_ids: topics === 'all' || member.role === 'member' ? null : topics,
        suspension: running
          ? {
              until: row.suspendedUntil!,
              reason: row.suspensionReason ?? '',
              action_id: row.suspensionActionId,
            }
          : null,
        warnings: warnings.map((w) => ({ action_id: w.id, reason: w.reason, created_at: w.created_at })),
      };
    },
  };
}
export type SanctionsService = ReturnType<typeof sanctionsService>;
