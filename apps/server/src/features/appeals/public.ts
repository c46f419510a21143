import type { Executor } from '../../db/executor';
import type { Member } from '../../http/request-context';
import { moderatedTopics } from '../staff/public';
import { appealsRepo } from './repo';

/**
 * The open appeals in `member`'s queue (every one for moderators of all topics and
 * administrators; removals in their topics for a scoped moderator), for the desk's overview.
 * The caller has checked that `member` is staff.
 */
export async function countOpenAppeals(db: Executor, member: Member): Promise<number> {
  const topics = await moderatedTopics(db, member);
  return appealsRepo(db).count(topics === 'all' ? 'all' : { topics }, 'open');
}
