import {
  APPEALABLE_ACTIONS,
  type Appeal,
  type DeskAppeal,
  type MemberModeration,
  type ModActionKind,
  type PageQuery,
} from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { keysetPage } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { addNews } from '../activity/public';
import { actionById, type ModActionRow, presentActions, recordModAction } from '../mod-log/public';
import { restoreContent } from '../moderation/public';
import { authorsOf } from '../people/public';
import { liftSanction } from '../sanctions/public';
import {
  assertGlobalModerator,
  assertModeratesTopic,
  assertOutranks,
  assertStaff,
  RANK,
} from '../staff/public';
import { type AppealRow, type AppealScope, appealsRepo } from './repo';
import { appealScopeOf } from './scope';

const APPEALABLE: ReadonlySet<ModActionKind> = new Set(APPEALABLE_ACTIONS);

const isRemoval = (kind: ModActionKind) => kind === 'remove_post' || kind === 'remove_comment';

function appealOf(r: AppealRow): Appeal {
  return {
    id: r.id,
    state: r.state,
    message: r.message,
    answer: r.answer,
    created_at: r.created_at,
    answered_at: r.answered_at,
  };
}

/**
 * Appeals (docs/product/moderation.md#appeals): the member a removal or a suspension was about
 * asks once for another look; a moderator who may act on that content or member, and who did
 * not take the action (administrators excepted), answers once. A grant undoes the action in the
 * answer's transaction; either way the answer is logged and the member told.
 */
