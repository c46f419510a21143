import { sql } from 'kysely';
import { type Engine, locksRows } from '../../db/dialect';
import type { Executor } from '../../db/executor';
import { claimOperation, type Leg, postLegs } from '../wallet/public';

/**
 * What removing a paid post does to the gold spent on it (docs/product/moderation.md#paid-posts).
 * Every buyer gets back what they paid, once ever per post (`refund:<post>:<buyer>`), so a post
 * removed, restored and removed again refunds no one twice; a buyer who came after a restore is
 * refunded at the next removal. The author gives back their share as far as their gold goes; the
 * house covers the rest and its own share. Every leg goes through the ledger, so each balance
 * stays the sum of its rows. Both run in the removal's (or restore's) transaction.
 */

const unlockKey = (postId: number, buyerId: number) => `unlock:${postId}:${buyerId}`;
/** SQLite allows at most 999 bound values per statement; the keys of a page of buyers stay below. */
const KEYS_PER_QUERY = 500;

/** What each buyer paid and what of it went to the author, from the ledger rows of their unlock. */
async function salesOf(trx: Executor, postId: number, authorId: number) {
  const buyers = await trx
    .selectFrom('post_unlocks')
    .select('user_id')
    .where('post_id', '=', postId)
    .orderBy('user_id')
    .execute();
  const keys = buyers.map((b) => unlockKey(postId, Number(b.user_id)));
  const sales = new Map<number, { paid: number; authorShare: number }>();
  for (let i = 0; i < keys.length; i += KEYS_PER_QUERY) {
    const legs = await trx
      .selectFrom('ledger')
      .select(['operation_key', 'user_id', 'amount', 'reason'])
      .where('operation_key', 'in', keys.slice(i, i + KEYS_PER_QUERY))
      .where('currency', '=', 'gold')
      .where('reverses_id', 'is', null)
      .execute();
    for (const leg of legs) {
      const buyerId = Number(leg.operation_key.split(':')[2]);
      const sale = sales.get(buyerId) ?? { paid: 0, authorShare: 0 };
      if (leg.reason === 'post_unlock' && Number(leg.user_id) === buyerId) sale.paid -= Number(leg.amount);
      if (leg.reason === 'post_sale' && Number(leg.user_id) === authorId)
        sale.authorShare += Number(leg.amount);
      sales.set(buyerId, sale);
    }
  }
  // An unlock with no payment behind it (none was ever sold that way, but a seeded one could be)
  // has nothing to give back.
  return [...sales].filter(([, sale]) => sale.paid > 0);
}

/**
 * Refunds the buyers of a paid post being removed; answers how many were refunded now. The
 * author's row is locked first (PostgreSQL), so what they can give back is read once and spent
 * in order, and a purchase of theirs meanwhile waits.
 */
export async function refundBuyers(
  trx: Executor,
  engine: Engine,
  post: { id: number; user_id: number },
  now: number,
): Promise<number> {
  const author = await trx
    .selectFrom('users')
    .select('gold')
    .where('id', '=', post.user_id)
    .$if(locksRows(engine), (q) => q.forUpdate())
    .executeTakeFirst();
  let authorGold = Number(author?.gold ?? 0);
  const ref = { refType: 'post', refId: post.id };
  let refunded = 0;
  for (const [buyerId, sale] of await salesOf(trx, post.id, post.user_id)) {
    const key = `refund:${post.id}:${buyerId}`;
    const claimed = await claimOperation(trx, { key, userId: buyerId, kind: 'post_refund', ...ref }, now);
    if (!claimed) continue;
    const fromAuthor = Math.min(sale.authorShare, Math.max(0, authorGold), sale.paid);
    authorGold -= fromAuthor;
    const legs: Leg[] = [
      { userId: buyerId, currency: 'gold', amount: sale.paid, reason: 'post_refund', ...ref },
      ...(fromAuthor > 0
        ? [
            {
              userId: post.user_id,
              currency: 'gold' as const,
              amount: -fromAuthor,
              reason: 'post_refund' as const,
              ...ref,
            },
          ]
        : []),
      ...(sale.paid - fromAuthor > 0
        ? [
            {
              userId: null,
              currency: 'gold' as const,
              amount: -(sale.paid - fromAuthor),
              reason: 'post_refund' as const,
              ...ref,
            },
          ]
        : []),
    ];
    await postLegs(trx, key, legs, now);
    refunded += 1;
  }
  return refunded;
}

/**
 * On restore, the house gives the author back what their share of the refunds took from them:
 * the post earns again, and its buyers keep their access without paying twice. Once per removal
 * (`refund-return:<post>:<removal's log entry>`); nothing when nothing was taken.
 */
export async function returnAuthorShare(
  trx: Executor,
  post: { id: number; user_id: number },
  removalActionId: number | null,
  now: number,
): Promise<number> {
  const row = await trx
    .selectFrom('ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('net'))
    .where('user_id', '=', post.user_id)
    .where('ref_type', '=', 'post')
    .where('ref_id', '=', post.id)
    .where('reason', 'in', ['post_refund', 'post_refund_returned'])
    .executeTakeFirstOrThrow();
  const due = -Number(row.net);
  if (due <= 0) return 0;
  const ref = { refType: 'post', refId: post.id };
  const key = `refund-return:${post.id}:${removalActionId ?? 0}`;
  const claimed = await claimOperation(
    trx,
    { key, userId: post.user_id, kind: 'post_refund_returned', ...ref },
    now,
  );
  if (!claimed) return 0;
  await postLegs(
    trx,
    key,
    [
      { userId: post.user_id, currency: 'gold', amount: due, reason: 'post_refund_returned', ...ref },
      { userId: null, currency: 'gold', amount: -due, reason: 'post_refund_returned', ...ref },
    ],
    now,
  );
  return due;
}
