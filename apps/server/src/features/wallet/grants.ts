import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Leg, postLegs, runOnce } from './ledger';

/** The longest operator note kept with a grant. */
export const GRANT_NOTE_MAX = 200;

export interface GrantAmounts {
  gold?: number;
  diamonds?: number;
}

/**
 * Credits a member from the house (an operator's `wallet:grant`, a test's starting balance):
 * one operation with a leg per currency, reason `grant`. With a request id the same grant sent
 * again credits once; without one, every call is a new grant. The note is kept with the
 * operation (`ledger_operations.note`), never shown to the member.
 */
export async function grantCredit(
  db: Kysely<DB>,
  userId: number,
  amounts: GrantAmounts,
  options: { now: number; requestId?: string; note?: string },
): Promise<{ key: string; applied: boolean }> {
  const legs: Leg[] = [];
  for (const currency of ['gold', 'diamonds'] as const) {
    const amount = amounts[currency] ?? 0;
    if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`a grant of ${amount} ${currency}`);
    if (amount > 0) legs.push({ userId, currency, amount, reason: 'grant' });
  }
  if (legs.length === 0) throw new Error('a grant needs some gold or diamonds');
  const key = `grant:${userId}:${options.requestId ?? randomUUID()}`;
  const { applied } = await runOnce(
    db,
    {
      key,
      userId,
      kind: 'grant',
      // The note is not a parameter: a grant sent again with other words is the same grant.
      params: { gold: amounts.gold ?? 0, diamonds: amounts.diamonds ?? 0 },
      note: options.note?.slice(0, GRANT_NOTE_MAX) || null,
    },
    options.now,
    async (trx) => {
      await postLegs(trx, key, legs, options.now);
    },
    async () => undefined,
  );
  return { key, applied };
}
