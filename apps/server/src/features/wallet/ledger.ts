import { createHash } from 'node:crypto';
import { type LEDGER_REASON_NAMES, MainCode } from '@pixelhall/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Currency, DB } from '../../db/schema';
import { AppError, fail } from '../../http/app-error';

/**
 * The only code that changes a gold or diamond balance (docs/product/economy.md#ledger).
 *
 * An operation (a claim, purchase, unlock, bet, settlement …) has a key that is unique in
 * `ledger_operations`: its first insert wins, so a request sent twice, or fifty times at once,
 * applies once; the losers see `applied: false` and read what the winner did. The key is
 * reusable only with the same parameters: one that comes back asking for something else is
 * refused (`errors.request_id_reused`) and changes nothing. Each leg of an
 * operation is a conditional `balance = balance + amount WHERE balance + amount >= 0` and an
 * immutable ledger row with the balance after it, in the same transaction. A leg that would go
 * below zero aborts the whole operation.
 */

/** Why a row moved money; the contract lists them so the app can name each in the history. */
export type LedgerReason = (typeof LEDGER_REASON_NAMES)[number];

export interface Leg {
  /** null is the house: platform shares and service charges, which have no balance to keep. */
  userId: number | null;
  currency: Currency;
  /** Signed, non-zero; a debit that would take the balance below zero fails the operation. */
  amount: number;
  reason: LedgerReason;
  refType?: string | null;
  refId?: number | null;
  reversesId?: number | null;
}

/** A parameter of an operation's request: what a repeat of its key must ask for again. */
type OperationParam = string | number | boolean | null;

export interface Operation {
  key: string;
  userId: number | null;
  kind: string;
  refType?: string | null;
  refId?: number | null;
  /**
   * What the request asked for that its key does not say (an amount, an option …). With the
   * kind and the reference, it makes the fingerprint a repeat of the key must match.
   */
  params?: Readonly<Record<string, OperationParam>>;
  note?: string | null;
}

/**
 * SHA-256 of the operation's kind, reference and parameters as canonical JSON (keys sorted), so
 * the same request always has the same fingerprint whatever order its fields came in.
 */
