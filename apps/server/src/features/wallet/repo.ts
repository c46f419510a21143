import type { Balances } from '@pixelhall/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { PageStart } from '../../db/keyset';
import type { Currency } from '../../db/schema';

const HISTORY_COLUMNS = [
  'id',
  'currency',
  'amount',
  'balance_after',
  'reason',
  'ref_type',
  'ref_id',
  'reverses_id',
  'created_at',
] as const;

/** Reads of balances and ledger rows; every write goes through ledger.ts. */
export function walletRepo(db: Executor) {
  /** A member's own rows: house rows (user_id null) never match. */
  const rowsOf = (userId: number, currency: Currency | undefined) =>
    db
      .selectFrom('ledger')
      .where('user_id', '=', userId)
      .$if(currency !== undefined, (q) => q.where('currency', '=', currency!));

  return {
    async balances(userId: number): Promise<Balances | null> {
      const row = await db
        .selectFrom('users')
        .select(['gold', 'diamonds'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ? { gold: Number(row.gold), diamonds: Number(row.diamonds) } : null;
    },

    /** Newest first, a range on ledger_user (user_id, id). */
    history: (userId: number, currency: Currency | undefined, start: PageStart, limit: number) =>
      rowsOf(userId, currency)
        .select(HISTORY_COLUMNS)
        .$if(start.after !== null, (q) => q.where('id', '<', start.after![0]!))
        .orderBy('id', 'desc')
        .offset(start.offset)
        .limit(limit)
        .execute(),

    historyCount: async (userId: number, currency: Currency | undefined) =>
      Number(
        (
          await rowsOf(userId, currency)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** The legs one operation wrote, in order: what a repeated request answers from. */
    legs: async (operationKey: string) =>
      (
        await db
          .selectFrom('ledger')
          .select(['user_id', 'currency', 'amount', 'reason'])
          .where('operation_key', '=', operationKey)
          .orderBy('leg')
          .execute()
      ).map((r) => ({
        userId: r.user_id === null ? null : Number(r.user_id),
        currency: r.currency,
        amount: Number(r.amount),
        reason: r.reason,
      })),

    /** Any status: an operator may credit a disabled account (it keeps its ledger). */
    userByUsername: (username: string) =>
      db
        .selectFrom('users')
        .select(['id', 'username', 'gold', 'diamonds'])
        .where(sql`lower(username)`, '=', username.trim().toLowerCase())
        .executeTakeFirst(),

    /** What the ledger says a member holds: equal to the balances unless something bypassed it. */
    async ledgerSums(userId: number): Promise<Balances> {
      const rows = await db
        .selectFrom('ledger')
        .select(['currency', (eb) => eb.fn.sum<number>('amount').as('total')])
        .where('user_id', '=', userId)
        .groupBy('currency')
        .execute();
      const sum = (c: Currency) => Number(rows.find((r) => r.currency === c)?.total ?? 0);
      return { gold: sum('gold'), diamonds: sum('diamonds') };
    },
  };
}
export type WalletRepo = ReturnType<typeof walletRepo>;
