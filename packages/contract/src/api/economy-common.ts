import { z } from 'zod';

export const CURRENCIES = ['gold', 'diamonds'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type CurrencyName = z.output<typeof currencySchema>;

/**
 * The client's key for one intended action (one tap on "Buy", "Exchange", "Place bet"): the
 * same key sent again, or many times at once, charges once and answers the first result.
 */
export const requestIdField = z
  .string({ error: 'errors.invalid_payload' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'errors.invalid_payload' })
  .describe('Idempotency key: a random id the app makes per intended action');

/** What a claim or reward added; the app celebrates it (docs/product/economy.md#rewards-on-screen). */
export const addedSchema = z.object({
  gold: z.number().int().min(0),
  diamonds: z.number().int().min(0),
  experience: z.number().int().min(0),
});
export type Added = z.output<typeof addedSchema>;

/** The caller's balances after an operation. */
export const balancesSchema = z.object({
  gold: z.number().int().min(0),
  diamonds: z.number().int().min(0),
});
export type Balances = z.output<typeof balancesSchema>;
