import type { BET_FILTERS } from '@pixelhall/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { PageStart } from '../../db/keyset';

export type BetFilter = (typeof BET_FILTERS)[number];

/** How long a closed, settled or cancelled event stays in `bet/events` after betting closed. */
export const RECENT_EVENTS_MS = 14 * 86_400_000;

const EVENT_COLUMNS = [
  'bet_events.id',
  'bet_events.title',
  'bet_events.description',
  'bet_events.close_at',
  'bet_events.start_at',
  'bet_events.status',
  'bet_events.winner_option_id',
  'bet_events.settled_at',
] as const;

export interface EventRow {
  id: number;
  title: string;
  description: string;
  close_at: number;
  start_at: number;
  status: 'open' | 'settled' | 'cancelled';
  winner_option_id: number | null;
  settled_at: number | null;
}

const BET_COLUMNS = [
  'bets.id',
  'bets.user_id',
  'bets.event_id',
  'bets.option_id',
  'bets.amount',
  'bets.odds_x100',
  'bets.result',
  'bets.prize',
  'bets.charge',
  'bets.created_at',
  'bets.settled_at',
  'e.title as event_title',
  'e.start_at as event_start_at',
  'o.label as option_label',
  'w.label as winner_label',
] as const;

export interface OptionRow {
  id: number;
  event_id: number;
  label: string;
  odds_x100: number;
  position: number;
}

/** A bet with what its list item shows of its event and options. */
export interface BetRow {
  id: number;
  user_id: number;
  event_id: number;
  option_id: number;
  amount: number;
  odds_x100: number;
  result: 'placed' | 'won' | 'lost' | 'refunded';
  prize: number;
  charge: number;
  created_at: number;
  settled_at: number | null;
  event_title: string;
  event_start_at: number;
  option_label: string;
  winner_label: string | null;
}

/**
 * The order of `bet/events`: events still taking bets, soonest closing first (group 0), then the
 * rest, most recently closed first (group 1). Written as one ascending key (group, ±close_at,
 * ±id) so that a keyset cursor works across both groups.
 */
function eventOrder(now: number) {
  const open = sql<boolean>`(bet_events.status = 'open' and bet_events.close_at > ${now})`;
  return {
    group: sql<number>`(case when ${open} then 0 else 1 end)`,
    at: sql<number>`(case when ${open} then bet_events.close_at else -bet_events.close_at end)`,
    id: sql<number>`(case when ${open} then bet_events.id else -bet_events.id end)`,
  };
}

