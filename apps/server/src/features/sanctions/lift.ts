import type { Executor } from '../../db/executor';
import { fail } from '../../http/app-error';
import type { Member } from '../../http/request-context';
import { addNews } from '../activity/public';
import { recordModAction } from '../mod-log/public';
import { sanctionsRepo } from './repo';

/**
 * Ends a member's ban or running suspension, logs it and tells them, in the caller's
 * transaction. `actor` null: an operator. The caller has checked who may (the desk checks rank;
 * an appeal's answer checks its own rules). Answers the log entry's id.
 */
export async function liftSanction(
  trx: Executor,
  actor: Member | null,
  userId: number,
  reason: string,
  now: number,
): Promise<number> {
  const repo = sanctionsRepo(trx);
  const target = await repo.target(userId);
  if (!target) throw fail('errors.user_not_found');
  if (!(await repo.lift(target.id, now))) throw fail('errors.mod_nothing_to_lift');
  const actionId = await recordModAction(
    trx,
    {
      moderatorId: actor?.id ?? null,
      action: 'lift',
      targetType: 'user',
      targetId: target.id,
      subjectUserId: target.id,
      reason,
    },
    now,
  );
  await addNews(
    trx,
    target.id,
    { kind: 'mod_lifted', refType: 'mod_action', refId: actionId, text: reason },
    now,
  );
  return actionId;
}
