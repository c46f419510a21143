import type { Executor } from '../../db/executor';
import { sessionsRepo } from './repo';

/**
 * Ends every session of a member and every game token, in the caller's transaction: a ban
 * (features/sanctions) takes them with the change of status, so a lifted ban revives none.
 */
export async function endEverySessionOf(trx: Executor, userId: number, now: number): Promise<void> {
  const repo = sessionsRepo(trx);
  await repo.revokeAllOf(userId, now);
  await repo.dropGameTokensOf(userId);
}
