import type { Role, StaffMember } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { recordModAction } from '../mod-log/public';
import { authorsOf } from '../people/public';
import { assertStaff } from './access';
import { staffRepo } from './repo';

type Scope = { id: number; name: string }[];

/** An operator command that cannot be done, in words for the operator. */
export class StaffOperatorError extends Error {}

/**
 * Giving and taking roles (docs/product/moderation.md#roles). Administrators are made only by an
 * operator (`npm run ops -- roles:grant`); from the desk an administrator makes and unmakes
 * moderators. Every change is a log entry in its transaction; the role is read with each request,
 * so it takes effect at the member's next one.
 */
export function staffService({ db, clock = Date.now }: { db: Kysely<DB>; clock?: () => number }) {
  const repo = staffRepo(db);

  async function present(userIds: number[]): Promise<StaffMember[]> {
    const rows = (await repo.staff()).filter((r) => userIds.length === 0 || userIds.includes(Number(r.id)));
    const ids = rows.map((r) => Number(r.id));
    const [authors, scopes] = await Promise.all([authorsOf(db, ids), repo.scopes(ids)]);
    return rows.flatMap((r) => {
      const id = Number(r.id);
      const user = authors.get(id);
      if (!user || r.role === 'member') return [];
      return [
        {
          user,
          role: r.role,
          // An administrator moderates everything, whatever rows a former scope left.
          topics:
            r.role === 'admin'
              ? []
              : scopes
                  .filter((s) => Number(s.user_id) === id)
                  .map((s) => ({ id: Number(s.id), name: s.name, icon: s.icon, min_age: s.min_age })),
          granted_at: r.role_granted_at === null ? null : Number(r.role_granted_at),
        },
      ];
    });
  }

  /** Sets the role and scope and logs it, in one transaction. `actorId` null: an operator. */
  async function change(actorId: number | null, userId: number, role: Role, topics: Scope) {
    const topicIds = topics.map((t) => t.id);
    const now = clock();
    await db.transaction().execute(async (trx) => {
      const tx = staffRepo(trx);
      await tx.setRole(userId, role, now);
      await tx.setTopics(userId, role === 'moderator' ? topicIds : [], now);
      await recordModAction(
        trx,
        {
          moderatorId: actorId,
          action: role === 'member' ? 'revoke_role' : 'grant_role',
          targetType: 'user',
          targetId: userId,
          subjectUserId: userId,
          topicId: topicIds.length === 1 ? topicIds[0] : null,
          // The kind says what changed; the reason names the topics of a scoped moderator.
          reason: topics.map((t) => t.name).join(', '),
        },
        now,
      );
    });
  }

  /** The topics asked for, or null when one of them does not exist. */
  async function knownTopics(topicIds: number[] | undefined): Promise<Scope | null> {
    const wanted = [...new Set(topicIds ?? [])];
    const known = await repo.topicNames(wanted);
    return known.length === wanted.length ? known : null;
  }

  return {
    async list(member: Member) {
      assertStaff(member, 'admin');
      return { list: await present([]) };
    },

    async grant(member: Member, p: { user_id: number; topic_ids?: number[] }) {
      assertStaff(member, 'admin');
      const target = await repo.candidate(p.user_id);
      if (!target || target.isTourist) throw fail('errors.user_not_found');
      if (target.role === 'admin') throw fail('errors.user_is_admin');
      const topics = await knownTopics(p.topic_ids);
      if (!topics) throw fail('errors.topic_not_found');
      await change(member.id, target.id, 'moderator', topics);
      const [granted] = await present([target.id]);
      return answer(granted!, 'moderation.role_granted');
    },

    async revoke(member: Member, p: { user_id: number }) {
      assertStaff(member, 'admin');
      const target = await repo.candidate(p.user_id);
      if (!target) throw fail('errors.user_not_found');
      if (target.role === 'admin') throw fail('errors.user_is_admin');
      if (target.role !== 'moderator') throw fail('errors.not_staff');
      await change(member.id, target.id, 'member', []);
      return answer({ user_id: target.id }, 'moderation.role_revoked');
    },

    /** `npm run ops -- roles:grant`: any role, administrators included. */
    async grantByOperator(username: string, role: 'moderator' | 'admin', topicIds: number[]) {
      const target = await repo.byUsername(username);
      if (!target) throw new StaffOperatorError(`there is no member named ${username}`);
      if (target.status !== 'active') throw new StaffOperatorError(`${target.username} is ${target.status}`);
      if (target.isTourist) throw new StaffOperatorError(`${target.username} is a visitor account`);
      if (role === 'admin' && topicIds.length > 0)
        throw new StaffOperatorError('an administrator moderates every topic; --topics is for moderators');
      const topics = await knownTopics(topicIds);
      if (!topics) throw new StaffOperatorError(`not every one of the topics ${topicIds.join(', ')} exists`);
      await change(null, target.id, role, topics);
      return { username: target.username, role, topics: topics.map((t) => t.name) };
    },

    /** `npm run ops -- roles:revoke`: back to member, whatever the role. */
    async revokeByOperator(username: string) {
      const target = await repo.byUsername(username);
      if (!target) throw new StaffOperatorError(`there is no member named ${username}`);
      if (target.role === 'member') throw new StaffOperatorError(`${target.username} has no role to revoke`);
      await change(null, target.id, 'member', []);
      return { username: target.username, was: target.role };
    },
  };
}
export type StaffService = ReturnType<typeof staffService>;
