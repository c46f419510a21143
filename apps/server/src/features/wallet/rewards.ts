import type { Added, Balances } from '@pixelhall/contract';
import type { Executor } from '../../db/executor';
import type { RewardsTable } from '../../db/schema';
import { type LedgerReason, type Leg, postLegs } from './ledger';

/**
 * What tasks, level rewards, achievement tiers and check-ins pay: the ledger legs and the
 * `rewards` row that `user/reward` lists, both under the operation key the caller has just
 * claimed (`claimOperation` / `runOnce`), so a reward is paid and listed once or not at all.
 */
export interface RewardPayment {
  key: string;
  userId: number;
  source: RewardsTable['source'];
  sourceId: number | null;
  reason: LedgerReason;
  gold: number;
  diamonds: number;
  /** Experience the reward brought (granted by the caller through grantExperience). */
  experience?: number;
  now: number;
}

export async function payReward(trx: Executor, r: RewardPayment): Promise<void> {
  const ref = { reason: r.reason, refType: r.source, refId: r.sourceId };
  const legs: Leg[] = [];
  if (r.gold > 0) legs.push({ userId: r.userId, currency: 'gold', amount: r.gold, ...ref });
  if (r.diamonds > 0) legs.push({ userId: r.userId, currency: 'diamonds', amount: r.diamonds, ...ref });
  if (legs.length > 0) await postLegs(trx, r.key, legs, r.now);
  await trx
    .insertInto('rewards')
    .values({
      user_id: r.userId,
      source: r.source,
      source_id: r.sourceId,
      gold: r.gold,
      diamonds: r.diamonds,
      experience: r.experience ?? 0,
      operation_key: r.key,
      created_at: r.now,
    })
    .execute();
}

/** What a reward paid, for a repeated claim to answer the same as the first. */
export async function paidReward(db: Executor, key: string): Promise<Added | null> {
  const row = await db
    .selectFrom('rewards')
    .select(['gold', 'diamonds', 'experience'])
    .where('operation_key', '=', key)
    .executeTakeFirst();
  return row
    ? { gold: Number(row.gold), diamonds: Number(row.diamonds), experience: Number(row.experience) }
    : null;
}

export async function balancesOf(db: Executor, userId: number): Promise<Balances> {
  const row = await db
    .selectFrom('users')
    .select(['gold', 'diamonds'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { gold: Number(row.gold), diamonds: Number(row.diamonds) };
}

export const NO_REWARD: Added = { gold: 0, diamonds: 0, experience: 0 };
