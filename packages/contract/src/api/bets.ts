import { z } from 'zod';
import { amountField } from '../validators';
import { idField, listOf, pageQuery } from './common';
import { balancesSchema, requestIdField } from './economy-common';
import { endpoint } from './endpoint';

export const betOptionSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  odds: z.number().describe('Decimal odds, two places (1.85 pays 1.85 × stake before the charge)'),
});

/** open: taking bets; closed: betting over, not started; in_game: started; then settled or cancelled. */
export const BET_EVENT_STATES = ['open', 'closed', 'in_game', 'settled', 'cancelled'] as const;

export const betEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  options: z.array(betOptionSchema),
  close_at: z.number().int().describe('Betting closes'),
  start_at: z.number().int().describe('The match starts'),
  state: z.enum(BET_EVENT_STATES),
  winner_option_id: z.number().int().nullable(),
  bet_count: z.number().int().min(0),
});
export type BetEvent = z.output<typeof betEventSchema>;

export const betEvents = endpoint({
  base: 'api',
  path: 'bet/events',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'Bet events open for betting, soonest closing first, then recent ones',
  payload: pageQuery,
  data: listOf(betEventSchema),
});

/** Waiting → in game at the start time → won or lost at settlement (refunded if cancelled): docs/product/bets.md#bet-status. */
export const BET_STATUSES = ['waiting', 'in_game', 'won', 'lost', 'refunded'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];
export const BET_FILTERS = ['all', 'in_game', 'won', 'lost', 'waiting'] as const;

export const betSchema = z.object({
  id: z.number().int(),
  event: z.object({ id: z.number().int(), title: z.string(), start_at: z.number().int() }),
  option: z.object({ id: z.number().int(), label: z.string() }),
  amount: z.number().int().min(1),
  odds: z.number(),
  winner: z.string().nullable().describe('The winning side, once settled'),
  prize: z
    .number()
    .int()
    .min(0)
    .describe('Paid (won), or to be paid if it wins (waiting, in game); after the charge'),
  charge: z.number().int().min(0).describe('The service charge taken from the prize'),
  status: z.enum(BET_STATUSES),
  created_at: z.number().int().describe('Betting time'),
  settled_at: z.number().int().nullable().describe('Settlement time'),
});
export type Bet = z.output<typeof betSchema>;

export const newBet = endpoint({
  base: 'api',
  path: 'new/bet',
  auth: 'required',
  summary: 'Place a bet (level 30 and up); the stake is debited at once',
  payload: z.object({
    event_id: idField,
    option: idField.describe('The chosen option id'),
    amount: amountField,
    request_id: requestIdField,
  }),
  data: z.object({ bet: betSchema, balances: balancesSchema }),
});

export const betList = endpoint({
  base: 'api',
  path: 'bet/list',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's bets, newest first, by filter",
  payload: pageQuery.extend({ filter: z.enum(BET_FILTERS).default('all') }),
  data: listOf(betSchema),
});

/** The prize a stake wins at decimal odds, and the service charge taken from it. */
export function betPayout(
  amount: number,
  oddsX100: number,
  chargeRate: number,
): { gross: number; charge: number; prize: number } {
  const gross = Math.floor((amount * oddsX100) / 100);
  const charge = Math.floor(gross * chargeRate);
  return { gross, charge, prize: gross - charge };
}

export const betsEndpoints = { betEvents, newBet, betList } as const;
