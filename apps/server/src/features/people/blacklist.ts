import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The members `userId` has blocked, as a subquery: lists leave their content out for that
 * viewer with `where(<author column>, 'not in', blockedBy(db, viewerId))`.
 */
export const blockedBy = (db: Kysely<DB>, userId: number) =>
  db.selectFrom('blacklist').select('blacklist.blocked_id').where('blacklist.user_id', '=', userId);

/** Whether `userId` has put `otherId` on their blacklist. */
export async function hasBlocked(db: Kysely<DB>, userId: number, otherId: number): Promise<boolean> {
  const row = await db
    .selectFrom('blacklist')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('blocked_id', '=', otherId)
    .executeTakeFirst();
  return row !== undefined;
}
