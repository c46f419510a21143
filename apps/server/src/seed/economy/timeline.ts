import type { Kysely } from 'kysely';
import type { Currency, DB } from '../../db/schema';
import { claimOperation, type Leg, type Operation, postLegs } from '../../features/wallet/ledger';
import { payReward, type RewardPayment } from '../../features/wallet/rewards';

/**
 * The demo economy's history as ledger operations, each dated in the past and applied the way
 * the feature that owns it applies it: its key claimed in `ledger_operations`, its legs posted
 * through ledger.ts (conditional on the balance), its own rows (an unlock, a lot, a bet) in the
 * same transaction. Applied oldest first, so ledger ids and balances after each row read as a
 * real history would.
 */
export interface Step {
  at: number;
  op: Operation;
  /** Writes the operation's own row first (a bet); answers the id its legs refer to. */
  before?: (trx: Kysely<DB>) => Promise<number>;
  /** The legs, given what `before` answered (undefined when planning, before anything is written). */
  legs?: (ref: number | undefined) => Leg[];
  /** A reward (task, level, check-in): its legs and its `rewards` row, as payReward writes them. */
  reward?: Omit<RewardPayment, 'key' | 'userId' | 'now'>;
  /** Rows written after the legs (a post_unlocks row, a lot, a settlement's bets). */
  after?: (trx: Kysely<DB>) => Promise<void>;
}

export type Balances = Record<Currency, number>;

/** What the steps add to each member's balances, house legs aside. */
export function netOf(steps: readonly Step[]): Map<number, Balances> {
  const net = new Map<number, Balances>();
  const add = (userId: number, currency: Currency, amount: number) => {
    const b = net.get(userId) ?? { gold: 0, diamonds: 0 };
    b[currency] += amount;
    net.set(userId, b);
  };
  for (const s of steps) {
    if (s.reward && s.op.userId !== null) {
      add(s.op.userId, 'gold', s.reward.gold);
      add(s.op.userId, 'diamonds', s.reward.diamonds);
    }
    for (const leg of s.legs?.(undefined) ?? [])
      if (leg.userId !== null) add(leg.userId, leg.currency, leg.amount);
  }
  return net;
}

/** Applies the steps oldest first (ties in the order given). A key seen before is a bug here. */
export async function applySteps(trx: Kysely<DB>, steps: readonly Step[]): Promise<void> {
  const ordered = steps.map((s, i) => ({ s, i })).sort((a, b) => a.s.at - b.s.at || a.i - b.i);
  for (const { s } of ordered) {
    if (!(await claimOperation(trx, s.op, s.at)))
      throw new Error(`demo economy: ${s.op.key} is already in the ledger`);
    const ref = await s.before?.(trx);
    if (s.reward) {
      if (s.op.userId === null) throw new Error(`demo economy: reward ${s.op.key} has no member`);
      await payReward(trx, { ...s.reward, key: s.op.key, userId: s.op.userId, now: s.at });
    }
    const legs = s.legs?.(ref) ?? [];
    if (legs.length > 0) await postLegs(trx, s.op.key, legs, s.at);
    await s.after?.(trx);
  }
}