/** Takes a transaction too, so a bet or a settlement reads and writes in one. */
export function betsRepo(db: Executor) {
  const listedEvents = (now: number) =>
    db
      .selectFrom('bet_events')
      // Unsettled events stay however old (they still await a result); the rest for a while.
      .where((eb) =>
        eb.or([
          eb('bet_events.status', '=', 'open'),
          eb('bet_events.close_at', '>=', now - RECENT_EVENTS_MS),
        ]),
      );

  const joinedBets = () =>
    db
      .selectFrom('bets')
      .innerJoin('bet_events as e', 'e.id', 'bets.event_id')
      .innerJoin('bet_options as o', 'o.id', 'bets.option_id')
      .leftJoin('bet_options as w', 'w.id', 'e.winner_option_id');

  const betsOf = (userId: number, filter: BetFilter, now: number) =>
    joinedBets()
      .where('bets.user_id', '=', userId)
      .$call((q) => {
        switch (filter) {
          case 'won':
            return q.where('bets.result', '=', 'won');
          case 'lost':
            return q.where('bets.result', '=', 'lost');
          case 'waiting':
            return q.where('bets.result', '=', 'placed').where('e.start_at', '>', now);
          case 'in_game':
            return q.where('bets.result', '=', 'placed').where('e.start_at', '<=', now);
          default:
            return q;
        }
      });

  return {
    async insertEvent(
      event: { title: string; description: string; closeAt: number; startAt: number },
      options: { label: string; oddsX100: number }[],
      now: number,
    ): Promise<number> {
      const { id } = await db
        .insertInto('bet_events')
        .values({
          title: event.title,
          description: event.description,
          close_at: event.closeAt,
          start_at: event.startAt,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('bet_options')
        .values(
          options.map((o, position) => ({
            event_id: Number(id),
            label: o.label,
            odds_x100: o.oddsX100,
            position,
          })),
        )
        .execute();
      return Number(id);
    },

    findEvent: (id: number): Promise<EventRow | undefined> =>
      db.selectFrom('bet_events').select(EVENT_COLUMNS).where('id', '=', id).executeTakeFirst(),

    /**
     * The event if it still takes bets at `now`. On PostgreSQL the row is share-locked until the
     * bet commits, so a settlement (which updates the row) waits for bets in flight and then
     * sees them; SQLite runs one write transaction at a time anyway.
     */
    openEvent: (id: number, now: number, lock: boolean): Promise<EventRow | undefined> =>
      db
        .selectFrom('bet_events')
        .select(EVENT_COLUMNS)
        .where('id', '=', id)
        .where('status', '=', 'open')
        .where('close_at', '>', now)
        .$if(lock, (q) => q.forShare())
        .executeTakeFirst(),

    async optionsOf(eventIds: number[]): Promise<OptionRow[]> {
      if (eventIds.length === 0) return [];
      return db
        .selectFrom('bet_options')
        .select(['id', 'event_id', 'label', 'odds_x100', 'position'])
        .where('event_id', 'in', eventIds)
        .orderBy('event_id')
        .orderBy('position')
        .execute();
    },

    async betCounts(eventIds: number[]): Promise<Map<number, number>> {
      if (eventIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('bets')
        .select(['event_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('event_id', 'in', eventIds)
        .groupBy('event_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.event_id), Number(r.count)]));
    },

    async countListedEvents(now: number): Promise<number> {
      const { count } = await listedEvents(now)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** A page of `bet/events` in the order of `eventOrder`; rows carry their sort key. */
    listEvents(now: number, start: PageStart, limit: number) {
      const order = eventOrder(now);
      return listedEvents(now)
        .select(EVENT_COLUMNS)
        .select([order.group.as('sort_group'), order.at.as('sort_at'), order.id.as('sort_id')])
        .$if(start.after !== null, (q) =>
          q.where(
            sql<boolean>`(${order.group}, ${order.at}, ${order.id}) > (cast(${start.after![0]} as bigint), cast(${start.after![1]} as bigint), cast(${start.after![2]} as bigint))`,
          ),
        )
        .orderBy(order.group)
        .orderBy(order.at)
        .orderBy(order.id)
        .offset(start.offset)
        .limit(limit)
        .execute();
    },

    async insertBet(bet: {
      userId: number;
      eventId: number;
      optionId: number;
      amount: number;
      oddsX100: number;
      operationKey: string;
      now: number;
    }): Promise<number> {
      const { id } = await db
        .insertInto('bets')
        .values({
          user_id: bet.userId,
          event_id: bet.eventId,
          option_id: bet.optionId,
          amount: bet.amount,
          odds_x100: bet.oddsX100,
          operation_key: bet.operationKey,
          created_at: bet.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    betIdByOperation: async (operationKey: string): Promise<number | undefined> => {
      const row = await db
        .selectFrom('bets')
        .select('id')
        .where('operation_key', '=', operationKey)
        .executeTakeFirst();
      return row ? Number(row.id) : undefined;
    },

    findBet: (id: number): Promise<BetRow | undefined> =>
      joinedBets().select(BET_COLUMNS).where('bets.id', '=', id).executeTakeFirst(),

    /** Counts over bets alone (and events only where the filter reads start_at): no joins per row. */
    async countBets(userId: number, filter: BetFilter, now: number): Promise<number> {
      const base = db.selectFrom('bets').where('bets.user_id', '=', userId);
      const filtered =
        filter === 'won' || filter === 'lost'
          ? base.where('bets.result', '=', filter)
          : filter === 'waiting' || filter === 'in_game'
            ? base
                .innerJoin('bet_events as e', 'e.id', 'bets.event_id')
                .where('bets.result', '=', 'placed')
                .where('e.start_at', filter === 'waiting' ? '>' : '<=', now)
            : base;
      const { count } = await filtered
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** The member's bets, newest first, keyset over id. */
    listBets: (userId: number, filter: BetFilter, now: number, start: PageStart, limit: number) =>
      betsOf(userId, filter, now)
        .select(BET_COLUMNS)
        .$if(start.after !== null, (q) => q.where('bets.id', '<', start.after![0]!))
        .orderBy('bets.id', 'desc')
        .offset(start.offset)
        .limit(limit)
        .execute(),

    /** Every bet of an event that is still placed (not yet settled or refunded). */
    placedBets: (eventId: number) =>
      db
        .selectFrom('bets')
        .select(['id', 'user_id', 'option_id', 'amount', 'odds_x100'])
        .where('event_id', '=', eventId)
        .where('result', '=', 'placed')
        .orderBy('id')
        .execute(),

    /** Open → settled, only if still open and betting has closed; false when it was not. */
    async markSettled(eventId: number, winnerOptionId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('bet_events')
        .set({ status: 'settled', winner_option_id: winnerOptionId, settled_at: now })
        .where('id', '=', eventId)
        .where('status', '=', 'open')
        .where('close_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Settled → open again (a reversal); false when the event was not settled. */
    async markUnsettled(eventId: number): Promise<boolean> {
      const result = await db
        .updateTable('bet_events')
        .set({ status: 'open', winner_option_id: null, settled_at: null })
        .where('id', '=', eventId)
        .where('status', '=', 'settled')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Open → cancelled; false when the event was not open. */
    async markCancelled(eventId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('bet_events')
        .set({ status: 'cancelled', settled_at: now })
        .where('id', '=', eventId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markWon(betId: number, prize: number, charge: number, now: number): Promise<void> {
      await db
        .updateTable('bets')
        .set({ result: 'won', prize, charge, settled_at: now })
        .where('id', '=', betId)
        .where('result', '=', 'placed')
        .execute();
    },

    async markLost(eventId: number, winnerOptionId: number, now: number): Promise<number> {
      const result = await db
        .updateTable('bets')
        .set({ result: 'lost', prize: 0, charge: 0, settled_at: now })
        .where('event_id', '=', eventId)
        .where('option_id', '!=', winnerOptionId)
        .where('result', '=', 'placed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async markRefunded(betId: number, now: number): Promise<void> {
      await db
        .updateTable('bets')
        .set({ result: 'refunded', prize: 0, charge: 0, settled_at: now })
        .where('id', '=', betId)
        .where('result', '=', 'placed')
        .execute();
    },

    /** A reversed settlement puts every bet of the event back to placed. */
    async unsettleBets(eventId: number): Promise<number> {
      const result = await db
        .updateTable('bets')
        .set({ result: 'placed', prize: 0, charge: 0, settled_at: null })
        .where('event_id', '=', eventId)
        .where('result', 'in', ['won', 'lost'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** How many settlements of the event the ledger holds (reversed ones included). */
    async settlementCount(eventId: number): Promise<number> {
      const { count } = await db
        .selectFrom('ledger_operations')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('kind', '=', 'bet_settlement')
        .where('ref_type', '=', 'bet_event')
        .where('ref_id', '=', eventId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** What each member was paid, net, by one settlement operation. */
    async netPaidBy(operationKey: string): Promise<{ user_id: number; net: number }[]> {
      const rows = await db
        .selectFrom('ledger')
        .select(['user_id', (eb) => eb.fn.sum<number>('amount').as('net')])
        .where('operation_key', '=', operationKey)
        .where('user_id', 'is not', null)
        .groupBy('user_id')
        .execute();
      return rows.map((r) => ({ user_id: Number(r.user_id), net: Number(r.net) }));
    },

    async membersByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('users')
        .select(['id', 'username', 'nickname', 'gold'])
        .where('id', 'in', ids)
        .execute();
    },

    levelOf: async (userId: number): Promise<number> =>
      (await db.selectFrom('users').select('level').where('id', '=', userId).executeTakeFirst())?.level ?? 1,

    balancesOf: (userId: number) =>
      db.selectFrom('users').select(['gold', 'diamonds']).where('id', '=', userId).executeTakeFirstOrThrow(),

    /** For operators: the newest events first. */
    recentEvents: (limit: number): Promise<EventRow[]> =>
      db.selectFrom('bet_events').select(EVENT_COLUMNS).orderBy('id', 'desc').limit(limit).execute(),
  };
}
export type BetsRepo = ReturnType<typeof betsRepo>;

/** The `bet/events` rows of `listEvents`, sort keys included. */
export type ListedEventRow = Awaited<ReturnType<BetsRepo['listEvents']>>[number];
