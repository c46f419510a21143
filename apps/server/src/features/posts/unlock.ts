import { PAID_POST_PLATFORM_SHARE, type Post } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { type Engine, locksRows } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import { type Answer, answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { assertFullMember } from '../../shared/full-member';
import { type Leg, postLegs, runOnce } from '../wallet/public';
import { presentPost } from './gate';
import type { PostsService } from './service';

/** The platform's part of a sale; the author gets the rest (at least 1 of any price). */
export const platformShareOf = (price: number) => Math.floor(price * PAID_POST_PLATFORM_SHARE);

/**
 * pay/link: a member buys the sight of a paid post, once. The price leaves the member, the author
 * gets it less the platform's share (a house leg of its own), and the post_unlocks row that the
 * paid gate reads is written in the same transaction, all under `unlock:<post>:<member>`.
 */
export function unlockService({
  db,
  engine,
  clock,
  posts,
}: {
  db: Kysely<DB>;
  engine: Engine;
  clock: () => number;
  /** Its `detail` decides who may open the post at all (missing, adult topics) for pay/link too. */
  posts: PostsService;
}) {
  return {
    async unlock(
      member: Member,
      id: number,
      adultConfirmed: boolean | undefined,
    ): Promise<Post | Answer<Post>> {
      assertFullMember(member);
      const post = await posts.detail(member, id, adultConfirmed);
      // Free or one's own: nothing to buy. Already bought: the same answer as the purchase.
      if (post.price <= 0 || post.mine) return post;
      // Nothing a moderator removed is for sale (its buyers were refunded: moderation/refunds.ts).
      if (post.removed) throw fail('errors.mod_already_removed');
      if (!post.locked) return answer(post, 'economy.unlocked');

      const key = `unlock:${post.id}:${member.id}`;
      const share = platformShareOf(post.price);
      const ref = { refType: 'post', refId: post.id };
      const legs: Leg[] = [
        { userId: member.id, currency: 'gold', amount: -post.price, reason: 'post_unlock', ...ref },
        { userId: post.user.id, currency: 'gold', amount: post.price - share, reason: 'post_sale', ...ref },
        ...(share > 0
          ? [
              {
                userId: null,
                currency: 'gold' as const,
                amount: share,
                reason: 'platform_share' as const,
                ...ref,
              },
            ]
          : []),
      ];
      const now = clock();
      await runOnce(
        db,
        { key, userId: member.id, kind: 'post_unlock', ...ref },
        now,
        async (trx) => {
          // Shared-locked, so a removal either waits for this sale (and refunds it) or went first
          // (and this sale stops here): no sale slips past a removal's refunds.
          const still = await trx
            .selectFrom('posts')
            .select(['id', 'removed_at'])
            .where('id', '=', post.id)
            .$if(locksRows(engine), (q) => q.forShare())
            .executeTakeFirst();
          if (!still) throw fail('errors.post_not_found');
          if (still.removed_at !== null) throw fail('errors.mod_already_removed');
          await postLegs(trx, key, legs, now);
          await trx
            .insertInto('post_unlocks')
            .values({ post_id: post.id, user_id: member.id, created_at: now })
            .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
            .execute();
        },
        async () => undefined,
      );
      const unlocked = await presentPost(db, member.id, post.id);
      if (!unlocked) throw fail('errors.post_not_found');
      return answer(unlocked, 'economy.unlocked');
    },
  };
}
export type UnlockService = ReturnType<typeof unlockService>;
