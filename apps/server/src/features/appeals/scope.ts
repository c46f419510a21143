import type { Executor } from '../../db/executor';
import type { Member } from '../../http/request-context';
import { moderatedTopics } from '../staff/public';
import type { AppealScope } from './repo';

/**
 * The appeals a member of the staff sees: every one for moderators of all topics and
 * administrators, only removals in their topics for a scoped moderator (suspensions reach beyond
 * any topic). The caller has checked that `member` is staff.
 */
export async function appealScopeOf(db: Executor, member: Member): Promise<AppealScope> {
  const topics = await moderatedTopics(db, member);
  return topics === 'all' ? 'all' : { topics };
}
