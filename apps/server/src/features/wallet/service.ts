import {
  type Balances,
  type CurrencyName,
  exchangeConfigSchema,
  type LedgerEntry,
  type PageQuery,
  type Wallet,
} from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { keysetPage } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { AppError, fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { assertFullMember } from '../../shared/full-member';
import type { OptionsService } from '../options/public';
import { grantCredit } from './grants';
import { postLegs, runOnce } from './ledger';
import { walletRepo } from './repo';

/** Thrown to the operator console (ops/cli.ts) in words, not message keys. */
export class WalletOperatorError extends Error {}

/** Balances, the diamond exchange, the balance history and the operator's grants. */
export function walletService({
  db,
  clock,
  options,
}: {
  db: Kysely<DB>;
  clock: () => number;
  options: OptionsService;
}) {
  const repo = walletRepo(db);

  async function balancesOf(userId: number): Promise<Balances> {
    const balances = await repo.balances(userId);
    if (!balances) throw fail('errors.user_not_found');
    return balances;
  }

  /** The operator's `exchange_config` (a default until one is set). */
  async function goldPerDiamond(): Promise<number> {
    const { option_value } = await options.get('exchange_config');
    return exchangeConfigSchema.parse(option_value).gold_per_diamond;
  }

  return {
    async wallet(member: Member): Promise<Wallet> {
      const [balances, rate] = await Promise.all([balancesOf(member.id), goldPerDiamond()]);
      return { ...balances, gold_per_diamond: rate };
    },

    /**
     * Diamonds to gold at the rate of the moment: one operation, two legs, so the member never
     * holds both or neither. A repeat of the request answers what the first one did.
     */
    async exchange(member: Member, input: { diamonds: number; request_id: string }) {
      assertFullMember(member);
      const rate = await goldPerDiamond();
      const key = `exchange:${member.id}:${input.request_id}`;
      const now = clock();
      await runOnce(
        db,
        { key, userId: member.id, kind: 'exchange', params: { diamonds: input.diamonds } },
        now,
        async (trx) => {
          await postLegs(
            trx,
            key,
            [
              { userId: member.id, currency: 'diamonds', amount: -input.diamonds, reason: 'exchange' },
              { userId: member.id, currency: 'gold', amount: input.diamonds * rate, reason: 'exchange' },
            ],
            now,
          );
        },
        async () => undefined,
      );
      const legs = await repo.legs(key);
      const diamonds = -(legs.find((l) => l.currency === 'diamonds')?.amount ?? 0);
      const gold = legs.find((l) => l.currency === 'gold')?.amount ?? 0;
      const balances = await balancesOf(member.id);
      return answer({ ...balances, gold_per_diamond: rate, added_gold: gold }, 'economy.exchanged', {
        diamonds,
        gold,
      });
    },

    /** The caller's own ledger rows, newest first; the house's rows are nobody's history. */
    async history(member: Member, query: PageQuery & { currency?: CurrencyName }) {
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(
          query,
          (r: { id: number }) => [Number(r.id)],
          1,
          (start, limit) => repo.history(member.id, query.currency, start, limit),
        ),
        repo.historyCount(member.id, query.currency),
      ]);
      const list: LedgerEntry[] = rows.map((r) => ({
        id: Number(r.id),
        currency: r.currency,
        amount: Number(r.amount),
        balance_after: Number(r.balance_after),
        reason: r.reason as LedgerEntry['reason'],
        ref_type: r.ref_type,
        ref_id: r.ref_id === null ? null : Number(r.ref_id),
        reverses_id: r.reverses_id === null ? null : Number(r.reverses_id),
        created_at: Number(r.created_at),
      }));
      return { list, total, cursor };
    },

    /** Operator command `wallet:grant`: credits a member through the ledger (reason grant). */
    async grant(input: {
      username: string;
      currency: CurrencyName;
      amount: number;
      note?: string;
      requestId?: string;
    }) {
      const user = await repo.userByUsername(input.username);
      if (!user) throw new WalletOperatorError(`there is no member named ${input.username}`);
      const userId = Number(user.id);
      const { key, applied } = await grantCredit(
        db,
        userId,
        { [input.currency]: input.amount },
        { now: clock(), requestId: input.requestId, note: input.note },
      ).catch((err: unknown) => {
        if (err instanceof AppError && err.messageKey === 'errors.request_id_reused') {
          throw new WalletOperatorError(
            `request id ${input.requestId} was already used for a different grant to ${user.username}; nothing was changed`,
          );
        }
        throw err;
      });
      return { username: user.username, key, applied, balances: await balancesOf(userId) };
    },

    /** Operator command `wallet:balance`: the balances, and whether the ledger agrees with them. */
    async balance(username: string) {
      const user = await repo.userByUsername(username);
      if (!user) throw new WalletOperatorError(`there is no member named ${username}`);
      const userId = Number(user.id);
      const [balances, ledger] = await Promise.all([balancesOf(userId), repo.ledgerSums(userId)]);
      return { username: user.username, balances, ledger };
    },
  };
}
export type WalletService = ReturnType<typeof walletService>;
