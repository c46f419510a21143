import {
  type BET_EVENT_STATES,
  BET_SERVICE_CHARGE,
  type Bet,
  type BetEvent,
  type BetStatus,
  betPayout,
} from '@pixelhall/contract';
import type { ProductText } from '../../product-text';
import type { BetRow, EventRow, OptionRow } from './repo';

type EventState = (typeof BET_EVENT_STATES)[number];

/** Decimal odds from hundredths: 185 → 1.85. */
export const oddsOf = (oddsX100: number) => oddsX100 / 100;

/** Where an event stands at `now`: the stored status says settled or cancelled; the clock the rest. */
export function eventState(
  event: Pick<EventRow, 'status' | 'close_at' | 'start_at'>,
  now: number,
): EventState {
  if (event.status !== 'open') return event.status;
  if (now < Number(event.close_at)) return 'open';
  return now < Number(event.start_at) ? 'closed' : 'in_game';
}

/** An event as members see it; the product writes events, so `text` gives them in their language. */
export function toEvent(
  event: EventRow,
  options: OptionRow[],
  betCount: number,
  now: number,
  text: ProductText,
): BetEvent {
  return {
    id: Number(event.id),
    title: text(event.title),
    description: text(event.description),
    options: options.map((o) => ({ id: Number(o.id), label: text(o.label), odds: oddsOf(o.odds_x100) })),
    close_at: Number(event.close_at),
    start_at: Number(event.start_at),
    state: eventState(event, now),
    winner_option_id: event.winner_option_id === null ? null : Number(event.winner_option_id),
    bet_count: betCount,
  };
}

/** Waiting until the start time, then in game, then won or lost at settlement (docs/product/bets.md#bet-status). */
export function betStatus(bet: Pick<BetRow, 'result' | 'event_start_at'>, now: number): BetStatus {
  if (bet.result !== 'placed') return bet.result;
  return now < Number(bet.event_start_at) ? 'waiting' : 'in_game';
}

export function toBet(row: BetRow, now: number, text: ProductText): Bet {
  const status = betStatus(row, now);
  // An unsettled bet shows what it would pay; a settled one what it paid (nothing if lost).
  const shown =
    row.result === 'placed'
      ? betPayout(Number(row.amount), row.odds_x100, BET_SERVICE_CHARGE)
      : { prize: Number(row.prize), charge: Number(row.charge) };
  return {
    id: Number(row.id),
    event: { id: Number(row.event_id), title: text(row.event_title), start_at: Number(row.event_start_at) },
    option: { id: Number(row.option_id), label: text(row.option_label) },
    amount: Number(row.amount),
    odds: oddsOf(row.odds_x100),
    winner: row.winner_label === null ? null : text(row.winner_label),
    prize: shown.prize,
    charge: shown.charge,
    status,
    created_at: Number(row.created_at),
    settled_at: row.settled_at === null ? null : Number(row.settled_at),
  };
}
