import type { Executor } from '../../db/executor';
import { hasBlocked } from '../people/public';

/** What one member tells another through their news: a like, a comment, a follow, a welcome. */
export interface NewsItem {
  kind: string;
  actorId?: number | null;
  /** `post` (ref_id: the post) or `comment` (ref_id: the comment or reply). */
  refType?: string | null;
  refId?: number | null;
  /** Stored as given; kinds the app knows (`welcome`, `like` …) are worded by the app instead. */
  text?: string;
}

/**
 * Reactions that can be taken back and given again: liking, unliking and liking again tells the
 * member once, not every time.
 */
const ONCE_PER_ACTOR = new Set(['like', 'comment_like', 'follow']);

/**
 * The one way news is created; takes the transaction of the change it reports. Nobody gets news
 * of what they did themselves, nor from a member they blocked, nor twice of the same reaction:
 * then nothing is written and the answer is null.
 */
export async function addNews(
  db: Executor,
  userId: number,
  item: NewsItem,
  now: number,
): Promise<number | null> {
  const actorId = item.actorId ?? null;
  if (actorId !== null && (actorId === userId || (await hasBlocked(db, userId, actorId)))) return null;
  if (actorId !== null && ONCE_PER_ACTOR.has(item.kind)) {
    const told = await db
      .selectFrom('news')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', item.kind)
      .where('actor_id', '=', actorId)
      .where('ref_type', 'is not distinct from', item.refType ?? null)
      .where('ref_id', 'is not distinct from', item.refId ?? null)
      .executeTakeFirst();
    if (told) return null;
  }
  const { id } = await db
    .insertInto('news')
    .values({
      user_id: userId,
      kind: item.kind,
      actor_id: actorId,
      ref_type: item.refType ?? null,
      ref_id: item.refId ?? null,
      text: item.text ?? '',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** News about comments that were deleted goes with them. */
export async function removeNewsAboutComments(db: Executor, commentIds: number[]): Promise<void> {
  if (commentIds.length === 0) return;
  await db.deleteFrom('news').where('ref_type', '=', 'comment').where('ref_id', 'in', commentIds).execute();
}
