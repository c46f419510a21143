import type { Executor } from '../../db/executor';
import type { Member } from '../../http/request-context';
import { appealsRepo } from './repo';
import { appealScopeOf } from './scope';

/**
 * The open appeals in `member`'s queue, as `mod/appeals` lists them, for the desk's overview.
 * The caller has checked that `member` is staff.
 */
export async function countOpenAppeals(db: Executor, member: Member): Promise<number> {
  return appealsRepo(db).count(await appealScopeOf(db, member), 'open');
}
