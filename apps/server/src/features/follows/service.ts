import { expiredCodeFor, type PageQuery, type UserCard } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { type Engine, locksRows } from '../../db/dialect';
import { keysetPage, type PageStart } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { AppError, fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { assertFullMember } from '../../shared/full-member';
import { assertMayWrite } from '../../shared/may-write';
import { addNews, recordActivity } from '../activity/public';
import { hasBlocked, userCardsOf } from '../people/public';
import { followsRepo, type Listed } from './repo';

type ListFetch = (start: PageStart, limit: number) => Promise<Listed[]>;

/**
 * Following, followers and the blacklist. Blocking is one-way: who blocks stops seeing the
 * other's content; who is blocked can no longer follow, comment on or answer the blocker.
 */
export function followsService({
  db,
  engine,
  clock = Date.now,
}: {
  db: Kysely<DB>;
  engine: Engine;
  clock?: () => number;
}) {
  const repo = followsRepo(db);
  const lockRows = locksRows(engine);

  async function activeUser(id: number) {
    const user = await repo.activeUser(id);
    if (!user) throw fail('errors.user_not_found');
    return user;
  }

  /** A member's own lists need no user_id; a visitor must name whose. */
  function subjectOf(viewer: Member | null, userId: number | undefined): number {
    const id = userId ?? viewer?.id;
    if (id === undefined) throw new AppError('errors.not_logged_in', {}, expiredCodeFor('api'));
    return id;
  }

  async function page<T>(
    viewer: Member | null,
    query: PageQuery,
    fetch: ListFetch,
    total: number,
    extend: (card: UserCard, row: Listed) => T,
  ) {
    const { rows, cursor } = await keysetPage(query, (r: Listed) => [r.at, r.id], 2, fetch);
    const cards = await userCardsOf(
      db,
      viewer?.id ?? null,
      rows.map((r) => r.id),
    );
    const list = rows.flatMap((r) => {
      const card = cards.get(r.id);
      return card ? [extend(card, r)] : [];
    });
    return { list, total, cursor };
  }

  return {
    async follow(member: Member, userId: number, want: boolean | undefined) {
      assertMayWrite(member, clock());
      if (userId === member.id) throw fail('errors.cannot_follow_self');
      await activeUser(userId);
      const now = clock();
      const data = await db.transaction().execute(async (trx) => {
        const tx = followsRepo(trx);
        if (lockRows) await tx.lockPair(member.id, userId);
        const followed = want ?? !(await tx.follows(member.id, userId));
        if (!followed) {
          await tx.unfollow(member.id, userId);
        } else {
          if (await hasBlocked(trx, userId, member.id)) throw fail('errors.blocked_by_user');
          if (await tx.follow(member.id, userId, now)) {
            await addNews(trx, userId, { kind: 'follow', actorId: member.id }, now);
            await recordActivity(trx, member.id, { kind: 'follow', userId }, now);
          }
        }
        // Read before the commit: the count this follow left, not a later toggle's.
        return { followed, follower_count: await tx.followerCount(userId) };
      });
      return answer(data, data.followed ? 'community.followed' : 'community.unfollowed');
    },

    async list(
      viewer: Member | null,
      query: PageQuery & { user_id?: number; type: 'following' | 'followers' },
    ) {
      const user = await activeUser(subjectOf(viewer, query.user_id));
      const id = Number(user.id);
      return query.type === 'following'
        ? page(
            viewer,
            query,
            (s, l) => repo.following(id, s, l),
            user.following_count,
            (c) => c,
          )
        : page(
            viewer,
            query,
            (s, l) => repo.followers(id, s, l),
            user.follower_count,
            (c) => c,
          );
    },

    async count(viewer: Member | null, userId: number | undefined) {
      const user = await activeUser(subjectOf(viewer, userId));
      return {
        following: user.following_count,
        followers: user.follower_count,
        friends: await repo.friendCount(Number(user.id)),
      };
    },

    async relation(member: Member, userId: number) {
      await activeUser(userId);
      const [followed, followsYou, blocked] = await Promise.all([
        repo.follows(member.id, userId),
        repo.follows(userId, member.id),
        hasBlocked(db, member.id, userId),
      ]);
      return { followed, follows_you: followsYou, blocked };
    },

    async friends(member: Member, query: PageQuery) {
      const total = await repo.friendCount(member.id);
      return page(
        member,
        query,
        (s, l) => repo.friends(member.id, s, l),
        total,
        (c) => c,
      );
    },

    /** Blocking also ends following both ways, so neither side keeps the other's updates. */
    async block(member: Member, userId: number) {
      assertFullMember(member);
      if (userId === member.id) throw fail('errors.cannot_block_self');
      await activeUser(userId);
      const now = clock();
      await db.transaction().execute(async (trx) => {
        const tx = followsRepo(trx);
        await tx.block(member.id, userId, now);
        await tx.unfollow(member.id, userId);
        await tx.unfollow(userId, member.id);
      });
      return answer({ blocked: true }, 'community.blocked');
    },

    async blacklist(member: Member, query: PageQuery) {
      const total = await repo.blacklistCount(member.id);
      return page(
        member,
        query,
        (s, l) => repo.blacklist(member.id, s, l),
        total,
        (card, row) => ({
          ...card,
          blocked_at: row.at,
        }),
      );
    },

    async unblock(member: Member, userId: number) {
      assertFullMember(member);
      await activeUser(userId);
      await repo.unblock(member.id, userId);
      return answer({ blocked: false }, 'community.unblocked');
    },
  };
}
export type FollowsService = ReturnType<typeof followsService>;
