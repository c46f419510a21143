import type { Executor } from '../../db/executor';
import { fail } from '../../http/app-error';
import type { Member } from '../../http/request-context';
import { addNews } from '../activity/public';
import { recordModAction } from '../mod-log/public';
import { assertModeratesTopic, assertOutranks, assertStaff } from '../staff/public';
import { contentOf, logSnapshot } from './content';
import { returnAuthorShare } from './refunds';
import { type ContentTarget, moderationRepo } from './repo';

/**
 * Brings removed content back as it was, in the caller's transaction: mod/restore, and an appeal
 * granted against a removal (features/appeals). The actor must moderate its topic and outrank its
 * author; the author is told. A paid post's author gets back from the house what the refunds took
 * from them (refunds.ts). Answers the log entry's id. The caller drops the shared first pages
 * after the commit (mod/restore does; otherwise they catch up within FIRST_PAGE_MS).
 */
export async function restoreContent(
  trx: Executor,
  actor: Member,
  target: ContentTarget,
  id: number,
  reason: string,
  now: number,
): Promise<number> {
  assertStaff(actor, 'moderator');
  const content = await contentOf(trx, target, id);
  await assertModeratesTopic(trx, actor, content.topicId);
  await assertOutranks(trx, actor, content.userId);
  if (content.removedAt === null) throw fail('errors.mod_not_removed');
  // Conditional: of two restores at once, one restores and the other is told it is not removed.
  if (!(await moderationRepo(trx).markRestored(target, id))) throw fail('errors.mod_not_removed');
  const actionId = await recordModAction(
    trx,
    {
      moderatorId: actor.id,
      action: target === 'post' ? 'restore_post' : 'restore_comment',
      targetType: target,
      targetId: id,
      subjectUserId: content.userId,
      topicId: content.topicId,
      postId: content.postId,
      reason,
      snapshot: logSnapshot(content),
    },
    now,
  );
  await addNews(trx, content.userId, { kind: 'mod_restored', refType: target, refId: id, text: reason }, now);
  if (target === 'post' && content.price > 0) {
    await returnAuthorShare(trx, { id, user_id: content.userId }, content.removedActionId, now);
  }
  return actionId;
}
