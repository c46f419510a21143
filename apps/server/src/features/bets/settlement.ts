import { BET_SERVICE_CHARGE, type BetEvent, betPayout } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { asWritten } from '../../product-text';
import { recordActivity } from '../activity/public';
import { claimOperation, InsufficientBalance, type Leg, postLegs, reverseOperation } from '../wallet/public';
import { oddsOf, toEvent } from './present';
import { betsRepo, type OptionRow } from './repo';

/** A refusal for the operator at the console: the message says what is wrong and what to do. */
export class BetOperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BetOperatorError';
  }
}

export const BET_TITLE_MAX = 120;
export const BET_DESCRIPTION_MAX = 2000;
export const BET_LABEL_MAX = 60;
export const BET_OPTIONS_MIN = 2;
export const BET_OPTIONS_MAX = 4;
export const ODDS_MIN_X100 = 101;
export const ODDS_MAX_X100 = 10_000;

export interface EventInput {
  title: string;
  description?: string;
  options: { label: string; odds: number }[];
  closeAt: number;
  startAt: number;
}

export interface Settlement {
  /** false: the event was already settled with this winner, and nothing changed. */
  applied: boolean;
  eventId: number;
  winner: string;
  operationKey: string | null;
  winners: number;
  losers: number;
  /** Net prizes paid to members, and the service charges kept by the house. */
  paid: number;
  charges: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Decimal odds with at most two places, as hundredths; null when not such a number. */
export function oddsX100Of(odds: number): number | null {
  if (!Number.isFinite(odds)) return null;
  const x100 = Math.round(odds * 100);
  return Math.abs(odds * 100 - x100) < 1e-6 ? x100 : null;
}

function checkEvent(input: EventInput, now: number) {
  const title = input.title.trim();
  if (!title) throw new BetOperatorError('the event needs a title');
  if (title.length > BET_TITLE_MAX)
    throw new BetOperatorError(`the title is longer than ${BET_TITLE_MAX} characters`);
  const description = (input.description ?? '').trim();
  if (description.length > BET_DESCRIPTION_MAX)
    throw new BetOperatorError(`the description is longer than ${BET_DESCRIPTION_MAX} characters`);
  if (input.options.length < BET_OPTIONS_MIN || input.options.length > BET_OPTIONS_MAX)
    throw new BetOperatorError(
      `an event has ${BET_OPTIONS_MIN} to ${BET_OPTIONS_MAX} sides, not ${input.options.length}`,
    );
  const seen = new Set<string>();
  const options = input.options.map(({ label, odds }) => {
    const name = label.trim();
    if (!name) throw new BetOperatorError('every side needs a name');
    if (name.length > BET_LABEL_MAX)
      throw new BetOperatorError(`"${name}" is longer than ${BET_LABEL_MAX} characters`);
    if (seen.has(name.toLowerCase())) throw new BetOperatorError(`two sides are named "${name}"`);
    seen.add(name.toLowerCase());
    const oddsX100 = oddsX100Of(odds);
    if (oddsX100 === null || oddsX100 < ODDS_MIN_X100 || oddsX100 > ODDS_MAX_X100)
      throw new BetOperatorError(
        `the odds of "${name}" must be a decimal between 1.01 and 100 with at most two places, not ${odds}`,
      );
    return { label: name, oddsX100 };
  });
  if (!Number.isSafeInteger(input.closeAt) || !Number.isSafeInteger(input.startAt))
    throw new BetOperatorError('the close and start times must be dates');
  if (input.closeAt <= now)
    throw new BetOperatorError(`betting must close in the future, not at ${iso(input.closeAt)}`);
  if (input.closeAt > input.startAt)
    throw new BetOperatorError(
      `betting must close (${iso(input.closeAt)}) no later than the match starts (${iso(input.startAt)})`,
    );
  return { title, description, options, closeAt: input.closeAt, startAt: input.startAt };
}

/** An option by its id or its label (case-insensitive), as an operator types it. */
export function pickOption(options: OptionRow[], ref: string): OptionRow | undefined {
  const wanted = ref.trim();
  if (/^\d+$/.test(wanted)) {
    const byId = options.find((o) => Number(o.id) === Number(wanted));
    if (byId) return byId;
  }
  return options.find((o) => o.label.toLowerCase() === wanted.toLowerCase());
}

const sidesOf = (options: OptionRow[]) =>
  options.map((o) => `${o.id} "${o.label}" (${oddsOf(o.odds_x100).toFixed(2)})`).join(', ');

/**
 * What operators do with bet events (ops commands `bets:*`). Settlement, its reversal and a
 * cancellation are each one transaction that first moves the event's status with a conditional
 * update, so two of them at once cannot both act; every gold movement goes through the ledger
 * under a key that can be used once.
 */
/**
 * What a winning bet is paid: the gross prize (stake × odds), then the 10% service charge as its
 * own member row and the house's row (none when the charge rounds to 0).
 */
export function winnerPayout(userId: number, betId: number, amount: number, oddsX100: number) {
  const payout = betPayout(amount, oddsX100, BET_SERVICE_CHARGE);
  const ref = { refType: 'bet', refId: betId };
  const legs: Leg[] = [{ userId, currency: 'gold', amount: payout.gross, reason: 'bet_prize', ...ref }];
  if (payout.charge > 0) {
    legs.push(
      { userId, currency: 'gold', amount: -payout.charge, reason: 'bet_charge', ...ref },
      { userId: null, currency: 'gold', amount: payout.charge, reason: 'bet_charge', ...ref },
    );
  }
  return { ...payout, legs };
}

export function betOperations({ db, clock }: { db: Kysely<DB>; clock: () => number }) {
  const repo = betsRepo(db);

  async function present(eventId: number): Promise<BetEvent> {
    const event = await repo.findEvent(eventId);
    if (!event) throw new BetOperatorError(`there is no bet event ${eventId}`);
    const [options, counts] = await Promise.all([repo.optionsOf([eventId]), repo.betCounts([eventId])]);
    return toEvent(event, options, counts.get(eventId) ?? 0, clock(), asWritten);
  }

  return {
    /** For `bets:list` and the ops command's answers: an event as members see it. */
    presentEvent: present,

    async recentEvents(limit = 20): Promise<BetEvent[]> {
      const events = await repo.recentEvents(limit);
      const ids = events.map((e) => Number(e.id));
      const [options, counts] = await Promise.all([repo.optionsOf(ids), repo.betCounts(ids)]);
      const now = clock();
      return events.map((e) =>
        toEvent(
          e,
          options.filter((o) => Number(o.event_id) === Number(e.id)),
          counts.get(Number(e.id)) ?? 0,
          now,
          asWritten,
        ),
      );
    },

    async createEvent(input: EventInput): Promise<BetEvent> {
      const now = clock();
      const event = checkEvent(input, now);
      const id = await db
        .transaction()
        .execute((trx) => betsRepo(trx).insertEvent(event, event.options, now));
      return present(id);
    },

    /**
     * Pays every bet on the winning side `stake × odds` (rounded down) as a bet_prize leg, takes
     * the service charge back as its own bet_charge leg and credits it to the house, marks the
     * other bets lost. The ledger operation `settle:<event>:<n>` (n: settlements before) holds
     * every leg, so one settlement pays once.
     */
    async settle(eventId: number, optionRef: string): Promise<Settlement> {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const tx = betsRepo(trx);
        const event = await tx.findEvent(eventId);
        if (!event) throw new BetOperatorError(`there is no bet event ${eventId}`);
        const options = await tx.optionsOf([eventId]);
        const winner = pickOption(options, optionRef);
        if (!winner)
          throw new BetOperatorError(
            `event ${eventId} has no side "${optionRef}"; its sides: ${sidesOf(options)}`,
          );
        if (!(await tx.markSettled(eventId, Number(winner.id), now))) {
          // Read again: a settlement that ran at the same time has committed by now.
          const current = (await tx.findEvent(eventId))!;
          if (current.status === 'settled' && Number(current.winner_option_id) === Number(winner.id)) {
            const none = { operationKey: null, winners: 0, losers: 0, paid: 0, charges: 0 };
            return { applied: false, eventId, winner: winner.label, ...none };
          }
          if (current.status === 'settled') {
            const other = options.find((o) => Number(o.id) === Number(current.winner_option_id));
            throw new BetOperatorError(
              `event ${eventId} is already settled with "${other?.label}" as the winner; reverse it first (bets:reverse ${eventId})`,
            );
          }
          if (current.status === 'cancelled') throw new BetOperatorError(`event ${eventId} was cancelled`);
          throw new BetOperatorError(
            `betting on event ${eventId} is open until ${iso(Number(current.close_at))}; settle it after that (or cancel it)`,
          );
        }
        const n = await tx.settlementCount(eventId);
        const operationKey = `settle:${eventId}:${n}`;
        const op = {
          key: operationKey,
          userId: null,
          kind: 'bet_settlement',
          refType: 'bet_event',
          refId: eventId,
        };
        if (!(await claimOperation(trx, op, now)))
          throw new BetOperatorError(`the ledger already holds ${operationKey}; nothing was changed`);

        const won = (await tx.placedBets(eventId)).filter((b) => Number(b.option_id) === Number(winner.id));
        const legs: Leg[] = [];
        const payouts = won.map((bet) => {
          const userId = Number(bet.user_id);
          const payout = winnerPayout(userId, Number(bet.id), Number(bet.amount), bet.odds_x100);
          legs.push(...payout.legs);
          return { bet, userId, ...payout };
        });
        await postLegs(trx, operationKey, legs, now);
        for (const p of payouts) {
          await tx.markWon(Number(p.bet.id), p.prize, p.charge, now);
          await recordActivity(trx, p.userId, { kind: 'bet_won', betId: Number(p.bet.id) }, now);
        }
        const losers = await tx.markLost(eventId, Number(winner.id), now);
        return {
          applied: true,
          eventId,
          winner: winner.label,
          operationKey,
          winners: payouts.length,
          losers,
          paid: payouts.reduce((sum, p) => sum + p.prize, 0),
          charges: payouts.reduce((sum, p) => sum + p.charge, 0),
        };
      });
    },

