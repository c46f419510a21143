import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Database } from '../../src/db/database';
import { grantCredit } from '../../src/features/wallet/grants';

/** A fresh idempotency key, as the app makes one per intended action. */
export const requestId = () => randomBytes(9).toString('base64url');

/**
 * Gives a member gold and diamonds the way an operator does (`wallet:grant`): through the ledger,
 * so the ledger invariant holds in every test that starts from a balance.
 */
export async function grantBalance(
  database: Database,
  userId: number,
  amounts: { gold?: number; diamonds?: number },
  now = Date.UTC(2026, 0, 1),
): Promise<void> {
  await grantCredit(database.db, userId, amounts, { now, note: 'test balance' });
}

export async function balancesOf(database: Database, userId: number) {
  const row = await database.db
    .selectFrom('users')
    .select(['gold', 'diamonds'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { gold: Number(row.gold), diamonds: Number(row.diamonds) };
}

/**
 * The ledger invariant: for every member and currency, the sum of their ledger rows is their
 * balance, and no balance is negative. A balance changed anywhere but through the ledger, or a
 * leg lost from an operation, fails it.
 */
export async function assertLedgerBalanced(database: Database): Promise<void> {
  const { db } = database;
  const [users, sums] = await Promise.all([
    db.selectFrom('users').select(['id', 'gold', 'diamonds']).execute(),
    db
      .selectFrom('ledger')
      .select(['user_id', 'currency', (eb) => eb.fn.sum<number>('amount').as('total')])
      .where('user_id', 'is not', null)
      .groupBy(['user_id', 'currency'])
      .execute(),
  ]);
  const ledger = new Map(sums.map((s) => [`${Number(s.user_id)}:${s.currency}`, Number(s.total)]));
  const wrong = users.flatMap((u) =>
    (['gold', 'diamonds'] as const).flatMap((currency) => {
      const balance = Number(u[currency]);
      const summed = ledger.get(`${Number(u.id)}:${currency}`) ?? 0;
      return balance === summed && balance >= 0 ? [] : [{ user: Number(u.id), currency, balance, summed }];
    }),
  );
  expect(wrong, 'balances that differ from their ledger rows').toEqual([]);
}

/** The rows one operation wrote, in leg order. */
export const legsOf = (database: Database, operationKey: string) =>
  database.db
    .selectFrom('ledger')
    .select(['user_id', 'currency', 'amount', 'reason', 'ref_type', 'ref_id'])
    .where('operation_key', '=', operationKey)
    .orderBy('leg')
    .execute()
    .then((rows) =>
      rows.map((r) => ({
        ...r,
        user_id: r.user_id === null ? null : Number(r.user_id),
        amount: Number(r.amount),
        ref_id: r.ref_id === null ? null : Number(r.ref_id),
      })),
    );
