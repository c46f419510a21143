import { type Author, gradeForLevel, type UserCard } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { compiledOnce, type Params } from '../../db/compiled-once';
import type { DB } from '../../db/schema';

// Lists of every kind name their members through this; one shape per list length
// (db/compiled-once.ts).
const authorRows = compiledOnce((db, p: Params<{ ids: number[] }>, n: number) =>
  db.selectFrom('users').select(['id', 'nickname', 'avatar', 'level']).where('id', 'in', p.list('ids', n)),
);

/** How members appear beside their content, by id, in one query for a whole page. */
export async function authorsOf(db: Kysely<DB>, userIds: Iterable<number>): Promise<Map<number, Author>> {
  const ids = [...new Set([...userIds].map(Number))];
  const authors = new Map<number, Author>();
  if (ids.length === 0) return authors;
  const rows = await authorRows(db, { ids }, ids.length);
  for (const r of rows) {
    const id = Number(r.id);
    authors.set(id, {
      id,
      nickname: r.nickname,
      avatar: r.avatar,
      level: r.level,
      grade: gradeForLevel(r.level),
    });
  }
  return authors;
}

/**
 * Members as a list shows them to `viewerId` (null for a visitor), with the viewer's relation to
 * each: three queries for a whole page (the members, whom the viewer follows among them, who
 * among them follows the viewer). Ids that no longer exist are left out.
 */
export async function userCardsOf(
  db: Kysely<DB>,
  viewerId: number | null,
  userIds: number[],
): Promise<Map<number, UserCard>> {
  const ids = [...new Set(userIds.map(Number))];
  const cards = new Map<number, UserCard>();
  if (ids.length === 0) return cards;
  const [rows, followed, followers] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'nickname', 'avatar', 'level', 'signature', 'follower_count'])
      .where('id', 'in', ids)
      .execute(),
    viewerId === null
      ? []
      : db
          .selectFrom('follows')
          .select('followee_id as id')
          .where('follower_id', '=', viewerId)
          .where('followee_id', 'in', ids)
          .execute(),
    viewerId === null
      ? []
      : db
          .selectFrom('follows')
          .select('follower_id as id')
          .where('followee_id', '=', viewerId)
          .where('follower_id', 'in', ids)
          .execute(),
  ]);
  const followedIds = new Set(followed.map((r) => Number(r.id)));
  const followerIds = new Set(followers.map((r) => Number(r.id)));
  for (const r of rows) {
    const id = Number(r.id);
    cards.set(id, {
      id,
      nickname: r.nickname,
      avatar: r.avatar,
      level: r.level,
      grade: gradeForLevel(r.level),
      signature: r.signature,
      follower_count: r.follower_count,
      followed: followedIds.has(id),
      follows_you: followerIds.has(id),
    });
  }
  return cards;
}
