import { z } from 'zod';
import { amountField } from '../validators';
import { listOf, pageQuery } from './common';
import { balancesSchema, currencySchema, requestIdField } from './economy-common';
import { endpoint } from './endpoint';

export const walletSchema = balancesSchema.extend({
  gold_per_diamond: z.number().int().min(1).describe('The exchange rate of exchange/diamonds'),
});
export type Wallet = z.output<typeof walletSchema>;

export const userWallet = endpoint({
  base: 'api',
  path: 'user/wallet',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's gold and diamonds and the diamond exchange rate",
  payload: z.object({}),
  data: walletSchema,
});

export const exchangeDiamonds = endpoint({
  base: 'api',
  path: 'exchange/diamonds',
  auth: 'required',
  summary: 'Exchange diamonds for gold at the configured rate',
  payload: z.object({
    diamonds: amountField,
    request_id: requestIdField,
  }),
  data: walletSchema.extend({ added_gold: z.number().int().min(0) }),
});

export const LEDGER_REASON_NAMES = [
  'task_reward',
  'level_reward',
  'achievement_reward',
  'checkin_reward',
  'prop_purchase',
  'exchange',
  'post_unlock',
  'post_sale',
  'platform_share',
  'bet_stake',
  'bet_prize',
  'bet_charge',
  'bet_refund',
  'grant',
  'reversal',
  'post_refund',
  'post_refund_returned',
] as const;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  currency: currencySchema,
  amount: z.number().int().describe('Signed: credits positive, debits negative'),
  balance_after: z.number().int().min(0),
  reason: z.enum(LEDGER_REASON_NAMES),
  ref_type: z.string().nullable().describe('post, prop, task, level, achievement, bet …'),
  ref_id: z.number().int().nullable(),
  reverses_id: z.number().int().nullable().describe('Set on a reversal: the entry it undoes'),
  created_at: z.number().int(),
});
export type LedgerEntry = z.output<typeof ledgerEntrySchema>;

export const walletHistory = endpoint({
  base: 'api',
  path: 'wallet/history',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: "The caller's balance history, newest first",
  payload: pageQuery.extend({ currency: currencySchema.optional().describe('Only this currency') }),
  data: listOf(ledgerEntrySchema),
});

export const walletEndpoints = { userWallet, exchangeDiamonds, walletHistory } as const;