function fingerprintOf(op: Operation): string {
  const params = Object.entries(op.params ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = JSON.stringify([op.kind, op.refType ?? null, op.refId ?? null, params]);
  return createHash('sha256').update(canonical).digest('hex');
}

export interface Posted {
  id: number;
  userId: number | null;
  currency: Currency;
  amount: number;
  balanceAfter: number | null;
}

/** Thrown inside an operation when a debit is larger than the balance; rolls everything back. */
export class InsufficientBalance extends Error {
  constructor(readonly currency: Currency) {
    super(`insufficient ${currency}`);
    this.name = 'InsufficientBalance';
  }
}

/**
 * The answer a member reads for a shortage: gold answers code 1003 (the app's "Not enough coins"
 * dialog with "Get coins"); diamonds the plain fail code with "Insufficient diamond balance".
 */
export function shortageError(currency: Currency): AppError {
  return currency === 'gold'
    ? new AppError('errors.lack_of_gold', {}, MainCode.NotEnoughGold)
    : fail('errors.insufficient_diamonds');
}

/**
 * Records the operation; false when its key was already applied (by this or another request)
 * with the same fingerprint. A key applied with another one is refused: the request id was
 * reused for a different request. A concurrent insert of the same key waits for the other
 * transaction (the unique key), so the fingerprint read here is the winner's, committed.
 */
export async function claimOperation(trx: Executor, op: Operation, now: number): Promise<boolean> {
  const fingerprint = fingerprintOf(op);
  const inserted = await trx
    .insertInto('ledger_operations')
    .values({
      key: op.key,
      user_id: op.userId,
      kind: op.kind,
      ref_type: op.refType ?? null,
      ref_id: op.refId ?? null,
      note: op.note ?? null,
      fingerprint,
      created_at: now,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted !== undefined) return true;
  const first = await trx
    .selectFrom('ledger_operations')
    .select('fingerprint')
    .where('key', '=', op.key)
    .executeTakeFirst();
  // Operations recorded before fingerprints have none: their repeats replay as they always did.
  if (first?.fingerprint != null && first.fingerprint !== fingerprint) throw fail('errors.request_id_reused');
  return false;
}

/** Applies legs in order under an operation already claimed in this transaction. */
export async function postLegs(
  trx: Executor,
  operationKey: string,
  legs: readonly Leg[],
  now: number,
): Promise<Posted[]> {
  const posted: Posted[] = [];
  const first = await trx
    .selectFrom('ledger')
    .select((eb) => eb.fn.max('leg').as('leg'))
    .where('operation_key', '=', operationKey)
    .executeTakeFirst();
  let leg = Number(first?.leg ?? 0);
  for (const l of legs) {
    if (!Number.isSafeInteger(l.amount) || l.amount === 0) throw new Error(`bad ledger amount ${l.amount}`);
    let balanceAfter: number | null = null;
    if (l.userId !== null) {
      const column = l.currency;
      const updated = await trx
        .updateTable('users')
        .set({ [column]: sql`${sql.ref(column)} + ${l.amount}` })
        .where('id', '=', l.userId)
        .where(sql<boolean>`${sql.ref(column)} + ${l.amount} >= 0`)
        .returning(column)
        .executeTakeFirst();
      if (!updated) throw new InsufficientBalance(l.currency);
      balanceAfter = Number((updated as Record<Currency, number>)[column]);
    }
    leg += 1;
    const row = await trx
      .insertInto('ledger')
      .values({
        operation_key: operationKey,
        leg,
        user_id: l.userId,
        currency: l.currency,
        amount: l.amount,
        balance_after: balanceAfter,
        reason: l.reason,
        ref_type: l.refType ?? null,
        ref_id: l.refId ?? null,
        reverses_id: l.reversesId ?? null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    posted.push({
      id: Number(row.id),
      userId: l.userId,
      currency: l.currency,
      amount: l.amount,
      balanceAfter,
    });
  }
  return posted;
}

export interface OnceResult<T> {
  /** false when the operation had already been applied; `result` is then `already()`'s. */
  applied: boolean;
  result: T;
}

/**
 * Runs `apply` once per operation key, in one transaction with the key's claim. A shortage
 * becomes the member's message (`shortageError`); any other failure rolls back and rethrows.
 * A repeat (or a concurrent loser) gets `already()`, read after the winner committed.
 */
export async function runOnce<T>(
  db: Kysely<DB>,
  op: Operation,
  now: number,
  apply: (trx: Transaction<DB>) => Promise<T>,
  already: () => Promise<T>,
): Promise<OnceResult<T>> {
  let outcome: { applied: true; result: T } | { applied: false };
  try {
    outcome = await db.transaction().execute(async (trx) => {
      if (!(await claimOperation(trx, op, now))) return { applied: false as const };
      return { applied: true as const, result: await apply(trx) };
    });
  } catch (err) {
    if (err instanceof InsufficientBalance) throw shortageError(err.currency);
    throw err;
  }
  if (outcome.applied) return outcome;
  return { applied: false, result: await already() };
}

/**
 * Undoes every leg of an operation with new rows (never edits), under its own operation key.
 * A member who has since spent what is being taken back makes the reversal fail as a whole.
 */
export async function reverseOperation(
  trx: Executor,
  operationKey: string,
  reversalKey: string,
  now: number,
): Promise<Posted[]> {
  const rows = await trx
    .selectFrom('ledger')
    .selectAll()
    .where('operation_key', '=', operationKey)
    .where('reverses_id', 'is', null)
    .orderBy('leg', 'desc')
    .execute();
  return postLegs(
    trx,
    reversalKey,
    rows.map((r) => ({
      userId: r.user_id === null ? null : Number(r.user_id),
      currency: r.currency,
      amount: -Number(r.amount),
      reason: 'reversal' as const,
      refType: r.ref_type,
      refId: r.ref_id === null ? null : Number(r.ref_id),
      reversesId: Number(r.id),
    })),
    now,
  );
}