    /**
     * Undoes the last settlement with reversal rows under `reverse:<event>:<n>`: every bet goes
     * back to placed and the event to open, to be settled again. Refused as a whole, naming the
     * member, when a winner no longer has the prize. Experience and achievements earned by the
     * win are kept (they are not money and are never taken back).
     */
    async reverse(eventId: number) {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const tx = betsRepo(trx);
        const event = await tx.findEvent(eventId);
        if (!event) throw new BetOperatorError(`there is no bet event ${eventId}`);
        if (!(await tx.markUnsettled(eventId))) {
          const current = (await tx.findEvent(eventId))!;
          throw new BetOperatorError(
            current.status === 'cancelled'
              ? `event ${eventId} was cancelled, not settled`
              : `event ${eventId} is not settled; there is nothing to reverse`,
          );
        }
        const n = (await tx.settlementCount(eventId)) - 1;
        const settleKey = `settle:${eventId}:${n}`;
        const reverseKey = `reverse:${eventId}:${n}`;
        const op = {
          key: reverseKey,
          userId: null,
          kind: 'bet_reversal',
          refType: 'bet_event',
          refId: eventId,
        };
        if (n < 0 || !(await claimOperation(trx, op, now)))
          throw new BetOperatorError(
            `settlement ${settleKey} is missing or already reversed; nothing was changed`,
          );

        const owed = await tx.netPaidBy(settleKey);
        const members = new Map(
          (await tx.membersByIds(owed.map((o) => o.user_id))).map((m) => [Number(m.id), m]),
        );
        for (const { user_id, net } of owed) {
          const m = members.get(user_id);
          if (m && Number(m.gold) < net)
            throw new BetOperatorError(
              `cannot reverse event ${eventId}: member ${m.username} (id ${user_id}, "${m.nickname}") was paid ${net} gold and has ${m.gold} left; nothing was changed`,
            );
        }
        let legs: number;
        try {
          legs = (await reverseOperation(trx, settleKey, reverseKey, now)).length;
        } catch (err) {
          if (err instanceof InsufficientBalance)
            throw new BetOperatorError(
              `cannot reverse event ${eventId}: a winner spent part of the prize just now; nothing was changed`,
            );
          throw err;
        }
        const bets = await tx.unsettleBets(eventId);
        return {
          eventId,
          operationKey: reverseKey,
          bets,
          legs,
          takenBack: owed.reduce((sum, o) => sum + o.net, 0),
        };
      });
    },

    /** Refunds every stake (`refund:<bet>`, reason bet_refund) and closes the event for good. */
    async cancel(eventId: number) {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const tx = betsRepo(trx);
        const event = await tx.findEvent(eventId);
        if (!event) throw new BetOperatorError(`there is no bet event ${eventId}`);
        if (!(await tx.markCancelled(eventId, now))) {
          const current = (await tx.findEvent(eventId))!;
          if (current.status === 'cancelled') return { applied: false, eventId, refunded: 0, gold: 0 };
          throw new BetOperatorError(
            `event ${eventId} is settled; reverse the settlement first (bets:reverse ${eventId}), then cancel it`,
          );
        }
        let refunded = 0;
        let gold = 0;
        for (const bet of await tx.placedBets(eventId)) {
          const key = `refund:${bet.id}`;
          const userId = Number(bet.user_id);
          const op = { key, userId, kind: 'bet_refund', refType: 'bet', refId: Number(bet.id) };
          if (await claimOperation(trx, op, now)) {
            await postLegs(
              trx,
              key,
              [
                {
                  userId,
                  currency: 'gold',
                  amount: Number(bet.amount),
                  reason: 'bet_refund',
                  refType: 'bet',
                  refId: Number(bet.id),
                },
              ],
              now,
            );
            refunded += 1;
            gold += Number(bet.amount);
          }
          await tx.markRefunded(Number(bet.id), now);
        }
        return { applied: true, eventId, refunded, gold };
      });
    },
  };
}
export type BetOperations = ReturnType<typeof betOperations>;
