import { type BET_FILTERS, LEVEL_BET, type PageQuery } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/dialect';
import { keysetPage } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import type { ProductText } from '../../product-text';
import { assertFullMember } from '../../shared/full-member';
import { recordActivity } from '../activity/public';
import { postLegs, runOnce } from '../wallet/public';
import { toBet, toEvent } from './present';
import { type BetRow, betsRepo, type ListedEventRow } from './repo';
import { betOperations } from './settlement';

export interface NewBet {
  event_id: number;
  option: number;
  amount: number;
  request_id: string;
}

/**
 * Bets as members see them: the events to bet on, placing a bet (the stake is debited at once,
 * through the ledger, under the key of the member's request) and their own bets by status.
 * Operators create, settle, reverse and cancel events (settlement.ts, ops commands).
 */
export function betsService({ db, engine, clock }: { db: Kysely<DB>; engine: Engine; clock: () => number }) {
  const repo = betsRepo(db);
  // SQLite runs one write transaction at a time; PostgreSQL needs the event row share-locked.
  const lockEvents = engine === 'postgres';

  async function presentBet(betId: number, now: number, text: ProductText) {
    const row = await repo.findBet(betId);
    if (!row) throw new Error(`bet ${betId} vanished`);
    return toBet(row, now, text);
  }

  return {
    ...betOperations({ db, clock }),

    async events(query: PageQuery, text: ProductText) {
      const now = clock();
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(
          query,
          (r: ListedEventRow) => [Number(r.sort_group), Number(r.sort_at), Number(r.sort_id)],
          3,
          (start, limit) => repo.listEvents(now, start, limit),
        ),
        repo.countListedEvents(now),
      ]);
      const ids = rows.map((r) => Number(r.id));
      const [options, counts] = await Promise.all([repo.optionsOf(ids), repo.betCounts(ids)]);
      const list = rows.map((r) =>
        toEvent(
          r,
          options.filter((o) => Number(o.event_id) === Number(r.id)),
          counts.get(Number(r.id)) ?? 0,
          now,
          text,
        ),
      );
      return { list, total, cursor };
    },

    async place(member: Member, bet: NewBet, text: ProductText) {
      assertFullMember(member);
      if ((await repo.levelOf(member.id)) < LEVEL_BET)
        throw fail('errors.level_required', { level: LEVEL_BET });
      const now = clock();
      const key = `bet:${member.id}:${bet.request_id}`;
      // Everything about the event is checked after the key is claimed: a repeat of a bet that
      // went through answers that bet, even once betting has closed.
      const { result: betId } = await runOnce(
        db,
        {
          key,
          userId: member.id,
          kind: 'bet',
          refType: 'bet_event',
          refId: bet.event_id,
          params: { option: bet.option, amount: bet.amount },
        },
        now,
        async (trx) => {
          const tx = betsRepo(trx);
          const event = await tx.openEvent(bet.event_id, now, lockEvents);
          if (!event) {
            throw fail(
              (await tx.findEvent(bet.event_id)) ? 'errors.bet_closed' : 'errors.bet_event_not_found',
            );
          }
          const option = (await tx.optionsOf([Number(event.id)])).find((o) => Number(o.id) === bet.option);
          if (!option) throw fail('errors.bet_option_unknown');
          const id = await tx.insertBet({
            userId: member.id,
            eventId: Number(event.id),
            optionId: Number(option.id),
            amount: bet.amount,
            oddsX100: option.odds_x100,
            operationKey: key,
            now,
          });
          await postLegs(
            trx,
            key,
            [
              {
                userId: member.id,
                currency: 'gold',
                amount: -bet.amount,
                reason: 'bet_stake',
                refType: 'bet',
                refId: id,
              },
            ],
            now,
          );
          await recordActivity(trx, member.id, { kind: 'bet', betId: id }, now);
          return id;
        },
        async () => {
          const id = await repo.betIdByOperation(key);
          if (id === undefined) throw new Error(`operation ${key} has no bet`);
          return id;
        },
      );
      const [placed, balances] = await Promise.all([
        presentBet(betId, now, text),
        repo.balancesOf(member.id),
      ]);
      return answer(
        { bet: placed, balances: { gold: Number(balances.gold), diamonds: Number(balances.diamonds) } },
        'economy.bet_placed',
      );
    },

    async list(
      member: Member,
      query: PageQuery & { filter: (typeof BET_FILTERS)[number] },
      text: ProductText,
    ) {
      const now = clock();
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(
          query,
          (r: BetRow) => [Number(r.id)],
          1,
          (start, limit) => repo.listBets(member.id, query.filter, now, start, limit),
        ),
        repo.countBets(member.id, query.filter, now),
      ]);
      return { list: rows.map((r) => toBet(r, now, text)), total, cursor };
    },
  };
}
export type BetsService = ReturnType<typeof betsService>;