export function appealsService({
  db,
  clock = Date.now,
  contentRestored = () => {},
}: {
  db: Kysely<DB>;
  clock?: () => number;
  /** After a grant brought a post or comment back: the feeds' shared first pages are stale. */
  contentRestored?: () => void;
}) {
  const repo = appealsRepo(db);

  /** The appeals a member of the staff sees; below a moderator, the desk does not exist. */
  async function scopeOf(member: Member): Promise<AppealScope> {
    assertStaff(member, 'moderator');
    return appealScopeOf(db, member);
  }

  /**
   * Whether the desk offers `member` to answer this appeal of their queue: open, not about their
   * own action (administrators excepted) and from a member they outrank. The answer itself asks
   * the server's checks again.
   */
  const mayAnswer = (member: Member, a: AppealRow, appellantRole: keyof typeof RANK | undefined) =>
    a.state === 'open' &&
    (a.actor_id !== member.id || member.role === 'admin') &&
    a.user_id !== member.id &&
    RANK[member.role] > RANK[appellantRole ?? 'member'];

  async function present(member: Member, rows: AppealRow[]): Promise<DeskAppeal[]> {
    const now = clock();
    const actions = await repo.actions(rows.map((r) => r.action_id));
    const actionRows = [...actions.values()];
    const [presented, inForce, people, roles] = await Promise.all([
      presentActions(db, actionRows, 'staff'),
      repo.inForce(actionRows, now),
      authorsOf(
        db,
        rows.flatMap((r) => (r.answered_by === null ? [r.user_id] : [r.user_id, r.answered_by])),
      ),
      repo.roles(rows.map((r) => r.user_id)),
    ]);
    const byId = new Map(presented.map((a) => [a.id, a]));
    return rows.flatMap((r) => {
      const action = byId.get(r.action_id);
      const appellant = people.get(r.user_id);
      // An appeal goes with its log entry and its member (foreign keys): both are there.
      if (!action || !appellant) return [];
      return [
        {
          ...appealOf(r),
          member: appellant,
          action,
          answered_by: r.answered_by === null ? null : (people.get(r.answered_by) ?? null),
          in_force: inForce.has(r.action_id),
          can_answer: mayAnswer(member, r, roles.get(r.user_id)),
        },
      ];
    });
  }

  /** Who may answer this appeal, checked on the server whatever the desk showed. */
  async function assertMayAnswer(member: Member, a: AppealRow): Promise<void> {
    if (isRemoval(a.kind)) {
      if (a.topic_id === null) await assertGlobalModerator(db, member);
      else await assertModeratesTopic(db, member, a.topic_id);
    } else {
      await assertGlobalModerator(db, member);
    }
    if (a.actor_id === member.id && member.role !== 'admin') throw fail('errors.appeal_own_action');
    await assertOutranks(db, member, a.user_id);
  }

  return {
    async create(member: Member, p: { action_id: number; message: string }) {
      const action = await actionById(db, p.action_id);
      // Unknown entries and other members' read alike: the caller learns nothing of either.
      if (!action || action.subject_user_id !== member.id) throw fail('errors.appeal_not_yours');
      if (!APPEALABLE.has(action.action)) throw fail('errors.appeal_not_appealable');
      if (await repo.byAction(action.id)) throw fail('errors.appeal_exists');
      const now = clock();
      if (!(await repo.inForce([action], now)).has(action.id)) throw fail('errors.appeal_not_needed');
      const row = await repo.insert({
        action_id: action.id,
        user_id: member.id,
        kind: action.action,
        topic_id: action.topic_id,
        actor_id: action.moderator_id,
        message: p.message,
        created_at: now,
      });
      // Two submits at once: the unique index lets one in, and the other lands here.
      if (!row) throw fail('errors.appeal_exists');
      return answer(appealOf(row), 'moderation.appeal_sent');
    },

    /** The member's notices, newest first, each with its appeal and whether it can be appealed now. */
    async mine(member: Member, query: PageQuery) {
      const now = clock();
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(
          query,
          (r: ModActionRow) => [r.id],
          1,
          (start, limit) => repo.noticesOf(member.id, start, limit),
        ),
        repo.noticeCount(member.id),
      ]);
      const [presented, appeals, inForce] = await Promise.all([
        presentActions(db, rows, 'public'),
        repo.byActions(rows.map((r) => r.id)),
        repo.inForce(
          rows.filter((r) => APPEALABLE.has(r.action)),
          now,
        ),
      ]);
      const list: MemberModeration[] = presented.map((action) => {
        const appeal = appeals.get(action.id);
        return {
          action,
          appealable: !appeal && APPEALABLE.has(action.action) && inForce.has(action.id),
          appeal: appeal ? appealOf(appeal) : null,
        };
      });
      return { list, total, cursor };
    },

    async desk(member: Member, query: PageQuery & { state: 'open' | 'answered' }) {
      const scope = await scopeOf(member);
      const keyOf =
        query.state === 'open'
          ? (r: AppealRow) => [r.created_at, r.id]
          : (r: AppealRow) => [r.answered_at ?? 0, r.id];
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(query, keyOf, 2, (start, limit) => repo.page(scope, query.state, start, limit)),
        repo.count(scope, query.state),
      ]);
      return { list: await present(member, rows), total, cursor };
    },

    async answer(member: Member, p: { id: number; grant: boolean; answer: string }) {
      assertStaff(member, 'moderator');
      const found = await repo.byId(p.id);
      if (!found) throw fail('errors.appeal_not_found');
      await assertMayAnswer(member, found);
      if (found.state !== 'open') throw fail('errors.appeal_answered');
      const now = clock();
      const restored = await db.transaction().execute(async (trx) => {
        const tx = appealsRepo(trx);
        let undone = false;
        // First, so that of two answers at once the second finds it answered and changes nothing.
        const answered = await tx.answer(found.id, {
          state: p.grant ? 'granted' : 'denied',
          answer: p.answer,
          by: member.id,
          now,
        });
        if (!answered) throw fail('errors.appeal_answered');
        const action = await actionById(trx, found.action_id);
        if (!action) throw fail('errors.appeal_not_found');
        // A grant undoes what still holds; what was undone meanwhile (restored, lifted, ended,
        // deleted by its author) leaves only the answer to give.
        if (p.grant && (await tx.inForce([action], now)).has(action.id)) {
          if (isRemoval(action.action)) {
            const target = action.action === 'remove_post' ? 'post' : 'comment';
            await restoreContent(trx, member, target, action.target_id!, p.answer, now);
            undone = true;
          } else {
            await liftSanction(trx, member, found.user_id, p.answer, now);
          }
        }
        await recordModAction(
          trx,
          {
            moderatorId: member.id,
            action: 'answer_appeal',
            targetType: 'appeal',
            targetId: found.id,
            subjectUserId: found.user_id,
            topicId: action.topic_id,
            postId: action.post_id,
            reason: p.answer,
          },
          now,
        );
        await addNews(
          trx,
          found.user_id,
          { kind: 'appeal_answered', refType: 'appeal', refId: found.id, text: p.answer },
          now,
        );
        return undone;
      });
      if (restored) contentRestored();
      const [data] = await present(member, [(await repo.byId(found.id))!]);
      return answer(data!, p.grant ? 'moderation.appeal_granted' : 'moderation.appeal_denied');
    },
  };
}
export type AppealsService = ReturnType<typeof appealsService>;
