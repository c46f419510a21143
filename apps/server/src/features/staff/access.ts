import type { Role } from '@pixelhall/contract';
import type { Executor } from '../../db/executor';
import { fail } from '../../http/app-error';
import type { Member } from '../../http/request-context';

/** Each role outranks the ones below it; nobody acts on their own rank or above. */
export const RANK: Readonly<Record<Role, number>> = { member: 0, moderator: 1, admin: 2 };

/**
 * The desk does not exist for anyone below `need`: they get "not found", as for a path that is
 * not there, so the desk's endpoints tell a member nothing. The role is the one this request read
 * from the member's row, so a role taken away ends access at the next request.
 */
export function assertStaff(member: Member, need: 'moderator' | 'admin'): void {
  if (RANK[member.role] < RANK[need]) throw fail('errors.not_found');
}

/** The member's role now; a member who does not exist (any more) has none above a member. */
export async function roleOf(db: Executor, userId: number): Promise<Role> {
  const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  return row?.role ?? 'member';
}

async function scopeOf(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('moderator_topics')
    .select('topic_id')
    .where('user_id', '=', userId)
    .orderBy('topic_id')
    .execute();
  return rows.map((r) => Number(r.topic_id));
}

/**
 * The topics the member moderates: `all` for administrators and unscoped moderators, the list
 * for a scoped moderator, none for everyone else.
 */
export async function moderatedTopics(db: Executor, member: Member): Promise<number[] | 'all'> {
  if (member.role === 'admin') return 'all';
  if (member.role !== 'moderator') return [];
  const topics = await scopeOf(db, member.id);
  return topics.length === 0 ? 'all' : topics;
}

/** Staff only (else not found); a scoped moderator only in their topics. */
export async function assertModeratesTopic(db: Executor, member: Member, topicId: number): Promise<void> {
  assertStaff(member, 'moderator');
  const topics = await moderatedTopics(db, member);
  if (topics !== 'all' && !topics.includes(Number(topicId))) throw fail('errors.mod_not_your_topic');
}

/**
 * What reaches beyond one topic (sanctions, reports of members) needs a moderator of every topic
 * or an administrator.
 */
export async function assertGlobalModerator(db: Executor, member: Member): Promise<void> {
  assertStaff(member, 'moderator');
  if ((await moderatedTopics(db, member)) !== 'all') throw fail('errors.mod_needs_global');
}

/**
 * The actor must rank strictly above the member acted on (or whose content is acted on). Acting
 * on oneself counts as the same rank, so nobody removes their own post from the desk nor lifts
 * their own suspension.
 */
export async function assertOutranks(db: Executor, actor: Member, targetUserId: number): Promise<void> {
  if (Number(targetUserId) === actor.id) throw fail('errors.mod_outranked');
  const target = await roleOf(db, targetUserId);
  if (RANK[actor.role] <= RANK[target]) throw fail('errors.mod_outranked');
}
